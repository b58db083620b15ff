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

    /// What the task's closure (its `}` is `range.upperBound`) does.
    package struct Operation {
        /// An error may leave it: a `try` (not `try?`/`try!`) or a `throw` that no enclosing
        /// `do { … }` catches whatever it is (its last `catch` has no pattern, or binds one
        /// name). One in a nested closure counts (whether the call it is passed to rethrows is
        /// unknown), except in a nested task, whose errors stay in it.
        package var mayThrow = false
        /// It has `return value` outside nested closures.
        package var returnsValue = false
    }

    package func operation(closingAt close: Int) -> Operation {
        var operation = Operation()
        guard code.kind(close) == .rightBrace, let open = code.partner(of: close), open < close else { return operation }
        // The enclosing blocks and closures inside the task's closure, innermost last.
        struct Enclosing {
            package let close: Int
            package let catchesEverything: Bool
            package let isClosure: Bool
            package let isTask: Bool
        }
        var enclosing: [Enclosing] = []
        var k = open + 1
        while k < close {
            while let last = enclosing.last, last.close < k { enclosing.removeLast() }
            if code.kind(k) == .leftBrace, let end = code.partner(of: k), end > k {
                let isDo = code.keyword(k - 1) == .do
                let isClosure = !isDo && !isStatementBlock(k)
                enclosing.append(Enclosing(close: end, catchesEverything: isDo && catchesEverything(after: end),
                                           isClosure: isClosure, isTask: isClosure && startsTask(k)))
            } else if code.keyword(k) == .throw || code.keyword(k) == .try && !isOptionalTry(k) {
                if !enclosing.contains(where: { $0.catchesEverything || $0.isTask }) { operation.mayThrow = true }
            } else if code.keyword(k) == .return, returnsValue(k), !enclosing.contains(where: \.isClosure) {
                operation.returnsValue = true
            }
            k += 1
        }
        return operation
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
            if code.lineBreakBefore[k] && !ExpressionBounds.continuesExpression(k, in: code) { return false }
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
