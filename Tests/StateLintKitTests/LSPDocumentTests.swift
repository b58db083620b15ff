import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// Positions and incremental edits, checked against Swift's own UTF-16 and UTF-8 views of
/// the same text (`utf8Offset`/`lspPosition` in LSPTestSupport).
@Suite("LSP documents and positions")
struct LSPDocumentTests {
    static let mixed = "let a = \"é\"\r\n// 😀 日本\rvar b = 1\n\tx😀y\n"

    func document(_ text: String) -> TextDocument {
        TextDocument(uri: "file:///t.swift", path: "/t.swift", version: 1, text: text)
    }

    @Test("offsets and positions agree with Swift's string views", arguments: [PositionEncoding.utf16, .utf8])
    func positionsMatchSwift(encoding: PositionEncoding) {
        let text = Self.mixed
        let doc = document(text)
        let bytes = Array(text.utf8)
        for offset in 0...bytes.count where offset == bytes.count || bytes[offset] & 0xC0 != 0x80 {
            let expected = lspPosition(ofUTF8Offset: offset, in: text, encoding: encoding)
            let position = doc.position(ofOffset: offset, encoding: encoding)
            // Offsets inside a CRLF have no position of their own: they stay at the end of the line.
            if offset > 0, bytes[offset - 1] == 0x0D, offset < bytes.count, bytes[offset] == 0x0A { continue }
            #expect(position.json == expected, "offset \(offset)")
            #expect(doc.offset(of: position, encoding: encoding) == offset, "offset \(offset)")
            #expect(utf8Offset(position.json, in: text, encoding: encoding) == offset)
        }
    }

    @Test("UTF-16 counts an astral character as two units, UTF-8 as four")
    func astral() {
        let doc = document("x😀y")
        #expect(doc.position(ofOffset: 5, encoding: .utf16) == LSPPosition(line: 0, character: 3))
        #expect(doc.position(ofOffset: 5, encoding: .utf8) == LSPPosition(line: 0, character: 5))
        // A character inside the surrogate pair (or the UTF-8 sequence) goes back to its start.
        #expect(doc.offset(of: LSPPosition(line: 0, character: 2), encoding: .utf16) == 1)
        #expect(doc.offset(of: LSPPosition(line: 0, character: 3), encoding: .utf8) == 1)
    }

    @Test("positions past the end of a line or the document are clamped")
    func clamping() {
        let doc = document("ab\r\ncd")
        #expect(doc.offset(of: LSPPosition(line: 0, character: 99), encoding: .utf16) == 2)  // before the CRLF
        #expect(doc.offset(of: LSPPosition(line: 7, character: 0), encoding: .utf16) == 6)
        #expect(doc.offset(of: LSPPosition(line: 1, character: 99), encoding: .utf8) == 6)
        // An offset between CR and LF is the end of its line.
        #expect(doc.position(ofOffset: 3, encoding: .utf16) == LSPPosition(line: 0, character: 2))
    }

    @Test("StateLint's byte columns become the client's characters")
    func findingLocations() {
        let doc = document("é = 1\r\n  😀 @State var m = M()\n")
        // Line 2, byte column 8: after two spaces, a 4-byte emoji and a space.
        #expect(doc.position(of: SourceLocation(line: 2, column: 8), encoding: .utf16) == LSPPosition(line: 1, character: 5))
        #expect(doc.position(of: SourceLocation(line: 2, column: 8), encoding: .utf8) == LSPPosition(line: 1, character: 7))
        #expect(doc.position(of: SourceLocation(line: 1, column: 3), encoding: .utf16) == LSPPosition(line: 0, character: 1))
    }

    /// An editor's view of the same edits, applied with Swift strings: the reference.
    func applyLikeAnEditor(_ text: String, _ range: LSPRange, _ replacement: String, _ encoding: PositionEncoding) -> String {
        let start = utf8Offset(range.start.json, in: text, encoding: encoding)!
        let end = utf8Offset(range.end.json, in: text, encoding: encoding)!
        var bytes = Array(text.utf8)
        bytes.replaceSubrange(start..<end, with: replacement.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("incremental edits with multi-byte characters and CRLF give the editor's text", arguments: [PositionEncoding.utf16, .utf8])
    func incrementalEdits(encoding: PositionEncoding) {
        var expected = Self.mixed
        var doc = document(expected)
        func units(_ text: String) -> Int { encoding == .utf16 ? text.utf16.count : text.utf8.count }
        let edits: [(LSPRange, String)] = [
            (range(0, units("let a = \""), 0, units("let a = \"é")), "ü😀"),    // replace a 2-byte character by 2 + 4 bytes
            (range(1, units("// "), 1, units("// 😀")), ""),                   // delete an emoji
            (range(0, units("let a = \"ü😀\""), 1, 0), "\r\n\r\n"),            // across a CRLF
            (range(3, 0, 3, 0), "日本"),                                        // insert at a line start after a lone CR
            (range(4, 0, 5, 0), "var b = 2\r\n"),                              // replace a whole LF line by a CRLF one
            (range(5, units("\tx"), 5, units("\tx😀")), "\n"),                 // split a line inside
            (range(99, 0, 99, 0), "// end"),                                   // past the end: appended
        ]
        for (index, (editRange, text)) in edits.enumerated() {
            expected = applyLikeAnEditor(expected, editRange, text, encoding)
            doc.apply([TextDocument.Change(range: editRange, text: text)], version: index + 2, encoding: encoding)
            #expect(String(decoding: doc.bytes, as: UTF8.self) == expected, "after edit \(index)")
            #expect(doc.lineStarts == SourceFile(path: "t", text: expected).lineStarts)
        }
        #expect(doc.version == edits.count + 1)
        doc.apply([TextDocument.Change(range: nil, text: "whole")], version: 99, encoding: encoding)
        #expect(doc.bytes == Array("whole".utf8))
    }

    @Test("several changes in one notification apply in order")
    func changesInOrder() {
        var doc = document("abc")
        doc.apply([TextDocument.Change(range: range(0, 3, 0, 3), text: "d"),
                   TextDocument.Change(range: range(0, 0, 0, 1), text: "")], version: 2, encoding: .utf16)
        #expect(doc.bytes == Array("bcd".utf8))
    }

    @Test("file URIs and paths", arguments: [
        ("file:///Users/me/My%20App/View.swift", "/Users/me/My App/View.swift"),
        ("file://localhost/a/b.swift", "/a/b.swift"),
        ("FILE:///a/%C3%A9.swift", "/a/é.swift"),
        ("file:///a/./b/../c.swift", "/a/c.swift"),
    ])
    func uris(uri: String, path: String) {
        #expect(FileURI.path(of: uri) == path)
        #expect(FileURI.path(of: FileURI.uri(ofPath: path)) == path)
    }

    @Test("URIs that name no local file", arguments: ["untitled:Untitled-1", "file://server/share/a.swift", "file:///a/%ZZ", "file:///a/%FF.swift", "https://x/a.swift"])
    func notFiles(uri: String) {
        #expect(FileURI.path(of: uri) == nil)
    }

    @Test("a path's URI escapes everything but unreserved characters and slashes")
    func uriEscaping() {
        #expect(FileURI.uri(ofPath: "/a b/c#d%e/é.swift") == "file:///a%20b/c%23d%25e/%C3%A9.swift")
    }
}
