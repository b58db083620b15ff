/// Decides whether an assignment `model = Model()` only runs while `model` is nil.
///
/// Guards that count: the assignment inside `if model == nil { … }` (also `nil == model`,
/// `model == .none`, `case .none = model`, extra conditions), inside the `else` of
/// `if let model { … }` / `if model != nil { … }` / `guard let model else { … }`, after
/// `guard model == nil else { return }` or `if model != nil { return }` in an enclosing
/// block, or written `model = model ?? Model()`. `self.model` spellings count too.
struct NilGuards {
    let code: CodeTokens
    let propertyName: String

    /// Whether each assignment to the property is guarded. `assignments` are the code indices
    /// of each assignment's first token (`model` or `self`) and of its value, in source order.
    /// One forward pass over `body` decides them all, so a handler with many assignments stays
    /// linear.
    func guarded(_ assignments: [(target: Int, value: Int)], within body: ClosedRange<Int>) -> [Bool] {
        var frames: [Frame] = []  // the blocks enclosing the scan position, innermost last
        var results: [Bool] = []
        results.reserveCapacity(assignments.count)
        var k = body.lowerBound
        for (target, value) in assignments {
            while k < target {
                while let last = frames.last, last.close < k { frames.removeLast() }
                if code.kind(k) == .leftBrace, let close = code.partner(of: k) {
                    frames.append(Frame(open: k, close: close))
                } else if !frames.isEmpty, let exitEnd = earlyExit(at: k, limit: body.upperBound) {
                    frames[frames.count - 1].guardedAfter = min(frames[frames.count - 1].guardedAfter, exitEnd)
                }
                k += 1
            }
            while let last = frames.last, last.close < target { frames.removeLast() }
            // `model = model ?? Model()`
            if let (end, _) = reference(at: value), code.kind(end) == .operator, code.text(end, is: "??") {
                results.append(true)
                continue
            }
            var isGuarded = false
            for i in frames.indices.reversed() {
                if frames[i].guardedAfter < target { isGuarded = true; break }
                if frames[i].runsOnlyWhenNil == nil { frames[i].runsOnlyWhenNil = blockRunsOnlyWhenNil(frames[i].open) }
                if frames[i].runsOnlyWhenNil == true { isGuarded = true; break }
            }
            results.append(isGuarded)
        }
        return results
    }

    /// An open block during the scan, and what is known about the property inside it.
    private struct Frame {
        let open: Int
        let close: Int
        /// Decided on first use: whether the block only runs while the property is nil.
        var runsOnlyWhenNil: Bool?
        /// Code after this index in the block runs only while the property is nil (an early exit).
        var guardedAfter = Int.max
    }

    /// If a statement starting at `k` leaves the block unless the property is nil
    /// (`guard model == nil else { return }`, `if model != nil { return }`, `if let model { return }`),
    /// the index of its last `}`.
    private func earlyExit(at k: Int, limit: Int) -> Int? {
        if code.keyword(k) == .guard, let elseToken = elseOfGuard(k, before: limit),
           conditionRequiresNil((k + 1)..<elseToken) {
            return code.kind(elseToken + 1) == .leftBrace ? code.partner(of: elseToken + 1) : nil
        }
        if code.keyword(k) == .if, let blockOpen = blockOpen(afterConditionAt: k + 1, before: limit),
           conditionRequiresValue((k + 1)..<blockOpen), let close = code.partner(of: blockOpen),
           containsExit(blockOpen...close) {
            return close
        }
        return nil
    }

    // MARK: References

    /// `name` or `self.name` starting at `k`: the index after it.
    func reference(at k: Int) -> (end: Int, start: Int)? {
        if code.keyword(k) == .`self`, code.kind(k + 1) == .period, isName(k + 2) { return (k + 3, k) }
        if isName(k), code.kind(k - 1) != .period { return (k + 1, k) }
        return nil
    }

    private func isName(_ k: Int) -> Bool {
        guard code.kind(k) == .identifier else { return false }
        let token = code[k]
        return token.length == propertyName.utf8.count && code.file.bytes[token.range].elementsEqual(propertyName.utf8)
    }

    /// Whether the condition `range` holds only when the property is nil. An `||` at the top
    /// level lets it hold otherwise (`if model == nil || refresh`).
    func conditionRequiresNil(_ range: Range<Int>) -> Bool {
        if hasTopLevel(range, { code.kind($0) == .operator && code.text($0, is: "||") }) { return false }
        for k in range {
            guard let (end, start) = reference(at: k) else { continue }
            // `model == nil`, `model === nil`, `model == .none`
            if code.kind(end) == .operator, code.text(end, is: "==") || code.text(end, is: "===") {
                if code.keyword(end + 1) == .nil || (code.kind(end + 1) == .period && code.text(end + 2, is: "none")) { return true }
            }
            // `nil == model`
            if code.kind(start - 1) == .operator, code.text(start - 1, is: "==") || code.text(start - 1, is: "==="),
               code.keyword(start - 2) == .nil {
                return true
            }
            // `case .none = model`, `case nil = model`
            if code.kind(start - 1) == .operator, code.text(start - 1, is: "=") {
                if code.keyword(start - 2) == .nil, code.keyword(start - 3) == .case { return true }
                if code.text(start - 2, is: "none"), code.kind(start - 3) == .period, code.keyword(start - 4) == .case { return true }
            }
        }
        return false
    }

