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
                // Kept in a local the same action (or method) cancels (`withTaskCancellationHandler
                // { … } onCancel: { work.cancel() }`): it lives no longer than the action.
                if let local = task.facts.storedInLocal, Self.cancelledNames(where: task, starts: handler, in: view).contains(local) { continue }
                // Kept somewhere else (a local, a collection) while `.onDisappear` cancels something.
                if task.facts.storedIn == nil && task.facts.isHandleKept && !cancelled.isEmpty { continue }
                let kind = task.facts.isDetached ? "Task.detached { … }" : "Task { … }"
                let stored = task.facts.storedIn.map { " Its handle is kept in `\($0)`, but no `.onDisappear` cancels it." } ?? ""
                let place = task.via.isEmpty ? "`.\(handler.modifier)`" : "`\(task.via.last!)()`, called from `.\(handler.modifier)`,"
                let fix: Result<Fix, Refusal> = Self.fix(task, of: handler, in: view, context)
                let message = "\(place) starts `\(kind)`, an unstructured task that keeps running after the view disappears (and starts again on every re-appear).\(stored) Use `.task { … }`, which SwiftUI cancels when the view goes away, or keep the handle in `@State` and cancel it in `.onDisappear`."
                switch fix {
                case .success(let fix): violations.append(RuleViolation(at: task.facts.span, fix: fix, message))
                case .failure(let refusal): violations.append(RuleViolation(at: task.facts.span, message + refusal.text))
                }
            }
        }
        return violations
    }

    /// What the code that starts the task cancels: the action's, or the method's it starts in.
    private static func cancelledNames(where task: ReachedTask, starts handler: ViewHandler, in view: SwiftUIView) -> [String] {
        guard let method = task.via.last else { return handler.facts.action.cancelledNames }
        let methods = view.parts.lazy.flatMap(\.methods).filter { $0.name == method }
        return methods.count == 1 ? methods.first!.action.cancelledNames : []
    }

    /// The priorities of work nobody waits for.
    package static let backgroundPriorities: Set<String> = ["background", "utility", "low"]

    /// Why no fix is offered, as the message's last sentence.
    package struct Refusal: Error {
        package let text: String
        init(_ text: String) { self.text = text }
    }

    /// The task's code moves into `.task { … }`: the whole action (`.onAppear { Task { … } }`),
    /// or a last statement after others (with an `if` around it). Else the finding says why not.
    private static func fix(_ task: ReachedTask, of handler: ViewHandler, in view: SwiftUIView, _ context: RuleContext) -> Result<Fix, Refusal> {
        // `if !reachedEnd { ProgressView().onAppear { reachedEnd = true; Task { … } } }`: the view
        // goes away as soon as the action runs, and so would a `.task` there, or the task that
        // an `.onDisappear` cancels.
        if let flipped = handler.facts.shownWhileReading.sorted().first(where: handler.assignedNames.contains) {
            return .failure(Refusal(" The action sets `\(flipped)`, which decides whether the view it is attached to is shown: that view may go away as soon as it is set (also from inside the task), and `.task` (or a cancel in its `.onDisappear`) would stop the work with it, so no automatic fix is offered."))
        }
        // Kept in a `@State` of the view (`loading = Task { … }`): cancelled when the view goes away.
        if let stored = task.facts.storedIn, let property = view.property(named: stored), property.wrapper == .state,
           let declared = property.declaredType, declared.name == "Task",
           let position = view.handlerPosition(at: handler.facts.dotOffset, in: handler.facts.nameSpan.file) {
            return .success(TeardownFix.fix(cancelling: stored, isOptional: declared.isOptional,
                                            at: TeardownFix.destination(after: position, in: view), in: view, context))
        }
        let move = task.via.isEmpty && handler.modifier == "onAppear"
            ? handler.facts.taskMoves.first { $0.taskOffset == task.facts.span.range.lowerBound } : nil
        if task.facts.isDetached {
            // It stays detached, run and cancelled by `.task`: its errors and result go unread, as before.
            if let move, move.detachedStart != nil, let fix = TaskModifierFix.move(handler.facts, move, context) { return .success(fix) }
            if task.via.isEmpty, let tail = handler.facts.detachedTail, tail.start == task.facts.span.range.lowerBound {
                return .success(TaskModifierFix.waitingForDetached(handler.facts, tail, context))
            }
            if task.via.count == 1, let method = task.via.last, handler.modifier == "onAppear" || handler.modifier == "task",
               case .success(let fix) = asyncMethodFix(method, of: handler, in: view, catching: false, detached: true, context) {
                return .success(fix)
            }
            return .failure(Refusal(" `Task.detached` runs its code off the view's actor: keep it detached in `.task { … }` and cancel it there (`withTaskCancellationHandler`); no automatic fix is offered where it is not a statement of `.onAppear` of its own."))
        }
        // `.onAppear { Task { try await … } }`: the task dropped its error and skipped the rest;
        // `do { … } catch {}` in `.task` does the same.
        let dropsItsError = task.facts.mayThrow && !task.facts.returnsValue && !task.facts.isHandleKept
        if dropsItsError, task.via.isEmpty, handler.modifier == "onAppear",
           handler.ownTaskStarts.count + handler.reached.taskStarts.count == 1,
           let conversion = handler.facts.taskConversion, !conversion.hasSignature || conversion.mainActorSignature != nil {
            return .success(TaskModifierFix.catchingAll(handler.facts, conversion, context))
        }
        // Beside other statements (or in a last `if`), the same in the `.task` after the action.
        if dropsItsError, let move,
           let fix = TaskModifierFix.move(handler.facts, move, catching: true, context) {
            return .success(fix)
        }
        let note = bodyNote(task.facts)
        if let method = task.via.last, note == nil || dropsItsError {
            let advice = " It starts in `\(method)()`: make that method `async` (awaiting the work instead of starting a task) and call it from `.task { await \(method)() }`; no automatic fix is offered, as "
            guard task.via.count == 1 else { return .failure(Refusal(advice + "the action reaches it through other methods.")) }
            guard handler.modifier == "onAppear" || handler.modifier == "task" else {
                return .failure(Refusal(advice + "`.\(handler.modifier)` calls it."))
            }
            return asyncMethodFix(method, of: handler, in: view, catching: dropsItsError, context).mapError { Refusal(advice + $0.text + ".") }
        }
        if let note { return .failure(Refusal(note)) }
        // The last thing the action does: the action becomes `.task` with the task's code in place.
        // A priority becomes `.task(priority:)`'s; in a `.task` already, only its own.
        let tail = handler.ownTaskStarts.count == 1
            ? handler.facts.tailTasks.first(where: { $0.taskOffset == task.facts.span.range.lowerBound
                && ($0.conversion.priority == nil || handler.modifier == "onAppear" || $0.conversion.priority == handler.facts.priority) }) : nil
        guard handler.modifier == "onAppear" else {
            if let tail { return .success(TaskModifierFix.inline(handler.facts, tail.conversion, context)) }
            if let other = handler.facts.tailTasks.first(where: { $0.taskOffset == task.facts.span.range.lowerBound }),
               let priority = other.conversion.priority {
                return .failure(Refusal(" It is the last work of `.\(handler.modifier)`, whose priority its code would take instead of its own (`\(priority)`): await its work there; no automatic fix is offered."))
            }
            return .failure(Refusal(" It starts in the code of `.\(handler.modifier)`: await its work there instead of starting a task; no automatic fix is offered where it is not the last thing the action does."))
        }
        if handler.ownTaskStarts.count + handler.reached.taskStarts.count == 1, let conversion = handler.facts.taskConversion {
            return .success(TaskModifierFix.fix(handler.facts, conversion, context))
        }
        if let move, let fix = TaskModifierFix.move(handler.facts, move, context) { return .success(fix) }
        if let tail { return .success(TaskModifierFix.inline(handler.facts, tail.conversion, context)) }
        return .failure(Refusal(" The task sits in more than a last `if` without `else`, or has a comment beside it, so no automatic fix is offered: move its code into `.task { … }` after the action."))
    }

    /// `.onAppear { load() }` where `func load() { Task { … } }`: `load()` becomes `async` with the
    /// task's code, `.task { await load() }` calls it, and every other call in its file (a
    /// statement `load()`) becomes `Task { await load() }`, which starts the work as before. Else
    /// why not (the end of a sentence).
    /// `catching`: the task's code can throw, and nothing read its error: the method keeps it in
    /// `do { … } catch {}`, which drops the error as the task did.
    private static func asyncMethodFix(_ method: String, of handler: ViewHandler, in view: SwiftUIView, catching: Bool,
                                       detached: Bool = false, _ context: RuleContext) -> Result<Fix, Refusal> {
        let owners = view.parts.filter { part in part.methods.contains { $0.name == method } }
        guard owners.count == 1, let part = owners.first, let facts = part.methods.first(where: { $0.name == method }) else {
            return .failure(Refusal("the view declares more than one `\(method)`"))
        }
        guard let conversion = facts.asyncConversion else {
            return .failure(Refusal("it does more after the task, or `Task {` and its `}` are not on lines of their own"))
        }
        // `Task.detached` stays detached; a `Task {` stays a plain task's code.
        guard (conversion.detached != nil) == detached else { return .failure(Refusal("it starts another task last")) }
        // `Task { @MainActor in … }` would lose its isolation in `do { … }`.
        if catching && conversion.task?.hasSignature == true { return .failure(Refusal("its task's closure has a signature, and its code can throw")) }
        // A private method is called from its file only; another may be called from any part.
        guard conversion.isPrivate || view.parts.allSatisfy({ $0.file == part.file }) else {
            return .failure(Refusal("it is not private, and the view's code in other files may call it"))
        }
        guard conversion.isTypePrivate || context.reference(toMember: method, withoutArguments: conversion.takesNoArguments) == nil else {
            return .failure(Refusal("other types may call it"))
        }
        if conversion.mentions > 1 {
            guard conversion.calls != nil else { return .failure(Refusal("its type names it other than in calls of their own")) }
            // Other calls become `Task { await load() }`: the same only when all the method
            // did was start the task.
            guard conversion.isTaskOnly else {
                return .failure(Refusal("other code calls it too, where its code before the task would run later, in a `Task { await \(method)() }`"))
            }
        }
        let action = handler.facts.action
        let calls = action.calls.filter { $0.name == method }
        guard calls.count == 1, let call = calls.first, let closure = handler.facts.closure else {
            return .failure(Refusal("the action calls it more than once"))
        }
        guard action.taskStarts.isEmpty else { return .failure(Refusal("the action starts a task of its own too")) }
        let isWhole = closure.firstStatementStart == call.span.range.lowerBound && closure.lastStatementEnd == call.end
        // Among other statements, as a plain `load()` on a line of its own: last, unless the
        // method's code is all the task's (which ran after the action anyway). That line moves.
        // Not after code that may leave the action early: out of it, the call would run where it did not.
        let movesAlone = !isWhole && !call.isNested && !call.followsPossibleExit && handler.modifier == "onAppear"
            && isOnALineOfItsOwn(call, in: handler, context)
            && (conversion.isTaskOnly || closure.lastStatementEnd == call.end)
            && call.span.range.count == method.utf8.count && call.end == call.span.range.upperBound + 2
        // Otherwise, the action's last work (in an `if`, say): the whole action becomes `.task`,
        // awaiting the call, after which it did nothing more.
        guard isWhole || movesAlone || call.endsBody else {
            return .failure(Refusal("the action does more after calling it, which awaiting it would hold back"))
        }
        return .success(TaskModifierFix.asyncMethod(handler.facts, call: call, conversion: conversion, in: part.file,
                                                    wholeAction: !movesAlone, catching: catching, context))
    }

    /// Whether a call is alone on its line, inside the action's braces.
    private static func isOnALineOfItsOwn(_ call: CallFacts, in handler: ViewHandler, _ context: RuleContext) -> Bool {
        guard let closure = handler.facts.closure else { return false }
        let file = handler.facts.nameSpan.file
        let line = context.line(ofOffset: call.span.range.lowerBound, in: file)
        let style = context.style(of: handler.facts.nameSpan)
        return call.span.range.lowerBound - context.start(ofLine: line, in: file) == style.indentation(ofLine: line).utf8.count
            && context.start(ofLine: line + 1, in: file) - style.lineEnding.rawValue.utf8.count == call.end
            && context.line(ofOffset: closure.close, in: file) > line && context.line(ofOffset: closure.open, in: file) < line
    }

    /// Why the task's code cannot simply move into `.task { … }` (and no fix is offered): its
    /// action neither throws nor returns a value.
    package static func bodyNote(_ task: TaskStartFacts) -> String? {
        if task.mayThrow {
            return " Its code can throw, and `.task`'s action cannot: handle the errors inside it (`do { … } catch { … }`, showing or logging them) when you move it, so no automatic fix is offered."
        }
        if task.returnsValue {
            return " Its code returns a value, and `.task`'s action returns nothing: store the result instead of returning it when you move it, so no automatic fix is offered."
        }
        return nil
    }
}
