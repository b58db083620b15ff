import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// One project file as `statelint migrate` reads it: its bytes and structure, and the small
/// token questions the migration asks of it.
package struct MigrationSource {
    package let path: String
    package let bytes: [UInt8]
    package let structure: FileStructure
    /// Its comments, which the lint of the migrated project reads for directives.
    package let comments: [Token]
    /// Where the file is shown in reasons (`Sources/App/Model.swift`).
    package let displayPath: String
    /// The `Wrapper` tokens of `_name = Wrapper(wrappedValue: …)`, by `Wrapper` and `name` (read
    /// once: a file of thousands of views asked once per property read the file each time).
    let wrapperAssignments: [WrapperAssignment: [Int]]
    /// `import Observation` where the file needs it for `@Observable`, made once per file.
    package private(set) var observationImport: TextEdit?

    struct WrapperAssignment: Hashable {
        let wrapper: String
        let name: String
    }

    package init(path: String, bytes: [UInt8], displayPath: String) {
        self.path = path
        self.bytes = bytes
        self.displayPath = displayPath
        let file = SourceFile(path: path, bytes: bytes)
        let scan = Tokenizer.scanCode(bytes)
        comments = scan.comments
        structure = FileStructure(code: CodeTokens(file: file, scan: consume scan))
        wrapperAssignments = Self.wrapperAssignments(in: structure.code)
        observationImport = MigrationRewrites.importObservation(self)
    }

    package var code: CodeTokens { structure.code }

    private static func wrapperAssignments(in code: CodeTokens) -> [WrapperAssignment: [Int]] {
        var found: [WrapperAssignment: [Int]] = [:]
        guard code.count > 4 else { return found }
        for k in 2..<(code.count - 3) where code.kind(k) == .identifier && code.kind(k + 1) == .leftParen {
            guard code.text(k + 2, is: "wrappedValue"), code.kind(k + 3) == .colon, code.text(k - 1, is: "="),
                  code.kind(k - 2) == .identifier else { continue }
            let storage = code.string(k - 2)
            guard storage.hasPrefix("_"), storage.count > 1 else { continue }
            found[WrapperAssignment(wrapper: code.string(k), name: String(storage.dropFirst())), default: []].append(k)
        }
        return found
    }
    package var declarations: [Declaration] { structure.declarations }

    /// `File.swift:12`, for a reason.
    package func place(_ k: Int) -> String {
        "\(displayPath):\(code.location(k).line)"
    }

    /// Whether token `k` is spelled `text` (any length).
    package func text(_ k: Int, _ text: String) -> Bool {
        k >= 0 && k < code.count && code.string(k) == text
    }

    /// Whether token `k` is outside every type's and extension's body.
    package func isTopLevel(_ k: Int) -> Bool {
        !declarations.contains { $0.kind.isTypeLike && $0.body?.contains(k) == true }
    }

    // MARK: Edits

    /// The offset just past the spaces and tabs after `offset`, and past one line break and the
    /// next line's indentation if the line ends there.
    package func afterBlank(_ offset: Int, throughLineBreak: Bool) -> Int {
        var end = offset
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        guard throughLineBreak, end < bytes.count, bytes[end] == 0x0A || bytes[end] == 0x0D else { return end }
        if bytes[end] == 0x0D, end + 1 < bytes.count, bytes[end + 1] == 0x0A { end += 2 } else { end += 1 }
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return end
    }

    /// The indentation of the line holding `offset` when only blanks precede `offset` on it.
    package func indentationBefore(_ offset: Int) -> String? {
        var start = offset
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        guard start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D || (start == 3 && SourceStyle.hasByteOrderMark(bytes)) else { return nil }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    package func edit(_ range: Range<Int>, _ replacement: String) -> TextEdit {
        TextEdit(path: path, range: range, replacement: replacement)
    }

    /// Removes attribute `attribute` and the blanks after it (its line too when it stands alone).
    package func deletion(of attribute: Declaration.Attribute) -> TextEdit {
        let end = attribute.arguments.map { code[$0.upperBound].end } ?? code[attribute.token].end
        let start = code[attribute.token].start
        let alone = indentationBefore(start) != nil
        return edit(start..<afterBlank(end, throughLineBreak: alone), "")
    }

    /// The attribute's whole text range (name and arguments).
    package func range(of attribute: Declaration.Attribute) -> Range<Int> {
        code[attribute.token].start..<(attribute.arguments.map { code[$0.upperBound].end } ?? code[attribute.token].end)
    }
}
