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
    public var properties: [String: [String: StateProperty]] {
        propertyLists.mapValues { list in
            var byName: [String: StateProperty] = [:]
            for entry in list.entries { byName[entry.member.name] = entry.member }
            return byName
        }
    }
    public private(set) var creatingAssignments: [CreatingAssignment] = []
    /// View type name → names of `@State` properties set to nil in an `.onDisappear` action.
    public private(set) var teardowns: [String: Set<String>] = [:]

    // Stored, not read through the context: copying the structure out of it retains every
    // array it holds, on each access.
    private let structure: FileStructure
    private let code: CodeTokens
    /// View type name → its `@State` properties, and its methods (bodies). `NamedMembers`
    /// replaces dictionaries keyed by name strings: hashing a string per property and per
    /// method of every view cost more than the rest of the analysis.
    private var propertyLists: [String: NamedMembers<StateProperty>] = [:]
    private var methodLists: [String: NamedMembers<ClosedRange<Int>>] = [:]

    init(context: LintContext, appearHandlers: Set<String>) {
        structure = context.structure
        code = context.structure.code
        self.appearHandlers = appearHandlers
        collectMembers()
        guard !propertyLists.isEmpty else { return }
        for call in structure.modifierCalls {
            guard let type = call.enclosingType, let viewType = typeKey(type), let props = propertyLists[viewType] else { continue }
            if appearHandlers.contains(call.name) {
                let scope = structure.qualifiedName(of: type)
                for body in actionBodies(call, viewType: viewType) {
                    findCreatingAssignments(in: body, properties: props, handler: call.name, viewType: viewType, scope: scope)
                }
            } else if call.name == "onDisappear" {
                for body in actionBodies(call, viewType: viewType) {
                    findTeardowns(in: body, properties: props, viewType: viewType)
                }
            }
        }
    }

    /// The name members of a type declaration are grouped under: a struct's own name, or the
    /// last component of an extension's extended type.
    func typeKey(_ declaration: Int) -> String? {
        let d = structure.declarations[declaration]
        guard d.kind.isTypeLike else { return nil }
        let name = structure.name(of: declaration)
        return d.kind == .extension ? lastComponent(name) : name
    }

    /// `@State` properties by view type, then (only if there are any) methods by view type.
    /// Most files have no `@State`, so they pay for one cheap pass over the declarations.
    private func collectMembers() {
        var keys: [Int: String] = [:]  // type declaration → its key, computed once each
        var lastKey: (parent: Int, key: String?)?  // members of a type are usually adjacent
        func key(_ parent: Int) -> String? {
            if let lastKey, lastKey.parent == parent { return lastKey.key }
            var computed = keys[parent]
            if computed == nil {
                computed = typeKey(parent)
                if let computed { keys[parent] = computed }
            }
            lastKey = (parent, computed)
            return computed
        }
        var run: (key: String, properties: NamedMembers<StateProperty>)?  // adjacent properties of one type
        for index in structure.stateVariables {
            let declaration = structure.declarations[index]
            guard let parent = declaration.parent, let key = key(parent) else { continue }
            var declaredType: String?
            var isOptional = false
            if let annotation = declaration.typeAnnotation, let (name, optional) = TypeNames.annotatedType(annotation, in: code) {
                declaredType = name
                isOptional = optional
            }
            let name = structure.name(of: index)
            let property = StateProperty(declaration: index, name: name, nameToken: declaration.nameToken,
                                         declaredType: declaredType, isOptional: isOptional)
            if run?.key != key {
                if let run { propertyLists[run.key, default: NamedMembers()].append(contentsOf: run.properties, in: code) }
                run = (key, NamedMembers())
            }
            run?.properties.append(property, nameToken: declaration.nameToken, in: code)
        }
        if let run { propertyLists[run.key, default: NamedMembers()].append(contentsOf: run.properties, in: code) }
        guard !propertyLists.isEmpty else { return }
        var lastOwner: (key: String, isView: Bool)?
        for declaration in structure.declarations where declaration.kind == .function {
            guard let body = declaration.body, let parent = declaration.parent, let key = key(parent) else { continue }
            if lastOwner?.key != key { lastOwner = (key, propertyLists[key] != nil) }
            guard lastOwner?.isView == true else { continue }
            methodLists[key, default: NamedMembers()].append(body, nameToken: declaration.nameToken, in: code)
        }
    }

    /// The closure or `perform:` method of a modifier, plus the methods of the same type it
    /// calls (a few levels deep).
    private func actionBodies(_ call: ModifierCall, viewType: String) -> [ClosedRange<Int>] {
        var bodies: [ClosedRange<Int>] = []
        if let closure = call.closure { bodies.append(closure) }
        if let performed = call.performMethodToken, let body = methodLists[viewType]?.member(named: performed, in: code) { bodies.append(body) }
        var visited = Set(bodies.map(\.lowerBound))
        var frontier = bodies
        for _ in 0..<3 where !frontier.isEmpty {
            var next: [ClosedRange<Int>] = []
            for body in frontier {
                for k in body where code.kind(k) == .identifier && code.kind(k + 1) == .leftParen {
                    let isMember = code.kind(k - 1) != .period || (code.keyword(k - 2) == .`self` && code.kind(k - 3) != .period)
                    guard isMember, let callee = methodLists[viewType]?.member(named: k, in: code), visited.insert(callee.lowerBound).inserted else { continue }
                    next.append(callee)
                }
            }
            bodies += next
            frontier = next
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
    private func propertyAssignments(in body: ClosedRange<Int>, properties: NamedMembers<StateProperty>) -> [(StateProperty, target: Int, name: Int)] {
        var found: [(StateProperty, target: Int, name: Int)] = []
        var locals: LocalScopes?
        for k in body where code.kind(k) == .identifier && code.kind(k + 1) == .operator && code.text(k + 1, is: "=") {
            guard let property = properties.member(named: k, in: code), let target = referenceStart(k) else { continue }
            if target == k {
                if code.keyword(k - 1) == .let || code.keyword(k - 1) == .var { continue }
                if locals == nil { locals = LocalScopes(body: body, code: code) }
                if locals?.isLocal(property.name, at: k) == true { continue }
            }
            found.append((property, target, k))
        }
        return found
    }

    private func findCreatingAssignments(in body: ClosedRange<Int>, properties: NamedMembers<StateProperty>,
                                         handler: String, viewType: String, scope: String) {
        var found: [(property: StateProperty, target: Int, value: Range<Int>, creation: Creation)] = []
        for (property, target, k) in propertyAssignments(in: body, properties: properties) {
            let valueStart = k + 2
            let valueEnd = min(ExpressionBounds.end(of: valueStart, in: code), body.upperBound)
            guard let creation = CreationResolver.creation(in: valueStart..<valueEnd, code: code,
                                                           declaredType: property.declaredType) else { continue }
            found.append((property, target, valueStart..<valueEnd, creation))
        }
        guard !found.isEmpty else { return }
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

    private func findTeardowns(in body: ClosedRange<Int>, properties: NamedMembers<StateProperty>, viewType: String) {
        for (property, _, k) in propertyAssignments(in: body, properties: properties) {
            let isNil = code.keyword(k + 2) == .nil
                || (code.kind(k + 2) == .period && code.text(k + 3, is: "none"))
            if isNil { teardowns[viewType, default: []].insert(property.name) }
        }
    }
}
