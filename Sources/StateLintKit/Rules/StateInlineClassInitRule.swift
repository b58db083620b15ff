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
        // Owner → the number of its `@State` declarations, or `appOwner`: SwiftUI creates App
        // state once per launch, so an App is not looked at. One integer table per file.
        var slots = [Int32](repeating: 0, count: owners.count)
        for (index, declaration) in structure.declarations.enumerated() where declaration.kind.isTypeLike {
            if structure.inherits(index, "App") || structure.inherits(index, "SwiftUI.App"), let owner = owners.group(of: index) {
                slots[owner] = Self.appOwner
            }
        }
        // The owner of a `@State` declaration that is looked at, its parent and its attribute.
        func owner(of index: Int) -> (owner: Int, parent: Int, state: Declaration.Attribute)? {
            guard let state = structure.stateAttribute(of: index), let parent = structure.declarations[index].parent,
                  let owner = owners.group(of: parent), slots[owner] != Self.appOwner else { return nil }
            return (owner, parent, state)
        }
        var stateCount = 0
        for index in structure.stateVariables {
            guard let (owner, parent, state) = owner(of: index) else { continue }
            slots[owner] += 1
            stateCount += 1
            let declaration = structure.declarations[index]
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
        guard stateCount > 0 else { return violations }
        // The `@State` declarations of every owner in one list, grouped by owner, in source
        // order within each: owner `o`'s are the `slots[o]` from `starts[o]`. One array per
        // file, where an array per owner cost an allocation each. `starts` begins as each
        // owner's end, and filling the list from the back moves it to the owner's start.
        var starts = slots
        var end: Int32 = 0
        for owner in starts.indices where starts[owner] != Self.appOwner {
            end += starts[owner]
            starts[owner] = end
        }
        var ownedStates = [Int](repeating: 0, count: stateCount)
        for index in structure.stateVariables.reversed() {
            guard let (owner, _, _) = owner(of: index) else { continue }
            starts[owner] -= 1
            ownedStates[Int(starts[owner])] = index
        }
        let bytes = code.file.bytes
        var storageIndexes: [Int: [String: Int]] = [:]  // owner → `_name` → property, for owners with many
        func storage(named k: Int, of owner: Int, among states: ArraySlice<Int>) -> Int? {
            guard states.count > NamedMembers<Int>.searchLimit else { return Self.storage(named: k, among: states, structure) }
            if storageIndexes[owner] == nil {
                var index: [String: Int] = [:]
                for state in states { index["_" + structure.name(of: state)] = state }
                storageIndexes[owner] = index
            }
            return storageIndexes[owner]?[code.string(k)]
        }
        for declaration in structure.declarations where declaration.kind == .initializer {
            guard let body = declaration.body, let parent = declaration.parent, let owner = owners.group(of: parent),
                  slots[owner] > 0 else { continue }
            let start = Int(starts[owner])
            let states = ownedStates[start..<(start + Int(slots[owner]))]
            for k in body where code.kind(k) == .identifier && code.kind(k + 1) == .operator && code.text(k + 1, is: "=") {
                // Only `_name` can name a property's storage: skip the rest without making strings.
                guard bytes[code[k].start] == UInt8(ascii: "_"),
                      let property = storage(named: k, of: owner, among: states) else { continue }
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

    /// The `@State` declaration among `states` whose storage `_name` token `k` spells; the last
    /// one when several share a name, as a later declaration hides an earlier one. A search,
    /// for the usual handful of properties: lengths first, then bytes on the raw buffer (the
    /// `_x = State(…)` lines of an initializer each searched every property of the view).
    private static func storage(named k: Int, among states: ArraySlice<Int>, _ structure: FileStructure) -> Int? {
        let code = structure.code
        let token = code[k]
        let tokenIsASCII = code.isASCII(k)
        for index in states.reversed() {
            let nameToken = structure.declarations[index].nameToken
            let name = code[nameToken]
            if tokenIsASCII && code.isASCII(nameToken) {
                // On ASCII, string equality is byte equality.
                guard token.length == name.length + 1 else { continue }
                let same = code.file.bytes.withUnsafeBufferPointer { buffer in
                    for offset in 0..<name.length where buffer[token.start + 1 + offset] != buffer[name.start + offset] { return false }
                    return true
                }
                if same { return index }
            } else if code.string(k) == "_" + code.string(nameToken) {
                return index
            }
        }
        return nil
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
