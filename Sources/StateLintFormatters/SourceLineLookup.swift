import StateLintSyntax
import StateLintRules
import StateLintEngine

/// Gives formatters the raw bytes of a source line, keyed by the path as it appears in findings.
///
/// A closure rather than a dictionary of files so the CLI decides whether to keep files in
/// memory or re-read them; `init(files:)` covers the common in-memory case.
public struct SourceLineLookup: Sendable {
    private let lookup: @Sendable (_ path: String, _ line: Int) -> [UInt8]?

    public init(_ lookup: @escaping @Sendable (_ path: String, _ line: Int) -> [UInt8]?) {
        self.lookup = lookup
    }

    /// Serves lines from already-loaded files; a path given twice keeps the first file.
    public init(files: [SourceFile]) {
        let byPath = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.init { path, line in
            guard let file = byPath[path], line >= 1, line <= file.lineCount else { return nil }
            return Array(file.bytes[file.lineRange(line)])
        }
    }

    /// For callers without source text: SARIF then reports whole lines only.
    public static let unavailable = SourceLineLookup { _, _ in nil }

    /// The bytes of line `line` (1-based) of `path`, without its terminator.
    public func bytes(path: String, line: Int) -> [UInt8]? {
        lookup(path, line)
    }

    /// The line decoded leniently (invalid UTF-8 becomes U+FFFD).
    public func text(path: String, line: Int) -> String? {
        bytes(path: path, line: line).map { String(decoding: $0, as: UTF8.self) }
    }
}
