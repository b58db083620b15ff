import StateLintSyntax
import StateLintIndex

/// What the code of a `Task { … }` does that decides whether it can become a `.task { … }`
/// action (`() async -> Void`, which neither throws nor returns a value). Read from tokens, on
/// the side of caution: where it cannot tell, it says the code may throw, so a fix is withheld
/// rather than one that does not compile made.
package struct TaskOperationReader {
    package let code: CodeTokens

    /// How far back a block's statement is read for its keyword: headers are short.
    private static let maximumHeaderLength = 512

    /// What a task's closure does.
    package struct Operation {
        /// An error may leave it: a `try` (not `try?`/`try!`) or a `throw` that no enclosing
        /// `do { … }` catches whatever it is (its last `catch` has no pattern, or binds one
        /// name). One in a nested closure counts (whether the call it is passed to rethrows is
        /// unknown), except in a nested task, whose errors stay in it.
        package var mayThrow = false
        /// It has `return value` outside nested closures.
        package var returnsValue = false
    }

    /// What every block of the file does, in one pass (reading each task's code on its own read
    /// thousands of nested tasks' code again and again: quadratic). The rules: a
    /// `throw` or `try` counts for the blocks around it out to the first that catches every
    /// error or is a nested task's closure; a `return value` for those out to the first closure.
    /// Each mark stops at a block already marked, whose outer blocks were marked with it.
    package func operationsOfEveryBlock() -> TaskOperations {
        var flags = [UInt8](repeating: 0, count: code.count)
        struct Open {
            package let close: Int
            /// A `do` whose catches take every error, or a task's closure: errors stop here.
            package let stopsErrors: Bool
            package let isClosure: Bool
            package var flags: UInt8 = 0
        }
        var open: [Open] = []
        for k in 0..<code.count {
            while let last = open.last, last.close < k { flags[last.close] |= open.removeLast().flags }
            if code.kind(k) == .leftBrace, let end = code.partner(of: k), end > k {
                let isDo = code.keyword(k - 1) == .do
                let isClosure = !isDo && !isStatementBlock(k)
                open.append(Open(close: end, stopsErrors: isDo ? catchesEverything(after: end) : isClosure && startsTask(k),
                                 isClosure: isClosure))
            } else if code.keyword(k) == .throw || code.keyword(k) == .try && !isOptionalTry(k) {
                var index = open.count - 1
                while index >= 0, open[index].flags & TaskOperations.mayThrow == 0 {
                    open[index].flags |= TaskOperations.mayThrow
                    if open[index].stopsErrors { break }
                    index -= 1
                }
            } else if code.keyword(k) == .return, returnsValue(k) {
                var index = open.count - 1
                while index >= 0, open[index].flags & TaskOperations.returnsValue == 0 {
                    open[index].flags |= TaskOperations.returnsValue
                    if open[index].isClosure { break }
                    index -= 1
                }
            }
        }
        while let last = open.popLast() { flags[last.close] |= last.flags }
        return TaskOperations(flags: flags)
    }

    /// `try?` or `try!`.
    private func isOptionalTry(_ k: Int) -> Bool {
        code.kind(k + 1) == .operator && (code.text(k + 1, is: "?") || code.text(k + 1, is: "!"))
    }

    /// `return` followed by a value on the same line.
    private func returnsValue(_ k: Int) -> Bool {
        guard k + 1 < code.count, !code.lineBreakBefore[k + 1] else { return false }
        switch code.kind(k + 1) {
        case .rightBrace?, .semicolon?: return false
        default: return true
        }
    }

    /// Whether the `{` at `open` is the block of a statement (`if`, `guard … else`, `else`,
    /// `for`, `while`, `switch`, `catch`, `repeat`, `defer`, `do`) rather than a closure.
    private func isStatementBlock(_ open: Int) -> Bool {
        switch code.keyword(open - 1) {
        case .else, .repeat, .defer, .do: return true
        default: break
        }
        var k = open - 1
        var steps = 0
        while k >= 0, steps < Self.maximumHeaderLength {
            if let partner = code.partner(of: k), partner < k {
                k = partner - 1
                steps += 1
                continue
            }
            switch code.kind(k) {
            case .leftBrace?, .rightBrace?, .semicolon?, .leftParen?, .leftBracket?: return false
            default: break
            }
            switch code.keyword(k) {
            case .if, .guard, .while, .for, .switch, .catch: return true
            default: break
            }
            if code.lineBreakBefore[k] && (k == 0 || !ExpressionBounds.continuesExpression(k, in: code)) { return false }
            k -= 1
            steps += 1
        }
        return false
    }

    /// Whether the closure at `open` is a task's: `Task {`, `Task(priority: …) {`, `Task.detached {`.
    private func startsTask(_ open: Int) -> Bool {
        var k = open - 1
        if code.kind(k) == .rightParen, let partner = code.partner(of: k) { k = partner - 1 }
        if code.text(k, is: "detached"), code.kind(k - 1) == .period { k -= 2 }
        return code.text(k, is: "Task")
    }

    /// Whether the `catch` clauses after the `do` block closing at `close` end with one that
    /// catches every error: `catch {`, `catch let error {`, `catch var error {`.
    private func catchesEverything(after close: Int) -> Bool {
        var k = close + 1
        var exhaustive = false
        while code.keyword(k) == .catch {
            var open = k + 1
            if code.keyword(open) == .let || code.keyword(open) == .var, code.kind(open + 1) == .identifier { open += 2 }
            exhaustive = code.kind(open) == .leftBrace
            // Skip the clause's pattern to its block.
            var j = k + 1
            while j < code.count, code.kind(j) != .leftBrace {
                if let partner = code.partner(of: j), partner > j { j = partner + 1 } else { j += 1 }
            }
            guard j < code.count, let blockClose = code.partner(of: j) else { return false }
            k = blockClose + 1
        }
        return exhaustive
    }
}

/// The operation of each block of a file, by its `}` (see `TaskOperationReader.operationsOfEveryBlock`).
package struct TaskOperations: Sendable {
    fileprivate static let mayThrow: UInt8 = 1
    fileprivate static let returnsValue: UInt8 = 2
    fileprivate let flags: [UInt8]

    /// The operation of the closure whose `}` is `close`; none for other tokens.
    package func operation(closingAt close: Int) -> TaskOperationReader.Operation {
        guard close >= 0, close < flags.count else { return TaskOperationReader.Operation() }
        return TaskOperationReader.Operation(mayThrow: flags[close] & Self.mayThrow != 0,
                                             returnsValue: flags[close] & Self.returnsValue != 0)
    }
}
