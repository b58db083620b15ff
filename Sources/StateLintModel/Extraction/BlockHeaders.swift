import StateLintSyntax
import StateLintIndex

/// The statements that open blocks (`if`, `else`, `guard … else`, `while`) read backwards from
/// a block's `{`, and what they tell about nil names inside it.
package struct BlockHeaders {
    package let code: CodeTokens
    package let conditions: ConditionReader

    /// How far back a header is looked for: conditions are short; the bound keeps a broken file linear.
    private static let maximumHeaderLength = 512

    /// The names that are nil wherever the block opened at `open` runs:
    /// - `if C {`: what C holding tells, plus what the failed conditions before an `else if` tell;
    /// - `} else {`: what every failed condition of the `if … else if …` chain tells;
    /// - `guard C else {`: what C failing tells;
    /// - `while C {`: what C holding tells.
    package func nilNames(inBlockOf keyword: Int, openedAt open: Int) -> Set<String> {
        let isGuard = code.keyword(keyword) == .guard
        // `guard C else {`; a `guard {` being typed has no condition to read.
        if isGuard && (open - 1 <= keyword || code.keyword(open - 1) != .else) { return [] }
        let condition = (keyword + 1)..<(isGuard ? open - 1 : open)
        switch code.keyword(keyword) {
        case .guard:
            return conditions.knowledge(of: condition).nilWhenFalse
        case .if:
            var names = conditions.knowledge(of: condition).nilWhenTrue
            if code.keyword(keyword - 1) == .else { names.formUnion(failedChain(endingAt: keyword - 2)) }
            return names
        case .while:
            return conditions.knowledge(of: condition).nilWhenTrue
        case .else:
            if code.kind(keyword - 1) == .rightBrace { return failedChain(endingAt: keyword - 1) }
            if let guardToken = guardKeyword(before: keyword) {
                return conditions.knowledge(of: (guardToken + 1)..<keyword).nilWhenFalse
            }
            return []
        default:
            return []
        }
    }

    /// What the failure of every `if` in the chain whose last block closes at `close` tells.
    private func failedChain(endingAt close: Int) -> Set<String> {
        chainConditions(endingAt: close).reduce(into: []) { names, condition in
            names.formUnion(conditions.knowledge(of: condition).nilWhenFalse)
        }
    }

    /// The conditions of the `if … else if …` chain whose last block closes at `close` (the
    /// `}` before an `else`), last first.
    package func chainConditions(endingAt close: Int) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var close = close
        var steps = 0
        while code.kind(close) == .rightBrace, let open = code.partner(of: close), let (keyword, condition) = header(of: open),
              code.keyword(keyword) == .if, steps < Self.maximumHeaderLength {
            found.append(condition)
            guard code.keyword(keyword - 1) == .else else { break }
            close = keyword - 2
            steps += 1
        }
        return found
    }

    /// The keyword (`if`, `guard`, `while`, `else`) whose block opens at `open`, and the range of
    /// its condition (empty for `else`); nil for any other block (closures, `for`, `switch`, …).
    package func header(of open: Int) -> (keyword: Int, condition: Range<Int>)? {
        var k = open - 1
        var steps = 0
        while k >= 0 && steps < Self.maximumHeaderLength {
            let token = code[k]
            switch token.kind {
            case .rightParen, .rightBracket:
                guard let partner = code.partner(of: k) else { return nil }
                k = partner - 1
                steps += 1
                continue
            case .rightBrace, .leftBrace, .semicolon, .leftParen, .leftBracket:
                return nil
            case .keyword:
                switch token.keyword {
                case .if, .guard, .while, .else: return (k, (k + 1)..<open)
                case .in, .return, .for, .switch, .repeat, .do, .catch: return nil
                default: break
                }
            default:
                break
            }
            // A line that does not continue the one before starts the statement: stop there.
            if code.lineBreakBefore[k] && !ExpressionBounds.continuesExpression(k, in: code) { return nil }
            k -= 1
            steps += 1
        }
        return nil
    }

    /// The `guard` whose `else` is at `elseToken`.
    package func guardKeyword(before elseToken: Int) -> Int? {
        var k = elseToken - 1
        var steps = 0
        while k >= 0 && steps < Self.maximumHeaderLength {
            if let partner = code.partner(of: k), partner < k { k = partner - 1; steps += 1; continue }
            switch code[k].kind {
            case .leftBrace, .rightBrace, .semicolon: return nil
            case .keyword where code[k].keyword == .guard: return k
            default: break
            }
            k -= 1
            steps += 1
        }
        return nil
    }

    /// The `else` of the `guard` at `guardToken`.
    package func elseOfGuard(_ guardToken: Int, before limit: Int) -> Int? {
        var k = guardToken + 1
        while k < limit {
            if code.keyword(k) == .else { return k }
            if code.kind(k) == .leftBrace { return nil }
            if let close = code.partner(of: k), close > k { k = close + 1 } else { k += 1 }
        }
        return nil
    }

    /// The `{` after a condition starting at `start`.
    package func blockOpen(afterConditionAt start: Int, before limit: Int) -> Int? {
        var k = start
        while k < limit {
            if code.kind(k) == .leftBrace { return k }
            if let close = code.partner(of: k), close > k { k = close + 1 } else { k += 1 }
        }
        return nil
    }

    /// Whether the block's last statement leaves it: `return`, `break`, `continue`, `throw`,
    /// `fatalError(…)`. (An exit inside a nested block or closure does not count.)
    package func endsWithExit(_ block: ClosedRange<Int>) -> Bool {
        guard block.count > 2, let last = Statements(code: code, body: (block.lowerBound + 1)..<block.upperBound).ranges.last
        else { return false }
        switch code.keyword(last.lowerBound) {
        case .return, .break, .continue, .throw: return true
        default: return code.text(last.lowerBound, is: "fatalError") || code.text(last.lowerBound, is: "preconditionFailure")
        }
    }
}
