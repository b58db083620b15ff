import StateLintSyntax
import StateLintIndex

/// The layout of an action modifier's call, read from tokens, for the fixes that edit it:
/// where the call ends, its closure's shape, the next modifier of its chain, and whether it is
/// `.onAppear { Task { … } }` with nothing else.
package struct HandlerShapes {
    package let code: CodeTokens

    /// The call's last token: its trailing closure's `}`, else its `)`, else its name.
    private func endToken(of call: ModifierCall) -> Int {
        var end = call.nameToken
        if code.kind(end + 1) == .leftParen, let close = code.partner(of: end + 1) { end = close }
        if let closure = call.closure, closure.lowerBound > end { end = closure.upperBound }
        return end
    }

    /// The offset just past the call.
    package func callEnd(of call: ModifierCall) -> Int {
        code[endToken(of: call)].end
    }

    package func closureShape(_ closure: ClosedRange<Int>) -> ClosureShape {
        let signatureEnd = self.signatureEnd(of: closure)
        let first = (signatureEnd ?? closure.lowerBound) + 1
        return ClosureShape(open: code[closure.lowerBound].start, close: code[closure.upperBound].start,
                            lastStatementEnd: closure.count > 2 ? code[closure.upperBound - 1].end : nil,
                            firstStatementStart: first < closure.upperBound ? code[first].start : nil,
                            statementsOpen: code[signatureEnd ?? closure.lowerBound].end,
                            takesStatementAtEnd: closure.count <= 2 || !endsUnfinishedOrReturning(closure.upperBound - 1))
    }

    /// A `.`, `,` or `:`, an operator that is not postfix (postfix: bound to the token before,
    /// as in `value!`), an attribute, or a keyword that needs what follows (`let`, `try`, `if`,
    /// `throw`), which the next token would continue; or `return`, after which nothing runs.
    private func endsUnfinishedOrReturning(_ k: Int) -> Bool {
        switch code.kind(k) {
        case .period?, .comma?, .colon?, .attribute?: return true
        case .operator?: return k == 0 || code[k - 1].end != code[k].start
        case .keyword?: return !Self.keywordsEndingAStatement.contains(code.keyword(k)) || code.keyword(k) == .return
        default: return false
        }
    }

    /// `return`, `break`, literals, `self`; `in`, which ends a closure's signature.
    private static let keywordsEndingAStatement: Set<Keyword> = [
        .break, .continue, .fallthrough, .return, .true, .false, .nil, .self, .Self, .super, .in, .Any, .`init`,
    ]

    /// The `in` that ends a closure's signature (`{ [weak self] in`, `{ @MainActor in`,
    /// `{ value in`, `{ (a: Int) async -> Void in`), if it has one.
    private func signatureEnd(of closure: ClosedRange<Int>) -> Int? {
        var k = closure.lowerBound + 1
        while k < closure.upperBound {
            if code.keyword(k) == .in { return k }
            switch code.kind(k) {
            case .leftBracket?, .leftParen?:
                guard let close = code.partner(of: k) else { return nil }
                k = close + 1
                continue
            case .attribute?, .identifier?, .comma?, .period?:
                break
            case .operator?:
                // `->`, and the `?`/`!` of types.
                guard code.text(k, is: "->") || code.text(k, is: "?") || code.text(k, is: "!") else { return nil }
            case .keyword?:
                switch code.keyword(k) {
                case .throws, .rethrows, .wildcard, .`Self`, .`Any`: break
                default: return nil
                }
            default:
                return nil
            }
            k += 1
        }
        return nil
    }

    /// The offset of the first code token after the call (comments and blanks skipped).
    package func offsetAfterCall(_ call: ModifierCall) -> Int {
        let end = endToken(of: call)
        return end + 1 < code.count ? code[end + 1].start : Int.max
    }

    /// Links each handler to the one whose `.` is the next code token after its call;
    /// `following[i]` is that token's offset for `handlers[i]`.
    package static func linkChains(_ handlers: inout [HandlerFacts], following: [Int]) {
        var byDot: [Int: Int] = [:]
        for (position, handler) in handlers.enumerated() { byDot[handler.dotOffset] = position }
        for position in handlers.indices { handlers[position].nextInChain = byDot[following[position]] }
    }

    /// `.onAppear { Task { … } }` — a trailing closure whose one statement is a `Task { … }`
    /// without arguments, capture list or `in`, and no comment in the parts the fix removes.
    package func taskConversion(of call: ModifierCall) -> TaskConversion? {
        guard let action = call.closure, action.lowerBound == call.nameToken + 1,
              code.text(action.lowerBound + 1, is: "Task"), code.kind(action.lowerBound + 2) == .leftBrace,
              let taskClose = code.partner(of: action.lowerBound + 2), taskClose + 1 == action.upperBound else { return nil }
        let taskOpen = action.lowerBound + 2
        // `Task { [weak x] in … }`, `Task { @MainActor in … }`: the closure's header stays out.
        var k = taskOpen + 1
        while k < taskClose {
            if code.keyword(k) == .in || code.kind(k) == .leftBracket && k == taskOpen + 1 { return nil }
            if let close = code.partner(of: k), close > k { k = close + 1 } else { k += 1 }
        }
        let before = code[action.lowerBound].end..<code[taskOpen].end
        let after = code[taskClose].end..<code[action.upperBound].end
        let bytes = code.file.bytes
        // A comment in a removed stretch would be lost.
        guard !bytes[before].contains(UInt8(ascii: "/")), !bytes[after].contains(UInt8(ascii: "/")) else { return nil }
        return TaskConversion(removedBeforeBody: before, removedAfterBody: after,
                              bodyOpen: code[taskOpen].start, bodyClose: code[taskClose].start)
    }
}
