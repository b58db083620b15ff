/// Finds declarations in one pass over the code tokens, tracking which `{` opens which
/// declaration's body so every declaration knows its parent.
///
/// It records types, extensions, functions, initializers and typealiases everywhere, and
/// variables only where they are type members or top-level (locals are of no use to rules).
struct DeclarationScanner {
    let code: CodeTokens
    var declarations: [Declaration] = []
    var modifierCalls: [ModifierCall] = []

    /// Open braces, innermost last: the `}` that closes each and the declaration it belongs to.
    private var scopes: [(close: Int, declaration: Int?)] = []
    /// `{` code index → the declaration whose body it opens.
    private var pendingBodies: [Int: Int] = [:]

    init(code: CodeTokens) { self.code = code }

    mutating func run() {
        var k = 0
        let count = code.count
        while k < count {
            while let last = scopes.last, last.close < k { scopes.removeLast() }
            let token = code[k]
            switch token.kind {
            case .leftBrace:
                let close = code.partner(of: k) ?? count
                scopes.append((close, pendingBodies.removeValue(forKey: k)))
            case .keyword:
                scanKeyword(at: k)
            case .identifier where token.keyword == .actor:
                if isActorDeclaration(at: k) { addType(.actor, keywordAt: k) }
            case .period:
                if let call = ModifierCall.recognise(at: k, in: code, enclosingType: enclosingType) {
                    modifierCalls.append(call)
                }
            default:
                break
            }
            k += 1
        }
    }

    /// The innermost declaration whose body we are directly or indirectly inside.
    private var enclosingDeclaration: Int? {
        for scope in scopes.reversed() { if let d = scope.declaration { return d } }
        return nil
    }

    /// The innermost enclosing type or extension.
    var enclosingType: Int? {
        for scope in scopes.reversed() {
            if let d = scope.declaration, declarations[d].kind.isTypeLike { return d }
        }
        return nil
    }

    /// Whether a declaration here is a type member (or top-level), not a local.
    private var isMemberPosition: Bool {
        guard let last = scopes.last else { return true }
        guard let d = last.declaration else { return false }
        return declarations[d].kind.isTypeLike
    }

    private mutating func scanKeyword(at k: Int) {
        switch code[k].keyword {
        case .class:
            // `class func`, `class var`: a modifier. `class Name`: a declaration.
            if code.kind(k + 1) == .identifier, !Self.modifierWords.contains(code.keyword(k + 1)),
               code.kind(k - 1) != .period {
                addType(.class, keywordAt: k)
            }
        case .struct: addType(.struct, keywordAt: k)
        case .enum: addType(.enum, keywordAt: k)
        case .protocol: addType(.protocol, keywordAt: k)
        case .extension: addType(.extension, keywordAt: k)
        case .func: addFunction(.function, keywordAt: k)
        case .`init`:
            // `init` as a declaration, not `.init(` or `Model.init` or `super.init(`.
            if code.kind(k - 1) != .period { addFunction(.initializer, keywordAt: k) }
        case .var, .let:
            if isMemberPosition && isDeclarationStart(k) { addVariables(keywordAt: k) }
        case .typealias: addTypealias(keywordAt: k)
        default: break
        }
    }

    /// `var`/`let` starting a declaration, not `if let`, `case let`, `for var` etc.
    private func isDeclarationStart(_ k: Int) -> Bool {
        let previous = code[k - 1 >= 0 ? k - 1 : k]
        if k == 0 || code.lineBreakBefore[k] { return true }
        switch previous.kind {
        case .leftBrace, .rightBrace, .semicolon, .attribute, .rightParen: return true
        case .keyword, .identifier:
            return Self.modifierWords.contains(previous.keyword)
        default:
            return false
        }
    }

    static let modifierWords = KeywordSet([
        .private, .fileprivate, .internal, .public, .package, .open, .static, .class, .final, .lazy,
        .weak, .unowned, .override, .mutating, .nonmutating, .convenience, .required, .dynamic,
        .indirect, .nonisolated, .optional, .consuming, .borrowing,
    ])

