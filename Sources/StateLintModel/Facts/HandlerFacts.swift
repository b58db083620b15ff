import StateLintSyntax
import StateLintIndex

/// A modifier that takes an action, as written in a type's code: `.onAppear { … }`,
/// `.task(id: x) { … }`, `.onDisappear(perform: stop)`.
public struct HandlerFacts: Sendable {
    /// The modifier's name: `onAppear`, `task`, `onDisappear`, a project's `onFirstAppear`.
    public let modifier: String
    /// What the action closure does (empty for `perform: method`).
    public let action: ActionFacts
    /// The method named as the action: `perform: load`, `perform: self.load`.
    public let performedMethod: String?
    /// The modifier's name token.
    public internal(set) var nameSpan: SourceSpan
    /// The `.` before the name, and the offset just past the call (its closure or its `)`).
    public let dotOffset: Int
    public let callEnd: Int
    /// The action closure's braces and where its last statement ends (nil when it is empty).
    public let closure: ClosureShape?
    /// The position in its part's `handlers` of the action modifier that comes right after this
    /// one in the same chain (`.onAppear { … }.onDisappear { … }`), if any.
    public internal(set) var nextInChain: Int?
    /// For `.onAppear { Task { … } }` with nothing else in the action: how to make it `.task { … }`.
    public let taskConversion: TaskConversion?
    /// For an `.onAppear` with tasks among its statements (or an `if` holding only one, last):
    /// how to move each to a `.task { … }` of its own.
    public let taskMoves: [TaskMove]
    /// Tasks after which the action runs nothing more (the last statement of a block that is the
    /// last of its own, up to the action; not in a closure): the action can become `.task` with
    /// their code in place, `Task {` and its `}` removed.
    public let tailTasks: [TailTask]
    /// `.task(priority: .background) { … }`: the argument as written (`priority: .background`).
    public internal(set) var priority: String?
    /// `Task.detached { … }` as the action's last work (see `HandlerShapes.detachedTail`).
    public internal(set) var detachedTail: DetachedTail?
    /// The names nil wherever the view it modifies exists (`ViewConditions`): the action runs
    /// only while they are nil, as if it checked them itself.
    public let shownWhileNil: Set<String>
    /// The names the conditions that decide whether that view is shown read
    /// (`ViewConditions.namesRead`): where the action sets one, the view may go away at once.
    public internal(set) var shownWhileReading: Set<String> = []
}

/// Where a closure's braces are, for fixes that add a statement to it.
public struct ClosureShape: Sendable {
    public let open: Int
    public let close: Int
    /// Just past the last token before the `}`; nil for an empty closure.
    public let lastStatementEnd: Int?
    /// Where the first statement starts, after a signature (`{ [weak model] in`, `{ @MainActor in`);
    /// nil for an empty closure.
    public let firstStatementStart: Int?
    /// Just past the `{`, or past the `in` of a signature: where statements may be added first.
    public let statementsOpen: Int
    /// Whether a statement added before the `}` would run, on its own: not where the code ends
    /// mid-expression (`print(x) .`, `a +`, `let`: broken code the statement would join) or
    /// with `return`.
    public let takesStatementAtEnd: Bool

    public init(open: Int, close: Int, lastStatementEnd: Int?, firstStatementStart: Int? = nil, statementsOpen: Int? = nil,
                takesStatementAtEnd: Bool = true) {
        self.open = open
        self.close = close
        self.lastStatementEnd = lastStatementEnd
        self.firstStatementStart = firstStatementStart
        self.statementsOpen = statementsOpen ?? open + 1
        self.takesStatementAtEnd = takesStatementAtEnd
    }
}

/// The edits that turn `.onAppear { Task { body } }` into `.task { body }`: rename the modifier,
/// remove what stands between the action's `{` and the task's `{` (inclusive), and what follows
/// the task's `}` up to the action's `}` (inclusive); lines in between lose one indentation unit.
public struct TaskConversion: Sendable {
    public let removedBeforeBody: Range<Int>
    public let removedAfterBody: Range<Int>
    /// The task's `{` and `}`: the lines after the first up to the second are dedented.
    public let bodyOpen: Int
    public let bodyClose: Int
    /// `Task(priority: .userInitiated) { … }`: the argument, as written (`priority: .userInitiated`).
    public let priority: String?
    /// The offset of `Task`, and whether its closure has a signature (`@MainActor in`, a capture list).
    public var taskStart = 0
    public var hasSignature = false
    /// The signature is exactly `@MainActor in`: from just past the task's `{` to just past `in`.
    public var mainActorSignature: Range<Int>?
}

/// A task the action ends with, and how to put its code in its place.
public struct TailTask: Sendable {
    /// The offset of its `Task`.
    public let taskOffset: Int
    public let conversion: TaskConversion
}

/// `.onAppear { a(); Task { … }; b() }` or `.onAppear { a(); if ready { Task { … } } }`: the task
/// (and the `if` around it) leaves the action for a `.task { … }` after it; the other statements
/// stay, and run before the task's code as they did (a task's code never runs before the action
/// that started it ends).
public struct TaskMove: Sendable {
    /// What leaves the action: the statement's lines (or the statement, on a shared line).
    public let removed: Range<Int>
    /// The offset of the `Task` that moves.
    public let taskOffset: Int
    /// The task's closure as written, from `{` to `}`, and the indentation of the statement's line.
    public let closure: String
    public let indentation: String
    /// `if ready` (the `if` and its condition as written) when an `if` held the task.
    public let condition: String?
    public let priority: String?
    /// `Task.detached { … }` (or with arguments), as written up to its closure: it stays detached,
    /// and `.task` cancels it (`withTaskCancellationHandler`).
    public let detachedStart: String?
    /// The task is the action's only statement: the modifier itself becomes `.task`.
    public let isWholeAction: Bool
    /// The `//` lines right above the statement, which leave with it (each trimmed).
    public var leadingComments: [String] = []
}
