/// Decides whether an assignment `model = Model()` only runs while `model` is nil.
///
/// Guards that count: the assignment inside `if model == nil { … }` (also `nil == model`,
/// `model == .none`, `case .none = model`, extra conditions), inside the `else` of
/// `if let model { … }` / `if model != nil { … }` / `guard let model else { … }`, after
/// `guard model == nil else { return }` or `if model != nil { return }` in an enclosing
/// block, or written `model = model ?? Model()`. `self.model` spellings count too.
///
/// Conditions are read once for every property they check, so one pass over a handler decides
/// the assignments to all properties.
struct NilGuards {
    let code: CodeTokens

    /// Whether each assignment is guarded: the code indices of its first token (`model` or
    /// `self`) and of its value, and the property's name, in source order. One forward pass over
    /// `body` decides them all, so a handler with many assignments stays linear.
    func guarded(_ assignments: [(target: Int, value: Int, name: String)], within body: ClosedRange<Int>) -> [Bool] {
        var frames: [Frame] = []  // the blocks enclosing the scan position, innermost last
        var results: [Bool] = []
        results.reserveCapacity(assignments.count)
        var k = body.lowerBound
        for (target, value, name) in assignments {
            while k < target {
                while let last = frames.last, last.close < k { frames.removeLast() }
                if code.kind(k) == .leftBrace, let close = code.partner(of: k) {
                    frames.append(Frame(open: k, close: close))
                } else if !frames.isEmpty, let exit = earlyExit(at: k, limit: body.upperBound) {
                    for guardedName in exit.names {
                        frames[frames.count - 1].guardedAfter[guardedName] = min(frames[frames.count - 1].guardedAfter[guardedName] ?? .max, exit.end)
                    }
                }
                k += 1
            }
            while let last = frames.last, last.close < target { frames.removeLast() }
            // `model = model ?? Model()`
            if let (end, _, nameToken) = reference(at: value), code.kind(end) == .operator, code.text(end, is: "??"),
               code.string(nameToken) == name {
                results.append(true)
                continue
            }
            var isGuarded = false
            for i in frames.indices.reversed() {
                if let after = frames[i].guardedAfter[name], after < target { isGuarded = true; break }
                if frames[i].nilOnlyNames == nil { frames[i].nilOnlyNames = namesNilInBlock(frames[i].open) }
                if frames[i].nilOnlyNames?.contains(name) == true { isGuarded = true; break }
            }
            results.append(isGuarded)
        }
        return results
    }

    /// An open block during the scan, and what is known about properties inside it.
    private struct Frame {
        let open: Int
        let close: Int
        /// Decided on first use: the properties the block only runs without.
        var nilOnlyNames: Set<String>?
        /// Property → index after which the rest of the block runs only while it is nil.
        var guardedAfter: [String: Int] = [:]
    }

    /// If a statement starting at `k` leaves the block unless some properties are nil
    /// (`guard model == nil else { return }`, `if model != nil { return }`, `if let model { return }`),
    /// the index of its last `}` and those properties.
    private func earlyExit(at k: Int, limit: Int) -> (end: Int, names: Set<String>)? {
        if code.keyword(k) == .guard, let elseToken = elseOfGuard(k, before: limit),
           code.kind(elseToken + 1) == .leftBrace, let close = code.partner(of: elseToken + 1) {
            let names = nilCheckedNames((k + 1)..<elseToken)
            return names.isEmpty ? nil : (close, names)
        }
        if code.keyword(k) == .if, let blockOpen = blockOpen(afterConditionAt: k + 1, before: limit),
           let close = code.partner(of: blockOpen) {
            let names = valueCheckedNames((k + 1)..<blockOpen)
            return !names.isEmpty && containsExit(blockOpen...close) ? (close, names) : nil
        }
        return nil
    }

    // MARK: References

    /// `name` or `self.name` starting at `k`: the index after it, its first token and the name's token.
    func reference(at k: Int) -> (end: Int, start: Int, name: Int)? {
        if code.keyword(k) == .`self`, code.kind(k + 1) == .period, code.kind(k + 2) == .identifier { return (k + 3, k, k + 2) }
        if code.kind(k) == .identifier, code.kind(k - 1) != .period { return (k + 1, k, k) }
        return nil
    }

