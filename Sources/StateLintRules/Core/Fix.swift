import StateLintSyntax
import StateLintIndex
import StateLintModel

/// A replacement of a UTF-8 byte range in one file: what fixes are made of.
///
/// Offsets are into the file's bytes as they were linted. An insertion is an empty range.
/// Edits never split a UTF-8 sequence or a CRLF pair: rules build them on token boundaries.
/// A `\n` in `replacement` stands for a line break: it is written as the file's own line
/// ending (see `SourceStyle`).
public struct TextEdit: Sendable, Hashable {
    /// The file the edit applies to, spelled as the finding's `path` (a fix may edit another
    /// file than the one its finding is in: a view split over files).
    public var path: String
    public var range: Range<Int>
    public var replacement: String
    /// Where `range` starts and ends (1-based line, UTF-8 byte column), filled in by the engine
    /// while the file is in memory, so formatters need not read it again; nil when not known.
    /// Derived from `range`, so not part of equality.
    public var start: SourceLocation?
    public var end: SourceLocation?

    public init(path: String, range: Range<Int>, replacement: String) {
        self.path = path
        self.range = range
        self.replacement = replacement
    }

    public static func == (a: TextEdit, b: TextEdit) -> Bool {
        a.path == b.path && a.range == b.range && a.replacement == b.replacement
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(range)
        hasher.combine(replacement)
    }
}

/// A mechanical correction of one finding: edits that are applied together or not at all.
public struct Fix: Sendable, Hashable {
    /// What the fix does, in a few words, for people: "Wrap the assignment in `if model == nil`".
    public var summary: String
    public var edits: [TextEdit]

    public init(summary: String, edits: [TextEdit]) {
        self.summary = summary
        self.edits = edits
    }
}

/// Why a rule offers no fix for a finding: a clause its message ends with ("No automatic fix:
/// it is `static`."), so every finding without a fix says why.
package struct FixRefusal: Error, Sendable, Hashable {
    package let reason: String
    package init(_ reason: String) { self.reason = reason }
}
