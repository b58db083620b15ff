import StateLintSyntax
import StateLintIndex

/// What a condition (`if`, `guard`, `while`) tells about which names are nil.
///
/// For each condition it finds the names that are nil when it holds (`model == nil`) and the
/// names that are nil when it fails (`model != nil`, `let model`, `let m = self.model`),
/// combining clauses the way Swift evaluates them: `,` and `&&` (all hold), `||` (one holds),
/// `!` (swaps the two), parentheses. A name counts only when the condition settles it: after
/// `model == nil || refresh` holds, `model` may still be set.
package struct ConditionReader {
    package let code: CodeTokens
    private let references: ReferenceReader

    package init(code: CodeTokens) {
        self.code = code
        references = ReferenceReader(code: code)
    }

    /// Names nil when the condition holds, and names nil when it fails.
    package struct Knowledge: Equatable {
        package var nilWhenTrue: Set<String> = []
        package var nilWhenFalse: Set<String> = []

        /// Both hold: what either tells when they do; when it fails, only what both tell.
        package func and(_ other: Knowledge) -> Knowledge {
            Knowledge(nilWhenTrue: nilWhenTrue.union(other.nilWhenTrue),
                      nilWhenFalse: nilWhenFalse.intersection(other.nilWhenFalse))
        }

        package func or(_ other: Knowledge) -> Knowledge {
            Knowledge(nilWhenTrue: nilWhenTrue.intersection(other.nilWhenTrue),
                      nilWhenFalse: nilWhenFalse.union(other.nilWhenFalse))
        }

        package var negated: Knowledge { Knowledge(nilWhenTrue: nilWhenFalse, nilWhenFalse: nilWhenTrue) }
    }

    /// The knowledge from the condition in `range` (clauses separated by top-level commas).
    package func knowledge(of range: Range<Int>) -> Knowledge {
        var result: Knowledge?
        for clause in split(range, at: { code.kind($0) == .comma }) {
            let clauseKnowledge = disjunction(clause)
            result = result.map { $0.and(clauseKnowledge) } ?? clauseKnowledge
        }
        return result ?? Knowledge()
    }

    private func disjunction(_ range: Range<Int>) -> Knowledge {
        let parts = split(range, at: { isOperator($0, "||") })
        var result = conjunction(parts[0])
        for part in parts.dropFirst() { result = result.or(conjunction(part)) }
        return result
    }

    private func conjunction(_ range: Range<Int>) -> Knowledge {
        let parts = split(range, at: { isOperator($0, "&&") })
        var result = unary(parts[0])
        for part in parts.dropFirst() { result = result.and(unary(part)) }
        return result
    }

    private func unary(_ range: Range<Int>) -> Knowledge {
        guard !range.isEmpty else { return Knowledge() }
        let s = range.lowerBound
        // `!x`: the operator token is `!` alone (a prefix operator, glued to what follows).
        if code.kind(s) == .operator, code.text(s, is: "!") { return unary((s + 1)..<range.upperBound).negated }
        if code.kind(s) == .leftParen, code.partner(of: s) == range.upperBound - 1 {
            return disjunction((s + 1)..<(range.upperBound - 1))
        }
        return comparison(range)
    }

    /// One comparison or binding.
    private func comparison(_ range: Range<Int>) -> Knowledge {
        let s = range.lowerBound, e = range.upperBound
        // `let model`, `var model`, `let m = model`, `let m = self.model`: fails when it is nil.
        if code.keyword(s) == .let || code.keyword(s) == .var {
            guard code.kind(s + 1) == .identifier else { return Knowledge() }
            if s + 2 == e { return Knowledge(nilWhenFalse: [code.string(s + 1)]) }
            var valueStart = s + 2
            if code.kind(valueStart) == .colon { valueStart = ExpressionBounds.typeEnd(of: valueStart + 1, in: code) }
            if isOperator(valueStart, "="), let reference = references.reference(at: valueStart + 1), reference.end == e {
                return Knowledge(nilWhenFalse: [code.string(reference.name)])
            }
            return Knowledge()
        }
        // `case .none = model`, `case nil = model`.
        if code.keyword(s) == .case {
            if let afterNil = nilSpelling(from: s + 1), isOperator(afterNil, "="),
               let reference = references.reference(at: afterNil + 1), reference.end == e {
                return Knowledge(nilWhenTrue: [code.string(reference.name)])
            }
            return Knowledge()
        }
        // `model == nil`, `model != nil`, `nil == model`, `model == .none`, `model === nil`.
        if let reference = references.reference(at: s), let equal = equality(at: reference.end),
           nilSpelling(from: reference.end + 1) == e {
            return knowledge(equal: equal, name: code.string(reference.name))
        }
        if let afterNil = nilSpelling(from: s), let equal = equality(at: afterNil),
           let reference = references.reference(at: afterNil + 1), reference.end == e {
            return knowledge(equal: equal, name: code.string(reference.name))
        }
        return Knowledge()
    }

    private func knowledge(equal: Bool, name: String) -> Knowledge {
        equal ? Knowledge(nilWhenTrue: [name]) : Knowledge(nilWhenFalse: [name])
    }

    /// `==`/`===` (true) or `!=`/`!==` (false) at `k`.
    private func equality(at k: Int) -> Bool? {
        guard code.kind(k) == .operator else { return nil }
        if code.text(k, is: "==") || code.text(k, is: "===") { return true }
        if code.text(k, is: "!=") || code.text(k, is: "!==") { return false }
        return nil
    }

    /// The index after `nil`, `.none` or `Optional.none` at `k`.
    private func nilSpelling(from k: Int) -> Int? {
        if code.keyword(k) == .nil { return k + 1 }
        if code.kind(k) == .period, code.text(k + 1, is: "none") { return k + 2 }
        if code.text(k, is: "Optional") {
            let j = TypeNames.skipGenericArguments(from: k + 1, in: code)
            if code.kind(j) == .period, code.text(j + 1, is: "none") { return j + 2 }
        }
        return nil
    }

    private func isOperator(_ k: Int, _ text: StaticString) -> Bool {
        code.kind(k) == .operator && code.text(k, is: text)
    }

    /// `range` cut at the top-level tokens that pass `isSeparator` (never empty: one part at least).
    private func split(_ range: Range<Int>, at isSeparator: (Int) -> Bool) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var k = range.lowerBound
        while k < range.upperBound {
            if let close = code.partner(of: k), close > k {
                k = close + 1
                continue
            }
            if isSeparator(k) {
                parts.append(start..<k)
                start = k + 1
            }
            k += 1
        }
        parts.append(start..<range.upperBound)
        return parts
    }
}