    private func isActorDeclaration(at k: Int) -> Bool {
        guard code.kind(k + 1) == .identifier, code.kind(k - 1) != .period else { return false }
        switch code.kind(k + 2) {
        case .leftBrace?, .colon?: return true
        case .operator?: return code.text(k + 2, is: "<")
        case .keyword?: return code.keyword(k + 2) == .where
        default: return false
        }
    }

    // MARK: Attributes and modifiers

    /// Walks back from a declaration keyword over modifiers and attributes.
    private func prefix(before keyword: Int) -> (start: Int, attributes: [Declaration.Attribute], modifiers: [Keyword]) {
        var attributes: [Declaration.Attribute] = []
        var modifiers: [Keyword] = []
        var start = keyword
        var k = keyword - 1
        while k >= 0 {
            let token = code[k]
            if token.kind == .rightParen, let open = code.partner(of: k), open > 0 {
                // `@available(…)`, `private(set)`, `nonisolated(unsafe)`.
                let owner = open - 1
                if code[owner].kind == .attribute || (code[owner].kind == .identifier && code.kind(owner - 1) == .period && code.kind(owner - 2) == .attribute) {
                    let at = code[owner].kind == .attribute ? owner : owner - 2
                    attributes.append(attribute(at: at, nameToken: owner, arguments: open...k))
                    start = at
                    k = at - 1
                    continue
                }
                if Self.modifierWords.contains(code[owner].keyword) {
                    modifiers.append(code[owner].keyword)
                    start = owner
                    k = owner - 1
                    continue
                }
                break
            }
            if token.kind == .attribute {
                attributes.append(attribute(at: k, nameToken: k, arguments: nil))
                start = k
                k -= 1
                continue
            }
            if token.kind == .identifier, code.kind(k - 1) == .period, code.kind(k - 2) == .attribute {
                // `@SwiftUI.State`
                attributes.append(attribute(at: k - 2, nameToken: k, arguments: nil))
                start = k - 2
                k -= 3
                continue
            }
            if Self.modifierWords.contains(token.keyword) && (token.kind == .keyword || token.kind == .identifier) {
                modifiers.append(token.keyword)
                start = k
                k -= 1
                continue
            }
            break
        }
        return (start, attributes.reversed(), modifiers.reversed())
    }

    private func attribute(at k: Int, nameToken: Int, arguments: ClosedRange<Int>?) -> Declaration.Attribute {
        var name = code.string(nameToken)
        if name.hasPrefix("@") { name.removeFirst() }
        return Declaration.Attribute(name: name, token: k, arguments: arguments)
    }

    // MARK: Types

    private mutating func addType(_ kind: Declaration.Kind, keywordAt k: Int) {
        guard code.kind(k + 1) == .identifier || code.kind(k + 1) == .keyword else { return }
        // The name: `Name`, or for extensions a qualified `Outer.Inner`.
        var nameEnd = k + 1
        var name = code.string(k + 1)
        if kind == .extension {
            while code.kind(nameEnd + 1) == .period, code.kind(nameEnd + 2) == .identifier {
                name += "." + code.string(nameEnd + 2)
                nameEnd += 2
            }
        }
        var j = TypeNames.skipGenericArguments(from: nameEnd + 1, in: code)
        var inheritance: [String] = []
        if code.kind(j) == .colon {
            j += 1
            while j < code.count {
                guard let (typeName, next) = TypeNames.qualifiedName(at: j, in: code) else { break }
                inheritance.append(typeName)
                j = next
                if code.kind(j) == .comma || (code.kind(j) == .operator && code.text(j, is: "&")) { j += 1 } else { break }
            }
        }
        let body = findBody(from: j, stopAtDeclarationKeywords: true)
        let (start, attributes, modifiers) = prefix(before: k)
        append(Declaration(kind: kind, name: name, keywordToken: k, nameToken: k + 1, startToken: start,
                           attributes: attributes, modifiers: modifiers, parent: enclosingDeclaration,
                           body: body, inheritance: inheritance, typeAnnotation: nil, initializer: nil))
    }

