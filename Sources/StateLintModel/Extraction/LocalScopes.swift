import StateLintSyntax
import StateLintIndex

/// The local constants and variables a closure or method body declares (`let model = …`,
/// `var model`, `guard let model`, `if let model`), so that a bare `model = …` after one is
/// read as the local it is, not as the view's `@State` property of the same name.
///
/// Built in one pass over the body; only `let`/`var` bindings allocate a name.
package struct LocalScopes {
    /// Name → the code index ranges in which the name means a local, each with the `let`/`var`
    /// that binds it there.
    private var bindings: [String: [(scope: ClosedRange<Int>, keyword: Int)]] = [:]

    package init(body: ClosedRange<Int>, code: CodeTokens) {
        var openBlocks: [Int] = []  // `}` of each block enclosing the current token, innermost last
        var k = body.lowerBound
        while k <= body.upperBound {
            while let close = openBlocks.last, close < k { openBlocks.removeLast() }
            if code.kind(k) == .leftBrace, let close = code.partner(of: k) {
                openBlocks.append(close)
            } else if code.keyword(k) == .let || code.keyword(k) == .var, code.kind(k + 1) == .identifier {
                let scope = Self.scope(ofBindingAt: k, in: code)
                let from = scope.from ?? k + 1
                let until = scope.until ?? openBlocks.last ?? body.upperBound
                if from <= until { bindings[code.string(k + 1), default: []].append((from...until, k)) }
            }
            k += 1
        }
    }

    /// Whether the bare name at code index `k` refers to a local binding.
    package func isLocal(_ name: String, at k: Int) -> Bool {
        bindings[name]?.contains { $0.scope.contains(k) } ?? false
    }

    /// The `let`/`var` of the binding the bare name at code index `k` refers to: of those visible
    /// there, the one written last.
    package func binding(of name: String, at k: Int) -> Int? {
        bindings[name]?.filter { $0.scope.contains(k) && $0.keyword < k }.map(\.keyword).max()
    }

    /// Where a binding is visible, when that is not "from its name to the end of the enclosing
    /// block" (nil parts): a binding in an `if`/`while` condition only in the block after the
    /// condition; a `guard` binding only after the guard's `else { … }`.
    private static func scope(ofBindingAt k: Int, in code: CodeTokens) -> (from: Int?, until: Int?) {
        var j = k + 1
        while j < code.count && j < k + 512 {
            if code.keyword(j) == .else {
                guard code.kind(j + 1) == .leftBrace, let close = code.partner(of: j + 1) else { return (nil, nil) }
                return (close + 1, nil)
            }
            if code.kind(j) == .leftBrace {
                let previous = code.keyword(k - 1)
                let inCondition = previous == .if || previous == .while || code.kind(k - 1) == .comma
                return inCondition ? (nil, code.partner(of: j)) : (nil, nil)
            }
            if code.kind(j) == .rightBrace || code.kind(j) == .rightParen || code.kind(j) == .semicolon
                || (code.lineBreakBefore[j] && !ExpressionBounds.continuesExpression(j, in: code)) {
                return (nil, nil)
            }
            if let close = code.partner(of: j), close > j { j = close + 1 } else { j += 1 }
        }
        return (nil, nil)
    }
}
