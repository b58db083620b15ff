/// The local constants and variables a closure or method body declares (`let model = …`,
/// `var model`, `guard let model`, `if let model`), so that a bare `model = …` after one is
/// read as the local it is, not as the view's `@State` property of the same name.
///
/// Built in one pass over the body; only `let`/`var` bindings allocate a name.
struct LocalScopes {
    /// Name → code index ranges in which the name means a local.
    private var bindings: [String: [ClosedRange<Int>]] = [:]

    init(body: ClosedRange<Int>, code: CodeTokens) {
        var openBlocks: [Int] = []  // `}` of each block enclosing the current token, innermost last
        var k = body.lowerBound
        while k <= body.upperBound {
            while let close = openBlocks.last, close < k { openBlocks.removeLast() }
            if code.kind(k) == .leftBrace, let close = code.partner(of: k) {
                openBlocks.append(close)
            } else if code.keyword(k) == .let || code.keyword(k) == .var, code.kind(k + 1) == .identifier {
                let until = Self.scopeEnd(ofBindingAt: k, in: code) ?? openBlocks.last ?? body.upperBound
                bindings[code.string(k + 1), default: []].append((k + 1)...max(k + 1, until))
            }
            k += 1
        }
    }

    /// Whether the bare name at code index `k` refers to a local binding.
    func isLocal(_ name: String, at k: Int) -> Bool {
        bindings[name]?.contains { $0.contains(k) } ?? false
    }

    /// A binding in an `if`/`while` condition lives in the block that follows the condition;
    /// nil for any other binding (its scope is the enclosing block), including `guard let`.
    private static func scopeEnd(ofBindingAt k: Int, in code: CodeTokens) -> Int? {
        let previous = code.keyword(k - 1)
        guard previous == .if || previous == .while || code.kind(k - 1) == .comma else { return nil }
        var j = k + 1
        while j < code.count && j < k + 512 {
            if code.keyword(j) == .else { return nil }  // `guard let a, let b else`
            if code.kind(j) == .leftBrace { return code.partner(of: j) }
            if code.kind(j) == .rightBrace || code.kind(j) == .rightParen { return nil }
            if let close = code.partner(of: j), close > j { j = close + 1 } else { j += 1 }
        }
        return nil
    }
}
