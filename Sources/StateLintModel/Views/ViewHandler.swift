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
    /// The assignments and tasks of the action itself.
    public let ownAssignments: [ReachedAssignment]
    public let ownTaskStarts: [ReachedTask]
    /// What the view's methods the action calls do: one object shared by every handler of the
    /// view that calls them alike (a view whose parts are declared thousands of times has as
    /// many handlers calling as many same-named methods: each handler's own copy was quadratic).
    /// A rule that goes through every handler looks at each object once (`ReachedEffects.id`).
    public let reached: ReachedEffects

    public var modifier: String { facts.modifier }
    public var nameSpan: SourceSpan { facts.nameSpan }

    /// The action's assignments, then those of the methods it calls.
    public var assignments: [ReachedAssignment] { reached.assignments.isEmpty ? ownAssignments : ownAssignments + reached.assignments }
    /// The tasks the action starts, then those the methods it calls start.
    public var taskStarts: [ReachedTask] { reached.taskStarts.isEmpty ? ownTaskStarts : ownTaskStarts + reached.taskStarts }
    /// Names whose `cancel()` is called on the way.
    public var cancelledNames: Set<String> { reached.cancelledNames.union(facts.action.cancelledNames) }
    /// Every name the action assigns, or the methods it calls do (`ActionFacts.assignedNames`).
    public var assignedNames: Set<String> { reached.assignedNames.union(facts.action.assignedNames) }
}

/// What the methods a handler calls do, at any depth: their assignments (guarded as on the way
/// there) and the tasks they start.
public final class ReachedEffects: Sendable {
    public let assignments: [ReachedAssignment]
    public let taskStarts: [ReachedTask]
    public let cancelledNames: Set<String>
    public let assignedNames: Set<String>

    package init(assignments: [ReachedAssignment] = [], taskStarts: [ReachedTask] = [], cancelledNames: Set<String> = [],
                 assignedNames: Set<String> = []) {
        self.assignedNames = assignedNames
        self.assignments = assignments
        self.taskStarts = taskStarts
        self.cancelledNames = cancelledNames
    }

    /// Handlers with the same `id` reach the same effects.
    public var id: ObjectIdentifier { ObjectIdentifier(self) }

    /// What a handler that calls nothing of its view reaches.
    package static let none = ReachedEffects()
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
    /// `facts` in a view without methods (a `#Preview` body).
    package init(_ facts: HandlerFacts) {
        var reach = MethodReach(methods: [:])
        self.init(facts, reach: &reach)
    }

    /// `facts`, following its calls through `reach`'s methods.
    package init(_ facts: HandlerFacts, reach: inout MethodReach) {
        self.facts = facts
        let shownWhileNil = facts.shownWhileNil
        ownAssignments = facts.action.assignments.map {
            ReachedAssignment(facts: $0, isNilGuarded: $0.isNilGuarded || shownWhileNil.contains($0.target), via: [])
        }
        ownTaskStarts = facts.action.taskStarts.map { ReachedTask(facts: $0, via: []) }
        reached = reach.effects(of: facts)
    }
}

/// Follows handlers' calls through a view's methods (by name; overloads share a name), and
/// keeps what each way of calling them reaches, so that handlers calling them alike share it.
package struct MethodReach {
    private let methods: [String: [ActionFacts]]
    private var known: [Entry: ReachedEffects] = [:]

    /// The methods called first, each with the names known nil where it is called.
    private struct Entry: Hashable {
        let calls: [Call]
        struct Call: Hashable {
            let name: String
            let nilNames: Set<String>
        }
    }

    package init(methods: [String: [ActionFacts]]) {
        self.methods = methods
    }

    /// What `facts`' calls reach. A method reached along several paths counts as guarded for a
    /// name only if every path guards it: its known-nil names are the intersection over the
    /// paths, worked out until nothing changes.
    package mutating func effects(of facts: HandlerFacts) -> ReachedEffects {
        // Most actions call no method of the view.
        guard !methods.isEmpty, !facts.action.calls.isEmpty || facts.performedMethod != nil else { return .none }
        let shownWhileNil = facts.shownWhileNil
        var calls = facts.action.calls.map { Entry.Call(name: $0.name, nilNames: $0.nilNames.union(shownWhileNil)) }
        if let performed = facts.performedMethod { calls.append(Entry.Call(name: performed, nilNames: shownWhileNil)) }
        let entry = Entry(calls: calls)
        if let effects = known[entry] { return effects }
        let effects = follow(entry)
        known[entry] = effects
        return effects
    }

    private func follow(_ entry: Entry) -> ReachedEffects {
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
        for call in entry.calls { reach(call.name, with: call.nilNames, from: "") }
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
        var assignments: [ReachedAssignment] = []
        var tasks: [ReachedTask] = []
        var cancelled: Set<String> = []
        var assigned: Set<String> = []
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
                assigned.formUnion(action.assignedNames)
            }
        }
        return ReachedEffects(assignments: assignments, taskStarts: tasks, cancelledNames: cancelled, assignedNames: assigned)
    }
}
