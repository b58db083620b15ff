import StateLintSyntax
import StateLintIndex

/// Reads a `var body: some View { … }` getter into `ViewBodyFacts`: its one expression, if it is
/// one, and the modifiers called on that expression at its top level.
package struct ViewBodyReader {
    package let code: CodeTokens
    package let file: FileID

    /// `body`: the code indices of the getter's `{` and `}`.
    package func facts(of body: ClosedRange<Int>) -> ViewBodyFacts {
        let expression = expression(in: body)
        return ViewBodyFacts(file: file, open: code[body.lowerBound].start, close: code[body.upperBound].start,
                             expression: expression, statements: expression == nil ? statements(in: body) : nil)
    }

    /// The body's statements, when a wrapper can hold them all (see `BodyStatements`).
    private func statements(in body: ClosedRange<Int>) -> BodyStatements? {
        let inner = (body.lowerBound + 1)..<body.upperBound
        guard !inner.isEmpty, code.lineBreakBefore[inner.lowerBound], code.lineBreakBefore[body.upperBound] else { return nil }
        let ranges = Statements(code: code, body: inner).ranges
        // Declarations, then `return VIEW`: the `return` goes, and the builder takes the view.
        if let finalReturn = LocalDeclarations.finalReturn(of: ranges, in: code), let first = ranges.first, let last = ranges.last {
            return BodyStatements(start: code[first.lowerBound].start, end: code[last.upperBound - 1].end,
                                  bindsFirst: selfBinding(first), finalReturn: finalReturn)
        }
        var views = 0
        for range in ranges {
            let first = range.lowerBound
            if LocalDeclarations.starts(at: first, in: code) { continue }
            switch code.keyword(first) {
            case .else: continue  // the rest of an `if` on a line of its own
            case .if, .switch: views += 1
            case .return, .for, .while, .repeat, .guard, .defer, .do: return nil
            // A local function or type, which no result builder takes.
            case .func, .struct, .enum, .class, .typealias, .protocol: return nil
            default:
                if code.kind(first) == .pound || code.kind(first) == .attribute { return nil }
                views += 1
            }
        }
        // One view: several would be laid out by the wrapper instead of the view's parent.
        guard views == 1, let first = ranges.first, let last = ranges.last else { return nil }
        return BodyStatements(start: code[first.lowerBound].start, end: code[last.upperBound - 1].end,
                              bindsFirst: selfBinding(first))
    }

    /// `@Bindable var model = model`: the name, when that is all the statement is.
    private func selfBinding(_ statement: Range<Int>) -> String? {
        let k = statement.lowerBound
        guard statement.count == 5, code.kind(k) == .attribute, code.text(k, is: "@Bindable"), code.keyword(k + 1) == .var,
              code.kind(k + 2) == .identifier, code.text(k + 3, is: "="), code.kind(k + 4) == .identifier, code.sameBytes(k + 2, k + 4)
        else { return nil }
        return code.string(k + 2)
    }

    private func expression(in body: ClosedRange<Int>) -> RootExpression? {
        let statements = Statements(code: code, body: (body.lowerBound + 1)..<body.upperBound).ranges
        // `#if` … `#endif` among the modifiers splits the expression into statements there.
        guard var s = statements.first?.lowerBound, let e = statements.last?.upperBound,
              statements.dropFirst().allSatisfy({ code.isConditionalDirective($0.lowerBound) }) else { return nil }
        if statements.count > 1 && !code.lineBreakBefore[s] { return nil }
        if code.keyword(s) == .return { s += 1 }
        guard s < e, code.kind(s) == .identifier || code.keyword(s) == .`self` else { return nil }
        // `get { … }`: an accessor, not a view.
        if code.keyword(s) == .get || code.text(s, is: "get") { return nil }
        var modifiers: [(name: String, dot: Int)] = []
        var k = s
        while k < e {
            switch code.kind(k) {
            case .leftParen?, .leftBrace?, .leftBracket?:
                guard let close = code.partner(of: k), close < e else { return nil }
                k = close + 1
                continue
            case .period?:
                guard code.kind(k + 1) == .identifier || code.keyword(k + 1) == .`init` else { return nil }
                if k > s { modifiers.append((code.string(k + 1), k)) }
            case .identifier?:
                // `Store<Feature>(…)`: generic arguments belong to the name.
                let afterArguments = TypeNames.skipGenericArguments(from: k + 1, in: code)
                if afterArguments > k + 1 {
                    k = afterArguments
                    continue
                }
                // `Button { … } label: { … }`: a labelled trailing closure.
                if code.kind(k + 1) == .colon {
                    guard code.kind(k + 2) == .leftBrace, code.kind(k - 1) == .rightBrace else { return nil }
                    k += 2
                    continue
                }
            case .keyword?:
                guard code.keyword(k) == .`self` || code.keyword(k) == .`init` else { return nil }
            case .pound?:
                // `#if os(iOS)` / `.modifier()` / `#endif`: one modifier of the chain, `#if`.
                guard k > s, code.text(k, is: "#if"), let end = conditionalModifiersEnd(from: k, before: e) else { return nil }
                modifiers.append(("#if", k))
                k = end
                continue
            case .operator?:
                // Only a postfix `?` or `!` written against what it unwraps.
                guard code.text(k, is: "?") || code.text(k, is: "!"), code[k].start == code[k - 1].end else { return nil }
            default:
                return nil
            }
            k += 1
        }
        var roots: [RootModifier] = []
        for (position, modifier) in modifiers.enumerated() {
            let next = position + 1 < modifiers.count ? modifiers[position + 1].dot : e
            roots.append(RootModifier(name: modifier.name, dotOffset: code[modifier.dot].start, end: code[next - 1].end,
                                      previousEnd: code[modifier.dot - 1].end))
        }
        var expression = RootExpression(start: code[s].start, end: code[e - 1].end, rootName: code.string(s), modifiers: roots)
        expression.makesSeveralViews = RootExpression.severalViewRoots.contains(expression.rootName)
        // `Group { if … { A } else { B } }`: one view at a time.
        if code.text(s, is: "Group"), code.kind(s + 1) == .leftBrace, let close = code.partner(of: s + 1) {
            expression.makesSeveralViews = !isOneView(block: (s + 1)...close, depth: 0)
        }
        return expression
    }

    /// The most levels of `if`/`switch` read to tell one view from several.
    private static let oneViewDepth = 8

    /// Whether a block of a result builder makes one view at a time: declarations and one
    /// statement that does (see `isOneView(statement:)`).
    private func isOneView(block: ClosedRange<Int>, depth: Int) -> Bool {
        let inner = (block.lowerBound + 1)..<block.upperBound
        guard !inner.isEmpty else { return false }
        let views = Statements(code: code, body: inner).ranges.filter { !isDeclaration($0.lowerBound) }
        return views.count == 1 && isOneView(statement: views[0], depth: depth)
    }

    /// An `if` whose every block makes one view, a `switch` whose every case does, or a view
    /// that is not a `ForEach`, `Group`, `Section` or `TupleView`.
    private func isOneView(statement: Range<Int>, depth: Int) -> Bool {
        guard depth < Self.oneViewDepth else { return false }
        let first = statement.lowerBound
        switch code.keyword(first) {
        case .if:
            var blocks = 0
            var k = first
            while k < statement.upperBound {
                if code.kind(k) == .leftBrace, let close = code.partner(of: k) {
                    guard isOneView(block: k...close, depth: depth + 1) else { return false }
                    blocks += 1
                    k = close + 1
                    continue
                }
                if code.kind(k) == .leftParen || code.kind(k) == .leftBracket, let close = code.partner(of: k) { k = close + 1; continue }
                k += 1
            }
            return blocks > 0
        case .switch:
            guard let open = (first..<statement.upperBound).first(where: { code.kind($0) == .leftBrace }),
                  let close = code.partner(of: open), close + 1 == statement.upperBound else { return false }
            // Each case: its label, then one view (a label's `:` may join it to the next line).
            var views: [Int] = []
            for var range in Statements(code: code, body: (open + 1)..<close).ranges {
                if code.keyword(range.lowerBound) == .case || code.keyword(range.lowerBound) == .default {
                    guard let colon = labelColon(in: range) else { return false }
                    views.append(0)
                    range = (colon + 1)..<range.upperBound
                    if range.isEmpty { continue }
                }
                if !isDeclaration(range.lowerBound) {
                    guard !views.isEmpty, isOneView(statement: range, depth: depth + 1) else { return false }
                    views[views.count - 1] += 1
                }
            }
            return !views.isEmpty && views.allSatisfy { $0 == 1 }
        default:
            return code.kind(first) == .identifier && !RootExpression.severalViewRoots.contains(code.string(first))
        }
    }

    /// The `:` that ends a `case` or `default` label (outside its patterns' brackets).
    private func labelColon(in range: Range<Int>) -> Int? {
        var k = range.lowerBound
        while k < range.upperBound {
            if code.kind(k) == .colon { return k }
            if let close = code.partner(of: k), close > k { k = close + 1 } else { k += 1 }
        }
        return nil
    }

    private func isDeclaration(_ k: Int) -> Bool {
        code.keyword(k) == .let || code.keyword(k) == .var
    }

    /// Past the `#endif` that closes the `#if` at `k`, when every branch holds modifiers only
    /// (each line after a directive's starts with `.`, or is another directive): nil otherwise.
    private func conditionalModifiersEnd(from k: Int, before end: Int) -> Int? {
        var depth = 0
        var j = k
        while j < end {
            if code.isConditionalDirective(j) {
                if code.text(j, is: "#if") { depth += 1 } else if code.text(j, is: "#endif") { depth -= 1 }
                guard code.lineBreakBefore[j] else { return nil }
                if depth == 0 { return j + 1 }
                // The condition runs to the end of the directive's line.
                j += 1
                while j < end, !code.lineBreakBefore[j] {
                    if let close = code.partner(of: j), close > j { j = close + 1 } else { j += 1 }
                }
                guard j < end, code.kind(j) == .period || code.isConditionalDirective(j) else { return nil }
                continue
            }
            if let close = code.partner(of: j), close > j { j = close + 1 } else { j += 1 }
        }
        return nil
    }
}
