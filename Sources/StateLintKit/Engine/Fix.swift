/// A replacement of a UTF-8 byte range in one file: what fixes are made of.
///
/// Offsets are into the file's bytes as they were linted. An insertion is an empty range.
/// Edits never split a UTF-8 sequence or a CRLF pair: rules build them on token boundaries.
public struct TextEdit: Sendable, Hashable {
    /// The file the edit applies to, spelled as the finding's `path` (a fix may edit another
    /// file than the one its finding is in: a view split over files).
    public var path: String
    public var range: Range<Int>
    public var replacement: String

    public init(path: String, range: Range<Int>, replacement: String) {
        self.path = path
        self.range = range
        self.replacement = replacement
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