    /// The body `{ … }` of a declaration whose header continues at `k`: the first `{` at this
    /// nesting level before anything that ends the header.
    private mutating func findBody(from k: Int, stopAtDeclarationKeywords: Bool) -> ClosedRange<Int>? {
        var j = k
        while j < code.count && j < k + 4096 {
            let token = code[j]
            switch token.kind {
            case .leftBrace:
                guard let close = code.partner(of: j) else { return nil }
                return j...close
            case .leftParen, .leftBracket:
                guard let close = code.partner(of: j) else { return nil }
                j = close
            case .rightBrace, .semicolon, .rightParen, .rightBracket, .attribute, .pound:
                return nil
            case .keyword:
                if stopAtDeclarationKeywords && Self.headerEnders.contains(token.keyword) { return nil }
            default:
                break
            }
            j += 1
        }
        return nil
    }

    static let headerEnders = KeywordSet([
        .var, .let, .func, .`init`, .class, .struct, .enum, .protocol, .extension, .typealias,
        .subscript, .deinit, .import, .case, .return, .if, .guard, .for, .while, .switch,
    ])

    private mutating func append(_ declaration: Declaration) {
        if let body = declaration.body { pendingBodies[body.lowerBound] = declarations.count }
        declarations.append(declaration)
    }

    // MARK: Functions

    private mutating func addFunction(_ kind: Declaration.Kind, keywordAt k: Int) {
        let nameToken = kind == .initializer ? k : k + 1
        guard nameToken < code.count else { return }
        let name = kind == .initializer ? "init" : code.string(nameToken)
        let body = findBody(from: nameToken + 1, stopAtDeclarationKeywords: true)
        let (start, attributes, modifiers) = prefix(before: k)
        append(Declaration(kind: kind, name: name, keywordToken: k, nameToken: nameToken, startToken: start,
                           attributes: attributes, modifiers: modifiers, parent: enclosingDeclaration,
                           body: body, inheritance: [], typeAnnotation: nil, initializer: nil))
    }

    private mutating func addTypealias(keywordAt k: Int) {
        guard code.kind(k + 1) == .identifier else { return }
        var j = TypeNames.skipGenericArguments(from: k + 2, in: code)
        var target: Range<Int>?
        if code.kind(j) == .operator, code.text(j, is: "=") {
            j += 1
            let end = ExpressionBounds.end(of: j, in: code)
            if end > j { target = j..<end }
        }
        let (start, attributes, modifiers) = prefix(before: k)
        append(Declaration(kind: .typealias, name: code.string(k + 1), keywordToken: k, nameToken: k + 1,
                           startToken: start, attributes: attributes, modifiers: modifiers,
                           parent: enclosingDeclaration, body: nil, inheritance: [],
                           typeAnnotation: target, initializer: nil))
    }

    // MARK: Variables

    /// `var a: T = x, b = y { … }`: one declaration per binding, sharing attributes.
    private mutating func addVariables(keywordAt k: Int) {
        let (start, attributes, modifiers) = prefix(before: k)
        var j = k + 1
        while j < code.count {
            guard code.kind(j) == .identifier || code.kind(j) == .keyword && code.keyword(j) == .wildcard else { return }
            let nameToken = j
            j += 1
            var annotation: Range<Int>?
            var initializer: Range<Int>?
            var body: ClosedRange<Int>?
            if code.kind(j) == .colon {
                let typeStart = j + 1
                j = ExpressionBounds.typeEnd(of: typeStart, in: code)
                if j > typeStart { annotation = typeStart..<j }
            }
            if code.kind(j) == .operator, code.text(j, is: "=") {
                let valueStart = j + 1
                j = ExpressionBounds.end(of: valueStart, in: code, stopAtComma: true)
                if j > valueStart { initializer = valueStart..<j }
            }
            if code.kind(j) == .leftBrace, !code.lineBreakBefore[j] || initializer == nil, let close = code.partner(of: j) {
                body = j...close  // accessors or observers
                j = close + 1
            }
            append(Declaration(kind: .variable, name: code.string(nameToken), keywordToken: k,
                               nameToken: nameToken, startToken: start, attributes: attributes,
                               modifiers: modifiers, parent: enclosingDeclaration, body: body,
                               inheritance: [], typeAnnotation: annotation, initializer: initializer))
            guard code.kind(j) == .comma else { return }
            j += 1
        }
    }
}
