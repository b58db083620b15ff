// Operators and regex literals, told apart the way the Swift 5.7+ lexer does.
extension TokenScanner {
    package mutating func scanOperator() {
        let start = i
        let startsWithDot = b[i] == UInt8(ascii: ".")
        advanceOperatorCharacter()
        while i < n {
            let c = b[i]
            // `.` continues an operator only if the operator started with one (`..<`, not `?.`).
            if c == UInt8(ascii: "."), !startsWithDot { break }
            // `//` or `/*` inside an operator starts a comment.
            if c == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*") { break }
            guard isOperatorContinuation(at: i) else { break }
            advanceOperatorCharacter()
        }
        let end = i
        if let slash = firstSlash(start, end), tryRegexInOperator(start: start, end: end, slash: slash) {
            return
        }
        if end - start == 1 && startsWithDot {
            emitCode(.period, start, end)
            return
        }
        emitCode(.operator, start, end)
    }

    @inline(__always)
    package mutating func advanceOperatorCharacter() {
        if b[i] < 0x80 { i += 1 } else { i += decodeScalar(b, i)?.length ?? 1 }
    }

    @inline(__always)  // see "Read-only helpers" on TokenScanner
    package func isOperatorContinuation(at j: Int) -> Bool {
        let c = b[j]
        if c < 0x80 { return table[Int(c)] & CharacterClass.operatorCharacter != 0 }
        guard let (scalar, _) = decodeScalar(b, j) else { return false }
        return CharacterClass.isOperatorContinue(scalar)
    }

    @inline(__always)  // see "Read-only helpers" on TokenScanner
    package func firstSlash(_ start: Int, _ end: Int) -> Int? {
        var j = start
        while j < end {
            if b[j] == UInt8(ascii: "/") { return j }
            j += 1
        }
        return nil
    }

    /// An operator is left-bound if the character before it is not whitespace or an opener.
    @inline(__always)  // see "Read-only helpers" on TokenScanner
    package func isLeftBound(_ start: Int) -> Bool {
        guard start > 0 else { return false }
        switch b[start - 1] {
        case UInt8(ascii: " "), 0x0D, 0x0A, UInt8(ascii: "\t"), UInt8(ascii: "("), UInt8(ascii: "["),
             UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
            return false
        case UInt8(ascii: "/"):
            return !(start >= 2 && b[start - 2] == UInt8(ascii: "*"))  // after `*/`
        case 0xA0:
            return !(start >= 2 && b[start - 2] == 0xC2)  // after a no-break space
        default:
            return true
        }
    }

    @inline(__always)  // see "Read-only helpers" on TokenScanner
    package func isRightBound(_ end: Int, leftBound: Bool) -> Bool {
        guard end < n else { return false }
        switch b[end] {
        case UInt8(ascii: " "), 0x0D, 0x0A, UInt8(ascii: "\t"), UInt8(ascii: ")"), UInt8(ascii: "]"),
             UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
            return false
        case UInt8(ascii: "."):
            return !leftBound
        case UInt8(ascii: "/"):
            return !(end + 1 < n && (b[end + 1] == UInt8(ascii: "/") || b[end + 1] == UInt8(ascii: "*")))
        case 0xC2:
            return !(end + 1 < n && b[end + 1] == 0xA0)
        default:
            return true
        }
    }

    /// Whether the `/` at `slash` inside the operator `[start, end)` opens a regex literal;
    /// if so, emits any prefix operator before it and the literal, and returns true.
    package mutating func tryRegexInOperator(start: Int, end: Int, slash: Int) -> Bool {
        let leftBound = isLeftBound(start)
        guard !leftBound else { return false }  // a postfix `/`
        // `func /(…)` and `operator /^/` declare operators.
        let previousKeyword = lastCodeToken?.keyword ?? .none
        guard previousKeyword != .func, previousKeyword != .operator else { return false }
        let rightBound = isRightBound(end, leftBound: leftBound)
        var mustBeRegex = false
        if leftBound == rightBound {
            // Binary position: a regex only where an expression is expected.
            let afterTryWithMark = self.afterTryWithMark
            mustBeRegex = afterTryWithMark
            if !mustBeRegex && !previousAllowsRegex { return false }
            if let last = lastCodeToken, last.kind == .operator, !afterTryWithMark {
                mustBeRegex = true
            }
        }
        let resume = i
        i = slash
        if slash > start {
            // Tentatively: the prefix operator is emitted only if the regex is accepted.
            let saved = checkpoint
            emitCode(.operator, start, slash)
            if scanRegexLiteral(literalStart: slash, slash: slash, mustBeRegex: mustBeRegex) { return true }
            rollBack(to: saved)
        } else if scanRegexLiteral(literalStart: slash, slash: slash, mustBeRegex: mustBeRegex) {
            return true
        }
        i = resume
        return false
    }

