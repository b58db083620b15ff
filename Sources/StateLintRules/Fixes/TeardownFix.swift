import StateLintSyntax
import StateLintIndex
import StateLintModel

/// `disappear_missing_teardown`'s fix: release the property where the view goes away. Into the
/// `.onDisappear { … }` that follows the creating appear modifier in its chain (a statement of
/// its own, indented like the others, spelled `self.model = nil`), else as a new
/// `.onDisappear { model = nil }` right after
/// the appear modifier, on its own line, indented like the chain. Never into an `.onDisappear`
/// elsewhere in the view: it may belong to another view of the body; nor into one whose code
/// ends mid-expression (`print(x) .`), where the statement would join that expression, or
/// with `return`, after which it would never run.
///
/// Every property one destination releases is released by one fix, the same for each of their
/// findings (`FixApplier` applies identical fixes once): separate fixes would all insert at the
/// same offset, overlap, and need one `--fix` round each, more rounds than `FixRounds` allows
/// when a handler creates many properties.
package enum TeardownFix {
    /// Where the teardown of a property created in a handler goes: into the `.onDisappear`
    /// (handler index) after it in its chain, or a new `.onDisappear` after the handler.
    package enum Destination: Hashable {
        case into(Int)
        case after(Int)
    }

    /// The destination of a teardown for what the handler at `handler` creates (one question:
    /// a rule asking for many handlers keeps one `Destinations`).
    package static func destination(after handler: Int, in view: SwiftUIView) -> Destination {
        var destinations = Destinations(view)
        return destinations.destination(after: handler)
    }

    /// The destinations of the teardowns of properties created in a view's handlers. Each link
    /// of a chain is walked once (walking from each handler of a long chain was quadratic).
    package struct Destinations {
        private let view: SwiftUIView
        /// Handler position → the first `.onDisappear` from there on in its chain with a closure that takes a statement (-1: none).
        private var firstDisappear: [Int: Int] = [:]

        package init(_ view: SwiftUIView) {
            self.view = view
        }

        package mutating func destination(after handler: Int) -> Destination {
            var path: [Int] = []
            var visited: Set<Int> = [handler]
            var found = -1
            var next = view.handlers[handler].nextInChain
            while let position = next, visited.insert(position).inserted {
                if let known = firstDisappear[position] {
                    found = known
                    break
                }
                path.append(position)
                let candidate = view.handlers[position].facts
                if candidate.modifier == "onDisappear", let closure = candidate.closure, closure.takesStatementAtEnd {
                    found = position
                    break
                }
                next = view.handlers[position].nextInChain
            }
            for position in path { firstDisappear[position] = found }
            return found >= 0 ? .into(found) : .after(handler)
        }
    }

    package static func fix(releasing names: [String], at destination: Destination, in view: SwiftUIView, _ context: RuleContext) -> Fix {
        let listed = names.map { "`\($0)`" }.joined(separator: ", ")
        // `self.`: an action may declare a local of the same name, which `m = nil` would set.
        return fix(names.map { "self.\($0) = nil" }, modifier: modifier(releasing: names),
                   summary: "Set \(listed) to nil in the `.onDisappear` after it", at: destination, in: view, context)
    }

    /// `appear_unstructured_task`'s fix for a task whose handle the view keeps in a property
    /// (`loading = Task { … }`): `loading?.cancel()` (`loading.cancel()` when not optional) where
    /// the teardown of what the appear modifier creates would go.
    package static func fix(cancelling name: String, isOptional: Bool, at destination: Destination, in view: SwiftUIView,
                            _ context: RuleContext) -> Fix {
        let call = isOptional ? "\(name)?.cancel()" : "\(name).cancel()"
        return fix(["self." + call], modifier: ".onDisappear { \(call) }",
                   summary: "Cancel `\(name)` in the `.onDisappear` after it", at: destination, in: view, context)
    }

    /// `statements` into the `.onDisappear` of `destination`, or `modifier` as a new one.
    private static func fix(_ statements: [String], modifier: String, summary: String, at destination: Destination,
                            in view: SwiftUIView, _ context: RuleContext) -> Fix {
        switch destination {
        case .into(let position):
            let candidate = view.handlers[position].facts
            return Fix(summary: summary, edits: [statement(statements, into: candidate.closure!, file: candidate.nameSpan.file, context)])
        case .after(let handler):
            let appear = view.handlers[handler].facts
            let file = appear.nameSpan.file
            let style = context.style(of: appear.nameSpan)
            let dotLine = context.line(ofOffset: appear.dotOffset, in: file)
            let indent = style.indentation(ofLine: dotLine)
            // `.onAppear` first on its line: the chain's own indentation; else one level deeper.
            let startsLine = appear.dotOffset - context.start(ofLine: dotLine, in: file) == indent.utf8.count
            let chainIndent = startsLine ? indent : indent + style.indentation.unit
            let end = SourceSpan(file: file, range: appear.callEnd..<appear.callEnd)
            return Fix(summary: "Add `\(modifier)`", edits: [context.edit(end, "\n\(chainIndent)\(modifier)")])
        }
    }

    /// A new modifier releasing `names`: `.onDisappear { model = nil }`.
    package static func modifier(releasing names: [String]) -> String {
        ".onDisappear { \(names.map { "\($0) = nil" }.joined(separator: "; ")) }"
    }

    /// An edit adding `statements` at the end of `closure`: after `; ` on a one-line closure,
    /// each on a line of its own before the `}` of a multi-line one.
    package static func statement(_ statements: [String], into closure: ClosureShape, file: FileID, _ context: RuleContext) -> TextEdit {
        let closeLine = context.line(ofOffset: closure.close, in: file)
        guard context.line(ofOffset: closure.open, in: file) != closeLine else {
            if let last = closure.lastStatementEnd {
                return context.edit(SourceSpan(file: file, range: last..<last), statements.map { "; \($0)" }.joined())
            }
            return context.edit(SourceSpan(file: file, range: (closure.open + 1)..<closure.close), " \(statements.joined(separator: "; ")) ")
        }
        let style = context.style(of: SourceSpan(file: file, range: closure.close..<closure.close))
        let indent = closure.lastStatementEnd.map { style.indentation(ofLine: context.line(ofOffset: $0, in: file)) }
            ?? style.indentation(ofLine: closeLine) + style.indentation.unit
        let lines = statements.map { "\(indent)\($0)\n" }.joined()
        let lineStart = context.start(ofLine: closeLine, in: file)
        let closeIndent = style.indentation(ofLine: closeLine)
        if closure.close - lineStart == closeIndent.utf8.count {
            // The `}` starts its line: the statements go on lines of their own above it.
            return context.edit(SourceSpan(file: file, range: lineStart..<lineStart), lines)
        }
        // Code before the `}` on its line (`    + b }`) may continue the last statement: the
        // statements go after it, before the `}`, which keeps a line of its own.
        return context.edit(SourceSpan(file: file, range: closure.close..<closure.close), "\n" + lines + closeIndent)
    }
}
