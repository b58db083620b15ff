import StateLintSyntax
import StateLintIndex

/// An action modifier of a view (`.onAppear { … }`, `.task(id:) { … }`, `.onDisappear(perform:)`)
/// with everything its action reaches: its own statements and those of the view's methods it
/// calls, at any depth, in any file.
public struct ViewHandler: Sendable {
    public let facts: HandlerFacts
    /// The position in the view's `handlers` of the action modifier right after this one in its
    /// chain (`.onAppear { … }.onDisappear { … }`).
    public internal(set) var nextInChain: Int? = nil
    public let assignments: [ReachedAssignment]
    public let taskStarts: [ReachedTask]
    /// Names whose `cancel()` is called on the way.
    public let cancelledNames: Set<String>

    public var modifier: String { facts.modifier }
    public var nameSpan: SourceSpan { facts.nameSpan }
}

/// An assignment an action makes, directly or in a method it calls.
public struct ReachedAssignment: Sendable {
    public let facts: AssignmentFacts
    /// Whether it runs only while its target is nil: by the guards in its own body, by those
    /// around every call that leads to it (`if model == nil { load() }`), or because the view
    /// the handler is attached to exists only while it is nil (`HandlerFacts.shownWhileNil`).
    public let isNilGuarded: Bool
    /// The methods called on the way from the action, outermost first; empty in the action itself.
    public let via: [String]
}

/// An unstructured task an action starts, directly or in a method it calls.
public struct ReachedTask: Sendable {
    public let facts: TaskStartFacts
    public let via: [String]
}

extension ViewHandler {
    /// Follows `facts`' calls through `methods` (a view's methods by name; overloads share a
    /// name). A method reached along several paths counts as guarded for a name only if every
    /// path guards it: its known-nil names are the intersection over the paths, worked out
    /// until nothing changes.
    package init(_ facts: HandlerFacts, methods: [String: [ActionFacts]]) {
        self.facts = facts
        // Most actions call no method of the view: their own statements are all they reach.
        let shownWhileNil = facts.shownWhileNil
        guard !methods.isEmpty, !facts.action.calls.isEmpty || facts.performedMethod != nil else {
            assignments = facts.action.assignments.map {
                ReachedAssignment(facts: $0, isNilGuarded: $0.isNilGuarded || shownWhileNil.contains($0.target), via: [])
            }
            taskStarts = facts.action.taskStarts.map { ReachedTask(facts: $0, via: []) }
            cancelledNames = Set(facts.action.cancelledNames)
            return
        }
        var nilNames: [String: Set<String>] = [:]
        var parent: [String: String] = [:]  // method → the method it was first reached from ("" for the action)
        var order: [String] = []
        var pending: [String] = []
        func reach(_ method: String, with names: Set<String>, from caller: String) {
            guard methods[method] != nil else { return }
            if let known = nilNames[method] {
                let narrowed = known.intersection(names)
                guard narrowed != known else { return }
                nilNames[method] = narrowed
            } else {
                nilNames[method] = names
                parent[method] = caller
                order.append(method)
            }
            pending.append(method)
        }
        for call in facts.action.calls { reach(call.name, with: call.nilNames.union(shownWhileNil), from: "") }
        if let performed = facts.performedMethod { reach(performed, with: shownWhileNil, from: "") }
        while let method = pending.popLast() {
            let known = nilNames[method] ?? []
            for action in methods[method] ?? [] {
                for call in action.calls { reach(call.name, with: known.union(call.nilNames), from: method) }
            }
        }
        func path(to method: String) -> [String] {
            var path: [String] = []
            var current = method
            while !current.isEmpty, path.count <= order.count {
                path.append(current)
                current = parent[current] ?? ""
            }
            return path.reversed()
        }
        var assignments = facts.action.assignments.map {
            ReachedAssignment(facts: $0, isNilGuarded: $0.isNilGuarded || shownWhileNil.contains($0.target), via: [])
        }
        var tasks = facts.action.taskStarts.map { ReachedTask(facts: $0, via: []) }
        var cancelled = Set(facts.action.cancelledNames)
        for method in order {
            let via = path(to: method)
            let known = nilNames[method] ?? []
            for action in methods[method] ?? [] {
                // A name nil on every path here that the method creates guards its other creations too.
                let createdHere = Set(action.assignments.filter { $0.value.creation != nil }.map(\.target))
                let guardedBySibling = !known.isDisjoint(with: createdHere)
                assignments += action.assignments.map {
                    ReachedAssignment(facts: $0, isNilGuarded: $0.isNilGuarded || known.contains($0.target)
                                        || (guardedBySibling && $0.value.creation != nil), via: via)
                }
                tasks += action.taskStarts.map { ReachedTask(facts: $0, via: via) }
                cancelled.formUnion(action.cancelledNames)
            }
        }
        self.assignments = assignments
        taskStarts = tasks
        cancelledNames = cancelled
    }
}
