import StateLintSyntax
import StateLintIndex

/// Reads what an expression evaluates to (`ValueFacts`) from its code tokens.
///
/// Creations: `Model()`, `Model(arg:)`, `Model.init()`, `Module.Model()`, `Outer.Inner()`,
/// `Store<Feature>()`, `NSCache<NSString, NSData>()`, `Model { … }` (trailing closures),
/// `.init()`, after `try`/`try?`/`try!`/`await`, and immediately-invoked closures whose result
/// is one (`{ Model() }()`, `{ let m = Model(); m.configure(); return m }()`). Anything that goes
/// on after the call (`Model().configured()`, `Model.shared`), and a call of a lower-case name
/// (`Model.make()`, `makeModel()`), is not a creation: precision first.
package struct ValueReader {
    package let code: CodeTokens
    /// The file spans name.
    package let file: FileID
    private let references: ReferenceReader

    package init(code: CodeTokens, file: FileID) {
        self.code = code
        self.file = file
        references = ReferenceReader(code: code)
    }

    package func value(in range: Range<Int>) -> ValueFacts {
        var s = range.lowerBound
        let e = range.upperBound
        s = skipEffectKeywords(from: s, before: e)
        guard s < e else { return .other }
        if isNil(s..<e) { return .nilLiteral }
        if let coalescing = coalescingCreation(s..<e) { return coalescing }
        if let creation = creation(s..<e) { return .creation(creation) }
        return isReference(s..<e) ? .reference : .other
    }

    /// `try`, `try?`, `try!` and `await`, as many as there are.
    private func skipEffectKeywords(from start: Int, before end: Int) -> Int {
        var s = start
        while s < end, code.keyword(s) == .try || code.keyword(s) == .await {
            s += 1
            if s < end, code.kind(s) == .operator, code.text(s, is: "?") || code.text(s, is: "!") { s += 1 }
        }
        return s
    }

    // MARK: nil

    /// `nil`, `.none`, `Optional.none`, `Optional<Model>.none`, `nil as Model?`.
    package func isNil(_ range: Range<Int>) -> Bool {
        let s = range.lowerBound, e = range.upperBound
        if code.keyword(s) == .nil {
            // `nil` alone, or `nil as T?`.
            return s + 1 == e || (code.keyword(s + 1) == .as && s + 2 < e)
        }
        if code.kind(s) == .period, code.text(s + 1, is: "none") { return s + 2 == e }
        if code.text(s, is: "Optional") {
            let afterGenerics = TypeNames.skipGenericArguments(from: s + 1, in: code)
            return code.kind(afterGenerics) == .period && code.text(afterGenerics + 1, is: "none") && afterGenerics + 2 == e
        }
        return false
    }

    // MARK: Creations

    /// `left ?? Model()` at the top level, where `left` is a name or `self.name`.
    private func coalescingCreation(_ range: Range<Int>) -> ValueFacts? {
        guard let left = references.reference(at: range.lowerBound),
              code.kind(left.end) == .operator, code.text(left.end, is: "??"),
              let creation = creation((left.end + 1)..<range.upperBound) else { return nil }
        return .coalescingCreation(left: code.string(left.name), creation)
    }

    package func creation(_ range: Range<Int>) -> Creation? {
        let s = skipEffectKeywords(from: range.lowerBound, before: range.upperBound)
        let e = range.upperBound
        guard s < e, mayCreate(s, e) else { return nil }
        // `{ … }()`: an immediately-invoked closure makes what it returns.
        if code.kind(s) == .leftBrace, let close = code.partner(of: s), code.kind(close + 1) == .leftParen,
           code.partner(of: close + 1) == close + 2, close + 3 == e {
            guard var made = closureResult(body: (s + 1)..<close) else { return nil }
            made.span = SourceSpan(file, code, s, e - 1)
            return made
        }
        // `.init(…)`: typed by what it is assigned to.
        if code.kind(s) == .period, code.keyword(s + 1) == .`init`, code.kind(s + 2) == .leftParen {
            guard let close = code.partner(of: s + 2), endsAfterTrailingClosures(close + 1, e) else { return nil }
            return Creation(writtenType: nil, span: SourceSpan(file, code, s, e - 1))
        }
        // A type's name is capitalised; `Model.make()` and `makeModel()` call functions.
        guard let (name, afterName) = TypeNames.qualifiedName(at: s, in: code), startsUppercase(lastComponent(name)) else { return nil }
        var j = afterName
        if code.kind(j) == .period, code.keyword(j + 1) == .`init` { j += 2 }
        if j < code.count && code.lineBreakBefore[j] { return nil }  // the call must follow the name
        if code.kind(j) == .leftParen, let close = code.partner(of: j) {
            guard endsAfterTrailingClosures(close + 1, e) else { return nil }
        } else if code.kind(j) == .leftBrace {
            guard endsAfterTrailingClosures(j, e) else { return nil }
        } else {
            return nil
        }
        return Creation(writtenType: name, span: SourceSpan(file, code, s, e - 1))
    }

    /// Whether a `(` or `{` is among tokens `s...e`: every creation calls something or passes a
    /// closure (the `{` may be just past the range: a trailing closure). Most values (`false`,
    /// `.all`, `""`, `0`) have neither, and are ruled out without reading a type name.
    private func mayCreate(_ s: Int, _ e: Int) -> Bool {
        let last = min(e, code.count - 1)
        guard s >= 0, s <= last else { return false }
        return code.tokens.withUnsafeBufferPointer { tokens in
            for k in s...last where tokens[k].kind == .leftParen || tokens[k].kind == .leftBrace { return true }
            return false
        }
    }

    /// Whether only trailing closures on the same line stand between `k` and `end`.
    private func endsAfterTrailingClosures(_ k: Int, _ end: Int) -> Bool {
        var j = k
        while j < end, code.kind(j) == .leftBrace, !code.lineBreakBefore[j], let close = code.partner(of: j) {
            j = close + 1
        }
        return j == end
    }

    /// What a closure body returns, if it is a creation: its single expression, or the value
    /// of its last top-level `return`, following one local (`let m = Model(); …; return m`).
    private func closureResult(body: Range<Int>) -> Creation? {
        let statements = Statements(code: code, body: body)
        guard let last = statements.ranges.last else { return nil }
        var result = last
        if code.keyword(last.lowerBound) == .return {
            result = (last.lowerBound + 1)..<last.upperBound
        } else if statements.ranges.count > 1 {
            return nil  // several statements and no `return`: the closure returns nothing
        }
        guard !result.isEmpty else { return nil }
        if let made = creation(result) { return made }
        // `return m` where `let m = Model()` (or `var`) is a statement of the body.
        guard result.count == 1, code.kind(result.lowerBound) == .identifier else { return nil }
        for statement in statements.ranges.reversed() {
            let k = statement.lowerBound
            guard code.keyword(k) == .let || code.keyword(k) == .var, code.sameText(k + 1, result.lowerBound) else { continue }
            var valueStart = k + 2
            if code.kind(valueStart) == .colon { valueStart = ExpressionBounds.typeEnd(of: valueStart + 1, in: code) }
            guard code.kind(valueStart) == .operator, code.text(valueStart, is: "=") else { return nil }
            return creation((valueStart + 1)..<statement.upperBound)
        }
        return nil
    }

    // MARK: References

    /// A name or a chain of members without a call: `shared`, `Model.shared`, `self.model`.
    private func isReference(_ range: Range<Int>) -> Bool {
        var k = range.lowerBound
        guard code.kind(k) == .identifier || code.keyword(k) == .`self` || code.keyword(k) == .`Self` else { return false }
        k += 1
        while k < range.upperBound {
            guard code.kind(k) == .period, code.kind(k + 1) == .identifier || code.keyword(k + 1) == .`self` else {
                return false
            }
            k += 2
        }
        return true
    }
}

