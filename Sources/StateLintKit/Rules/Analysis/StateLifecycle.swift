/// The `@State` properties of each view type in a file, and what its appear and disappear
/// handlers do with them. Shared by `appear_missing_nil_check` and
/// `disappear_missing_teardown` (and the property lookup of `state_inline_class_init`).
public final class StateLifecycle: @unchecked Sendable {
    public struct StateProperty: Sendable {
        public let declaration: Int
        public let name: String
        public let nameToken: Int
        /// The annotated type (`Model` for `Model?`), if any.
        public let declaredType: String?
        public let isOptional: Bool
    }

    /// An appear handler assigning a newly created class instance to a `@State` property.
    public struct CreatingAssignment: Sendable {
        public let property: StateProperty
        /// Code index of the assignment's first token (`model` or `self`).
        public let targetToken: Int
        /// Code index just past the assigned expression.
        public let endToken: Int
        public let creation: Creation
        /// The assignment matters only if the created type is a class.
        public let requiresClass: ClassCondition
        public let isGuarded: Bool
        /// The modifier whose action contains it (`onAppear`, `task`).
        public let handler: String
        /// The type the view is (the key of `properties`).
        public let viewType: String
    }

    let appearHandlers: Set<String>
    /// View type name → property name → property. Built on request: the analysis itself
    /// matches names on tokens (see `propertyLists`).
    /// Every view type with `@State`, not only those with handlers (the analysis collects
    /// members only for those).
    public var properties: [String: [String: StateProperty]] {
        var result: [String: [String: StateProperty]] = [:]
        for index in structure.stateVariables {
            guard let parent = structure.declarations[index].parent, let group = groups.group(of: parent) else { continue }
            result[groups.name(group, in: code), default: [:]][structure.name(of: index)] = stateProperty(index)
        }
        return result
    }
    public private(set) var creatingAssignments: [CreatingAssignment] = []
    /// View type name → names of `@State` properties set to nil in an `.onDisappear` action.
    public private(set) var teardowns: [String: Set<String>] = [:]

    // Stored, not read through the context: copying the structure out of it retains every
    // array it holds, on each access.
    private let structure: FileStructure
    private let code: CodeTokens
    /// Type declarations numbered by the view type name their members group under: a
    /// struct's own name, or the last component of an extension's extended type.
    private let groups: TypeGroups
    /// View type (group) → its position in `propertyLists` and `methodLists`, or a negative
    /// number for a type without `@State` or without an appear or disappear handler.
    /// Integers, so that making the table per file is one fill, not an element-by-element copy
    /// of optional lists.
    private var slots: [Int32]
    /// The `@State` properties (declaration indices: a `StateProperty`, with its strings, is
    /// made only for a property the handlers assign) and the methods (bodies) of each type
    /// with `@State`. `NamedMembers` replaces dictionaries keyed by name strings: hashing a
    /// string per property and per method of every view cost more than the rest of the analysis.
    private var propertyLists: [NamedMembers<Int>]
    private var methodLists: [NamedMembers<ClosedRange<Int>>]

    init(context: LintContext, appearHandlers: Set<String>) {
        let structure = context.structure
        self.structure = structure
        code = structure.code
        self.appearHandlers = appearHandlers
        // Names are made only for a file with `@State` properties.
        groups = structure.stateVariables.isEmpty ? TypeGroups() : context.typeGroups(lastComponentOfEveryName: false)
        slots = []
        propertyLists = []
        methodLists = []
        guard markHandledGroups(), collectMembers() else { return }
        for call in structure.modifierCalls {
            guard let type = call.enclosingType, let group = groups.group(of: type), slots[group] >= 0 else { continue }
            let props = propertyLists[Int(slots[group])]
            if isAppearHandler(call.name) {
                for body in actionBodies(call, group: group) {
                    findCreatingAssignments(in: body, properties: props, handler: call.name, group: group, type: type)
                }
            } else if call.name == "onDisappear" {
                for body in actionBodies(call, group: group) {
                    findTeardowns(in: body, properties: props, group: group)
                }
            }
        }
    }