    /// The properties the condition `range` requires to be nil. An `||` at the top level lets
    /// it hold otherwise (`if model == nil || refresh`), so then none.
    func nilCheckedNames(_ range: Range<Int>) -> Set<String> {
        var names: Set<String> = []
        if hasTopLevel(range, { code.kind($0) == .operator && code.text($0, is: "||") }) { return names }
        for k in range {
            guard let (end, start, name) = reference(at: k) else { continue }
            // `model == nil`, `model === nil`, `model == .none`
            if code.kind(end) == .operator, code.text(end, is: "==") || code.text(end, is: "==="),
               code.keyword(end + 1) == .nil || (code.kind(end + 1) == .period && code.text(end + 2, is: "none")) {
                names.insert(code.string(name))
            }
            // `nil == model`
            if code.kind(start - 1) == .operator, code.text(start - 1, is: "==") || code.text(start - 1, is: "==="),
               code.keyword(start - 2) == .nil {
                names.insert(code.string(name))
            }
            // `case .none = model`, `case nil = model`
            if code.kind(start - 1) == .operator, code.text(start - 1, is: "="),
               (code.keyword(start - 2) == .nil && code.keyword(start - 3) == .case)
                || (code.text(start - 2, is: "none") && code.kind(start - 3) == .period && code.keyword(start - 4) == .case) {
                names.insert(code.string(name))
            }
        }
        return names
    }

    /// The properties whose being nil makes the condition `range` fail
    /// (`let model`, `let m = model`, `var model`, `model != nil`), so that its `else` and the
    /// code after an early exit it guards run only while they are nil. With another clause
    /// joined by `&&` or `,` the condition can also fail for that clause's sake, so then none.
    func valueCheckedNames(_ range: Range<Int>) -> Set<String> {
        var names: Set<String> = []
        if hasTopLevel(range, { code.kind($0) == .comma || (code.kind($0) == .operator && code.text($0, is: "&&")) }) {
            return names
        }
        for k in range {
            if code.keyword(k) == .let || code.keyword(k) == .var {
                // `if let model {` — the shorthand unwrap.
                if code.kind(k + 1) == .identifier, code.kind(k + 2) != .operator || !code.text(k + 2, is: "=") {
                    names.insert(code.string(k + 1))
                }
                // `if let m = model` / `= self.model`
                if code.kind(k + 2) == .operator, code.text(k + 2, is: "="), let (end, _, name) = reference(at: k + 3),
                   end >= range.upperBound || code.kind(end) == .leftBrace {
                    names.insert(code.string(name))
                }
            }
            guard code.kind(k - 1) != .keyword || (code.keyword(k - 1) != .let && code.keyword(k - 1) != .var),
                  let (end, start, name) = reference(at: k) else { continue }
            if code.kind(end) == .operator, code.text(end, is: "!=") || code.text(end, is: "!=="), code.keyword(end + 1) == .nil {
                names.insert(code.string(name))
            }
            if code.kind(start - 1) == .operator, code.text(start - 1, is: "!="), code.keyword(start - 2) == .nil {
                names.insert(code.string(name))
            }
        }
        return names
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

    /// The properties the block opened at `open` only runs without (nil).
    private func namesNilInBlock(_ open: Int) -> Set<String> {
        guard let (keyword, condition) = header(of: open) else { return [] }
        switch code.keyword(keyword) {
        case .if:
            return nilCheckedNames(condition)
        case .else:
            guard condition.isEmpty else { return [] }  // `else if …` is handled as its own `if`
            // `if let model { … } else { here }` and chains of `else if`: here every condition failed.
            var names: Set<String> = []
            var k = keyword - 1
            while code.kind(k) == .rightBrace, let previousOpen = code.partner(of: k), let (kw, cond) = header(of: previousOpen),
                  code.keyword(kw) == .if {
                names.formUnion(valueCheckedNames(cond))
                guard code.keyword(kw - 1) == .else else { return names }
                k = kw - 2
            }
            // `guard let model else { here }`
            if let guardKeyword = guardKeyword(before: keyword) {
                names.formUnion(valueCheckedNames((guardKeyword + 1)..<keyword))
            }
            return names
        default:
            return []
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
