/// Finds declarations in one pass over the code tokens, tracking which `{` opens which
/// declaration's body so every declaration knows its parent.
///
/// It records types, extensions, functions, initializers and typealiases everywhere, and
/// variables only where they are type members or top-level (locals are of no use to rules).
package struct DeclarationScanner {
    package let code: CodeTokens
    package var declarations: [Declaration] = []
    package var modifierCalls: [ModifierCall] = []
    package var environmentCalls: [EnvironmentCall] = []
    /// The `{ … }` of every `#Preview` macro.
    package var previewBodies: [ClosedRange<Int>] = []
    /// Shared storage the declarations point into (see `Declaration.attributeRange` etc.).
    package var attributes: [Declaration.Attribute] = []
    package var modifiers: [Keyword] = []
    /// Code index of the first token of each inherited name (read on demand: the index
    /// needs only extensions' conformances, and only some rules look at the rest).
    package var inheritance: [Int32] = []
    /// Variables with a `@State` attribute so far: `FileStructure.stateVariables` is
    /// allocated once at this size instead of growing (three times per file on average).
    package var stateVariableCount = 0
    /// Types and extensions so far: what `TypeDeclarationSummary` reserves room for, counted
    /// here instead of in a second pass over the declarations.
    package var typeLikeCount = 0
    /// `value.member` references (see `MemberReference`).
    package var memberReferences: [MemberReference] = []
    /// The last (name hash, enclosing type) recorded in each of 64 slots: a repeat is dropped
    /// (`model.title` ten times in one view keeps one), so few reach the model layer's sort.
    private var recentReferences = ScanBuffer<UInt64>(capacity: 64)

    /// An open brace: the `}` that closes it, the declaration it belongs to, and (so lookups
    /// need not walk the stack) the innermost declaration and type it is inside; -1 for none.
    private struct Scope {
        package let close: Int
        package let declaration: Int32
        package let enclosingDeclaration: Int32
        package let enclosingType: Int32
    }

    /// A declaration whose body's `{` the scan has not reached.
    struct PendingBody: Equatable {
        let open: Int
        let declaration: Int32
    }

    /// Open braces, innermost last. Raw storage (freed by `release()`): a push or pop per
    /// brace through `Array` checked uniqueness in an out-of-line call each time.
    private var scopes = ScanBuffer<Scope>(capacity: 32)
    /// `scopes.last?.close`, or `Int.max`: the one test per token that decides whether to pop.
    private var innermostClose = Int.max
    /// Bodies whose `{` the scan has not reached: (`{` code index, declaration), sorted so the
    /// nearest `{` is last. Registered bodies come in nesting order, so this stays tiny and
    /// inserting is almost always an append.
    private var pendingBodies = ScanBuffer<PendingBody>(capacity: 16)

    /// The keyword sets, copied once per file: reading a `static let` costs a `swift_once`
    /// check per access, on every declaration.
    private let modifierWords = DeclarationScanner.modifierWords
    private let headerEnders = DeclarationScanner.headerEnders

    package init(code: CodeTokens) {
        self.code = code
        // About one declaration per 24 code tokens in SwiftUI code: room for most files
        // without growing the arrays several times.
        declarations.reserveCapacity(code.count / 16 + 4)
        attributes.reserveCapacity(code.count / 32 + 4)
        modifiers.reserveCapacity(code.count / 32 + 4)
        for slot in 0..<64 { recentReferences[slot] = .max }
    }

    /// Frees the scope stacks; call once, after `run()`.
    package func release() {
        scopes.release()
        pendingBodies.release()
        recentReferences.release()
    }

    /// Runs the scan. `readingKeysByField` forces the table key to be read from `kind` and
    /// `keyword` separately (the fallback if `Token`'s layout changes; tests use it).
    package mutating func run(readingKeysByField: Bool = !DecisionTable.keyIsOneLoad) {
        // Local copies: the closures below mutate `self`, so they cannot also borrow its arrays.
        let tokens = code.tokens
        let bytes = code.file.bytes
        let table = DecisionTable.shared
        tokens.withUnsafeBufferPointer { tokens in
            bytes.withUnsafeBufferPointer { bytes in
                table.actions.withUnsafeBufferPointer { actions in
                    // Two copies of the loop, so the per-token key read has no branch.
                    if readingKeysByField {
                        scan(tokens, bytes, actions) { k in DecisionTable.key(tokens[k].kind.rawValue, tokens[k].keyword.rawValue) }
                    } else {
                        let raw = UnsafeRawPointer(tokens.baseAddress)
                        scan(tokens, bytes, actions) { k in
                            Int(raw.unsafelyUnwrapped.load(fromByteOffset: k &* MemoryLayout<Token>.stride, as: UInt16.self))
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    private mutating func scan(_ tokens: UnsafeBufferPointer<Token>, _ bytes: UnsafeBufferPointer<UInt8>,
                               _ actions: UnsafeBufferPointer<UInt8>, key: (Int) -> Int) {
        let count = tokens.count
        var k = 0
        while true {
            k = Self.nextSelected(from: k, count, actions, key: key)
            guard k < count else { return }
            let action = actions[key(k)]
            // Most `.` are member accesses no action modifier starts with: skipped
            // here, without the call (two in five selected tokens are `.`).
            if action == DecisionTable.Action.period {
                recordMemberReference(at: k, tokens, bytes)
                if !Self.mayStartActionModifier(after: k, tokens, bytes) {
                    k &+= 1
                    continue
                }
            }
            // Scopes the scan has left are dropped only here: nothing reads them in between.
            if k > innermostClose { dropScopes(before: k) }
            decide(action, at: k, tokens)
            k &+= 1
        }
    }

    /// The first token at or after `k` whose action is not `skip`, or `count`: about four in
    /// five tokens are skipped here, two per round (a loop of its own, so LLVM does not test
    /// the other actions first for every token).
    @inline(__always)
    package static func nextSelected(from k: Int, _ count: Int, _ actions: UnsafeBufferPointer<UInt8>,
                                     key: (Int) -> Int) -> Int {
        var k = k
        while k &+ 1 < count {
            if actions[key(k)] != DecisionTable.Action.skip { return k }
            if actions[key(k &+ 1)] != DecisionTable.Action.skip { return k &+ 1 }
            k &+= 2
        }
        if k < count && actions[key(k)] == DecisionTable.Action.skip { k &+= 1 }
        return k
    }

    /// Whether the `.` at `k` can start `.task`, `.on…` or `.environment…`: the next token is a
    /// name starting with `o`, `t` or `e` (the rest is `ModifierCall.recognise`'s and
    /// `EnvironmentCall.recognise`'s job).
    @inline(__always)
    private static func mayStartActionModifier(after k: Int, _ tokens: UnsafeBufferPointer<Token>,
                                               _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard k + 1 < tokens.count, tokens[k + 1].kind == .identifier else { return false }
        let first = bytes[tokens[k + 1].start]
        return first == UInt8(ascii: "o") || first == UInt8(ascii: "t") || first == UInt8(ascii: "e")
    }

    /// Records `value.member` at the `.` `k` when `value` is a name in lowercase (not `self`, not
    /// a type) or such a name with `?`/`!`, and `member` starts in lowercase.
    @inline(__always)
    private mutating func recordMemberReference(at k: Int, _ tokens: UnsafeBufferPointer<Token>, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard k >= 1, k + 1 < tokens.count else { return }
        let name = tokens[k + 1]
        guard name.kind == .identifier else { return }
        let first = bytes[name.start]
        guard first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") || first == UInt8(ascii: "_") else { return }
        var receiver = tokens[k - 1]
        if receiver.kind == .operator {
            guard receiver.length == 1, bytes[receiver.start] == UInt8(ascii: "?") || bytes[receiver.start] == UInt8(ascii: "!"), k >= 2 else { return }
            receiver = tokens[k - 2]
        }
        guard receiver.kind == .identifier else { return }
        let initial = bytes[receiver.start]
        guard initial < UInt8(ascii: "A") || initial > UInt8(ascii: "Z") else { return }
        if k > innermostClose { dropScopes(before: k) }
        let hash = MemberNameHash.hash(bytes, name.start, name.end)
        let type = scopes.last?.enclosingType ?? -1
        // `(` with something before its `)`, or a trailing closure (after `()` too).
        var passesArguments = false
        if k + 2 < tokens.count {
            let next = tokens[k + 2].kind
            if next == .leftBrace {
                passesArguments = true
            } else if next == .leftParen, k + 3 < tokens.count {
                passesArguments = tokens[k + 3].kind != .rightParen || k + 4 < tokens.count && tokens[k + 4].kind == .leftBrace
            }
        }
        // Type indices stay below 2^31: bit 31 tells a call with arguments from one without.
        let key = UInt64(hash) << 32 | UInt64(UInt32(bitPattern: type) ^ (passesArguments ? 0x8000_0000 : 0))
        let slot = Int(hash & 63)
        if recentReferences[slot] == key { return }
        recentReferences[slot] = key
        var reference = MemberReference(nameHash: hash, enclosingType: type, offset: UInt32(truncatingIfNeeded: name.start))
        reference.passesArguments = passesArguments
        memberReferences.append(reference)
    }

    /// The work for a token `DecisionTable` selected (`action` is one of `DecisionTable.Action`).
    @inline(__always)
    private mutating func decide(_ action: UInt8, at k: Int, _ tokens: UnsafeBufferPointer<Token>) {
        switch action {
        case DecisionTable.Action.openScope:
            openScope(at: k, close: code.partner(of: k) ?? tokens.count)
        case DecisionTable.Action.keyword:
            scanKeyword(at: k)
        case DecisionTable.Action.actor:
            if isActorDeclaration(at: k) { addType(.actor, keywordAt: k) }
        case DecisionTable.Action.period:
            // `run` has checked `mayStartActionModifier`.
            if code.file.bytes[code[k + 1].start] == UInt8(ascii: "e") {
                if var call = EnvironmentCall.recognise(at: k, in: code, enclosingType: enclosingType,
                                                        enclosingDeclaration: enclosingDeclaration) {
                    call.enclosingBlocks = enclosingBlockOpens()
                    environmentCalls.append(call)
                }
            } else if var call = ModifierCall.recognise(at: k, in: code, enclosingType: enclosingType) {
                call.enclosingBlocks = enclosingBlockOpens()
                modifierCalls.append(call)
            }
        case DecisionTable.Action.pound:
            if let body = previewBody(at: k) { previewBodies.append(body) }
        default:
            break
        }
    }

    private mutating func dropScopes(before k: Int) {
        while let last = scopes.last, last.close < k { scopes.removeLast() }
        innermostClose = scopes.last?.close ?? Int.max
    }

    private mutating func openScope(at k: Int, close: Int) {
        // The declaration registered last for this `{` owns it (a later one replaces an earlier).
        var owner: Int32 = -1
        while let last = pendingBodies.last, last.open <= k {
            pendingBodies.removeLast()
            if last.open == k && owner < 0 { owner = last.declaration }
        }
        let outer = scopes.last
        var enclosingDeclaration = outer?.enclosingDeclaration ?? -1
        var enclosingType = outer?.enclosingType ?? -1
        if owner >= 0 {
            enclosingDeclaration = owner
            if declarations[Int(owner)].kind.isTypeLike { enclosingType = owner }
        }
        scopes.append(Scope(close: close, declaration: owner, enclosingDeclaration: enclosingDeclaration,
                            enclosingType: enclosingType))
        innermostClose = close
    }

    /// The `{` of each open brace that belongs to no declaration (blocks, closures), innermost
    /// first, up to the innermost declaration's body.
    private func enclosingBlockOpens() -> [Int32] {
        var opens: [Int32] = []
        var index = scopes.count - 1
        while index >= 0, scopes[index].declaration < 0, scopes[index].close < code.count,
              let open = code.partner(of: scopes[index].close) {
            opens.append(Int32(truncatingIfNeeded: open))
            index -= 1
        }
        return opens
    }

    /// The innermost declaration whose body encloses the scan.
    package var enclosingDeclaration: Int? {
        guard let d = scopes.last?.enclosingDeclaration, d >= 0 else { return nil }
        return Int(d)
    }

    /// The innermost enclosing type or extension.
    package var enclosingType: Int? {
        guard let d = scopes.last?.enclosingType, d >= 0 else { return nil }
        return Int(d)
    }

    /// Whether a declaration here is a type member (or top-level), not a local.
    private var isMemberPosition: Bool {
        guard let last = scopes.last else { return true }
        guard last.declaration >= 0 else { return false }
        return declarations[Int(last.declaration)].kind.isTypeLike
    }

    private mutating func scanKeyword(at k: Int) {
        switch code[k].keyword {
        case .class:
            // `class func`, `class var`: a modifier. `class Name`: a declaration.
            if code.kind(k + 1) == .identifier, !modifierWords.contains(code.keyword(k + 1)),
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
            if isMemberPosition && Self.isDeclarationStart(k, in: code, modifierWords: modifierWords) { addVariables(keywordAt: k) }
        case .typealias: addTypealias(keywordAt: k)
        default: break
        }
    }

    /// `var`/`let` starting a declaration, not `if let`, `case let`, `for var` etc.
    /// Static: as a method it copied the whole scanner (152 bytes) for every `var` and `let`.
    /// `modifierWords` is the scanner's copy: reading the `static let` here cost a `swift_once`
    /// check per call.
    private static func isDeclarationStart(_ k: Int, in code: CodeTokens, modifierWords: KeywordSet) -> Bool {
        let previous = code[k - 1 >= 0 ? k - 1 : k]
        if k == 0 || code.lineBreakBefore[k] { return true }
        switch previous.kind {
        case .leftBrace, .rightBrace, .semicolon, .attribute, .rightParen: return true
        case .keyword, .identifier:
            return modifierWords.contains(previous.keyword) || endsQualifiedAttribute(at: k - 1, in: code)
        default:
            return false
        }
    }

    /// Whether the name at `j` ends an attribute written with its module: the `State` of
    /// `@SwiftUI.State var model = Model()`.
    private static func endsQualifiedAttribute(at j: Int, in code: CodeTokens) -> Bool {
        var j = j
        while j >= 2, code.kind(j) == .identifier, code.kind(j - 1) == .period {
            if code.kind(j - 2) == .attribute { return true }
            j -= 2
        }
        return false
    }

    package static let modifierWords = KeywordSet([
        .private, .fileprivate, .internal, .public, .package, .open, .static, .class, .final, .lazy,
        .weak, .unowned, .override, .mutating, .nonmutating, .convenience, .required, .dynamic,
        .indirect, .nonisolated, .optional, .consuming, .borrowing,
    ])

    /// The trailing closure of `#Preview { … }` or `#Preview("Name", traits: …) { … }` at `k`.
    private func previewBody(at k: Int) -> ClosedRange<Int>? {
        guard code.text(k, is: "#Preview") else { return nil }
        var j = k + 1
        if code.kind(j) == .leftParen, let close = code.partner(of: j) { j = close + 1 }
        guard code.kind(j) == .leftBrace, let close = code.partner(of: j) else { return nil }
        return j...close
    }

    /// `actor Name {`, `actor Name: P`, `actor Name<T>`, `actor Name where …`, where a declaration
    /// can start and with the name on the same line: not `let actor = actor` followed by a line
    /// `Task { … }`, which once declared an actor `Task` for the whole project.
    private func isActorDeclaration(at k: Int) -> Bool {
        guard code.kind(k + 1) == .identifier, !code.lineBreakBefore[k + 1], code.kind(k - 1) != .period,
              Self.isDeclarationStart(k, in: code, modifierWords: modifierWords) else { return false }
        switch code.kind(k + 2) {
        case .leftBrace?, .colon?: return true
        case .operator?: return code.text(k + 2, is: "<")
        case .keyword?: return code.keyword(k + 2) == .where
        default: return false
        }
    }

    // MARK: Attributes and modifiers

    /// What `prefix(before:)` found: where the declaration starts and its slices of the
    /// shared attribute and modifier arrays.
    private struct Prefix {
        package let start: Int
        package let attributes: Range<Int32>
        package let modifiers: Range<Int32>
        package let hasState: Bool
    }

    /// `scanPrefix(before:)`, without the call when the token before the keyword can start
    /// no attribute or modifier (after `}`, `{`, a literal or a plain name: most declarations).
    @inline(__always)
    private mutating func prefix(before keyword: Int) -> Prefix {
        guard keyword > 0 else { return emptyPrefix(at: keyword) }
        let token = code[keyword - 1]
        switch token.kind {
        case .rightParen, .attribute:
            return scanPrefix(before: keyword)
        case .identifier, .keyword:
            // A modifier word, or the last name of `@Module.Name`.
            if modifierWords.contains(token.keyword) || code.kind(keyword - 2) == .period {
                return scanPrefix(before: keyword)
            }
            return emptyPrefix(at: keyword)
        default:
            return emptyPrefix(at: keyword)
        }
    }

    /// What `scanPrefix(before:)` returns when the first token it looks at ends the walk.
    private func emptyPrefix(at keyword: Int) -> Prefix {
        let attribute = Int32(truncatingIfNeeded: attributes.count)
        let modifier = Int32(truncatingIfNeeded: modifiers.count)
        return Prefix(start: keyword, attributes: attribute..<attribute, modifiers: modifier..<modifier, hasState: false)
    }

    /// Walks back from a declaration keyword over modifiers and attributes, appending them to
    /// the shared arrays (walking backwards, so each new slice is reversed at the end).
    private mutating func scanPrefix(before keyword: Int) -> Prefix {
        let firstAttribute = attributes.count
        let firstModifier = modifiers.count
        var start = keyword
        var hasState = false
        var k = keyword - 1
        while k >= 0 {
            let token = code[k]
            if token.kind == .rightParen, let open = code.partner(of: k), open > 0 {
                // `@available(…)`, `private(set)`, `nonisolated(unsafe)`.
                let owner = open - 1
                if code[owner].kind == .attribute || (code[owner].kind == .identifier && code.kind(owner - 1) == .period && code.kind(owner - 2) == .attribute) {
                    let at = code[owner].kind == .attribute ? owner : owner - 2
                    if addAttribute(at: at, nameToken: owner, arguments: open...k) { hasState = true }
                    start = at
                    k = at - 1
                    continue
                }
                if modifierWords.contains(code[owner].keyword) {
                    modifiers.append(code[owner].keyword)
                    start = owner
                    k = owner - 1
                    continue
                }
                break
            }
            if token.kind == .attribute {
                if addAttribute(at: k, nameToken: k, arguments: nil) { hasState = true }
                start = k
                k -= 1
                continue
            }
            if token.kind == .identifier, code.kind(k - 1) == .period, code.kind(k - 2) == .attribute {
                // `@SwiftUI.State`
                if addAttribute(at: k - 2, nameToken: k, arguments: nil) { hasState = true }
                start = k - 2
                k -= 3
                continue
            }
            if modifierWords.contains(token.keyword) && (token.kind == .keyword || token.kind == .identifier) {
                modifiers.append(token.keyword)
                start = k
                k -= 1
                continue
            }
            break
        }
        if attributes.count - firstAttribute > 1 { attributes[firstAttribute...].reverse() }
        if modifiers.count - firstModifier > 1 { modifiers[firstModifier...].reverse() }
        return Prefix(start: start,
                      attributes: Int32(truncatingIfNeeded: firstAttribute)..<Int32(truncatingIfNeeded: attributes.count),
                      modifiers: Int32(truncatingIfNeeded: firstModifier)..<Int32(truncatingIfNeeded: modifiers.count),
                      hasState: hasState)
    }

    /// Appends an attribute; returns whether it is `@State` (so the walk needs no second pass).
    private mutating func addAttribute(at k: Int, nameToken: Int, arguments: ClosedRange<Int>?) -> Bool {
        // `@State` as one attribute token, or the `State` of `@SwiftUI.State`.
        let isState = code.text(nameToken, is: "@State") || code.text(nameToken, is: "State")
        attributes.append(Declaration.Attribute(token: k, nameToken: nameToken, arguments: arguments, isState: isState))
        return isState
    }

    // MARK: Types

    private mutating func addType(_ kind: Declaration.Kind, keywordAt k: Int) {
        guard code.kind(k + 1) == .identifier || code.kind(k + 1) == .keyword else { return }
        // The name: `Name`, or for extensions a qualified `Outer.Inner`.
        var nameEnd = k + 1
        if kind == .extension {
            while code.kind(nameEnd + 1) == .period, code.kind(nameEnd + 2) == .identifier { nameEnd += 2 }
        }
        var j = TypeNames.skipGenericArguments(from: nameEnd + 1, in: code)
        let firstInheritance = inheritance.count
        if code.kind(j) == .colon {
            j += 1
            while j < code.count {
                // `@preconcurrency View`, `@unchecked Sendable`, `@retroactive Codable`.
                while code.kind(j) == .attribute {
                    j += 1
                    if code.kind(j) == .leftParen, let close = code.partner(of: j) { j = close + 1 }
                }
                guard let next = TypeNames.qualifiedNameEnd(at: j, in: code) else { break }
                inheritance.append(Int32(truncatingIfNeeded: j))
                j = next
                if code.kind(j) == .comma || (code.kind(j) == .operator && code.text(j, is: "&")) { j += 1 } else { break }
            }
        }
        let body = findBody(from: j, stopAtDeclarationKeywords: true)
        append(kind, keyword: k, name: k + 1, nameEnd: nameEnd, prefix: prefix(before: k), body: body,
               inheritance: Int32(firstInheritance)..<Int32(inheritance.count))
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
                if stopAtDeclarationKeywords && headerEnders.contains(token.keyword) { return nil }
            default:
                break
            }
            j += 1
        }
        return nil
    }

    package static let headerEnders = KeywordSet([
        .var, .let, .func, .`init`, .class, .struct, .enum, .protocol, .extension, .typealias,
        .subscript, .deinit, .import, .case, .return, .if, .guard, .for, .while, .switch,
    ])

    private mutating func append(_ kind: Declaration.Kind, keyword: Int, name: Int, nameEnd: Int? = nil,
                                 prefix: Prefix, body: ClosedRange<Int>?, inheritance: Range<Int32> = 0..<0,
                                 typeAnnotation: Range<Int>? = nil, initializer: Range<Int>? = nil) {
        if let body { registerBody(opening: body.lowerBound) }
        if prefix.hasState && kind == .variable { stateVariableCount += 1 }
        if kind.isTypeLike { typeLikeCount += 1 }
        declarations.append(Declaration(
            kind: kind, hasStateAttribute: prefix.hasState,
            storedKeyword: Int32(truncatingIfNeeded: keyword), storedName: Int32(truncatingIfNeeded: name),
            storedNameEnd: Int32(truncatingIfNeeded: nameEnd ?? name), storedStart: Int32(truncatingIfNeeded: prefix.start),
            // The parent: the innermost declaration whose body we are directly or indirectly inside.
            storedParent: scopes.last?.enclosingDeclaration ?? -1, storedBody: TokenSpan(body),
            storedTypeAnnotation: TokenSpan(typeAnnotation), storedInitializer: TokenSpan(initializer),
            attributeRange: prefix.attributes, modifierRange: prefix.modifiers, inheritanceRange: inheritance))
    }

    /// Remembers that the `{` at `open` will open the body of the declaration being appended.
    private mutating func registerBody(opening open: Int) {
        Self.insert(PendingBody(open: open, declaration: Int32(declarations.count)), into: &pendingBodies)
    }

    /// Inserts `entry` keeping `pending` sorted by descending `open`, after any entry with the
    /// same `open` (the later registration wins). Almost always an append.
    static func insert(_ entry: PendingBody, into pending: inout ScanBuffer<PendingBody>) {
        var index = pending.count
        while index > 0 && pending[index - 1].open < entry.open { index -= 1 }
        pending.append(entry)
        var k = pending.count - 1
        while k > index {
            pending[k] = pending[k - 1]
            k -= 1
        }
        pending[index] = entry
    }

    // MARK: Functions

    private mutating func addFunction(_ kind: Declaration.Kind, keywordAt k: Int) {
        let nameToken = kind == .initializer ? k : k + 1
        guard nameToken < code.count else { return }
        let body = findBody(from: nameToken + 1, stopAtDeclarationKeywords: true)
        append(kind, keyword: k, name: nameToken, prefix: prefix(before: k), body: body)
    }

    private mutating func addTypealias(keywordAt k: Int) {
        guard code.kind(k + 1) == .identifier else { return }
        var j = TypeNames.skipGenericArguments(from: k + 2, in: code)
        var target: Range<Int>?
        if isAssignment(j) {
            j += 1
            let end = ExpressionBounds.end(of: j, in: code)
            if end > j { target = j..<end }
        }
        append(.typealias, keyword: k, name: k + 1, prefix: prefix(before: k), body: nil, typeAnnotation: target)
    }

    /// Whether token `j` is the operator `=` (one byte compared, no call to `text(_:is:)`).
    private func isAssignment(_ j: Int) -> Bool {
        guard code.kind(j) == .operator else { return false }
        let token = code[j]
        return token.length == 1 && code.file.bytes[token.start] == UInt8(ascii: "=")
    }

    // MARK: Variables

    /// `var a: T = x, b = y { … }`: one declaration per binding, sharing attributes.
    private mutating func addVariables(keywordAt k: Int) {
        let prefix = prefix(before: k)
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
            if isAssignment(j) {
                let valueStart = j + 1
                j = ExpressionBounds.end(of: valueStart, in: code, stopAtComma: true)
                if j > valueStart { initializer = valueStart..<j }
            }
            if code.kind(j) == .leftBrace, !code.lineBreakBefore[j] || initializer == nil, let close = code.partner(of: j) {
                body = j...close  // accessors or observers
                j = close + 1
            }
            append(.variable, keyword: k, name: nameToken, prefix: prefix, body: body,
                   typeAnnotation: annotation, initializer: initializer)
            guard code.kind(j) == .comma else { return }
            j += 1
        }
    }
}
