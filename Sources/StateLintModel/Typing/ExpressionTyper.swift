import StateLintSyntax

/// Answers "what type is this value here" for the code of a project's files: the one expression
/// typer that `statelint migrate`, the rules and the fixes ask.
///
/// It types, from what is written: parameters (of functions, initializers and closures) and
/// locals (`let x: T`, `let x = T(…)`, `if let`/`guard let`, `for x in xs`); members of the
/// enclosing type (through `self` or not) and of any typed value, through extensions and
/// superclasses, with a declared type or an initial value it can type; globals and static
/// members; calls of functions and methods with a written return type (a generic return type
/// bound by a typed argument); creations (`T(…)`, `T.init(…)`, `Box<T>(…)`); optional chaining,
/// `!`, `try`, `await`, `as?`/`as!`/`as`, `??`; subscripts and the elements of arrays, sets and
/// dictionaries' `values`; the closure parameters (and `$0`) of `forEach`, `map`, `filter`,
/// `first(where:)`, `sorted(by:)`, … and of `ForEach`. What it cannot type is nil: never a guess.
///
/// Not thread-safe (it caches members' types); make one per thread.
package final class ExpressionTyper {
    package let directory: TypeDirectory
    private var memberCache: [MemberKey: MemberLookup] = [:]
    private var globalCache: [String: ValueType?] = [:]
    /// How deep typing one expression may recurse (through locals, members, globals).
    private var depth = 0
    private static let maximumDepth = 24

    private struct MemberKey: Hashable {
        let owner: ValueType
        let member: String
        let called: Bool
    }

    /// What a member of a type is.
    package enum MemberLookup: Equatable {
        /// A stored or computed property (or a nested type, as a metatype) of this type.
        case value(ValueType)
        /// Methods of that name; calling one gives this type (nil when not written or not agreed).
        case function(returns: ValueType?, places: [TypeDirectory.Place])
        case unknown
    }

    package init(directory: TypeDirectory) {
        self.directory = directory
    }

    private func code(_ file: Int) -> CodeTokens { directory.files[file].code }

    // MARK: Questions

    /// The type of the expression in code tokens `range` of file `file`.
    package func type(of range: Range<Int>, in file: Int) -> ValueType? {
        guard !range.isEmpty, depth < Self.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        return expression(range.lowerBound, range.upperBound, file)
    }

    /// The type of the bare name `name` used at code index `k`.
    package func typeOfName(_ name: String, at k: Int, in file: Int) -> ValueType? {
        guard depth < Self.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        return nameType(name, at: k, file)
    }

    /// Whether the value in code tokens `range` is `Manager.shared` where the project declares
    /// nothing named `Manager` (no type, extension, alias, global, local or member): a package's
    /// or framework's property, whose type is theirs, so never one of the project's types. (A
    /// call could be generic and infer a project type; a property cannot.)
    package func isStaticPropertyOfAnOutsideType(_ range: Range<Int>, in file: Int) -> Bool {
        let code = code(file)
        guard range.count == 3, code.kind(range.lowerBound) == .identifier, code.kind(range.lowerBound + 1) == .period,
              code.kind(range.lowerBound + 2) == .identifier else { return false }
        let owner = code.string(range.lowerBound)
        guard owner.first?.isUppercase == true, !directory.declaresTypeOrAlias(owner), directory.globals(named: owner).isEmpty,
              localBinding(of: owner, at: range.lowerBound, in: file) == nil else { return false }
        guard let enclosing = directory.enclosingType(of: range.lowerBound, in: file) else { return true }
        return directory.members(named: owner, ofType: directory.typeName(of: enclosing, in: file)).isEmpty
    }

    /// What binds a bare name at `k` in the code that encloses it (nil: a member, global or type).
    package func localBinding(of name: String, at k: Int, in file: Int) -> LocalBinding? {
        LocalBinding.find(name, at: k, in: code(file)) { [directory] open in
            directory.owner(ofBodyAt: open, in: file).map { directory.files[file].declarations[$0] }
        }
    }

    /// The type written in code tokens `range` (an annotation, a generic argument), with the
    /// generic parameters of the declarations around it recognised as such.
    package func writtenType(_ range: Range<Int>, in file: Int) -> ValueType? {
        TypeSyntax.parse(range, in: code(file)).map { contextualized($0, at: range.lowerBound, file) }
    }

    /// The type `self` has at `k`: the innermost enclosing type or extension.
    package func selfType(at k: Int, in file: Int) -> ValueType? {
        guard let type = directory.enclosingType(of: k, in: file) else { return nil }
        let name = directory.typeName(of: type, in: file)
        let parameters = directory.genericParameters(ofType: name)
        return ValueType(name, parameters.map { ValueType($0.name, genericOwner: GenericOwner(name: name, constraints: $0.constraints)) })
    }

    // MARK: Expressions

    /// `try`, `await`, `??`, `as`, then a postfix chain.
    private func expression(_ start: Int, _ end: Int, _ file: Int) -> ValueType? {
        let code = code(file)
        var s = start
        var optionalTry = false
        while s < end {
            if code.keyword(s) == .try {
                if code.kind(s + 1) == .operator, code.text(s + 1, is: "?") { optionalTry = true; s += 1 }
                else if code.kind(s + 1) == .operator, code.text(s + 1, is: "!") { s += 1 }
                s += 1
            } else if code.text(s, is: "await") || code.keyword(s) == .inout || code.text(s, is: "consume") || code.text(s, is: "copy") {
                s += 1
            } else {
                break
            }
        }
        guard s < end else { return nil }
        var result: ValueType?
        if let split = topLevelOperators(s, end, code) {
            switch split {
            case .coalescing(let at):
                let right = expression(at + 1, end, file)
                result = right ?? expression(s, at, file)?.unwrapped
            case .cast(let at, let kind):
                let typeStart = kind == .plain ? at + 1 : at + 2
                guard typeStart < end, let cast = TypeSyntax.parse(typeStart..<end, in: code) else { return nil }
                let contextual = contextualized(cast, at: typeStart, file)
                result = kind == .conditional ? .optional(contextual) : contextual
            case .other:
                return nil
            }
        } else {
            result = chain(s, end, file)
        }
        guard let type = result else { return nil }
        return optionalTry ? .optional(type) : type
    }

    private enum TopLevelOperator {
        case coalescing(Int)
        case cast(Int, CastKind)
        /// A binary operator or ternary the typer does not follow.
        case other
    }

    private enum CastKind { case plain, conditional, forced }

    /// The lowest-precedence operator at the expression's own level, if any.
    private func topLevelOperators(_ s: Int, _ e: Int, _ code: CodeTokens) -> TopLevelOperator? {
        var k = s
        var cast: TopLevelOperator?
        var other = false
        while k < e {
            if let partner = code.partner(of: k), partner > k { k = partner + 1; continue }
            if code.kind(k) == .leftBrace { return .other }
            if code.keyword(k) == .as {
                if cast == nil {
                    let next = k + 1
                    if code.kind(next) == .operator, code.text(next, is: "?") { cast = .cast(k, .conditional) }
                    else if code.kind(next) == .operator, code.text(next, is: "!") { cast = .cast(k, .forced) }
                    else { cast = .cast(k, .plain) }
                }
                k += 1
                continue
            }
            if code.keyword(k) == .is { other = true }
            if code.kind(k) == .operator, k > s {
                if code.text(k, is: "??") { return .coalescing(k) }
                // Postfix `?`/`!` and the `<…>` of generic arguments belong to the chain; an
                // operator with blanks around it (or the `=` family) is binary.
                if isBinaryOperator(k, code) { other = true }
            }
            k += 1
        }
        if other { return .other }
        return cast
    }

    private func isBinaryOperator(_ k: Int, _ code: CodeTokens) -> Bool {
        let token = code[k]
        let bytes = code.file.bytes
        let spaceBefore = token.start > 0 && (bytes[token.start - 1] == 0x20 || bytes[token.start - 1] == 0x09 || bytes[token.start - 1] == 0x0A)
        let spaceAfter = token.end < bytes.count && (bytes[token.end] == 0x20 || bytes[token.end] == 0x09 || bytes[token.end] == 0x0A || bytes[token.end] == 0x0D)
        if spaceBefore && spaceAfter { return true }
        if spaceBefore != spaceAfter { return spaceBefore && !spaceAfter ? false : !(code.text(k, is: "?") || code.text(k, is: "!")) }
        // No blanks: `a?.b`, `a!.b`, `Box<T>`: part of a chain unless it is a known binary spelling.
        let first = bytes[token.start]
        return !(first == UInt8(ascii: "?") || first == UInt8(ascii: "!") || first == UInt8(ascii: "<") || first == UInt8(ascii: ">"))
    }

    /// A primary expression and its postfix steps (`.member`, `(…)`, `[…]`, `?`, `!`, a
    /// trailing closure), exactly `s..<e`.
    private func chain(_ s: Int, _ e: Int, _ file: Int) -> ValueType? {
        let code = code(file)
        var j = s
        var current: ValueType?
        // A function named but not yet called: its places and what a call gives.
        var pendingCall: MemberLookup?
        var optionalChain = false

        // The primary.
        let kind = code.kind(s)
        if code.keyword(s) == .self {
            current = selfType(at: s, in: file)
            j = s + 1
        } else if code.keyword(s) == .Self {
            current = selfType(at: s, in: file)?.metatype
            j = s + 1
        } else if code.keyword(s) == .super {
            guard let own = selfType(at: s, in: file), let parent = directory.superclass(ofType: own.lastName) else { return nil }
            current = ValueType(parent)
            j = s + 1
        } else if kind == .identifier {
            let name = code.string(s)
            // `Box<Post>(…)`, `Box<Post>.shared`: a type with written arguments.
            let afterGenerics = TypeNames.skipGenericArguments(from: s + 1, in: code)
            if afterGenerics > s + 1, code[s + 1].start == code[s].end, let type = TypeSyntax.parse(s..<afterGenerics, in: code) {
                current = type.metatype
                j = afterGenerics
            } else if s + 1 < e, isCall(at: s + 1, code) || isTrailingClosure(at: s + 1, code) {
                // `name(…)`: a function of the enclosing types or the file's globals, or a type.
                pendingCall = callee(name, at: s, file)
                if pendingCall == nil { current = nil; return nil }
                j = s + 1
            } else {
                current = nameType(name, at: s, file)
                j = s + 1
            }
        } else if kind == .leftBracket, let close = code.partner(of: s), code.kind(close + 1) == .leftParen,
                  let type = TypeSyntax.parse(s..<(close + 1), in: code) {
            // `[Coin]()`, `[String: Coin]()`: an empty collection of a written type.
            current = contextualized(type, at: s, file).metatype
            j = close + 1
        } else if kind == .leftParen, let close = code.partner(of: s) {
            guard !hasTopLevelComma(s + 1, close, code) else { return nil }
            current = type(of: (s + 1)..<close, in: file)
            j = close + 1
        } else if kind == .leftBrace, let close = code.partner(of: s), close + 1 < e, isCall(at: close + 1, code),
                  let returns = immediatelyCalledClosureResult(open: s, close: close, file) {
            // `{ () -> AppState in … }()`: a closure called where it is written, its result type written.
            pendingCall = .function(returns: returns, places: [])
            j = close + 1
        } else if kind == .stringDelimiter {
            var k = s + 1
            while k < e, code.kind(k) != .stringDelimiter {
                if let partner = code.partner(of: k), partner > k { k = partner + 1 } else { k += 1 }
            }
            current = ValueType("String")
            j = k + 1
        } else if kind == .integer {
            current = ValueType("Int"); j = s + 1
        } else if kind == .float {
            current = ValueType("Double"); j = s + 1
        } else if code.keyword(s) == .true || code.keyword(s) == .false {
            current = ValueType("Bool"); j = s + 1
        } else {
            return nil
        }

        // The steps.
        while j < e {
            let step = code.kind(j)
            if step == .period, j + 1 < e {
                let member = j + 1
                if let lookup = pendingCall {
                    // `foo.bar` where `foo` names a function without calling it: not followed.
                    _ = lookup
                    return nil
                }
                guard let base = current else { return nil }
                if code.kind(member) == .integer { return nil }  // a tuple element
                let name = code.keyword(member) == .`init` ? "init" : code.string(member)
                if base.isMetatype {
                    if name == "self" { j = member + 1; continue }
                    if name == "init" {
                        pendingCall = .function(returns: base.instance, places: [])
                        current = nil
                        j = member + 1
                        continue
                    }
                }
                let called = member + 1 < e && (isCall(at: member + 1, code) || isTrailingClosure(at: member + 1, code))
                switch self.member(name, of: base.isOptional && optionalChain ? base.unwrapped : base, called: called) {
                case .value(let type):
                    current = type
                case .function(let returns, let places):
                    pendingCall = .function(returns: returns, places: places)
                    current = nil
                case .unknown:
                    return nil
                }
                j = member + 1
                continue
            }
            if step == .operator {
                if code.text(j, is: "?") {
                    guard let base = current else { return nil }
                    current = base.unwrapped
                    optionalChain = true
                    j += 1
                    continue
                }
                if code.text(j, is: "!") {
                    guard let base = current else { return nil }
                    current = base.unwrapped
                    j += 1
                    continue
                }
                return nil
            }
            if step == .leftParen || isTrailingClosure(at: j, code) {
                guard let close = code.partner(of: j) else { return nil }
                if case .function(let returns, let places)? = pendingCall {
                    current = returns ?? inferredReturn(places, arguments: step == .leftParen ? j...close : nil, file)
                    pendingCall = nil
                } else if let base = current, base.isMetatype {
                    current = base.instance
                } else if step == .leftBrace, current != nil {
                    // A trailing closure after a value: not a call the typer follows.
                    return nil
                } else {
                    return nil
                }
                j = close + 1
                // `foo(…) { … }`: the trailing closure of the same call.
                while j < e, isTrailingClosure(at: j, code), let end = code.partner(of: j) { j = end + 1 }
                if current == nil { return nil }
                continue
            }
            if step == .leftBracket, let close = code.partner(of: j) {
                guard let base = current else { return nil }
                current = subscriptResult(of: base, arguments: j...close, file)
                j = close + 1
                if current == nil { return nil }
                continue
            }
            return nil
        }
        if pendingCall != nil { return nil }
        guard let result = current else { return nil }
        return optionalChain ? .optional(result) : result
    }

    /// The result type written in a closure's signature (`{ [weak x] () async throws -> T in`).
    private func immediatelyCalledClosureResult(open: Int, close: Int, _ file: Int) -> ValueType? {
        let code = code(file)
        var k = open + 1
        if code.kind(k) == .leftBracket, let end = code.partner(of: k) { k = end + 1 }
        guard code.kind(k) == .leftParen, let parameters = code.partner(of: k), parameters < close else { return nil }
        k = parameters + 1
        while code.keyword(k) == .async || code.keyword(k) == .throws || code.keyword(k) == .rethrows { k += 1 }
        guard code.text(k, is: "->") else { return nil }
        let typeStart = k + 1
        var end = typeStart
        while end < close, code.keyword(end) != .in {
            if let partner = code.partner(of: end), partner > end { end = partner + 1 } else { end += 1 }
        }
        guard end < close, end > typeStart else { return nil }
        return writtenType(typeStart..<end, in: file)
    }

    private func isCall(at k: Int, _ code: CodeTokens) -> Bool {
        code.kind(k) == .leftParen && !code.lineBreakBefore[k]
    }

    /// A `{` that is a trailing closure: on the line of what it follows.
    private func isTrailingClosure(at k: Int, _ code: CodeTokens) -> Bool {
        code.kind(k) == .leftBrace && !code.lineBreakBefore[k]
    }

    private func hasTopLevelComma(_ s: Int, _ e: Int, _ code: CodeTokens) -> Bool {
        var k = s
        while k < e {
            if let partner = code.partner(of: k), partner > k { k = partner + 1; continue }
            if code.kind(k) == .comma { return true }
            k += 1
        }
        return false
    }

    // MARK: Names

    private func nameType(_ name: String, at k: Int, _ file: Int) -> ValueType? {
        if let binding = localBinding(of: name, at: k, in: file) {
            return type(of: binding, named: name, in: file)
        }
        if name.hasPrefix("$") { return nil }
        // A member of an enclosing type, innermost first.
        var enclosing = directory.enclosingType(of: k, in: file)
        while let type = enclosing {
            let owner = directory.typeName(of: type, in: file)
            switch member(name, of: ValueType(owner, genericArguments(of: owner)), called: false) {
            case .value(let value): return value
            case .function: return nil
            case .unknown: break
            }
            enclosing = parentType(of: type, in: file)
        }
        if let global = globalVariable(name) { return global }
        if directory.declaresType(name) || startsUppercase(name) {
            return contextualized(ValueType(name), at: k, file).metatype
        }
        return nil
    }

    private func parentType(of declaration: Int, in file: Int) -> Int? {
        var parent = directory.files[file].declarations[declaration].parent
        while let p = parent, !directory.files[file].declarations[p].kind.isTypeLike {
            parent = directory.files[file].declarations[p].parent
        }
        return parent
    }

    /// The generic parameters of a type as types bound by it (`T` of `Box<T>` inside `Box`).
    private func genericArguments(of owner: String) -> [ValueType] {
        directory.genericParameters(ofType: owner).map { ValueType($0.name, genericOwner: GenericOwner(name: owner, constraints: $0.constraints)) }
    }

    private func type(of binding: LocalBinding, named name: String, in file: Int) -> ValueType? {
        let code = code(file)
        switch binding {
        case .annotated(let range):
            return TypeSyntax.parse(range, in: code).map { contextualized($0, at: range.lowerBound, file) }
        case .initialized(let range, let unwrapping):
            let value = type(of: range, in: file)
            return unwrapping ? value?.unwrapped : value
        case .shorthandUnwrap(let at):
            return typeOfName(name, at: at, in: file)?.unwrapped
        case .element(let range):
            return type(of: range, in: file).flatMap { elementType(of: $0) }
        case .closureParameter(let open, let index):
            return closureParameterType(open: open, index: index, in: file)
        case .unreadable:
            return nil
        }
    }

    /// What `for x in value` binds.
    private func elementType(of type: ValueType) -> ValueType? {
        if let element = type.element { return element }
        // A project type that is a sequence says nothing the typer reads.
        return nil
    }

    /// `name(…)` at `k`: what calling it gives.
    private func callee(_ name: String, at k: Int, _ file: Int) -> MemberLookup? {
        if localBinding(of: name, at: k, in: file) != nil { return nil }  // a closure in a local
        if startsUppercase(name) {
            if directory.kind(ofType: name) != nil || directory.globals(named: name).isEmpty {
                return .function(returns: contextualized(ValueType(name), at: k, file), places: [])
            }
        }
        var enclosing = directory.enclosingType(of: k, in: file)
        while let type = enclosing {
            let owner = directory.typeName(of: type, in: file)
            let lookup = member(name, of: ValueType(owner, genericArguments(of: owner)), called: true)
            if case .function = lookup { return lookup }
            if case .value = lookup { return nil }  // a closure property
            enclosing = parentType(of: type, in: file)
        }
        let places = directory.globals(named: name).filter { directory.declaration($0).kind == .function }
        guard !places.isEmpty else { return nil }
        return .function(returns: agreedReturnType(places, receiver: nil), places: places)
    }

    // MARK: Members

    /// What member `name` of `type` is: the type's own members and its extensions', then its
    /// superclass's and protocols', then the standard library's few the typer knows.
    package func member(_ name: String, of type: ValueType, called: Bool = false) -> MemberLookup {
        let key = MemberKey(owner: type, member: name, called: called)
        if let cached = memberCache[key] { return cached }
        guard depth < Self.maximumDepth else { return .unknown }
        depth += 1
        defer { depth -= 1 }
        let found = lookUp(name, of: type, called: called)
        memberCache[key] = found
        return found
    }

    private func lookUp(_ name: String, of type: ValueType, called: Bool) -> MemberLookup {
        if let standard = StandardMembers.member(name, of: type, called: called) { return standard }
        if let owner = type.genericOwner {
            // A generic parameter: what its constraints declare.
            for constraint in owner.constraints {
                let found = lookUp(name, of: ValueType(TypeDirectory.lastComponent(constraint)), called: called)
                if found != .unknown { return found }
            }
            return .unknown
        }
        var visited: Set<String> = []
        var queue = [type.lastName]
        while let owner = queue.first, visited.count < 16 {
            queue.removeFirst()
            guard visited.insert(owner).inserted else { continue }
            let places = directory.members(named: name, ofType: owner)
            if !places.isEmpty {
                let substitution = self.substitution(for: owner, in: type)
                return memberLookup(places, substitution: substitution, receiver: type, called: called)
            }
            // A nested type: `Outer.Inner`.
            if type.isMetatype, startsUppercase(name), directory.declaresType(name) {
                return .value(ValueType(name).metatype)
            }
            queue += directory.inheritance(ofType: owner)
            // `typealias Post = Entity<PostData>`: the members of what it names.
            if owner == type.lastName, let target = directory.aliasTarget(of: owner), target.lastName != owner {
                var aliased = target
                aliased.isMetatype = type.isMetatype
                return member(name, of: aliased, called: called)
            }
        }
        return .unknown
    }

    /// The type arguments of `type` by its owner's generic parameter names (`T` → `Post` for
    /// `Box<Post>` when `Box<T>` declares the member).
    private func substitution(for owner: String, in type: ValueType) -> [String: ValueType] {
        let parameters = directory.genericParameters(ofType: owner)
        guard !parameters.isEmpty else { return [:] }
        var map: [String: ValueType] = [:]
        for (index, parameter) in parameters.enumerated() {
            if owner == type.lastName, index < type.arguments.count {
                map[parameter.name] = type.arguments[index]
            } else {
                map[parameter.name] = ValueType(parameter.name, genericOwner: GenericOwner(name: owner, constraints: parameter.constraints))
            }
        }
        return map
    }

    private func memberLookup(_ places: [TypeDirectory.Place], substitution: [String: ValueType], receiver: ValueType,
                              called: Bool) -> MemberLookup {
        // `coins` and `coins(for:)` may both be declared: a call is the method, a read the property.
        let functions = places.filter { directory.declaration($0).kind == .function }
        let others = places.filter { directory.declaration($0).kind != .function && directory.declaration($0).kind != .initializer }
        if !functions.isEmpty && (called || others.isEmpty) {
            let returns = agreedReturnType(functions, receiver: receiver).map { substitute($0, substitution) }
            return .function(returns: returns, places: functions)
        }
        var agreed: ValueType?
        for place in others {
            let declaration = directory.declaration(place)
            let value: ValueType?
            switch declaration.kind {
            case .variable:
                value = variableType(place)
            case .class, .struct, .enum, .actor, .protocol:
                value = ValueType(directory.typeName(of: place.declaration, in: place.file)).metatype
            case .typealias:
                value = declaration.typeAnnotation.flatMap { TypeSyntax.parse($0, in: directory.files[place.file].code) }?.metatype
            default:
                value = nil
            }
            guard let value else { return .unknown }
            if let previous = agreed, previous != value { return .unknown }
            agreed = value
        }
        guard let agreed else { return .unknown }
        return .value(substitute(agreed, substitution))
    }

    /// The type of a stored or computed property, a global included: written, or its initial value's.
    private func variableType(_ place: TypeDirectory.Place) -> ValueType? {
        let declaration = directory.declaration(place)
        let code = directory.files[place.file].code
        if let annotation = declaration.typeAnnotation {
            return TypeSyntax.parse(annotation, in: code).map { contextualized($0, at: annotation.lowerBound, place.file) }
        }
        if let initializer = declaration.initializer {
            return type(of: initializer, in: place.file)
        }
        return nil
    }

    private func globalVariable(_ name: String) -> ValueType? {
        if let cached = globalCache[name] { return cached }
        let places = directory.globals(named: name).filter { directory.declaration($0).kind == .variable }
        var agreed: ValueType?
        var isAgreed = !places.isEmpty
        for place in places {
            guard let type = variableType(place), agreed == nil || agreed == type else { isAgreed = false; break }
            agreed = type
        }
        let result = isAgreed ? agreed : nil
        globalCache[name] = result
        return result
    }

    /// The return type every function in `places` writes (`Self` is the receiver), or nil.
    private func agreedReturnType(_ places: [TypeDirectory.Place], receiver: ValueType?) -> ValueType? {
        var agreed: ValueType?
        for place in places {
            let code = directory.files[place.file].code
            guard let signature = FunctionSignature(nameToken: directory.declaration(place).nameToken, in: code),
                  let range = signature.returnType, var type = TypeSyntax.parse(range, in: code) else { return nil }
            if type.name == "Self" {
                guard let receiver else { return nil }
                type = receiver.instance
            }
            // A generic parameter of the function itself is bound per call (`inferredReturn`).
            if signature.genericParameters.contains(where: { mentions(type, $0.name) }) { return nil }
            type = contextualized(type, at: range.lowerBound, place.file)
            if let previous = agreed, previous != type { return nil }
            agreed = type
        }
        return agreed
    }

    /// A generic function's return type bound by the typed argument of a parameter of that
    /// generic type (`func make<T>(_ type: T.Type) -> T` called as `make(Model.self)`).
    private func inferredReturn(_ places: [TypeDirectory.Place], arguments: ClosedRange<Int>?, _ file: Int) -> ValueType? {
        guard places.count == 1, let arguments, let place = places.first else { return nil }
        let code = directory.files[place.file].code
        guard let signature = FunctionSignature(nameToken: directory.declaration(place).nameToken, in: code),
              let range = signature.returnType, let returns = TypeSyntax.parse(range, in: code) else { return nil }
        let callArguments = CallArguments.read(arguments, in: self.code(file))
        var bound: [String: ValueType] = [:]
        for generic in signature.genericParameters {
            for (position, parameter) in signature.parameters.enumerated() {
                guard let typeRange = parameter.type, let written = TypeSyntax.parse(typeRange, in: code),
                      let argument = callArguments.argument(label: parameter.label, position: position),
                      let argumentType = type(of: argument, in: file) else { continue }
                if written.name == generic.name, written.arguments.isEmpty {
                    bound[generic.name] = written.isMetatype ? argumentType.instance : argumentType
                } else if written.isOptional, written.arguments[0].name == generic.name {
                    bound[generic.name] = argumentType.unwrapped
                }
            }
        }
        let result = substitute(returns, bound)
        return signature.genericParameters.contains(where: { mentions(result, $0.name) }) ? nil : result
    }

    private func mentions(_ type: ValueType, _ name: String) -> Bool {
        type.name == name || type.arguments.contains { mentions($0, name) }
    }

    private func substitute(_ type: ValueType, _ map: [String: ValueType]) -> ValueType {
        guard !map.isEmpty else { return type }
        if type.arguments.isEmpty, type.genericOwner == nil || map[type.name]?.genericOwner == nil, let replacement = map[type.name] {
            return type.isMetatype ? replacement.metatype : replacement
        }
        var result = type
        result.arguments = type.arguments.map { substitute($0, map) }
        return result
    }

    /// `T` written inside a generic type or function is that declaration's parameter.
    private func contextualized(_ type: ValueType, at k: Int, _ file: Int) -> ValueType {
        // A generic parameter hides a type of the same name declared elsewhere (`ViewModel` of
        // `Popup<ViewModel: …>` is not some other `ViewModel` class).
        if type.arguments.isEmpty, !type.name.contains("."), let owner = genericOwner(of: type.name, at: k, file) {
            var result = type
            result.genericOwner = owner
            return result
        }
        guard !directory.declaresType(type.name) else {
            var result = type
            result.arguments = type.arguments.map { contextualized($0, at: k, file) }
            return result
        }
        var result = type
        result.arguments = type.arguments.map { contextualized($0, at: k, file) }
        return result
    }

    /// The generic declaration (function or type) around `k` that declares a parameter `name`.
    private func genericOwner(of name: String, at k: Int, _ file: Int) -> GenericOwner? {
        let structure = directory.files[file]
        for function in directory.genericFunctions(in: file) {
            let declaration = structure.declarations[function]
            guard declaration.keywordToken < k, let body = declaration.body, k <= body.upperBound,
                  let signature = FunctionSignature(nameToken: declaration.nameToken, in: structure.code),
                  let parameter = signature.genericParameters.first(where: { $0.name == name }) else { continue }
            return GenericOwner(name: "func " + structure.code.string(declaration.nameToken), constraints: parameter.constraints)
        }
        var enclosing = directory.enclosingType(of: k, in: file)
        while let type = enclosing {
            let owner = directory.typeName(of: type, in: file)
            if let parameter = directory.genericParameters(ofType: owner).first(where: { $0.name == name }) {
                return GenericOwner(name: owner, constraints: parameter.constraints)
            }
            enclosing = parentType(of: type, in: file)
        }
        return nil
    }

    // MARK: Subscripts and closures

    private func subscriptResult(of type: ValueType, arguments: ClosedRange<Int>, _ file: Int) -> ValueType? {
        if type.name == "Dictionary", type.arguments.count == 2 { return .optional(type.arguments[1]) }
        if let element = type.element, type.name != "Range", type.name != "ClosedRange" {
            // `array[i]` is an element; `array[a..<b]` a slice.
            let code = code(file)
            let isRange = (arguments.lowerBound + 1..<arguments.upperBound).contains { code.text($0, is: "..<") || code.text($0, is: "...") }
            return isRange ? .array(element) : element
        }
        return nil
    }

    /// A closure parameter without a written type: the element of the collection whose
    /// `forEach`/`map`/`filter`/`first(where:)`/`sorted(by:)`/… takes the closure, or of the
    /// data of a `ForEach`.
    private func closureParameterType(open: Int, index: Int, in file: Int) -> ValueType? {
        let code = code(file)
        guard let call = ClosureCall.find(closureAt: open, in: code) else { return nil }
        if call.isForEachView {
            guard index == 0, let data = call.firstArgument, let type = type(of: data, in: file) else { return nil }
            return elementType(of: type.unwrapped)
        }
        guard let receiver = call.receiver, let method = call.method,
              let parameters = StandardMembers.elementClosureParameters[method], index < parameters,
              let base = type(of: receiver, in: file) else { return nil }
        let collection = call.receiverIsOptionalChained ? base.unwrapped : base
        return elementType(of: collection)
    }
}

