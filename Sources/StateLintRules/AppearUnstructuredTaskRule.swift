import StateLintSyntax
import StateLintIndex
import StateLintModel

/// `appear_unstructured_task`: a `Task { … }` started on appear that nothing cancels.
public struct AppearUnstructuredTaskRule: Rule {
    public static let description = RuleDescription(
        id: "appear_unstructured_task",
        name: "Unstructured task started on appear",
        summary: "An appear handler starts a `Task { … }` whose handle is not kept and cancelled in `.onDisappear`, so it keeps running after the view is gone.",
        rationale: "A `Task { … }` created in `.onAppear` is unstructured: nothing ties it to the view, so it goes on after the view disappears (a loop, a stream, a long download), and a new one starts on every re-appear. `.task { … }` runs the same work tied to the view's lifetime and cancels it on disappear. Otherwise keep the handle in `@State` and cancel it in `.onDisappear`.")

    public static let options = [AppearHandlersOption.spec]

    package let handlers: Set<String>

    public init(configuration: RuleConfiguration?) {
        handlers = AppearHandlersOption.handlers(configuration)
    }

    public func check(_ view: SwiftUIView, _ context: RuleContext) -> [RuleViolation] {
        let cancelled = view.cancelledNames(ofHandlersIn: ["onDisappear"])
        var seen: Set<SourceSpan> = []
        // The tasks of methods reached before were seen then.
        var reached: Set<ObjectIdentifier> = []
        var violations: [RuleViolation] = []
        for handler in view.handlers(in: handlers) {
            let tasks = reached.insert(handler.reached.id).inserted ? handler.taskStarts : handler.ownTaskStarts
            for task in tasks where seen.insert(task.facts.span).inserted {
                // Nothing outlives the view: the task ends at once, or its starter waits for it.
                guard task.facts.mayNoticeCancellation, !task.facts.isAwaitedAtOnce else { continue }
                // Spun off on purpose: an async method of the view, which could have awaited the
                // work, starts it at a background priority instead (cache warming, prefetching), to
                // finish on its own. Written in the handler itself, it escapes the view's lifetime.
                if task.facts.isInAsyncFunction, let priority = task.facts.priority, Self.backgroundPriorities.contains(priority) { continue }
                if let stored = task.facts.storedIn, cancelled.contains(stored) { continue }
                // Kept somewhere else (a local, a collection) while `.onDisappear` cancels something.
                if task.facts.storedIn == nil && task.facts.isHandleKept && !cancelled.isEmpty { continue }
                let kind = task.facts.isDetached ? "Task.detached { … }" : "Task { … }"
                let stored = task.facts.storedIn.map { " Its handle is kept in `\($0)`, but no `.onDisappear` cancels it." } ?? ""
                let place = task.via.isEmpty ? "`.\(handler.modifier)`" : "`\(task.via.last!)()`, called from `.\(handler.modifier)`,"
                // The whole action of `.onAppear { Task { … } }`: it can become `.task { … }`,
                // whose action neither throws nor returns a value.
                var fix: Fix?
                if task.via.isEmpty, handler.ownTaskStarts.count + handler.reached.taskStarts.count == 1,
                   let conversion = handler.facts.taskConversion,
                   !task.facts.mayThrow, !task.facts.returnsValue {
                    fix = TaskModifierFix.fix(handler.facts, conversion, context)
                }
                violations.append(RuleViolation(at: task.facts.span, fix: fix, "\(place) starts `\(kind)`, an unstructured task that keeps running after the view disappears (and starts again on every re-appear).\(stored) Use `.task { … }`, which SwiftUI cancels when the view goes away, or keep the handle in `@State` and cancel it in `.onDisappear`.\(Self.bodyNote(task.facts))"))
            }
        }
        return violations
    }

    /// The priorities of work nobody waits for.
    package static let backgroundPriorities: Set<String> = ["background", "utility", "low"]

    /// Why the task's code cannot simply move into `.task { … }` (and no fix is offered): its
    /// action neither throws nor returns a value.
    package static func bodyNote(_ task: TaskStartFacts) -> String {
        if task.mayThrow {
            return " Its code can throw, and `.task`'s action cannot: handle the errors inside it (`do { … } catch { … }`, showing or logging them) when you move it, so no automatic fix is offered."
        }
        if task.returnsValue {
            return " Its code returns a value, and `.task`'s action returns nothing: store the result instead of returning it when you move it, so no automatic fix is offered."
        }
        return ""
    }
}
