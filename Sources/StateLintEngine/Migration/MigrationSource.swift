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
    /// Where the file is shown in reasons (`Sources/App/Model.swift`).
    package let displayPath: String

    package init(path: String, bytes: [UInt8], displayPath: String) {
        self.path = path
        self.bytes = bytes
        self.displayPath = displayPath
        let file = SourceFile(path: path, bytes: bytes)
        structure = FileStructure(code: CodeTokens(file: file, scan: Tokenizer.scanCode(bytes)))
    }

    package var code: CodeTokens { structure.code }
    package var declarations: [Declaration] { structure.declarations }

    /// `File.swift:12`, for a reason.
    package func place(_ k: Int) -> String {
        "\(displayPath):\(code.location(k).line)"
    }

    /// Whether token `k` is spelled `text` (any length).
    package func text(_ k: Int, _ text: String) -> Bool {
        k >= 0 && k < code.count && code.string(k) == text
    }

    /// The innermost type or extension whose body holds token `k`.
    package func enclosingType(of k: Int) -> Int? {
        var best: Int?
        for (index, declaration) in declarations.enumerated() where declaration.kind.isTypeLike {
            guard let body = declaration.body, body.contains(k) else { continue }
            if best == nil || body.lowerBound > declarations[best!].body!.lowerBound { best = index }
        }
        return best
    }

    /// The type a variable's declaration names: its annotation, or the type its initial value
    /// creates (`Model()`, `Model.init()`, `Model.shared` for a name in `knownTypes`).
    package func declaredType(ofVariable index: Int, knownTypes: Set<String>) -> String? {
        let declaration = declarations[index]
        if let annotation = declaration.typeAnnotation, let (name, _) = TypeNames.annotatedType(annotation, in: code) {
            return name
        }
        guard let initializer = declaration.initializer, !initializer.isEmpty else { return nil }
        return createdType(at: initializer.lowerBound, knownTypes: knownTypes)
    }

    /// `Model(…)`, `Model.init(…)` or, for a known type, `Model.anything` at `k`: the type's name.
    package func createdType(at k: Int, knownTypes: Set<String>) -> String? {
        guard let (name, end) = TypeNames.qualifiedName(at: k, in: code) else { return nil }
        let last = name.split(separator: ".").last.map(String.init) ?? name
        guard let first = last.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { return nil }
        if code.kind(end) == .leftParen { return last }
        if knownTypes.contains(last), code.kind(end) == .period { return last }
        if name.hasSuffix(".init"), code.kind(end) == .leftParen { return String(name.dropLast(5)) }
        return nil
    }

    /// The type of `name` used at token `k`: a property of the enclosing type (or of the file)
    /// with a declared or created type; nil when StateLint cannot tell.
    package func typeOfName(_ name: String, near k: Int, knownTypes: Set<String>) -> String? {
        let enclosing = enclosingType(of: k)
        var found: Set<String> = []
        var unknown = false
        for (index, declaration) in declarations.enumerated() where declaration.kind == .variable {
            guard code.string(declaration.nameToken) == name else { continue }
            if let enclosing, declaration.parent != enclosing, declarations[declaration.parent ?? enclosing].kind != .function,
               declarations[declaration.parent ?? enclosing].kind != .initializer {
                continue
            }
            if let type = declaredType(ofVariable: index, knownTypes: knownTypes) { found.insert(type) } else { unknown = true }
        }
        guard !unknown, found.count == 1 else { return nil }
        return found.first
    }

    /// The type of the expression `start..<end` when it is a creation or a (possibly `self.`) name.
    package func typeOfExpression(_ range: Range<Int>, knownTypes: Set<String>) -> String? {
        guard !range.isEmpty else { return nil }
        var k = range.lowerBound
        if let created = createdType(at: k, knownTypes: knownTypes),
           let close = code.partner(of: TypeNames.qualifiedNameEnd(at: k, in: code) ?? k), close + 1 == range.upperBound {
            return created
        }
        if code.keyword(k) == .self, code.kind(k + 1) == .period { k += 2 }
        guard k + 1 == range.upperBound, code.kind(k) == .identifier else { return nil }
        return typeOfName(code.string(k), near: k, knownTypes: knownTypes)
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