    /// Marks in `slots` (as `Self.handled`) the view types with an appear or disappear handler:
    /// only their members are collected. A third of the files with `@State` have no handler,
    /// and many views in the others have none; collecting every view's properties and methods
    /// cost more than the rest of the analysis. Returns whether any type has a handler.
    private func markHandledGroups() -> Bool {
        guard !structure.stateVariables.isEmpty else { return false }
        var slots: [Int32] = []
        for call in structure.modifierCalls where call.name == "onDisappear" || isAppearHandler(call.name) {
            guard let type = call.enclosingType, let group = groups.group(of: type) else { continue }
            if slots.isEmpty { slots = [Int32](repeating: Self.unhandled, count: groups.count) }
            slots[group] = Self.handled
        }
        self.slots = slots
        return !slots.isEmpty
    }

    /// Whether a modifier is an appear handler. Compared with each handler name (usually two)
    /// rather than hashed: it is asked twice for every modifier call of a file with `@State`.
    private func isAppearHandler(_ name: String) -> Bool {
        guard appearHandlers.count <= 8 else { return appearHandlers.contains(name) }
        for handler in appearHandlers where handler == name { return true }
        return false
    }

    /// In `slots`: a view type without an appear or disappear handler.
    private static var unhandled: Int32 { -1 }
    /// In `slots`: a view type with a handler, before its first `@State` property is found.
    private static var handled: Int32 { -2 }

    /// `@State` properties of the types `markHandledGroups` marked, then (only if there are
    /// any) their methods. Returns whether there were any properties.
    private func collectMembers() -> Bool {
        // Built in locals: each access to a stored property of this class is an exclusivity check.
        var slots = self.slots
        self.slots = []
        // Files have a few views with `@State` each: room for every type at once, as growing
        // copies the lists element by element.
        var propertyLists: [NamedMembers<Int>] = []
        var methodLists: [NamedMembers<ClosedRange<Int>>] = []
        propertyLists.reserveCapacity(groups.count)
        methodLists.reserveCapacity(groups.count)
        for (position, index) in structure.stateVariables.enumerated() {
            let declaration = structure.declarations[index]
            guard let parent = declaration.parent, let group = groups.group(of: parent),
                  slots[group] != Self.unhandled else { continue }
            if slots[group] == Self.handled {
                slots[group] = Int32(propertyLists.count)
                // Usually one view holds all of a file's `@State`: room for the rest at once.
                var list = NamedMembers<Int>()
                list.reserveCapacity(structure.stateVariables.count - position)
                propertyLists.append(list)
                methodLists.append(NamedMembers())
            }
            propertyLists[Int(slots[group])].append(index, nameToken: declaration.nameToken, in: code)
        }
        self.slots = slots
        guard !propertyLists.isEmpty else { return false }
        for declaration in structure.declarations where declaration.kind == .function {
            guard let body = declaration.body, let parent = declaration.parent, let group = groups.group(of: parent),
                  slots[group] >= 0 else { continue }
            methodLists[Int(slots[group])].append(body, nameToken: declaration.nameToken, in: code)
        }
        self.propertyLists = propertyLists
        self.methodLists = methodLists
        return true
    }

    /// The property declared at `declaration`, with its name and declared type.
    private func stateProperty(_ declaration: Int) -> StateProperty {
        let d = structure.declarations[declaration]
        var declaredType: String?
        var isOptional = false
        if let annotation = d.typeAnnotation, let (name, optional) = TypeNames.annotatedType(annotation, in: code) {
            declaredType = name
            isOptional = optional
        }
        return StateProperty(declaration: declaration, name: structure.name(of: declaration), nameToken: d.nameToken,
                             declaredType: declaredType, isOptional: isOptional)
    }

