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
    /// creates (`Model()`, `Model.init()`) or reads (`Model.shared`, see `createdType`).
    package func declaredType(ofVariable index: Int, knownTypes: MigrationTypeNames) -> String? {
        let declaration = declarations[index]
        if let annotation = declaration.typeAnnotation, let (name, _) = TypeNames.annotatedType(annotation, in: code) {
            return name
        }
        guard let initializer = declaration.initializer, !initializer.isEmpty else { return nil }
        return createdType(at: initializer.lowerBound, knownTypes: knownTypes)
    }

    /// `Model(…)`, `Model.init(…)` at `k`: the type's name. `Owner.member` (not called): the type
    /// the project declares for that static property (`SharedStore.ui` → `UIStore`), if it says.
    package func createdType(at k: Int, knownTypes: MigrationTypeNames) -> String? {
        guard let (name, end) = TypeNames.qualifiedName(at: k, in: code) else { return nil }
        let components = name.split(separator: ".").map(String.init)
        if components.count >= 2, let member = components.last, !startsUppercase(member) {
            guard code.kind(end) != .leftParen, member != "init" else {
                return member == "init" ? components.dropLast().last : nil
            }
            return knownTypes.staticMember(owner: components[components.count - 2], member)
        }
        let last = components.last ?? name
        guard startsUppercase(last) else { return nil }
        return code.kind(end) == .leftParen ? last : nil
    }

    /// The type of `name` used at token `k`: a property of the enclosing type (or of the file)
    /// with a declared or created type; nil when StateLint cannot tell.
    package func typeOfName(_ name: String, near k: Int, knownTypes: MigrationTypeNames) -> String? {
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
    package func typeOfExpression(_ range: Range<Int>, knownTypes: MigrationTypeNames) -> String? {
        guard !range.isEmpty else { return nil }
        var k = range.lowerBound
        if let created = createdType(at: k, knownTypes: knownTypes), let end = TypeNames.qualifiedNameEnd(at: k, in: code) {
            // `Model(…)` whole, or `Owner.member` whole.
            if end == range.upperBound { return created }
            if let close = code.partner(of: end), close + 1 == range.upperBound { return created }
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

/// What the migration knows of types across the project: the candidate classes, and the type
/// each static property declares or creates (`static let ui = UIStore()` in `SharedStore`), by
/// `Owner.member` with the owner's last name. A name declared with two types is not known.
package struct MigrationTypeNames {
    package let candidates: Set<String>
    private let staticMembers: [String: String?]

    package init(candidates: Set<String>, files: [MigrationSource]) {
        self.candidates = candidates
        var members: [String: String?] = [:]
        let plain = MigrationTypeNames(candidates: candidates, members: [:])
        for file in files {
            let structure = file.structure
            for (index, declaration) in file.declarations.enumerated() where declaration.kind == .variable {
                guard let parent = declaration.parent, file.declarations[parent].kind.isTypeLike else { continue }
                let modifiers = structure.modifiers(of: index)
                guard modifiers.contains(.static) || modifiers.contains(.class) else { continue }
                let owner = structure.name(of: parent).split(separator: ".").last.map(String.init) ?? ""
                let key = owner + "." + file.code.string(declaration.nameToken)
                let type = file.declaredType(ofVariable: index, knownTypes: plain)
                if let existing = members[key], existing != type { members[key] = .some(nil) } else { members[key] = type }
            }
        }
        staticMembers = members
    }

    private init(candidates: Set<String>, members: [String: String?]) {
        self.candidates = candidates
        staticMembers = members
    }

    package func contains(_ name: String) -> Bool { candidates.contains(name) }

    /// The type of `Owner.member`, when the project declares that static property once.
    package func staticMember(owner: String, _ member: String) -> String? {
        staticMembers[owner + "." + member] ?? nil
    }
}