    /// Whether the condition `range` fails whenever the property is nil
    /// (`let model`, `let m = model`, `var model`, `model != nil`), so that its `else` and the
    /// code after an early exit it guards run only when the property is nil. With another
    /// clause joined by `&&` or `,` the condition can also fail for that clause's sake.
    func conditionRequiresValue(_ range: Range<Int>) -> Bool {
        if hasTopLevel(range, { code.kind($0) == .comma || (code.kind($0) == .operator && code.text($0, is: "&&")) }) {
            return false
        }
        for k in range {
            if code.keyword(k) == .let || code.keyword(k) == .var {
                // `if let model {` / `if let model,` — the shorthand unwrap.
                if isName(k + 1), code.kind(k + 2) != .operator || !code.text(k + 2, is: "=") { return true }
                // `if let m = model` / `= self.model`
                if code.kind(k + 2) == .operator, code.text(k + 2, is: "="), let (end, _) = reference(at: k + 3),
                   end >= range.upperBound || code.kind(end) == .comma || code.kind(end) == .leftBrace {
                    return true
                }
            }
            guard let (end, start) = reference(at: k) else { continue }
            if code.kind(end) == .operator, code.text(end, is: "!=") || code.text(end, is: "!=="), code.keyword(end + 1) == .nil { return true }
            if code.kind(start - 1) == .operator, code.text(start - 1, is: "!="), code.keyword(start - 2) == .nil { return true }
        }
        return false
    }

    /// Whether a token outside any brackets in `range` passes `test`.
    private func hasTopLevel(_ range: Range<Int>, _ test: (Int) -> Bool) -> Bool {
        var k = range.lowerBound
        while k < range.upperBound {
            if let close = code.partner(of: k), close > k { k = close + 1; continue }
            if test(k) { return true }
            k += 1
        }
        return false
    }

    // MARK: Blocks

    /// The keyword that introduces the block opened at `open` (`if`, `guard`, `else`, …) and
    /// the range of its condition.
    private func header(of open: Int) -> (keyword: Int, condition: Range<Int>)? {
        var k = open - 1
        var steps = 0
        while k >= 0 && steps < 512 {
            let token = code[k]
            switch token.kind {
            case .rightParen, .rightBracket:
                guard let partner = code.partner(of: k) else { return nil }
                k = partner - 1
                steps += 1
                continue
            case .rightBrace:
                // `} else {`: the else belongs to the block before.
                return nil
            case .leftBrace, .semicolon, .leftParen, .leftBracket:
                return nil
            case .keyword:
                switch token.keyword {
                case .if, .guard, .while:
                    return (k, (k + 1)..<open)
                case .else:
                    return (k, (k + 1)..<open)
                case .in, .return:
                    return nil
                default:
                    break
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

    /// Whether the block opened at `open` only runs while the property is nil.
    private func blockRunsOnlyWhenNil(_ open: Int) -> Bool {
        guard let (keyword, condition) = header(of: open) else { return false }
        switch code.keyword(keyword) {
        case .if:
            return conditionRequiresNil(condition)
        case .else:
            guard condition.isEmpty else { return false }  // `else if …` is handled as its own `if`
            // `if let model { … } else { here }` and chains of `else if`.
            var k = keyword - 1
            while code.kind(k) == .rightBrace, let previousOpen = code.partner(of: k), let (kw, cond) = header(of: previousOpen) {
                if code.keyword(kw) == .if {
                    if conditionRequiresValue(cond) { return true }
                    // `… else if x { } else { here }`: look further back.
                    guard code.keyword(kw - 1) == .else else { return false }
                    k = kw - 2
                } else {
                    return false
                }
            }
            // `guard let model else { here }`
            if let guardKeyword = guardKeyword(before: keyword), conditionRequiresValue((guardKeyword + 1)..<keyword) {
                return true
            }
            return false
        default:
            return false
        }
    }

    private func guardKeyword(before elseToken: Int) -> Int? {
        var k = elseToken - 1
        var steps = 0
        while k >= 0 && steps < 512 {
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

    private func elseOfGuard(_ guardToken: Int, before limit: Int) -> Int? {
        var k = guardToken + 1
        while k < limit {
            if code.keyword(k) == .else { return k }
            if code.kind(k) == .leftBrace { return nil }
            if let close = code.partner(of: k), close > k { k = close + 1 } else { k += 1 }
        }
        return nil
    }

    private func blockOpen(afterConditionAt start: Int, before limit: Int) -> Int? {
        var k = start
        while k < limit {
            if code.kind(k) == .leftBrace { return k }
            if let close = code.partner(of: k), close > k { k = close + 1 } else { k += 1 }
        }
        return nil
    }

    private func containsExit(_ block: ClosedRange<Int>) -> Bool {
        block.contains { code.keyword($0) == .return || code.keyword($0) == .break || code.keyword($0) == .continue || code.keyword($0) == .throw }
    }
}
