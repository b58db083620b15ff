import StateLintSyntax
import StateLintIndex

/// What one body of code does that the lifecycle rules care about: a closure given to a
/// modifier, a method, or an initializer. Nested closures (`Task { … }`, `withAnimation { … }`)
/// count as part of the body they are written in.
public struct ActionFacts: Sendable {
    /// Assignments to names that are not local variables of the body, in source order.
    public internal(set) var assignments: [AssignmentFacts] = []
    /// Every name the body assigns (`name = …`, `self.name = …`), whatever the value: locals
    /// included, which only makes a question about the view's properties more careful.
    public internal(set) var assignedNames: Set<String> = []
    /// Calls of methods on `self`: `load()`, `self.load()`.
    public internal(set) var calls: [CallFacts] = []
    /// `Task { … }` and `Task.detached { … }` started here.
    public internal(set) var taskStarts: [TaskStartFacts] = []
    /// Names whose `cancel()` (or `invalidate()`) is called: `task?.cancel()`, `self.timer.invalidate()`.
    public internal(set) var cancelledNames: [String] = []
    /// For an initializer: its parameters' names (what its code may read besides the view's
    /// properties), every `_name = …` it writes (by name, whatever the value), and whether it
    /// hands over to another (`self.init(…)`).
    public internal(set) var parameterNames: [String] = []
    public internal(set) var storageAssignments: [String] = []
    public internal(set) var delegatesToSelfInit = false

    public var isEmpty: Bool {
        assignments.isEmpty && calls.isEmpty && taskStarts.isEmpty && cancelledNames.isEmpty
    }
}

/// `name = value`, `self.name = value` or `_name = value`.
public struct AssignmentFacts: Sendable {
    /// The property's name, without `self.` or the storage's `_`.
    public let target: String
    /// `_name = …`: the assignment sets the wrapper itself, not its value.
    public let isStorage: Bool
    public let value: ValueFacts
    /// For `_name = State(wrappedValue: x)` (also `initialValue:`, `ObservedObject(…)`,
    /// `StateObject(…)`, `.init(wrappedValue:)`): the wrapper and `x`.
    public let wrapper: WrapperValue?
    /// Whether the assignment runs only while `target` is nil, by the guards around it in its
    /// own body (`if name == nil { … }`, `guard name == nil else { return }`, …) — or while a
    /// sibling the same body creates is nil (`guard a == nil else { return }; a = A(); b = B()`:
    /// `b` is made once per `a`). Guards at the call sites of the method it is in are
    /// `CallFacts.nilNames`.
    public internal(set) var isNilGuarded: Bool
    /// Whether the body stops the old value first (`timer?.invalidate(); timer = Timer(…)`,
    /// `work?.cancel(); work = DispatchWorkItem { … }`): a replacement made on purpose.
    public let replacesStoppedValue: Bool
    /// From the target's first token (`name`, `self` or `_name`) to the end of the value.
    public internal(set) var span: SourceSpan
    /// Written `self.name = …` (a fix keeps the spelling).
    public let isSpelledWithSelf: Bool
    /// The value is a local the body made earlier (`let m = Manager(); m.start(); manager = m`):
    /// `value` is that creation. A nil check around the assignment alone would come too late.
    public internal(set) var isLocalCreation = false
    /// Written directly in the body, not in a nested block or closure: it runs whenever the body does.
    public internal(set) var isUnconditional = false
    /// For a creation not nil-guarded: the flag of an `if !loaded { …; loaded = true }` around
    /// it, which makes it once while the flag stays set.
    public internal(set) var onceFlag: String?
    /// For a creation in an initializer: its text (`Model(title: "x")`), which a fix may move.
    public internal(set) var creationText: String?
    /// For a creation: the plain names its arguments read (`title` of `Model(title: title)`;
    /// `self` when written), not argument labels or members: whether it could run elsewhere.
    public internal(set) var creationReads: [String] = []

    /// The value the property ends up holding: the wrapped value for a storage assignment.
    public var assignedValue: ValueFacts { wrapper?.wrappedValue ?? value }
}

/// `State(wrappedValue: x)` and its kin, assigned to a property's storage.
public struct WrapperValue: Sendable {
    /// `State`, `StateObject`, `ObservedObject`; nil for `.init(wrappedValue:)`.
    public let typeName: String?
    public let wrappedValue: ValueFacts
    /// The wrapper's name token (`ObservedObject` in `ObservedObject(wrappedValue: …)`).
    public internal(set) var typeSpan: SourceSpan?
    /// The `initialValue` label of `State(initialValue: x)` (`ObservedObject(initialValue: x)`),
    /// which `StateObject` does not have; nil for `wrappedValue:`.
    public internal(set) var initialValueLabelSpan: SourceSpan? = nil
}

/// A call of a method of the same type.
public struct CallFacts: Sendable {
    public let name: String
    /// Names known to be nil where the call is made (`if model == nil { load() }`): the callee's
    /// assignments to them are guarded too.
    public let nilNames: Set<String>
    /// From the call's first token (`self` or the name) to the name.
    public internal(set) var span: SourceSpan
    /// Just past the call's `)`.
    public internal(set) var end = 0
    /// Inside any block or closure within the body: not one of its own statements.
    public internal(set) var isNested = false
    /// Code before it may leave the body early (`guard … else { return }`, `return`, `throw`,
    /// `break`, `continue`) or is compiled only sometimes (`#if`): it may not run each time.
    public internal(set) var followsPossibleExit = false
    /// The last work of the body: only `}` and `else`/`catch` branches follow it, and the blocks
    /// around it are `if`/`else` blocks (not closures or loops).
    public internal(set) var endsBody = false
}

/// An unstructured task: `Task { … }`, `Task(priority: …) { … }`, `Task.detached { … }`.
public struct TaskStartFacts: Sendable {
    public let isDetached: Bool
    /// The property the task's handle is assigned to (`loading = Task { … }`), if any.
    public let storedIn: String?
    /// The local it is bound to (`let work = Task { … }`), if any.
    public let storedInLocal: String?
    /// Whether the handle is used at all (assigned to a property or a local, passed on,
    /// returned), as opposed to discarded (`Task { … }` as a statement, `_ = Task { … }`).
    public let isHandleKept: Bool
    /// `await Task { … }.value`: the code that starts it waits for it to finish.
    public let isAwaitedAtOnce: Bool
    /// Whether its code awaits or checks `Task.isCancelled`/`checkCancellation()`. One that does
    /// neither (`Task { @MainActor in name = n }`) runs to its end at once: cancelling it would
    /// change nothing.
    public let mayNoticeCancellation: Bool
    /// Whether an error may leave its code: a `try` (not `try?`/`try!`) or a `throw` outside a
    /// `do` whose last `catch` catches everything and outside nested tasks (see
    /// `TaskOperationReader`). Such a task is a `Task<…, Error>`, whose body `.task`'s
    /// non-throwing action cannot take.
    public let mayThrow: Bool
    /// Whether its code has `return value` outside nested closures, so the task makes a value,
    /// which `.task`'s `Void` action cannot return.
    public let returnsValue: Bool
    /// The priority it is given as `Task(priority: .background)`: `background`.
    public let priority: String?
    /// Started in an `async` method (or initializer), which could have awaited the work instead.
    public internal(set) var isInAsyncFunction = false
    /// From `Task` to the end of its closure.
    public internal(set) var span: SourceSpan
}
