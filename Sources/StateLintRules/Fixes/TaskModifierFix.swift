import StateLintSyntax
import StateLintIndex
import StateLintModel

/// `appear_unstructured_task`'s fixes, which give the task's code to `.task { … }`, whose task
/// SwiftUI cancels when the view goes away:
///
/// - `.onAppear { Task { … } }`, the task the whole action, becomes `.task { … }` (the body keeps
///   its lines, one indentation level shallower); `Task(priority: p)` becomes `.task(priority: p)`;
/// - `.onAppear { a(); Task { … } }` keeps `a()` and hands the task (and an `if` around it) to a
///   new `.task { … }` right after it: the action's statements still run first, as a task's code
///   never starts before the action that made it ends;
/// - `Task.detached { … }` stays detached, started by `.task` and cancelled with it
///   (`withTaskCancellationHandler`);
/// - `func load() { …; Task { … } }`, called only by `.onAppear`, becomes `async`, awaited in `.task`
///   (a `Task.detached { … }` it ends with stays detached, awaited under a cancellation handler).
package enum TaskModifierFix {
    package static func fix(_ handler: HandlerFacts, _ conversion: TaskConversion, _ context: RuleContext) -> Fix {
        let name = conversion.priority.map { "task(\($0))" } ?? "task"
        let edits = [context.edit(handler.nameSpan, name)] + bodyEdits(conversion, in: handler.nameSpan.file, context)
        return Fix(summary: "Use `.task { … }`, which SwiftUI cancels on disappear", edits: edits)
    }

    /// `.onAppear { Task { try await load(); show() } }`: the task dropped an error it threw
    /// (nothing read its result) and skipped what followed; `.task { do { … } catch {} }` does
    /// the same, its lines where they were. A task written `Task { @MainActor in … }` keeps that
    /// isolation: `.task { @MainActor in do { … } catch {} }`.
    package static func catchingAll(_ handler: HandlerFacts, _ conversion: TaskConversion, _ context: RuleContext) -> Fix {
        let file = handler.nameSpan.file
        let name = conversion.priority.map { "task(\($0))" } ?? "task"
        var edits = [context.edit(handler.nameSpan, name)] + doCatchEdits(conversion, in: file, context)
        if let signature = conversion.mainActorSignature {
            let actionOpen = conversion.removedBeforeBody.lowerBound
            edits.append(context.edit(SourceSpan(file: file, range: actionOpen..<actionOpen), " @MainActor in"))
            edits.append(context.edit(SourceSpan(file: file, range: signature), ""))
        }
        return Fix(summary: "Use `.task { … }`, which SwiftUI cancels on disappear, dropping the task's errors as it did", edits: edits)
    }

    /// `.onAppear { if ready { …; Task { work } } }`, a task after which the action does
    /// nothing more: `.task { if ready { …; work } }` (`Task(priority: p)`: `.task(priority: p)`).
    package static func inline(_ handler: HandlerFacts, _ conversion: TaskConversion, _ context: RuleContext) -> Fix {
        var edits = bodyEdits(conversion, in: handler.nameSpan.file, context)
        if handler.modifier != "task" { edits.append(context.edit(handler.nameSpan, conversion.priority.map { "task(\($0))" } ?? "task")) }
        return Fix(summary: "Run the action in `.task { … }`, which SwiftUI cancels on disappear, with the task's code in place", edits: edits)
    }

    /// `.onAppear { load() }` and `func load() { Task { … } }` → `.task { await load() }` and
    /// `func load() async { … }`; `catching`: `func load() async { do { … } catch {} }`, for a
    /// task whose error nothing read.
    package static func asyncMethod(_ handler: HandlerFacts, call: CallFacts, conversion: AsyncConversion, in file: FileID,
                                    wholeAction: Bool, catching: Bool = false, _ context: RuleContext) -> Fix {
        // A detached task keeps its own priority; `.task` only waits for it.
        let priority = conversion.task?.priority
        let name = priority.map { "task(\($0))" } ?? "task"
        var edits = [context.edit(SourceSpan(file: file, range: conversion.asyncOffset..<conversion.asyncOffset), " async")]
        if let task = conversion.task {
            edits += catching ? doCatchEdits(task, in: file, context) : bodyEdits(task, in: file, context)
        } else if let detached = conversion.detached {
            edits += waitEdits(detached, in: file, context)
        }
        // Its other callers still start the work and go on, as before (each call once: a file
        // that declares the view twice may list one twice).
        var wrapped: Set<Int> = []
        for other in conversion.calls ?? [] where !(file == call.span.file && other.contains(call.span.range.lowerBound))
            && wrapped.insert(other.lowerBound).inserted {
            let task = priority.map { "Task(\($0)) { await " } ?? "Task { await "
            edits.append(context.edit(SourceSpan(file: file, range: other.lowerBound..<other.lowerBound), task))
            edits.append(context.edit(SourceSpan(file: file, range: other.upperBound..<other.upperBound), " }"))
        }
        let handlerFile = handler.nameSpan.file
        if wholeAction {
            // `.onAppear { load() }` → `.task { await load() }` (and `.onAppear { if a { load() } }`
            // → `.task { if a { await load() } }`: the action's code runs as the task starts).
            if handler.modifier != "task" { edits.append(context.edit(handler.nameSpan, name)) }
            edits.append(context.edit(SourceSpan(file: handlerFile, range: call.span.range.lowerBound..<call.span.range.lowerBound), "await "))
        } else {
            // A statement on a line of its own: that line leaves for a `.task`.
            let style = context.style(of: handler.nameSpan)
            let callLine = context.line(ofOffset: call.span.range.lowerBound, in: handlerFile)
            let removed = context.start(ofLine: callLine, in: handlerFile)..<context.start(ofLine: callLine + 1, in: handlerFile)
            let line = context.line(ofOffset: handler.dotOffset, in: handlerFile)
            let lineIndent = style.indentation(ofLine: line)
            let startsLine = handler.dotOffset - context.start(ofLine: line, in: handlerFile) == lineIndent.utf8.count
            let chain = startsLine ? lineIndent : lineIndent + style.indentation.unit
            edits += [context.edit(SourceSpan(file: handlerFile, range: removed), ""),
                      context.edit(SourceSpan(file: handlerFile, range: handler.callEnd..<handler.callEnd),
                                   "\n\(chain).\(name) { await \(call.name)() }")]
        }
        return Fix(summary: "Make `\(call.name)()` async and call it from `.task { … }`, which SwiftUI cancels on disappear", edits: edits)
    }

    /// `Task {` becomes `do {`, and ` catch {}` follows its `}`: the body keeps its lines.
    private static func doCatchEdits(_ conversion: TaskConversion, in file: FileID, _ context: RuleContext) -> [TextEdit] {
        let end = conversion.bodyClose + 1
        return [context.edit(SourceSpan(file: file, range: conversion.taskStart..<conversion.bodyOpen), "do "),
                context.edit(SourceSpan(file: file, range: end..<end), " catch {}")]
    }

    /// `.onAppear { …; Task.detached { … } }`, the detached task the action's last work: the
    /// action becomes `.task`, which waits for the task and cancels it when the view goes away.
    package static func waitingForDetached(_ handler: HandlerFacts, _ tail: DetachedTail, _ context: RuleContext) -> Fix {
        var edits = waitEdits(tail, in: handler.nameSpan.file, context)
        if handler.modifier != "task" { edits.append(context.edit(handler.nameSpan, "task")) }
        return Fix(summary: "Wait for the detached task in `.task { … }`, which cancels it on disappear", edits: edits)
    }

    /// It stays detached; the code around waits for it, and cancelling that code's task cancels it.
    private static func waitEdits(_ tail: DetachedTail, in file: FileID, _ context: RuleContext) -> [TextEdit] {
        [context.edit(SourceSpan(file: file, range: tail.start..<tail.start), "let detachedTask = "),
         context.edit(SourceSpan(file: file, range: tail.end..<tail.end), "\n\(tail.indentation)\(waitForDetachedTask)")]
    }

    /// Waits for `detachedTask`, cancelling it when the code around is cancelled; its result and
    /// errors go unread, as a detached task's did.
    private static let waitForDetachedTask = "await withTaskCancellationHandler { _ = await detachedTask.result } onCancel: { detachedTask.cancel() }"

    /// Removing `Task {` and its `}` around a body, whose lines lose one indentation level.
    private static func bodyEdits(_ conversion: TaskConversion, in file: FileID, _ context: RuleContext) -> [TextEdit] {
        var edits = [context.edit(SourceSpan(file: file, range: conversion.removedBeforeBody), ""),
                     context.edit(SourceSpan(file: file, range: conversion.removedAfterBody), "")]
        let style = context.style(of: SourceSpan(file: file, range: conversion.bodyOpen..<conversion.bodyOpen))
        let unit = style.indentation.unit
        let firstLine = context.line(ofOffset: conversion.bodyOpen, in: file)
        let lastLine = context.line(ofOffset: conversion.bodyClose, in: file)
        if lastLine > firstLine {
            for line in (firstLine + 1)...lastLine where style.indentation(ofLine: line).hasPrefix(unit) {
                let start = context.start(ofLine: line, in: file)
                // A line the conversion removes whole (`Task {`, its `}`) needs no dedent.
                if conversion.removedBeforeBody.contains(start) || conversion.removedAfterBody.contains(start) { continue }
                edits.append(context.edit(SourceSpan(file: file, range: start..<(start + unit.utf8.count)), ""))
            }
        }
        return edits
    }

    /// The task (and the `if` that holds it) leaves the action for a `.task { … }` after it. A
    /// detached task stays detached: `.task` starts it and cancels it when the view goes away.
    /// `catching`: the task's code can throw; in `.task` it goes in `do { … } catch {}`, which
    /// drops the error as the task did (nil when the closure is not laid out for it).
    package static func move(_ handler: HandlerFacts, _ move: TaskMove, catching: Bool = false, _ context: RuleContext) -> Fix? {
        let file = handler.nameSpan.file
        let style = context.style(of: handler.nameSpan)
        let unit = style.indentation.unit
        var closure = move.closure
        if catching {
            guard move.detachedStart == nil, let wrapped = inDoCatch(closure, indentation: move.indentation, unit: unit) else { return nil }
            closure = wrapped
        }
        // The new modifier lines up with the `.onAppear` when that starts its line.
        let line = context.line(ofOffset: handler.dotOffset, in: file)
        let lineIndent = style.indentation(ofLine: line)
        let startsLine = handler.dotOffset - context.start(ofLine: line, in: file) == lineIndent.utf8.count
        let chain = startsLine ? lineIndent : lineIndent + unit
        let header = "." + (move.priority.map { "task(\($0))" } ?? "task")
        var text: String
        if let detached = move.detachedStart {
            // In the `if` that held it, one level deeper.
            let inner = move.condition == nil ? chain + unit : chain + unit + unit
            let written = move.condition == nil ? move.indentation : move.indentation + unit
            let task = "let detachedTask = \(detached) " + reindented(closure, from: written, to: inner)
            let body = "\(inner)\(task)\n\(inner)\(waitForDetachedTask)\n"
            if let condition = move.condition {
                text = "\(header) {\n\(chain + unit)\(condition) {\n" + body + "\(chain + unit)}\n\(chain)}"
            } else {
                text = "\(header) {\n" + body + "\(chain)}"
            }
        } else if let condition = move.condition {
            text = "\(header) {\n\(chain + unit)\(condition) " + reindented(closure, from: move.indentation, to: chain) + "\n\(chain)}"
        } else {
            text = "\(header) " + reindented(closure, from: move.indentation, to: chain)
        }
        if !move.leadingComments.isEmpty {
            // The comments above the task go above its `.task`, which starts a line of its own.
            guard startsLine || !move.isWholeAction else { return nil }
            text = move.leadingComments.map { $0 + "\n" + chain }.joined() + text
        }
        let edits: [TextEdit]
        if move.isWholeAction {
            // The modifier itself gives way to the `.task`.
            edits = [context.edit(SourceSpan(file: file, range: handler.dotOffset..<handler.callEnd), text)]
        } else {
            edits = [context.edit(SourceSpan(file: file, range: move.removed), ""),
                     context.edit(SourceSpan(file: file, range: handler.callEnd..<handler.callEnd), "\n" + chain + text)]
        }
        return Fix(summary: "Move the task to `.task { … }`, which SwiftUI cancels on disappear", edits: edits)
    }

    /// A closure written over lines, `{` (or `{ @MainActor in`) ending its first and `}` alone on
    /// its last, with its statements in `do { … } catch {}`, one unit deeper.
    private static func inDoCatch(_ closure: String, indentation: String, unit: String) -> String? {
        var lines = Self.lines(of: closure).map(String.init)
        guard lines.count >= 3, let first = lines.first, first.hasSuffix("{") || first.hasSuffix(" in"),
              lines.last?.filter({ $0 != " " && $0 != "\t" }) == "}" else { return nil }
        let inner = indentation + unit
        for index in 1..<(lines.count - 1) where !lines[index].isEmpty { lines[index] = unit + lines[index] }
        lines.insert(inner + "do {", at: 1)
        lines.insert(inner + "} catch {}", at: lines.count - 1)
        return lines.joined(separator: "\n")
    }

    /// `text` with the lines after its first moved from indentation `old` to `new`.
    private static func reindented(_ text: String, from old: String, to new: String) -> String {
        Self.lines(of: text).enumerated().map { position, line in
            guard position > 0 else { return String(line) }
            return line.hasPrefix(old) ? new + line.dropFirst(old.count) : String(line)
        }.joined(separator: "\n")
    }

    /// The lines of code text as written, whatever its line endings.
    private static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    }
}
