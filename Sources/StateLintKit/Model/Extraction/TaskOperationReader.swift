/// What the code of a `Task { … }` does that decides whether it can become a `.task { … }`
/// action (`() async -> Void`, which neither throws nor returns a value). Read from tokens, on
/// the side of caution: where it cannot tell, it says the code may throw or return a value, so
/// a fix is withheld rather than one that does not compile made.
struct TaskOperationReader {
    let code: CodeTokens

    /// Whether an error may leave the code in `range`: a `try` not followed by `?` or `!`, or a
    /// `throw`, that no enclosing `do { … }` of the range catches whatever it is (its last
    /// `catch` has no pattern, or binds one name: `catch let error`). A `try` in a nested
    /// closure counts (StateLint cannot tell whether the call it is passed to rethrows).
    func mayThrow(in range: ClosedRange<Int>) -> Bool {
        // The `}` of each `do` block of the range that catches every error, innermost last.
        var catching: [Int] = []
        var k = range.lowerBound
        while k <= range.upperBound {
            while let close = catching.last, close < k { catching.removeLast() }
            if code.kind(k) == .leftBrace, code.keyword(k - 1) == .do, let close = code.partner(of: k), catchesEverything(after: close) {
                catching.append(close)
            } else if catching.isEmpty {
                if code.keyword(k) == .throw { return true }
                if code.keyword(k) == .try, !(code.kind(k + 1) == .operator && (code.text(k + 1, is: "?") || code.text(k + 1, is: "!"))) {
                    return true
                }
            }
            k += 1
        }
        return false
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
            guard let blockClose = code.partner(of: j) else { return false }
            k = blockClose + 1
        }
        return exhaustive
    }

    /// Whether the code in `range` has `return` followed by a value on the same line.
    func returnsValue(in range: ClosedRange<Int>) -> Bool {
        range.contains { k in
            guard code.keyword(k) == .return, k + 1 <= range.upperBound, !code.lineBreakBefore[k + 1] else { return false }
            switch code.kind(k + 1) {
            case .rightBrace?, .semicolon?: return false
            default: return true
            }
        }
    }
}