    /// Scans a regex literal whose `#` delimiters start at `literalStart` and whose opening
    /// `/` is at `slash`. Emits it and returns true, or returns false (consuming nothing)
    /// when the text is not a regex.
    package mutating func scanRegexLiteral(literalStart: Int, slash: Int, mustBeRegex: Bool) -> Bool {
        let pounds = slash - literalStart
        var j = slash + 1
        if pounds == 0, j < n {
            let next = b[j]
            if next == UInt8(ascii: "*") || next == UInt8(ascii: "/") { return false }  // a comment
            if (next == UInt8(ascii: " ") || next == UInt8(ascii: "\t")) && !mustBeRegex { return false }
        }
        // `#/` followed by only blanks up to the line end opens a multi-line literal.
        var firstNewline: Int?
        if pounds > 0 {
            var k = j
            while k < n, b[k] == UInt8(ascii: " ") || b[k] == UInt8(ascii: "\t") { k += 1 }
            if k < n, b[k] == 0x0A || b[k] == 0x0D { firstNewline = k; j = k }
        }
        var groupDepth = 0
        var classDepth = 0
        var lastBlank = -1
        var bodyEnd = -1
        var closeEnd = -1
        scan: while true {
            if j < n, b[j] == UInt8(ascii: "/") {
                var k = j + 1
                var closing = 0
                if pounds > 0 { while k < n, b[k] == UInt8(ascii: "#") { k += 1; closing += 1 } }
                if closing >= pounds {
                    if pounds == 0 {
                        if k < n, b[k] == UInt8(ascii: "*") || b[k] == UInt8(ascii: "/") {
                            bodyEnd = j  // unterminated: a comment follows
                            break scan
                        }
                        if lastBlank == j - 1 && !mustBeRegex { return false }
                    }
                    bodyEnd = j
                    closeEnd = k
                    break scan
                }
            }
            guard j < n else {
                bodyEnd = firstNewline ?? n
                break scan
            }
            var c = b[j]
            var escaped = false
            if c == UInt8(ascii: "\\") {
                j += 1
                escaped = true
                guard j < n else { bodyEnd = firstNewline ?? n; break scan }
                c = b[j]
            }
            switch c {
            case 0x0A, 0x0D:
                if firstNewline == nil { bodyEnd = j; break scan }
            case UInt8(ascii: "(") where !escaped && classDepth == 0:
                groupDepth += 1
            case UInt8(ascii: ")") where !escaped && classDepth == 0:
                if groupDepth == 0 {
                    if !mustBeRegex { return false }
                } else {
                    groupDepth -= 1
                }
            case UInt8(ascii: "[") where !escaped:
                classDepth += 1
            case UInt8(ascii: "]") where !escaped:
                if classDepth > 0 { classDepth -= 1 }
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                if !escaped { lastBlank = j }
            default:
                break
            }
            if c < 0x80 { j += 1 } else { j += decodeScalar(b, j)?.length ?? 1 }
        }
        if closeEnd < 0 && !mustBeRegex { return false }  // unterminated and ambiguous
        emitCode(.regexDelimiter, literalStart, slash + 1)
        if bodyEnd > slash + 1 { emit(.regexBody, slash + 1, bodyEnd) }
        if closeEnd > bodyEnd { emitCode(.regexDelimiter, bodyEnd, closeEnd) }
        i = max(closeEnd, bodyEnd)
        return true
    }
}