    /// The closure or `perform:` method of a modifier, plus the methods of the same type it
    /// calls (a few levels deep).
    private func actionBodies(_ call: ModifierCall, group: Int) -> [ClosedRange<Int>] {
        var bodies: [ClosedRange<Int>] = []
        if let closure = call.closure { bodies.append(closure) }
        let methods = methodLists[Int(slots[group])]
        if let performed = call.performMethodToken, let body = methods.member(named: performed, in: code) { bodies.append(body) }
        // A handful of bodies at most: a linear search, where a `Set` cost an allocation and
        // hashing per modifier call. Each level's bodies are `bodies[frontier]`, and the
        // methods they call are appended after them: one array, not one per level.
        var frontier = 0..<bodies.count
        for _ in 0..<3 where !frontier.isEmpty {
            for position in frontier {
                for k in bodies[position] where code.kind(k) == .identifier && code.kind(k + 1) == .leftParen {
                    let isMember = code.kind(k - 1) != .period || (code.keyword(k - 2) == .`self` && code.kind(k - 3) != .period)
                    guard isMember, let callee = methods.member(named: k, in: code),
                          !bodies.contains(where: { $0.lowerBound == callee.lowerBound }) else { continue }
                    bodies.append(callee)
                }
            }
            frontier = frontier.upperBound..<bodies.count
        }
        return bodies
    }

    /// `name` or `self.name` at `k` (k at `name`): the first token of the reference, or nil.
    func referenceStart(_ k: Int) -> Int? {
        guard code.kind(k) == .identifier else { return nil }
        if code.kind(k - 1) != .period { return k }
        if code.kind(k - 1) == .period, code.keyword(k - 2) == .`self`, code.kind(k - 3) != .period { return k - 2 }
        return nil
    }

    /// Assignments `name = …` / `self.name = …` to a property in `body`: the property and the
    /// index of the reference's first token. A bare name declared locally earlier in the body
    /// (`let model = Model()`, `var model`) is the local, not the property.
    private func propertyAssignments(in body: ClosedRange<Int>, properties: NamedMembers<Int>) -> [(StateProperty, target: Int, name: Int)] {
        var found: [(StateProperty, target: Int, name: Int)] = []
        var locals: LocalScopes?
        for k in body where code.kind(k) == .identifier && code.kind(k + 1) == .operator && code.text(k + 1, is: "=") {
            guard let declaration = properties.member(named: k, in: code), let target = referenceStart(k) else { continue }
            let property = stateProperty(declaration)
            if target == k {
                if code.keyword(k - 1) == .let || code.keyword(k - 1) == .var { continue }
                if locals == nil { locals = LocalScopes(body: body, code: code) }
                if locals?.isLocal(property.name, at: k) == true { continue }
            }
            found.append((property, target, k))
        }
        return found
    }

    private func findCreatingAssignments(in body: ClosedRange<Int>, properties: NamedMembers<Int>,
                                         handler: String, group: Int, type: Int) {
        var found: [(property: StateProperty, target: Int, value: Range<Int>, creation: Creation)] = []
        for (property, target, k) in propertyAssignments(in: body, properties: properties) {
            let valueStart = k + 2
            let valueEnd = min(ExpressionBounds.end(of: valueStart, in: code), body.upperBound)
            guard let creation = CreationResolver.creation(in: valueStart..<valueEnd, code: code,
                                                           declaredType: property.declaredType) else { continue }
            found.append((property, target, valueStart..<valueEnd, creation))
        }
        guard !found.isEmpty else { return }
        // Names are made only here: most handlers create nothing.
        let viewType = groups.name(group, in: code)
        let scope = structure.qualifiedName(of: type)
        let guarded = NilGuards(code: code)
            .guarded(found.map { ($0.target, $0.value.lowerBound, $0.property.name) }, within: body)
        for (index, assignment) in found.enumerated() {
            creatingAssignments.append(CreatingAssignment(
                property: assignment.property, targetToken: assignment.target, endToken: assignment.value.upperBound,
                creation: assignment.creation,
                requiresClass: ClassCondition(typeName: assignment.creation.typeName, scope: scope),
                isGuarded: guarded[index], handler: handler, viewType: viewType))
        }
    }

    private func findTeardowns(in body: ClosedRange<Int>, properties: NamedMembers<Int>, group: Int) {
        for (property, _, k) in propertyAssignments(in: body, properties: properties) {
            let isNil = code.keyword(k + 2) == .nil
                || (code.kind(k + 2) == .period && code.text(k + 3, is: "none"))
            if isNil { teardowns[groups.name(group, in: code), default: []].insert(property.name) }
        }
    }
}
