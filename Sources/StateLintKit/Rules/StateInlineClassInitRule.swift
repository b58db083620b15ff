/// `state_inline_class_init`: a `@State` property whose initial value creates a class instance.
public struct StateInlineClassInitRule: Rule {
    public static let description = RuleDescription(
        id: "state_inline_class_init",
        name: "Inline class instance in @State",
        summary: "A `@State` property's initial value creates a class instance, which is re-created (and thrown away) every time the view is initialised.",
        rationale: "`@State`'s initial value is evaluated every time the view struct is initialised, unlike `@StateObject`'s autoclosure. For a class this allocates an instance and runs its `init` on every parent re-render, only for SwiftUI to discard it and keep the first one. Keep an optional in `@State`, create the object in `.onAppear` only if it is nil, and release it in `.onDisappear` — or build with Xcode 27 or later, whose `State()` macro evaluates the initial value once.")

    public static let options = [
        RuleOptionSpec(name: "report_unknown_types", defaultValue: .bool(false),
                       summary: "Also report `@State` initial values that call a type neither the project nor the built-in catalog knows."),
    ]

    let reportUnknownTypes: Bool

    public init(configuration: RuleConfiguration?) {
        reportUnknownTypes = configuration?.bool("report_unknown_types") ?? false
    }

    public func check(_ context: LintContext) -> [RuleViolation] {
        let structure = context.structure
        // Every finding starts from a `@State` property; most files have none.
        guard !structure.stateVariables.isEmpty else { return [] }
        let code = structure.code
        var violations: [RuleViolation] = []
        // Members group under their type's last name component, numbered once per file.
        let owners = context.typeGroups(lastComponentOfEveryName: true)
        // One integer table per file, where an array of `@State` declarations per owner cost an
        // allocation (and a release) each: `table[owner]` is the position in `stateVariables`
        // of the owner's last `@State` declaration so far (-1 while it has none, `appOwner`
        // for an App: SwiftUI creates App state once per launch, so an App is not looked at),
        // and `table[links + p]` the position of the same owner's declaration before the one at
        // `p` (-1 for its first). Following the links from `table[owner]` visits an owner's
        // declarations last first, as `storage(named:)` searches them.
        let links = owners.count
        var table = [Int32](repeating: -1, count: links + structure.stateVariables.count)
        for (index, declaration) in structure.declarations.enumerated() where declaration.kind.isTypeLike {
            if structure.inherits(index, "App") || structure.inherits(index, "SwiftUI.App"), let owner = owners.group(of: index) {
                table[owner] = Self.appOwner
            }
        }
        var hasStates = false
        for (position, index) in structure.stateVariables.enumerated() {
            let declaration = structure.declarations[index]
            guard let state = structure.stateAttribute(of: index), let parent = declaration.parent,
                  let owner = owners.group(of: parent), table[owner] != Self.appOwner else { continue }
            table[links + position] = table[owner]
            table[owner] = Int32(position)
            hasStates = true
            // `@State var m = Model()` or `@State(initialValue: Model()) var m`.
            var value = declaration.initializer
            if value == nil, let arguments = state.arguments {
                value = CreationResolver.labeledArgument(in: (arguments.lowerBound + 1)..<arguments.upperBound,
                                                         labels: ["initialValue", "wrappedValue"], code: code)
            }
            guard let value else { continue }
            guard let (creation, condition) = classCreation(in: value, declaredType: Self.declaredType(of: index, structure),
                                                            scope: structure.qualifiedName(of: parent), context) else { continue }
            violations.append(context.violation(from: state.token, to: value.upperBound - 1,
                                                message: { Self.message(property: $0, type: $1) },
                                                structure.name(of: index), creation.typeName, requiresClass: condition))
        }
        // `_m = State(initialValue: Model())` in an initializer.
        guard hasStates else { return violations }
        let chains = table  // read-only from here, so the local function captures no mutable box
        let bytes = code.file.bytes
        var storageIndexes: [Int: [String: Int]] = [:]  // owner → `_name` → property, for owners with many
        func storage(named k: Int, of owner: Int) -> Int? {
            let last = Int(chains[owner])
            var count = 0
            var p = last
            while p >= 0 && count <= NamedMembers<Int>.searchLimit {
                count += 1
                p = Int(chains[links + p])
            }
            guard count > NamedMembers<Int>.searchLimit else {
                return Self.storage(named: k, from: last, table: chains, linksStart: links, structure)
            }
            if storageIndexes[owner] == nil {
                // Last first: a later declaration hides an earlier one of the same name.
                var index: [String: Int] = [:]
                p = last
                while p >= 0 {
                    let state = structure.stateVariables[p]
                    let name = "_" + structure.name(of: state)
                    if index[name] == nil { index[name] = state }
                    p = Int(chains[links + p])
                }
                storageIndexes[owner] = index
            }
            return storageIndexes[owner]?[code.string(k)]
        }
        for declaration in structure.declarations where declaration.kind == .initializer {
            guard let body = declaration.body, let parent = declaration.parent, let owner = owners.group(of: parent),
                  chains[owner] >= 0 else { continue }
            for k in body where code.kind(k) == .identifier && code.kind(k + 1) == .operator && code.text(k + 1, is: "=") {
                // Only `_name` can name a property's storage: skip the rest without making strings.
                guard bytes[code[k].start] == UInt8(ascii: "_"),
                      let property = storage(named: k, of: owner) else { continue }
                let isSelf = code.kind(k - 1) == .period && code.keyword(k - 2) == .`self`
                guard isSelf || code.kind(k - 1) != .period else { continue }
                let end = min(ExpressionBounds.end(of: k + 2, in: code), body.upperBound)
                guard let argument = CreationResolver.stateWrapperArgument(in: (k + 2)..<end, code: code) else { continue }
                guard let (creation, condition) = classCreation(in: argument, declaredType: Self.declaredType(of: property, structure),
                                                                scope: structure.qualifiedName(of: parent), context) else { continue }
                violations.append(context.violation(from: isSelf ? k - 2 : k, to: end - 1,
                                                    message: { Self.message(property: $0, type: $1) },
                                                    structure.name(of: property), creation.typeName, requiresClass: condition))
            }
        }
        return violations
    }

