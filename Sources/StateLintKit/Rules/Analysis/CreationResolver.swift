/// Answers "does this expression create a new instance, and of which type?" from tokens.
///
/// Recognised: `Model()`, `Model(arg:)`, `Model.init()`, `Module.Model()`, `Outer.Inner()`,
/// `Store<Feature>()`, `Model { … }` trailing closures, `.init()` (typed by the declaration),
/// `try`/`await` prefixes, and immediately-invoked closures `{ … Model() }()`. Anything
/// followed by more (`Model().configured()`, `Model.shared`) is not a creation: precision first.
public struct Creation: Sendable, Hashable {
    /// The created type's name as written, without generic arguments (`Outer.Inner`).
    public let typeName: String
    /// Code index where the creating expression starts.
    public let token: Int
}

enum CreationResolver {
    /// `declaredType` is evaluated only for `.init(…)`: reading a declaration's annotation
    /// makes a string, and most values name their type.
    static func creation(in range: Range<Int>, code: CodeTokens, declaredType: @autoclosure () -> String?) -> Creation? {
        var s = range.lowerBound
        let e = range.upperBound
        guard s < e, mayCreate(s, e, code) else { return nil }
        while s < e, code.keyword(s) == .try || code.text(s, is: "await") {
            s += 1
            if s < e, code.kind(s) == .operator, code.text(s, is: "?") || code.text(s, is: "!") { s += 1 }
        }
        guard s < e else { return nil }
        // `{ … }()`: an immediately-invoked closure returns what its last statement makes.
        if code.kind(s) == .leftBrace, let close = code.partner(of: s), code.kind(close + 1) == .leftParen,
           code.partner(of: close + 1) == close + 2, close + 3 == e {
            guard let result = returnedExpression(body: (s + 1)..<close, code: code) else { return nil }
            return creation(in: result, code: code, declaredType: declaredType())
        }
        // `.init(…)`: the declared type.
        if code.kind(s) == .period, code.keyword(s + 1) == .`init`, code.kind(s + 2) == .leftParen {
            guard let close = code.partner(of: s + 2), endsAfterTrailingClosures(close + 1, e, code),
                  let declaredType = declaredType() else { return nil }
            return Creation(typeName: declaredType, token: s)
        }
        guard let (name, afterName) = TypeNames.qualifiedName(at: s, in: code) else { return nil }
        var j = afterName
        if code.kind(j) == .period, code.keyword(j + 1) == .`init` { j += 2 }
        if j < code.count && code.lineBreakBefore[j] { return nil }  // the call must follow the name
        if code.kind(j) == .leftParen, let close = code.partner(of: j) {
            guard endsAfterTrailingClosures(close + 1, e, code) else { return nil }
        } else if code.kind(j) == .leftBrace {
            guard endsAfterTrailingClosures(j, e, code) else { return nil }
        } else {
            return nil
        }
        return Creation(typeName: name, token: s)
    }

    /// Whether a `(` or `{` is among tokens `s...e`: every creation below calls something or
    /// passes a closure, and the `{` may be just past the range (a trailing closure read by
    /// `endsAfterTrailingClosures` from `e`). Most initial values (`false`, `.all`, `""`, `0`)
    /// have neither, and ruling them out here skips reading a type name for each.
    static func mayCreate(_ s: Int, _ e: Int, _ code: CodeTokens) -> Bool {
        let last = min(e, code.count - 1)
        guard s >= 0, s <= last else { return false }
        return code.tokens.withUnsafeBufferPointer { tokens in
            for k in s...last where tokens[k].kind == .leftParen || tokens[k].kind == .leftBrace { return true }
            return false
        }
    }

    /// Whether only trailing closures on the same line stand between `k` and `end`.
    private static func endsAfterTrailingClosures(_ k: Int, _ end: Int, _ code: CodeTokens) -> Bool {
        var j = k
        while j < end, code.kind(j) == .leftBrace, !code.lineBreakBefore[j], let close = code.partner(of: j) {
            j = close + 1
        }
        return j == end
    }

    /// The expression a closure body returns: after its last top-level `return`, or the body
    /// itself when it is a single expression.
    static func returnedExpression(body: Range<Int>, code: CodeTokens) -> Range<Int>? {
        var lastReturn: Int?
        var k = body.lowerBound
        var statements = 0
        while k < body.upperBound {
            if k == body.lowerBound || code.lineBreakBefore[k] || code.kind(k - 1) == .semicolon {
                if !(k > body.lowerBound && ExpressionBounds.continuesExpression(k, in: code)) {
                    statements += 1
                }
            }
            if code.keyword(k) == .return { lastReturn = k }
            if let close = code.partner(of: k), close > k { k = close + 1 } else { k += 1 }
        }
        if let r = lastReturn {
            let end = min(ExpressionBounds.end(of: r + 1, in: code), body.upperBound)
            return end > r + 1 ? (r + 1)..<end : nil
        }
        return statements == 1 ? body : nil
    }

    /// The argument of `State(initialValue: x)`, `State(wrappedValue: x)`, `.init(wrappedValue: x)`
    /// or `SwiftUI.State(…)` spanning `range`, if that is what the range is.
    static func stateWrapperArgument(in range: Range<Int>, code: CodeTokens) -> Range<Int>? {
        var s = range.lowerBound
        if code.kind(s) == .period, code.keyword(s + 1) == .`init` {
            s += 2
        } else if code.text(s, is: "SwiftUI"), code.kind(s + 1) == .period, code.text(s + 2, is: "State") {
            s += 3
        } else if code.text(s, is: "State") {
            s += 1
        } else {
            return nil
        }
        if code.kind(s) == .period, code.keyword(s + 1) == .`init` { s += 2 }
        guard code.kind(s) == .leftParen, let close = code.partner(of: s), close + 1 == range.upperBound else { return nil }
        return labeledArgument(in: (s + 1)..<close, labels: ["initialValue", "wrappedValue"], code: code)
    }

    /// The expression after `label:` among the comma-separated arguments in `range`.
    static func labeledArgument(in range: Range<Int>, labels: Set<String>, code: CodeTokens) -> Range<Int>? {
        var k = range.lowerBound
        while k < range.upperBound {
            if code.kind(k) == .identifier, code.kind(k + 1) == .colon, labels.contains(code.string(k)),
               k == range.lowerBound || code.kind(k - 1) == .comma {
                var end = k + 2
                while end < range.upperBound, code.kind(end) != .comma {
                    if let close = code.partner(of: end), close > end { end = close + 1 } else { end += 1 }
                }
                return (k + 2)..<min(end, range.upperBound)
            }
            if let close = code.partner(of: k), close > k { k = close + 1 } else { k += 1 }
        }
        return nil
    }
}
