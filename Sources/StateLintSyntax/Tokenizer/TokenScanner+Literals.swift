// Numbers and string literals.
extension TokenScanner {
    package mutating func scanNumber() {
        let start = i
        var isFloat = false
        if b[i] == UInt8(ascii: "0"), peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "o") || peek(1) == UInt8(ascii: "b") {
            let radix = peek(1)
            i += 2
            let digitFlag = radix == UInt8(ascii: "x") ? CharacterClass.hexDigit : CharacterClass.digit
            while i < n, table[Int(b[i])] & digitFlag != 0 || b[i] == UInt8(ascii: "_") { i += 1 }
            if radix == UInt8(ascii: "x") {
                // Hex floats: `0x1.8p3`, `0x1p-2`.
                if peek() == UInt8(ascii: "."), table[Int(peek(1))] & CharacterClass.hexDigit != 0,
                   start == 0 || b[start - 1] != UInt8(ascii: ".") {
                    var j = i + 1
                    while j < n, table[Int(b[j])] & CharacterClass.hexDigit != 0 || b[j] == UInt8(ascii: "_") { j += 1 }
                    // Only a float if an exponent follows; `0x1.foo` is a member access.
                    if j < n, b[j] == UInt8(ascii: "p") || b[j] == UInt8(ascii: "P") { i = j }
                }
                if peek() == UInt8(ascii: "p") || peek() == UInt8(ascii: "P") {
                    isFloat = true
                    scanExponent()
                }
            }
        } else {
            while i < n, table[Int(b[i])] & CharacterClass.digit != 0 || b[i] == UInt8(ascii: "_") { i += 1 }
            // `1.5` is a float; `1.foo` and tuple access `x.0.1` are not. As in the Swift lexer,
            // tuple access is a number right after a `.` token: `0...0.5` ends in a float.
            if peek() == UInt8(ascii: "."), table[Int(peek(1))] & CharacterClass.digit != 0,
               lastCodeToken?.kind != .period, versionListDepth == 0 {
                isFloat = true
                i += 1
                while i < n, table[Int(b[i])] & CharacterClass.digit != 0 || b[i] == UInt8(ascii: "_") { i += 1 }
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                let save = i
                scanExponent()
                if i > save { isFloat = true }
            }
        }
        // Letters glued to a number (`5px`) belong to it, as in the Swift lexer's recovery.
        scanIdentifierTail(requireStart: false)
        emitCode(isFloat ? .float : .integer, start, i)
    }

    /// At `e`/`p`: consumes `[eEpP][+-]?digits` if digits follow; otherwise nothing.
    package mutating func scanExponent() {
        var j = i + 1
        if j < n, b[j] == UInt8(ascii: "+") || b[j] == UInt8(ascii: "-") { j += 1 }
        guard j < n, table[Int(b[j])] & CharacterClass.digit != 0 else { return }
        while j < n, table[Int(b[j])] & CharacterClass.digit != 0 || b[j] == UInt8(ascii: "_") { j += 1 }
        i = j
    }

    /// At the quote of a string literal whose `#` delimiters (if any) start at `literalStart`.
    package mutating func scanStringLiteral(literalStart: Int, pounds: Int) {
        let quote = b[i]
        var isMultiline = false
        var openEnd = i + 1
        if quote == UInt8(ascii: "\""), peek(1) == quote, peek(2) == quote,
           pounds == 0 || !closesOnSameLine(from: i + 2, pounds: pounds) {
            isMultiline = true
            openEnd = i + 3
        }
        emitCode(.stringDelimiter, literalStart, openEnd)
        i = openEnd
        scanStringBody(StringContext(pounds: pounds, isMultiline: isMultiline, quote: quote, parenDepth: 0))
    }

    /// Whether a `"` followed by at least `pounds` `#` occurs from `start` to the end of the
    /// line. Then `#"""…` is a single-line raw string whose text starts with `""` (`#"""""#`
    /// is the text `"""`), not a multi-line one. This is the Swift lexer's rule (swift-syntax
    /// `lexStringQuote`, the C++ `advanceIfMultilineDelimiter`): a plain byte scan from the
    /// third quote, which ignores escapes and interpolations. Only `#"""` openers pay for it.
    package func closesOnSameLine(from start: Int, pounds: Int) -> Bool {
        var j = start
        while j < n, b[j] != 0x0A, b[j] != 0x0D {
            j += 1
            if b[j - 1] == UInt8(ascii: "\""), poundRunEnd(from: j) - j >= pounds { return true }
        }
        return false
    }

    /// The end of the run of `#` from `start`.
    @inline(__always)
    package func poundRunEnd(from start: Int) -> Int {
        var j = start
        while j < n, b[j] == UInt8(ascii: "#") { j += 1 }
        return j
    }

    /// Scans string text from `i` until the closing delimiter, the start of an interpolation
    /// (which pushes `context` and returns to code), a newline in a single-line string, or EOF.
    package mutating func scanStringBody(_ context: StringContext) {
        let segmentStart = i
        let quote = context.quote
        while i < n {
            let c = b[i]
            if c == UInt8(ascii: "\\") {
                var j = i + 1
                var seen = 0
                while seen < context.pounds, j < n, b[j] == UInt8(ascii: "#") { j += 1; seen += 1 }
                guard seen == context.pounds else { i = j; continue }  // `\` in a raw string
                // swift-syntax takes one `#` more than the delimiter has (`\##(` in `#"…"#`
                // interpolates; the C++ lexer calls the extra `#` an error): so do we.
                if seen > 0, j < n, b[j] == UInt8(ascii: "#") { j += 1 }
                if j < n, b[j] == UInt8(ascii: "(") {
                    emitSegment(segmentStart, i)
                    emitCode(.interpolationOpen, i, j + 1)
                    i = j + 1
                    var inner = context
                    inner.parenDepth = 0
                    contexts.append(inner)
                    return
                }
                // An escape: skip the escaped character, but never a line break of a
                // single-line string (the string is unterminated there).
                if j < n, context.isMultiline || (b[j] != 0x0A && b[j] != 0x0D) { j += 1 }
                i = j
                continue
            }
            if c == quote, let closeEnd = closingDelimiterEnd(context) {
                emitSegment(segmentStart, i)
                emitCode(.stringDelimiter, i, closeEnd)
                i = closeEnd
                return
            }
            if (c == 0x0A || c == 0x0D) && !context.isMultiline {
                break  // unterminated: the newline is lexed as code
            }
            i = plainTextEnd(from: i + 1, quote: quote)
        }
        emitSegment(segmentStart, i)
    }

    /// Where plain string text from `start` ends: at the next `\\`, `quote` or line break.
    /// Eight bytes per step while eight remain (a byte equal to one of the four leaves a
    /// zero byte in `word ^ repeated`), then byte by byte.
    @inline(__always)
    package func plainTextEnd(from start: Int, quote: UInt8) -> Int {
        var j = start
        let bytes = b, count = n
        if let base = bytes.baseAddress {
            let quotes = byteRepeated &* UInt64(quote)
            while j &+ 8 <= count {
                let word = littleEndianWord(base + j)
                let stops = zeroBytes(word ^ quotes) | zeroBytes(word ^ (byteRepeated &* 0x5C))
                    | zeroBytes(word ^ (byteRepeated &* 0x0A)) | zeroBytes(word ^ (byteRepeated &* 0x0D))
                if stops != 0 { return j &+ (stops.trailingZeroBitCount &>> 3) }
                j &+= 8
            }
        }
        while j < count {
            let d = bytes[j]
            if d == UInt8(ascii: "\\") || d == quote || d == 0x0A || d == 0x0D { break }
            j += 1
        }
        return j
    }

    @inline(__always)
    package mutating func emitSegment(_ start: Int, _ end: Int) {
        if end > start { emit(.stringSegment, start, end) }
    }

    /// If a closing delimiter of `context` starts at `i`, where it ends.
    @inline(__always)  // see "Read-only helpers" on TokenScanner
    package func closingDelimiterEnd(_ context: StringContext) -> Int? {
        var j = i + 1
        if context.isMultiline {
            guard peek(1) == context.quote, peek(2) == context.quote else { return nil }
            j = i + 3
        }
        guard context.pounds > 0 else { return j }
        // Extra `#` belong to the delimiter too (`#"a"##`): an error, lexed so by swift-syntax.
        let end = poundRunEnd(from: j)
        return end - j >= context.pounds ? end : nil
    }
}
