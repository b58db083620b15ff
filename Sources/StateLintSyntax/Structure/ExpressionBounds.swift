/// Where an expression or a type written in source ends, from tokens alone.
///
/// Swift ends a statement at a line break unless the next line obviously continues it
/// (a leading `.member`, a binary operator) or the line ended mid-expression (after an
/// operator, `=`, `,` or an opening bracket).
package enum ExpressionBounds {
    /// The code index just past the expression that starts at `start`.
    package static func end(of start: Int, in code: CodeTokens, stopAtComma: Bool = false) -> Int {
        var k = start
        while k < code.count {
            let token = code[k]
            if k > start && code.lineBreakBefore[k] && !continuesExpression(k, in: code) { return k }
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace, .interpolationOpen:
                guard let close = code.partner(of: k) else { return code.count }
                k = close + 1
                continue
            case .rightParen, .rightBracket, .rightBrace, .semicolon, .interpolationClose:
                return k
            case .identifier:
                // `NSCache<NSString, NSData>()`: the comma between generic arguments is not one
                // between bindings (`var a = x, b = y`).
                if let afterArguments = genericArgumentsEnd(after: k, in: code) ?? castTypeArgumentsEnd(after: k, in: code) {
                    k = afterArguments
                    continue
                }
            case .comma:
                if stopAtComma { return k }
            case .pound:
                // `#if`/`#else`/`#endif` end a statement; other pound words are expressions.
                if token.length >= 3, code.file.bytes[token.start + 1] == UInt8(ascii: "i") || code.file.bytes[token.start + 1] == UInt8(ascii: "e") {
                    return k
                }
            default:
                break
            }
            k += 1
        }
        return code.count
    }

    /// After `as?`, `as!`, `as` or `is`, the type name at `k` is a type: the index after its
    /// generic arguments (`x as? Entity<Post, Extra>, let y = …`), nil without any.
    private static func castTypeArgumentsEnd(after k: Int, in code: CodeTokens) -> Int? {
        var previous = k - 1
        if previous > 0, code.kind(previous) == .operator, code[previous].length == 1,
           code.file.bytes[code[previous].start] == UInt8(ascii: "?") || code.file.bytes[code[previous].start] == UInt8(ascii: "!") {
            previous -= 1
        }
        guard previous >= 0, code.keyword(previous) == .as || code.keyword(previous) == .is else { return nil }
        let next = k + 1
        guard next < code.count, code.kind(next) == .operator, code[next].start == code[k].end,
              code.file.bytes[code[next].start] == UInt8(ascii: "<") else { return nil }
        let end = TypeNames.skipGenericArguments(from: next, in: code)
        return end > next ? end : nil
    }

    /// The index after the generic arguments written right after the type name at `k`
    /// (`Store<Feature>` in `Store<Feature>()`), when a call, a member or a trailing closure
    /// follows them; nil otherwise (then `<` is a comparison: `a < b`).
    private static func genericArgumentsEnd(after k: Int, in code: CodeTokens) -> Int? {
        let next = k + 1
        guard code.kind(next) == .operator, code[next].start == code[k].end,
              code.file.bytes[code[next].start] == UInt8(ascii: "<") else { return nil }
        let end = TypeNames.skipGenericArguments(from: next, in: code)
        guard end > next, end < code.count, !code.lineBreakBefore[end] else { return nil }
        switch code[end].kind {
        case .leftParen, .period, .leftBrace: return end
        default: return nil
        }
    }

    /// Whether token `k`, first on its line, continues the expression of the line before.
    package static func continuesExpression(_ k: Int, in code: CodeTokens) -> Bool {
        let token = code[k]
        if token.kind == .period { return true }
        if token.kind == .operator {
            // A binary operator continues; a prefix operator (`!flag`, `-1`) starts something new.
            let next = token.end < code.file.bytes.count ? code.file.bytes[token.end] : 0
            return next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == 0x0A || next == 0x0D
        }
        guard k > 0 else { return false }  // the file's first token continues nothing
        let previous = code[k - 1]
        switch previous.kind {
        case .operator, .comma, .leftParen, .leftBracket, .colon: return true
        case .period: return true
        default: return false
        }
    }

    /// The code index just past a type written at `start` (`Model`, `Model?`, `[String: Int]`,
    /// `Store<Feature>`, `(any P)?`), which stays on one line.
    package static func typeEnd(of start: Int, in code: CodeTokens) -> Int {
        var k = start
        var angleDepth = 0  // unclosed `<` so far, counted as the scan goes
        while k < code.count {
            if k > start && code.lineBreakBefore[k] { return k }
            let token = code[k]
            switch token.kind {
            case .leftParen, .leftBracket:
                guard let close = code.partner(of: k) else { return code.count }
                k = close + 1
                continue
            case .identifier, .period, .keyword:
                if token.kind == .keyword && token.keyword != .`Any` && token.keyword != .`Self` { return k }
            case .operator:
                // `?`, `!`, `<`, `>`, `&` belong to types; `=` starts the initializer.
                for byte in code.file.bytes[token.range] {
                    switch byte {
                    case UInt8(ascii: "<"): angleDepth += 1
                    case UInt8(ascii: ">"): angleDepth -= 1
                    case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: ","): break
                    default: return k
                    }
                }
            case .comma:
                // A comma inside `<…>` belongs to the type; at this level it ends it.
                if angleDepth <= 0 { return k }
            default:
                return k
            }
            k += 1
        }
        return code.count
    }
}
