import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// An open document: the editor's buffer as UTF-8 bytes, the version the editor gave it, and
/// the conversions between LSP positions and byte offsets.
///
/// Lines end at LF, CRLF or a lone CR, as in `SourceFile` and the protocol; a position's
/// `character` never counts the line's terminator.
struct TextDocument: Sendable {
    let uri: String
    let path: String
    private(set) var version: Int
    private(set) var bytes: [UInt8]
    private(set) var lineStarts: [Int]

    init(uri: String, path: String, version: Int, text: String) {
        self.uri = uri
        self.path = path
        self.version = version
        bytes = Array(text.utf8)
        lineStarts = SourceFile.computeLineStarts(bytes)
    }

    /// One `contentChanges` entry: replace `range` (nil: the whole document) by `text`.
    struct Change: Sendable {
        var range: LSPRange?
        var text: String

        init(range: LSPRange?, text: String) {
            self.range = range
            self.text = text
        }

        init(_ json: LSPJSON) throws(InvalidParams) {
            text = try json.requiredString("text")
            range = try json["range"].map { value throws(InvalidParams) in try LSPRange(value) }
        }
    }

    /// Applies the changes in order (each range refers to the text left by the previous one).
    mutating func apply(_ changes: [Change], version newVersion: Int, encoding: PositionEncoding) {
        for change in changes {
            guard let range = change.range else {
                bytes = Array(change.text.utf8)
                lineStarts = SourceFile.computeLineStarts(bytes)
                continue
            }
            var start = offset(of: range.start, encoding: encoding)
            var end = offset(of: range.end, encoding: encoding)
            if end < start { swap(&start, &end) }
            bytes.replaceSubrange(start..<end, with: change.text.utf8)
            lineStarts = SourceFile.computeLineStarts(bytes)
        }
        version = newVersion
    }

    /// The byte range of a 0-based line without its terminator.
    func contentRange(ofLine line: Int) -> Range<Int> {
        Self.contentRange(ofLine: line, in: bytes, lineStarts: lineStarts)
    }

    static func contentRange(ofLine line: Int, in bytes: [UInt8], lineStarts: [Int]) -> Range<Int> {
        guard line < lineStarts.count else { return bytes.count..<bytes.count }
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The byte offset of a position; a line past the end is the end of the document, a
    /// character past the end of its line is the end of the line.
    func offset(of position: LSPPosition, encoding: PositionEncoding) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        return encoding.offset(afterUnits: position.character, in: bytes, contentRange(ofLine: position.line))
    }

    func position(ofOffset offset: Int, encoding: PositionEncoding) -> LSPPosition {
        Self.position(ofOffset: offset, in: bytes, lineStarts: lineStarts, encoding: encoding)
    }

    /// A position in any text with its line table (a fix may edit a file that is not open).
    static func position(ofOffset offset: Int, in bytes: [UInt8], lineStarts: [Int], encoding: PositionEncoding) -> LSPPosition {
        let offset = max(0, min(offset, bytes.count))
        let low = SourceFile.line(containing: offset, lineStarts: lineStarts)
        // An offset in a line's terminator (between CR and LF) is the end of the line.
        let content = contentRange(ofLine: low, in: bytes, lineStarts: lineStarts)
        return LSPPosition(line: low, character: encoding.units(in: bytes, content.lowerBound..<min(offset, content.upperBound)))
    }

    /// The LSP position of a StateLint location (1-based line, 1-based UTF-8 byte column).
    func position(of location: SourceLocation, encoding: PositionEncoding) -> LSPPosition {
        let line = max(0, min(location.line - 1, lineStarts.count - 1))
        let offset = min(lineStarts[line] + max(0, location.column - 1), bytes.count)
        return position(ofOffset: offset, encoding: encoding)
    }
}