/// A name or `self.name` at a code index: what assignments, guards and calls refer to.
package struct ReferenceReader {
    package let code: CodeTokens

    package struct Reference {
        /// The first token (`name` or `self`), the name's token, and the index after it.
        package let start: Int
        package let name: Int
        package let end: Int
    }

    /// `name` (not a member of something else) or `self.name` (not `x.self.name`) at `k`.
    package func reference(at k: Int) -> Reference? {
        if code.keyword(k) == .`self`, code.kind(k - 1) != .period, code.kind(k + 1) == .period,
           code.kind(k + 2) == .identifier {
            return Reference(start: k, name: k + 2, end: k + 3)
        }
        if code.kind(k) == .identifier, code.kind(k - 1) != .period { return Reference(start: k, name: k, end: k + 1) }
        return nil
    }

    /// The reference whose name token is `k` (`name` or the `name` of `self.name`).
    package func reference(endingAt k: Int) -> Reference? {
        guard code.kind(k) == .identifier else { return nil }
        if code.kind(k - 1) != .period { return Reference(start: k, name: k, end: k + 1) }
        if code.keyword(k - 2) == .`self`, code.kind(k - 3) != .period { return Reference(start: k - 2, name: k, end: k + 1) }
        return nil
    }
}

/// The top-level statements of a body: split at line breaks that do not continue an
/// expression and at `;`, with brackets skipped. A `{` that starts a line continues the
/// statement before, as Swift reads it (`VStack` / `{`, `if ready` / `{`: Allman braces).
package struct Statements {
    package let ranges: [Range<Int>]

    package init(code: CodeTokens, body: Range<Int>) {
        var ranges: [Range<Int>] = []
        var start = body.lowerBound
        var k = body.lowerBound
        while k < body.upperBound {
            if code.kind(k) == .semicolon {
                if start < k { ranges.append(start..<k) }
                start = k + 1
                k += 1
                continue
            }
            if k > start && code.lineBreakBefore[k] && code.kind(k) != .leftBrace && !ExpressionBounds.continuesExpression(k, in: code) {
                ranges.append(start..<k)
                start = k
            }
            if let close = code.partner(of: k), close > k { k = close + 1 } else { k += 1 }
        }
        if start < body.upperBound { ranges.append(start..<min(k, body.upperBound)) }
        self.ranges = ranges
    }
}
