import StateLintSyntax

/// What a bare name means at a place in a function's, closure's or accessor's code, when
/// something there binds it: found by walking back from the name through the blocks that
/// enclose it, up to the body of the enclosing type.
package enum LocalBinding: Equatable {
    /// `let x: T`, `var x: T = …`, a parameter `x: T`: the written type (code token range).
    case annotated(Range<Int>)
    /// `let x = e` (`unwrapping`: `if let x = e`, `guard let x = e`, `while let`).
    case initialized(Range<Int>, unwrapping: Bool)
    /// `if let x`, `guard let x`: the same name, unwrapped, as it is just before `at`.
    case shorthandUnwrap(at: Int)
    /// `for x in e`: an element of `e`.
    case element(Range<Int>)
    /// A closure's parameter without a written type: the closure's `{` and the parameter's position.
    case closureParameter(open: Int, index: Int)
    /// Bound by something the typer does not read (a tuple, a `case` pattern, `catch`).
    case unreadable

    /// The binding of `name` visible at code index `k`, or nil when nothing in the enclosing
    /// code blocks binds it (then it is a member, a global or a type). `owner` says which
    /// declaration a `{` opens.
    package static func find(_ name: String, at k: Int, in code: CodeTokens, owner: (Int) -> Declaration?) -> LocalBinding? {
        let isAnonymous = name.hasPrefix("$") && name.dropFirst().allSatisfy(\.isNumber)
        var j = k - 1
        var steps = 0
        while j >= 0 {
            steps += 1
            if steps > 20_000 { return .unreadable }
            let kind = code.kind(j)
            if kind == .rightBrace || kind == .rightParen || kind == .rightBracket {
                guard let open = code.partner(of: j) else { return .unreadable }
                // `let (a, b) = …`, `case .some(let x)`: a pattern in brackets that may bind it.
                if kind == .rightParen, Self.patternBinds(name, in: open...j, code) { return .unreadable }
                j = open - 1
                continue
            }
            if kind == .leftBrace {
                if let declaration = owner(j) {
                    if declaration.kind.isTypeLike { return nil }
                    if declaration.kind == .function || declaration.kind == .initializer,
                       let signature = FunctionSignature(nameToken: declaration.nameToken, in: code),
                       let parameter = signature.parameters.last(where: { $0.name == name }) {
                        return parameter.type.map { .annotated($0) } ?? .unreadable
                    }
                    j -= 1
                    continue
                }
                if let binding = closureParameter(name, anonymous: isAnonymous, open: j, in: code) { return binding }
                if let binding = loopVariable(name, blockOpen: j, in: code) { return binding }
                j -= 1
                continue
            }
            if kind == .identifier, !isAnonymous, code.text(j, name) {
                let previous = code.keyword(j - 1)
                if previous == .let || previous == .var {
                    if let binding = declared(j, name, visibleAt: k, in: code) { return binding }
                } else if code.kind(j - 1) == .comma || code.keyword(j - 1) == .case || code.keyword(j - 1) == .catch {
                    // `let a = 1, x = 2`, `case let x`: a binding the typer does not follow.
                    if code.kind(j + 1) == .operator && code.text(j + 1, is: "=") || code.kind(j + 1) == .colon, Self.isInBindingList(j, code) {
                        return .unreadable
                    }
                }
            }
            j -= 1
        }
        return nil
    }

    /// `let x: T = e`, `if let x = e`, `guard let x`, where the name at `j` follows `let`/`var`
    /// and the binding is visible at `k`.
    private static func declared(_ j: Int, _ name: String, visibleAt k: Int, in code: CodeTokens) -> LocalBinding? {
        let keyword = j - 1
        guard LocalBinding.isVisible(bindingAt: keyword, at: k, in: code) else { return nil }
        let before = code.keyword(keyword - 1)
        let conditional = before == .if || before == .guard || before == .while || code.kind(keyword - 1) == .comma
        if code.keyword(keyword - 1) == .case || code.keyword(keyword - 1) == .for { return .unreadable }
        if code.kind(j + 1) == .colon {
            let end = ExpressionBounds.typeEnd(of: j + 2, in: code)
            guard end > j + 2 else { return .unreadable }
            return .annotated((j + 2)..<end)
        }
        if code.kind(j + 1) == .operator, code.text(j + 1, is: "=") {
            let end = conditional ? conditionValueEnd(from: j + 2, in: code) : ExpressionBounds.end(of: j + 2, in: code, stopAtComma: true)
            guard end > j + 2 else { return .unreadable }
            return .initialized((j + 2)..<end, unwrapping: conditional)
        }
        if conditional { return .shorthandUnwrap(at: keyword) }
        return .unreadable  // `var x` with neither type nor value
    }

    /// The end of the value of a condition's binding (`if let x = value, …`, `guard let x = value
    /// else`): before the block, `else` or the next condition.
    private static func conditionValueEnd(from start: Int, in code: CodeTokens) -> Int {
        let end = ExpressionBounds.end(of: start, in: code, stopAtComma: true)
        var k = start
        while k < end {
            if code.kind(k) == .leftBrace || code.keyword(k) == .else { return k }
            if let partner = code.partner(of: k), partner > k, code.kind(k) != .leftBrace { k = partner + 1; continue }
            k += 1
        }
        return end
    }

    /// Whether the binding whose `let`/`var` is at `keyword` is visible at `k`: a binding in an
    /// `if`/`while` condition in the conditions after it (`if let a = x, let b = a.y`) and in the
    /// block after them, a `guard` binding only after the guard's `else { … }`, others from their
    /// statement on.
    private static func isVisible(bindingAt keyword: Int, at k: Int, in code: CodeTokens) -> Bool {
        let previous = code.keyword(keyword - 1)
        let inCondition = previous == .if || previous == .while || code.kind(keyword - 1) == .comma
        var j = keyword + 1
        while j < code.count && j < keyword + 4096 {
            // A later condition of the same `if`/`while`/`guard` sees it.
            if inCondition || previous == .guard, code.kind(j) == .comma, k > j {
                var end = j + 1
                while end < code.count, end < keyword + 4096, code.kind(end) != .leftBrace, code.keyword(end) != .else {
                    if let close = code.partner(of: end), close > end { end = close + 1 } else { end += 1 }
                }
                if k < end { return true }
            }
            if code.keyword(j) == .else {
                guard code.kind(j + 1) == .leftBrace, let close = code.partner(of: j + 1) else { return true }
                return k > close
            }
            if code.kind(j) == .leftBrace, let close = code.partner(of: j) {
                // The block after an `if`/`while` condition (conditions take no trailing
                // closure); otherwise a closure in the value.
                if inCondition { return k > j && k < close }
                if k > j && k < close { return false }
                j = close + 1
                continue
            }
            if code.kind(j) == .rightBrace || code.kind(j) == .semicolon
                || (code.lineBreakBefore[j] && !ExpressionBounds.continuesExpression(j, in: code)) {
                return k >= j
            }
            if j >= k { return false }  // `let x = x.next`: the name in its own value is another one
            if let close = code.partner(of: j), close > j { j = close + 1 } else { j += 1 }
        }
        return true
    }

    /// Whether the name at `j` is one of several bindings of a `let`/`var`/`case` (not an argument).
    private static func isInBindingList(_ j: Int, _ code: CodeTokens) -> Bool {
        var i = j - 1
        var steps = 0
        while i >= 0 && steps < 64 {
            steps += 1
            switch code.kind(i) {
            case .rightParen, .rightBracket, .rightBrace:
                guard let open = code.partner(of: i) else { return false }
                i = open - 1
                continue
            case .leftParen, .leftBracket, .leftBrace, .semicolon: return false
            default: break
            }
            if code.keyword(i) == .let || code.keyword(i) == .var || code.keyword(i) == .case || code.keyword(i) == .catch { return true }
            if code.lineBreakBefore[i] && !ExpressionBounds.continuesExpression(i, in: code) && code.kind(i) != .comma { return false }
            i -= 1
        }
        return false
    }

    /// Whether `( … )` is a pattern that binds `name`: `let (a, b)`, `case let (a, b)`,
    /// `.some(let x)`, `(let a, var b)`. Closures inside are not looked at.
    private static func patternBinds(_ name: String, in group: ClosedRange<Int>, _ code: CodeTokens, bound: Bool? = nil) -> Bool {
        let before = code.keyword(group.lowerBound - 1)
        var binding = bound ?? (before == .let || before == .var)
        if bound == nil, code.kind(group.lowerBound - 1) == .identifier, code.kind(group.lowerBound - 2) == .period {
            // `case .some(let x)`, `case let .some(x)`: an enum case pattern.
            var j = group.lowerBound - 3
            while code.kind(j) == .identifier || code.kind(j) == .period { j -= 1 }
            if code.keyword(j) == .let || code.keyword(j) == .var { binding = true }
            guard binding || code.keyword(j) == .case else { return false }
        } else if bound == nil, !binding, before != .case {
            // A call's arguments or a parenthesised expression: no pattern, unless `(let a, …)`.
            guard code.kind(group.lowerBound - 1) != .identifier, code.kind(group.lowerBound - 1) != .rightParen else { return false }
        }
        var j = group.lowerBound + 1
        while j < group.upperBound {
            if code.kind(j) == .leftBrace, let close = code.partner(of: j) { j = close + 1; continue }
            if code.kind(j) == .leftParen, let close = code.partner(of: j) {
                if patternBinds(name, in: j...close, code, bound: binding || code.keyword(j - 1) == .let || code.keyword(j - 1) == .var) { return true }
                j = close + 1
                continue
            }
            let bindsHere = binding || code.keyword(j - 1) == .let || code.keyword(j - 1) == .var
            if bindsHere, code.kind(j) == .identifier, code.text(j, name), code.kind(j - 1) != .period,
               code.kind(j + 1) == .comma || code.kind(j + 1) == .rightParen || code.kind(j + 1) == .colon {
                return true
            }
            j += 1
        }
        return false
    }

    /// The closure at `open` binds `name` as a parameter (`{ x in`, `{ (x: T) in`,
    /// `{ [weak self] x, y in`, or `$0` of a closure without named parameters).
    private static func closureParameter(_ name: String, anonymous: Bool, open: Int, in code: CodeTokens) -> LocalBinding? {
        guard let close = code.partner(of: open) else { return nil }
        var j = open + 1
        if code.kind(j) == .leftBracket, let end = code.partner(of: j) { j = end + 1 }  // capture list
        // The parameters end at `in`, on the closure's own level.
        var names: [(name: Int, type: Range<Int>?)] = []
        var k = j
        let parenthesized = code.kind(k) == .leftParen
        if parenthesized, let end = code.partner(of: k) {
            var start = k + 1
            var i = k + 1
            while i <= end {
                if i == end || code.kind(i) == .comma {
                    if start < i, code.kind(start) == .identifier || code.keyword(start) == .wildcard {
                        var type: Range<Int>?
                        if code.kind(start + 1) == .colon, i > start + 2 { type = (start + 2)..<i }
                        names.append((start, type))
                    }
                    start = i + 1
                }
                if let partner = code.partner(of: i), partner > i, i != end { i = partner + 1; continue }
                i += 1
            }
            k = end + 1
            // `(x: T) async throws -> R in`
            while k < close, code.keyword(k) != .in, !code.lineBreakBefore[k] || code.kind(k) == .operator {
                if code.kind(k) == .leftBrace { break }
                k += 1
            }
        } else {
            while k < close, code.kind(k) == .identifier || code.keyword(k) == .wildcard {
                names.append((k, nil))
                guard code.kind(k + 1) == .comma else { k += 1; break }
                k += 2
            }
            // `x -> R in`
            if code.kind(k) == .operator, code.text(k, is: "->") {
                while k < close, code.keyword(k) != .in, code.kind(k) != .leftBrace { k += 1 }
            }
        }
        guard code.keyword(k) == .in, k < close else {
            // No named parameters: `$0`, `$1` are the closure's.
            guard anonymous, let index = Int(name.dropFirst()) else { return nil }
            return .closureParameter(open: open, index: index)
        }
        if anonymous { return nil }  // `$0` cannot be used in a closure with named parameters
        for (index, parameter) in names.enumerated() where code.text(parameter.name, name) {
            return parameter.type.map { .annotated($0) } ?? .closureParameter(open: open, index: index)
        }
        return nil
    }

    /// `for x in e {` (also `for var x`, `for try await x in`): the block at `open` binds `x`.
    private static func loopVariable(_ name: String, blockOpen open: Int, in code: CodeTokens) -> LocalBinding? {
        // Back from `{` to `for` on the same level.
        var j = open - 1
        var inToken: Int?
        var steps = 0
        while j >= 0 && steps < 256 {
            steps += 1
            let kind = code.kind(j)
            if kind == .rightParen || kind == .rightBracket || kind == .rightBrace {
                guard let partner = code.partner(of: j) else { return nil }
                j = partner - 1
                continue
            }
            if kind == .leftBrace || kind == .leftParen || kind == .semicolon { return nil }
            if code.keyword(j) == .in { inToken = j }
            if code.keyword(j) == .for { break }
            if code.keyword(j) == .if || code.keyword(j) == .while || code.keyword(j) == .guard || code.keyword(j) == .switch { return nil }
            j -= 1
        }
        guard code.keyword(j) == .for, let inToken else { return nil }
        var pattern = j + 1
        while code.keyword(pattern) == .try || code.text(pattern, is: "await") || code.keyword(pattern) == .var || code.keyword(pattern) == .let {
            pattern += 1
        }
        let bindsName = (pattern..<inToken).contains { code.kind($0) == .identifier && code.text($0, name) }
        guard bindsName else { return nil }
        guard pattern + 1 == inToken else { return .unreadable }  // `for (a, b) in`, `for case let`
        var end = inToken + 1
        while end < open, code.keyword(end) != .where {
            if let partner = code.partner(of: end), partner > end { end = partner + 1 } else { end += 1 }
        }
        return end > inToken + 1 ? .element((inToken + 1)..<end) : .unreadable
    }
}

extension CodeTokens {
    /// Whether token `k` is spelled `text` (any text; backticks are not removed).
    package func text(_ k: Int, _ text: String) -> Bool {
        guard k >= 0, k < count else { return false }
        let token = self[k]
        let utf8 = text.utf8
        guard token.length == utf8.count else { return false }
        return file.bytes[token.range].elementsEqual(utf8)
    }
}