    /// Marks an App type in the owner table of `check`.
    private static var appOwner: Int32 { -2 }

    /// The `@State` declaration whose storage `_name` token `k` spells, searched from position
    /// `last` of `stateVariables` back along the links of `table` (see `check`); the last one
    /// when several share a name, as a later declaration hides an earlier one. A search, for
    /// the usual handful of properties: most searches find none (`_count` of a `@Binding`).
    static func storage(named k: Int, from last: Int, table: [Int32], linksStart links: Int,
                        _ structure: FileStructure) -> Int? {
        let code = structure.code
        let token = code[k]
        // `_` alone (`_ = f()`) names no property.
        guard token.length > 1 else { return nil }
        let bytes = code.file.bytes
        let afterUnderscore = bytes[token.start + 1]
        var tokenIsASCII: Bool?
        var p = last
        while p >= 0 {
            let index = structure.stateVariables[p]
            let nameToken = structure.declarations[index].nameToken
            let name = code[nameToken]
            p = Int(table[links + p])
            // Names starting with different ASCII characters differ as strings too: an ASCII
            // character is a starter without decomposition, so it begins each name's canonical
            // decomposition. Most names are ruled out here, without an ASCII test of each.
            let first = bytes[name.start]
            if first != afterUnderscore && first < 0x80 && afterUnderscore < 0x80 { continue }
            // Identical bytes are equal strings; different bytes can be only if one is not ASCII.
            if Self.spellsStorage(token, of: name, bytes) { return index }
            if tokenIsASCII == nil { tokenIsASCII = code.isASCII(k) }
            if !(tokenIsASCII! && code.isASCII(nameToken)) && code.string(k) == "_" + code.string(nameToken) {
                return index
            }
        }
        return nil
    }

    /// Whether `storage`'s bytes are `_` followed by `name`'s.
    static func spellsStorage(_ storage: Token, of name: Token, _ bytes: [UInt8]) -> Bool {
        guard storage.length == name.length + 1 else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            for offset in 0..<name.length where buffer[storage.start + 1 + offset] != buffer[name.start + offset] { return false }
            return true
        }
    }

    /// The creation in `range` and the condition under which it makes a class instance;
    /// `scope` is the qualified name of the type the code is in, where nested type names
    /// resolve first.
    private func classCreation(in range: Range<Int>, declaredType: @autoclosure () -> String?, scope: @autoclosure () -> String,
                               _ context: LintContext) -> (Creation, ClassCondition)? {
        guard let creation = CreationResolver.creation(in: range, code: context.code, declaredType: declaredType()) else { return nil }
        let looksLikeType = reportUnknownTypes && Self.startsUppercase(creation.typeName)
        return (creation, ClassCondition(typeName: creation.typeName, scope: scope(),
                                         holdsWhenUnknown: looksLikeType))
    }

    /// The type a `@State` declaration's annotation names (`Model` for `Model?`), if any.
    private static func declaredType(of declaration: Int, _ structure: FileStructure) -> String? {
        structure.declarations[declaration].typeAnnotation.flatMap { TypeNames.annotatedType($0, in: structure.code) }?.name
    }

    /// Whether a name starts with an uppercase letter (`Character.isUppercase`, with ASCII
    /// decided on the byte: the general test looks up Unicode properties).
    static func startsUppercase(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        if first.isASCII { return (0x41...0x5A).contains(first.value) }
        return Character(first).isUppercase
    }

    /// Built only for a violation that is reported: most are dropped (the type is a struct).
    private static func message(property: String, type: String) -> String {
        return "`@State` property `\(property)` is initialised with a new `\(type)`, a class: the initial value is evaluated every time the view is initialised, so each parent re-render allocates a `\(type)` (running its init) that SwiftUI throws away. Keep an optional (`@State private var \(property): \(type)?`), create it in `.onAppear` only `if \(property) == nil` and set it to nil in `.onDisappear` — or build with Xcode 27+, whose `State()` macro evaluates the initial value once."
    }
}

/// What follows the last `.` of a dotted name: `Inner` for `Outer.Inner`.
func lastComponent(_ name: String) -> String {
    guard let dot = DottedName.lastDot(in: name) else { return name }
    return String(name[name.index(after: dot)...])
}
