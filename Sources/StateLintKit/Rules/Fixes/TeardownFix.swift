/// `disappear_missing_teardown`'s fix: release the property where the view goes away. Into the
/// `.onDisappear { … }` that follows the creating appear modifier in its chain (a statement of
/// its own, indented like the others), else as a new `.onDisappear { model = nil }` right after
/// the appear modifier, on its own line, indented like the chain. Never into an `.onDisappear`
/// elsewhere in the view: it may belong to another view of the body.
enum TeardownFix {
    static func fix(releasing name: String, after handler: Int, in view: SwiftUIView, _ context: RuleContext) -> Fix {
        let appear = view.handlers[handler].facts
        var next = view.handlers[handler].nextInChain
        var visited: Set<Int> = [handler]
        while let position = next, visited.insert(position).inserted {
            let candidate = view.handlers[position].facts
            if candidate.modifier == "onDisappear", let closure = candidate.closure {
                return Fix(summary: "Set `\(name)` to nil in the `.onDisappear` after it",
                           edits: [statement("\(name) = nil", into: closure, file: candidate.nameSpan.file, context)])
            }
            next = view.handlers[position].nextInChain
        }
        let file = appear.nameSpan.file
        let style = context.style(of: appear.nameSpan)
        let dotLine = context.line(ofOffset: appear.dotOffset, in: file)
        let indent = style.indentation(ofLine: dotLine)
        // `.onAppear` first on its line: the chain's own indentation; else one level deeper.
        let startsLine = appear.dotOffset - context.start(ofLine: dotLine, in: file) == indent.utf8.count
        let chainIndent = startsLine ? indent : indent + style.indentation.unit
        let end = SourceSpan(file: file, range: appear.callEnd..<appear.callEnd)
        return Fix(summary: "Add `.onDisappear { \(name) = nil }`",
                   edits: [context.edit(end, "\n\(chainIndent).onDisappear { \(name) = nil }")])
    }

    /// An edit adding `statement` at the end of `closure`: after `; ` on a one-line closure, on
    /// a line of its own before the `}` of a multi-line one.
    static func statement(_ statement: String, into closure: ClosureShape, file: FileID, _ context: RuleContext) -> TextEdit {
        let closeLine = context.line(ofOffset: closure.close, in: file)
        guard context.line(ofOffset: closure.open, in: file) != closeLine else {
            if let last = closure.lastStatementEnd {
                return context.edit(SourceSpan(file: file, range: last..<last), "; \(statement)")
            }
            return context.edit(SourceSpan(file: file, range: (closure.open + 1)..<closure.close), " \(statement) ")
        }
        let style = context.style(of: SourceSpan(file: file, range: closure.close..<closure.close))
        let indent = closure.lastStatementEnd.map { style.indentation(ofLine: context.line(ofOffset: $0, in: file)) }
            ?? style.indentation(ofLine: closeLine) + style.indentation.unit
        let lineStart = context.start(ofLine: closeLine, in: file)
        return context.edit(SourceSpan(file: file, range: lineStart..<lineStart), "\(indent)\(statement)\n")
    }
}
