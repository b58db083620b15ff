import StateLintSyntax
import StateLintRules
import StateLintEngine

/// Remembers the last two source lines a formatter looked up, and whether they are ASCII, so
/// the many findings one very long line can carry (minified or generated code) pay for reading
/// that line once instead of once per finding. Findings arrive sorted by path and position, so
/// findings on the same line are adjacent; two slots cover a finding's start and end lines.
package final class SourceLineMemo {
    private struct Entry {
        package let path: String
        package let line: Int
        package let bytes: [UInt8]?
        package let isASCII: Bool
    }

    private let lookup: SourceLineLookup
    private var recent: [Entry] = []

    package init(_ lookup: SourceLineLookup) { self.lookup = lookup }

    private func entry(path: String, line: Int) -> Entry {
        if let index = recent.firstIndex(where: { $0.line == line && $0.path == path }) {
            let found = recent.remove(at: index)
            recent.append(found)
            return found
        }
        let bytes = lookup.bytes(path: path, line: line)
        let entry = Entry(path: path, line: line, bytes: bytes, isASCII: bytes?.allSatisfy { $0 < 0x80 } ?? false)
        if recent.count == 2 { recent.removeFirst() }
        recent.append(entry)
        return entry
    }

    package func bytes(path: String, line: Int) -> [UInt8]? { entry(path: path, line: line).bytes }

    /// `ColumnConversion.utf16Column` on the line; on an ASCII line (checked once per line) a
    /// UTF-8 byte column already is the UTF-16 column, so nothing is decoded per finding.
    package func utf16Column(byteColumn: Int, path: String, line: Int) -> Int? {
        let entry = entry(path: path, line: line)
        guard let lineBytes = entry.bytes else { return nil }
        if entry.isASCII { return max(1, byteColumn) }
        return ColumnConversion.utf16Column(byteColumn: byteColumn, lineBytes: lineBytes)
    }
}
