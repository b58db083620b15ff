import StateLintSyntax

/// The arguments of a call, by label: `(a, label: b)` between code indices `list`.
package struct CallArguments {
    package var arguments: [(label: String?, range: Range<Int>)] = []

    package static func read(_ list: ClosedRange<Int>, in code: CodeTokens) -> CallArguments {
        var result = CallArguments()
        var start = list.lowerBound + 1
        var k = start
        func finish(_ end: Int) {
            defer { start = end + 1 }
            guard start < end, start < list.upperBound else { return }
            if code.kind(start) == .identifier || code.kind(start) == .keyword, code.kind(start + 1) == .colon, start + 2 < end {
                result.arguments.append((code.string(start), (start + 2)..<end))
            } else {
                result.arguments.append((nil, start..<end))
            }
        }
        while k < list.upperBound {
            if let partner = code.partner(of: k), partner > k { k = partner + 1; continue }
            if code.kind(k) == .comma { finish(k) }
            k += 1
        }
        finish(list.upperBound)
        return result
    }

    /// The argument for a parameter: by its label, or (unlabelled) by position.
    package func argument(label: String?, position: Int) -> Range<Int>? {
        if let label { return arguments.first { $0.label == label }?.range }
        guard position < arguments.count, arguments[position].label == nil else { return nil }
        return arguments[position].range
    }
}

/// The call a closure is passed to: `items.forEach { … }`, `items.first(where: { … })`,
/// `ForEach(items) { item in … }`.
package struct ClosureCall {
    /// The receiver's code tokens (`model.items` of `model.items.forEach`).
    package var receiver: Range<Int>?
    package var receiverIsOptionalChained = false
    package var method: String?
    /// `ForEach(data) { … }` or `List(data) { … }`: the closure makes a view per element.
    package var isForEachView = false
    package var firstArgument: Range<Int>?

    package static let elementViews: Set<String> = ["ForEach", "List"]

    /// Whether the `{` at `open` starts a closure (not a control-flow block): it follows a value,
    /// an argument's `:`, `(`, `,`, `=`, `in` or `return`, or another closure's `}`.
    package static func isClosure(at open: Int, in code: CodeTokens) -> Bool {
        guard open > 0 else { return false }
        switch code.kind(open - 1) {
        case .identifier, .rightParen, .rightBracket, .colon, .leftParen, .comma, .leftBracket, .rightBrace:
            // `if x {`, `for a in b {`, `while c {`: a block after a condition's last name.
            if code.kind(open - 1) == .identifier || code.kind(open - 1) == .rightParen || code.kind(open - 1) == .rightBracket {
                return !isConditionBlock(open, code)
            }
            return true
        case .operator: return code.text(open - 1, is: "=")
        case .keyword:
            let keyword = code.keyword(open - 1)
            return keyword == .in || keyword == .return
        default: return false
        }
    }

    /// Whether the `{` at `open` ends the header of an `if`, `guard … else`, `while`, `for`,
    /// `switch`, `catch` or `do` on its line.
    private static func isConditionBlock(_ open: Int, _ code: CodeTokens) -> Bool {
        var j = open - 1
        var steps = 0
        while j >= 0, steps < 256 {
            steps += 1
            if let partner = code.partner(of: j), partner < j { j = partner - 1; continue }
            switch code.keyword(j) {
            case .if, .guard, .while, .for, .switch, .catch, .do, .else, .repeat: return true
            default: break
            }
            if code.kind(j) == .leftBrace || code.kind(j) == .rightBrace || code.kind(j) == .semicolon { return false }
            if code.lineBreakBefore[j], !ExpressionBounds.continuesExpression(j, in: code) { return false }
            j -= 1
        }
        return false
    }

    package static func find(closureAt open: Int, in code: CodeTokens) -> ClosureCall? {
        var p = open - 1
        guard p >= 0 else { return nil }
        var arguments: ClosedRange<Int>?
        if code.kind(p) == .rightParen, !code.lineBreakBefore[open], let q = code.partner(of: p) {
            arguments = q...p
            p = q - 1
        } else if code.kind(p) == .colon || code.kind(p) == .leftParen || code.kind(p) == .comma {
            // Inside an argument list: its `(`.
            var q = p
            var steps = 0
            while q >= 0, steps < 512 {
                steps += 1
                if code.kind(q) == .leftParen, let close = code.partner(of: q), close > open { break }
                if let partner = code.partner(of: q), partner < q { q = partner - 1; continue }
                q -= 1
            }
            guard code.kind(q) == .leftParen, let close = code.partner(of: q) else { return nil }
            arguments = q...close
            p = q - 1
        } else if code.lineBreakBefore[open] {
            return nil
        }
        guard code.kind(p) == .identifier else { return nil }
        var call = ClosureCall()
        let name = code.string(p)
        if code.kind(p - 1) == .period {
            call.method = name
            var end = p - 1
            if code.kind(end - 1) == .operator, code.text(end - 1, is: "?") {
                call.receiverIsOptionalChained = true
                end -= 1
            }
            guard let start = PostfixChain.start(endingBefore: end, in: code) else { return nil }
            call.receiver = start..<end
        } else if elementViews.contains(name), let arguments {
            call.isForEachView = true
            let first = CallArguments.read(arguments, in: code).arguments.first
            if let first, first.label == nil || first.label == "data" { call.firstArgument = first.range }
        } else {
            return nil
        }
        return call
    }
}

/// Where a postfix chain (`self.model?.items[0].name`) begins.
package enum PostfixChain {
    /// The first code index of the chain whose last token is just before `end`, or nil.
    package static func start(endingBefore end: Int, in code: CodeTokens) -> Int? {
        var k = end - 1
        var steps = 0
        while k >= 0, steps < 256 {
            steps += 1
            let kind = code.kind(k)
            var atomStart: Int
            if kind == .rightParen || kind == .rightBracket || kind == .rightBrace {
                guard let open = code.partner(of: k) else { return nil }
                // A call's or subscript's brackets: the callee comes before them.
                if open > 0, kind != .rightBrace || !code.lineBreakBefore[open],
                   code.kind(open - 1) == .identifier || code.kind(open - 1) == .rightParen || code.kind(open - 1) == .rightBracket
                    || code.keyword(open - 1) == .self || code.kind(open - 1) == .operator && (code.text(open - 1, is: "?") || code.text(open - 1, is: "!")) {
                    k = open - 1
                    continue
                }
                atomStart = open
            } else if kind == .identifier || code.keyword(k) == .self || code.keyword(k) == .Self || code.keyword(k) == .super
                        || code.keyword(k) == .`init` {
                atomStart = k
            } else if kind == .operator, code.text(k, is: "?") || code.text(k, is: "!") {
                k -= 1
                continue
            } else {
                return nil
            }
            // `.member` before: the chain goes on to the left.
            if code.kind(atomStart - 1) == .period, atomStart - 2 >= 0, !code.lineBreakBefore[atomStart - 1] || code.kind(atomStart - 2) != .leftBrace {
                let before = atomStart - 2
                if code.kind(before) == .identifier || code.kind(before) == .rightParen || code.kind(before) == .rightBracket
                    || code.keyword(before) == .self || code.keyword(before) == .Self || code.kind(before) == .operator
                    && (code.text(before, is: "?") || code.text(before, is: "!")) {
                    k = before
                    continue
                }
            }
            return atomStart
        }
        return nil
    }
}
