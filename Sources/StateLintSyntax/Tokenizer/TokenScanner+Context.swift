// What the tokens already scanned say about the next one: whether a `/` may open a regex
// literal (Swift 5.7 rules), whether it follows `try?`/`try!`, and whether a `(` opens a
// version list. Read back from the last code tokens when a `/`, `?`, `!` or `(` needs it,
// instead of being stored on every token: the scan loop then writes nothing but the token.
extension TokenScanner {
    /// The last non-trivia token, if any.
    @inline(__always)  // see "Read-only helpers" on TokenScanner
    package var lastCodeToken: Token? { codeToken(before: Int.max) }

    /// The last non-trivia token stored before storage position `limit` (`Int.max`: the end).
    /// Code mode stores no trivia; lossless mode walks back over it.
    @inline(__always)  // see "Read-only helpers" on TokenScanner
    package func codeToken(before limit: Int) -> Token? {
        if !keepsTrivia {
            let k = min(limit, code.count) - 1
            return k >= 0 ? code[k] : nil
        }
        var k = min(limit, tokens.count) - 1
        while k >= 0 {
            if !tokens[k].kind.isTrivia { return tokens[k] }
            k -= 1
        }
        return nil
    }

    /// The storage position of the last non-trivia token (for `codeToken(before:)`).
    package var lastCodeTokenPosition: Int {
        if !keepsTrivia { return code.count - 1 }
        var k = tokens.count - 1
        while k >= 0, tokens[k].kind.isTrivia { k -= 1 }
        return k
    }

    /// Whether a `/` after the last code token may open a regex literal: after an operator
    /// that is not postfix, an opening bracket, a separator, a keyword that does not end an
    /// expression, or a conditional `#if`; not after a name, a literal or a closing bracket.
    package var previousAllowsRegex: Bool {
        guard let last = lastCodeToken else { return true }
        switch last.kind {
        case .keyword:
            let keyword = last.keyword
            return !(keyword == .true || keyword == .false || keyword == .nil || keyword == .`self`
                || keyword == .`Self` || keyword == .super || keyword == .`Any` || keyword == .wildcard)
        case .operator:
            let start = last.start, end = last.end
            let leftBound = isLeftBound(start)
            let isPostfix = leftBound && !isRightBound(end, leftBound: leftBound)
            let isArrow = end - start == 2 && b[start] == UInt8(ascii: "-") && b[start + 1] == UInt8(ascii: ">")
            let isDotted3 = end - start == 3 && b[start] == UInt8(ascii: ".")
            return !isPostfix && !isArrow && !isDotted3
        case .pound:
            // `#if`/`#else`/`#elseif`/`#endif` are followed by expressions; others are not.
            return word(last, is: "if") || word(last, is: "else") || word(last, is: "elseif") || word(last, is: "endif")
        case .leftParen, .leftBrace, .leftBracket, .comma, .semicolon, .colon, .interpolationOpen, .unknown:
            return true
        default:
            return false
        }
    }

    /// Whether the last code token is the `?` or `!` of `try?`/`try!`: a `/` after it must
    /// start a regex.
    package var afterTryWithMark: Bool {
        let position = lastCodeTokenPosition
        guard position >= 0 else { return false }
        let mark = keepsTrivia ? tokens[position] : code[position]
        guard mark.kind == .operator, mark.length == 1,
              b[mark.start] == UInt8(ascii: "?") || b[mark.start] == UInt8(ascii: "!"),
              let before = codeToken(before: position) else { return false }
        return before.keyword == .try && before.kind == .keyword && before.end == mark.start
    }

    /// Whether a `(` now opens a version list (`@available(iOS 14.0, *)`, `#available(…)`),
    /// where the Swift parser reads `14.0` as `14` `.` `0`.
    /// Inline, it only tests the last token's kind: every `(` asks. The word test is static,
    /// on the bytes alone: as a method it made every `(` copy the whole scanner (240 bytes)
    /// to pass `self`, 1% of a lint run.
    @inline(__always)
    package var expectsVersionList: Bool {
        guard let last = lastCodeToken, last.kind == .attribute || last.kind == .pound else { return false }
        return Self.takesVersionList(last, in: b)
    }

    /// Whether the attribute or `#` word `token` is one that takes a version list.
    package static func takesVersionList(_ token: Token, in b: UnsafeBufferPointer<UInt8>) -> Bool {
        if token.kind == .pound {
            return word(token, is: "available", in: b) || word(token, is: "unavailable", in: b)
        }
        return word(token, is: "available", in: b) || word(token, is: "backDeployed", in: b)
            || word(token, is: "_backDeploy", in: b)
            || word(token, is: "_specialize", in: b) || word(token, is: "_originallyDefinedIn", in: b)
            || word(token, is: "_spi_available", in: b)
    }

    /// Whether `token`, less its first byte (`@` or `#`), is exactly `word`.
    @inline(__always)  // see "Read-only helpers" on TokenScanner
    package func word(_ token: Token, is word: StaticString) -> Bool {
        Self.word(token, is: word, in: b)
    }

    @inline(__always)
    package static func word(_ token: Token, is word: StaticString, in b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard token.length - 1 == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for k in 0..<word.utf8CodeUnitCount where b[token.start + 1 + k] != w[k] { return false }
        return true
    }
}
