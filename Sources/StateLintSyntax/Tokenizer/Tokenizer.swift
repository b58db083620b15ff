/// Splits Swift source bytes into lossless tokens.
///
/// Every byte belongs to exactly one token, so the tokens concatenated give the input back.
/// It never fails: unterminated literals and comments end at the end of the file (or line),
/// and invalid UTF-8 or characters Swift does not allow become `.unknown` tokens. Time is
/// linear in the input; string interpolations nest through an explicit stack, not recursion.
public enum Tokenizer {
    public static func tokenize(_ bytes: [UInt8]) -> [Token] {
        bytes.withUnsafeBufferPointer { tokenize($0) }
    }

    public static func tokenize(_ buffer: UnsafeBufferPointer<UInt8>) -> [Token] {
        var scanner = TokenScanner(lossless: buffer)
        defer { scanner.release() }
        scanner.run()
        return scanner.tokens.array()
    }

    /// What linting needs, in the same pass: the code tokens with their line breaks and
    /// bracket partners (see `CodeTokens`), and the comments (for directives). Spaces and
    /// newlines are never stored.
    public static func scanCode(_ bytes: [UInt8]) -> CodeScan {
        bytes.withUnsafeBufferPointer { buffer in
            // The scanner writes straight into the result arrays' storage; only a file with
            // more code tokens than expected (see `expectedCapacity`) is copied out at the end.
            let capacity = CodeTokenBuffer.expectedCapacity(forBytes: buffer.count)
            var count = 0
            var comments: [Token] = []
            var overflow: (tokens: [Token], lineBreakBefore: [Bool], partner: [Int32])?
            var lineBreakBefore: [Bool] = [], partner: [Int32] = []
            var bracketsPair = true
            let tokens = [Token](unsafeUninitializedCapacity: capacity) { tokenStorage, tokenCount in
                lineBreakBefore = [Bool](unsafeUninitializedCapacity: capacity) { lineStorage, lineCount in
                    partner = [Int32](unsafeUninitializedCapacity: capacity) { partnerStorage, partnerCount in
                        let lent = CodeTokenBuffer(lending: tokenStorage.baseAddress!, lineBreaks: lineStorage.baseAddress!,
                                                   partners: partnerStorage.baseAddress!, capacity: capacity)
                        var scanner = TokenScanner(buffer, code: lent)
                        defer { scanner.release() }
                        scanner.run()
                        comments = scanner.comments
                        bracketsPair = scanner.brackets.allPaired
                        if scanner.code.ownsStorage {
                            overflow = scanner.code.arrays()
                        } else {
                            count = scanner.code.count
                        }
                        partnerCount = count
                    }
                    lineCount = count
                }
                tokenCount = count
            }
            if let overflow {
                return CodeScan(tokens: overflow.tokens, lineBreakBefore: overflow.lineBreakBefore,
                                partner: overflow.partner, comments: comments, bracketsPair: bracketsPair)
            }
            return CodeScan(tokens: tokens, lineBreakBefore: lineBreakBefore, partner: partner, comments: comments,
                            bracketsPair: bracketsPair)
        }
    }
}

/// The result of `Tokenizer.scanCode`.
public struct CodeScan: Sendable {
    /// Non-trivia tokens.
    public let tokens: [Token]
    /// Whether a newline separated each token from the one before it (true for the first).
    public let lineBreakBefore: [Bool]
    /// Each bracket's partner (code index), or -1.
    public let partner: [Int32]
    /// Line and block comments and the shebang, in order.
    public let comments: [Token]
    /// Whether every bracket has its partner.
    public let bracketsPair: Bool
}

/// An open string literal whose interpolation we are inside.
package struct StringContext: BitwiseCopyable {
    package var pounds: Int
    package var isMultiline: Bool
    package var quote: UInt8
    /// Unclosed `(` inside the interpolation; its `)` at depth 0 ends the interpolation.
    package var parenDepth: Int
}

/// Read-only helpers (`word(_:is:)`, `closingDelimiterEnd`, the operator checks) are
/// `@inline(__always)`: called out of line from the mutating scan methods, every call copied
/// the whole scanner (over 200 bytes) with `memcpy`, 3% of a lint run.
package struct TokenScanner {
    package let b: UnsafeBufferPointer<UInt8>
    package let n: Int
    package var i = 0
    /// Lossless mode keeps every token in `tokens`; code mode (`keepsTrivia == false`) keeps
    /// the code tokens in `code`, comments in `comments`, and drops spaces and newlines.
    package let keepsTrivia: Bool
    package var tokens: ScanBuffer<Token>
    // Code mode only.
    package var code: CodeTokenBuffer
    package var brackets = BracketMatcher()
    package var comments: [Token] = []
    package var sawNewline = true
    /// Interpolations we are inside, innermost last. Raw storage: `Array.count` on it stayed an
    /// out-of-line call per `(`, `)` and newline in the lint engine.
    package var contexts = ScanBuffer<StringContext>(capacity: 16)

    // Version lists (`@available(iOS 14.0, *)`, `#available(…)`): the Swift parser reads
    // `14.0` there as the version tuple `14` `.` `0`, so the scanner does too. What a `/`
    // may start is read back from the last tokens (TokenScanner+Context.swift).
    package var versionListDepth = 0

    package let keywords = KeywordTable.shared
    /// `CharacterClass.ascii`, held here so hot loops read it without lazy-global checks.
    package let table = CharacterClass.asciiTable

    /// Lossless mode: every token into `tokens`.
    package init(lossless buffer: UnsafeBufferPointer<UInt8>) {
        // About one token per 3.5 bytes of typical Swift, trivia included.
        self.init(buffer, keepsTrivia: true, tokens: ScanBuffer(capacity: buffer.count / 3),
                  code: CodeTokenBuffer(capacity: 0))
    }

    /// Code mode, scanning into `code`.
    package init(_ buffer: UnsafeBufferPointer<UInt8>, code: CodeTokenBuffer) {
        self.init(buffer, keepsTrivia: false, tokens: ScanBuffer(capacity: 0), code: code)
    }

    private init(_ buffer: UnsafeBufferPointer<UInt8>, keepsTrivia: Bool, tokens: ScanBuffer<Token>, code: CodeTokenBuffer) {
        b = buffer
        n = buffer.count
        self.keepsTrivia = keepsTrivia
        self.tokens = tokens
        self.code = code
    }

    package func release() {
        tokens.release()
        code.release()
        brackets.release()
        contexts.release()
    }

    @inline(__always)
    package func peek(_ offset: Int = 0) -> UInt8 {
        let j = i + offset
        return j < n ? b[j] : 0
    }

    @inline(__always)
    package mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int) {
        let token = Token(kind: kind, start: start, end: end)
        if keepsTrivia {
            tokens.append(token)
            return
        }
        switch kind {
        case .space: return
        case .newline: sawNewline = true
        case .lineComment, .blockComment, .shebang: comments.append(token)
        default: appendCode(token)
        }
    }

    /// Code mode: stores a code token with its line break and pairs it if it is a bracket.
    @inline(__always)
    package mutating func appendCode(_ token: Token) {
        let k = code.append(token, lineBreakBefore: sawNewline)
        sawNewline = false
        if let open = brackets.add(token.kind, at: Int32(truncatingIfNeeded: k)) {
            code.pair(Int(open), k)
        }
    }

    /// Where to roll back to if a tentatively scanned token is not wanted.
    package struct Checkpoint {
        package let count: Int
        package let sawNewline: Bool
    }

    package var checkpoint: Checkpoint { Checkpoint(count: keepsTrivia ? tokens.count : code.count, sawNewline: sawNewline) }

    /// Takes back non-bracket tokens stored since `checkpoint`.
    package mutating func rollBack(to checkpoint: Checkpoint) {
        if keepsTrivia {
            tokens.truncate(to: checkpoint.count)
        } else {
            code.truncate(to: checkpoint.count)
            sawNewline = checkpoint.sawNewline
        }
    }

    /// Emits a non-trivia token.
    @inline(__always)
    package mutating func emitCode(_ kind: TokenKind, _ start: Int, _ end: Int, keyword: Keyword = .none) {
        let token = Token(kind: kind, start: start, end: end, keyword: keyword)
        if keepsTrivia { tokens.append(token) } else { appendCode(token) }
    }

    package mutating func run() {
        if n >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF {
            emit(.space, 0, 3)
            i = 3
        }
        if peek() == UInt8(ascii: "#"), peek(1) == UInt8(ascii: "!") {
            let start = i
            skipToEndOfLine()
            emit(.shebang, start, i)
        }
        while i < n {
            scanToken()
        }
    }

    /// To the line break (LF or CR) that ends the line, or the end of the file. Eight bytes a
    /// step while eight remain: comments are a good part of real code (license headers, docs).
    package mutating func skipToEndOfLine() {
        if let base = b.baseAddress {
            while i &+ 8 <= n {
                let word = littleEndianWord(base + i)
                let breaks = zeroBytes(word ^ (byteRepeated &* 0x0A)) | zeroBytes(word ^ (byteRepeated &* 0x0D))
                if breaks != 0 {
                    i &+= breaks.trailingZeroBitCount &>> 3
                    return
                }
                i &+= 8
            }
        }
        while i < n, b[i] != 0x0A, b[i] != 0x0D { i += 1 }
    }

    @inline(__always)
    package mutating func scanToken() {
        var start = i
        var c = b[i]
        // A lone space (`var x`, `) {`, `a, b`) is a token of its own that code mode drops:
        // step over it and scan what follows, without another trip through the dispatch.
        if c == UInt8(ascii: " "), !keepsTrivia, start &+ 1 < n {
            let next = b[start &+ 1]
            if next != UInt8(ascii: " ") {
                start &+= 1
                i = start
                c = next
            }
        }
        // Names are the most common token: one table test before the jump table.
        if table[Int(c)] & CharacterClass.identifierStart != 0 {
            // An ASCII name start (bytes from 0x80 have no flags; `scanNonASCII` takes the
            // others): scanned inline, so the commonest token needs no call.
            scanASCIIName(from: start)
            return
        }
        switch c {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
            scanSpace()
        case 0x0A, 0x0D:
            i += (c == 0x0D && peek(1) == 0x0A) ? 2 : 1
            emit(.newline, start, i)
            // A single-line string cannot span lines: its open interpolations end here.
            // (Almost always none is open: one test of the count, not an optional per line.)
            if !contexts.isEmpty {
                while let last = contexts.last, !last.isMultiline { contexts.removeLast() }
            }
            // The next line's indentation, without another trip through the dispatch.
            if i < n, table[Int(b[i])] & CharacterClass.horizontalSpace != 0 { scanSpace() }
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
            skipToEndOfLine()
            emit(.lineComment, start, i)
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
            scanBlockComment()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            scanStringLiteral(literalStart: start, pounds: 0)
        case UInt8(ascii: "#"):
            scanPound()
        case UInt8(ascii: "@"):
            i += 1
            scanIdentifierTail(requireStart: true)
            emitCode(.attribute, start, i)
        case UInt8(ascii: "("):
            i += 1
            if !contexts.isEmpty { contexts[contexts.count - 1].parenDepth += 1 }
            if expectsVersionList { versionListDepth = 1 } else if versionListDepth > 0 { versionListDepth += 1 }
            emitCode(.leftParen, start, i)
        case UInt8(ascii: ")"):
            i += 1
            if let last = contexts.last {
                if last.parenDepth == 0 {
                    contexts.removeLast()
                    emitCode(.interpolationClose, start, i)
                    scanStringBody(last)
                    return
                }
                contexts[contexts.count - 1].parenDepth -= 1
            }
            if versionListDepth > 0 { versionListDepth -= 1 }
            emitCode(.rightParen, start, i)
        case UInt8(ascii: "{"): i += 1; emitCode(.leftBrace, start, i)
        case UInt8(ascii: "}"): i += 1; emitCode(.rightBrace, start, i)
        case UInt8(ascii: "["): i += 1; emitCode(.leftBracket, start, i)
        case UInt8(ascii: "]"): i += 1; emitCode(.rightBracket, start, i)
        case UInt8(ascii: ","): i += 1; emitCode(.comma, start, i)
        case UInt8(ascii: ";"): i += 1; emitCode(.semicolon, start, i)
        case UInt8(ascii: ":"): i += 1; emitCode(.colon, start, i)
        case UInt8(ascii: "\\"): i += 1; emitCode(.backslash, start, i)
        case UInt8(ascii: "`"):
            scanBacktick()
        case UInt8(ascii: "$"):
            i += 1
            scanIdentifierTail(requireStart: false)
            emitCode(.identifier, start, i)
        case UInt8(ascii: ".") where table[Int(peek(1))] & CharacterClass.operatorCharacter == 0 && peek(1) < 0x80:
            // A lone `.` before a name or bracket (`.padding()`): what `scanOperator` would
            // conclude, without its operator and regex checks. Non-ASCII may continue an operator.
            i += 1
            emitCode(.period, start, i)
        case UInt8(ascii: "=") where peek(1) == UInt8(ascii: " ") && start > 0 && b[start - 1] == UInt8(ascii: " "):
            // ` = `, the most common operator: binary, so what `scanOperator` would conclude.
            i += 1
            emitCode(.operator, start, i)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            scanNumber()
        case UInt8(ascii: "<") where peek(1) == UInt8(ascii: "#") && scanPlaceholder():
            emitCode(.identifier, start, i)
        default:
            if c < 0x80 {
                // (ASCII name starts never get here: they are scanned before the switch.)
                if table[Int(c)] & CharacterClass.operatorCharacter != 0 {
                    scanOperator()
                } else {
                    // Control characters and other bytes Swift does not allow: one run.
                    i += 1
                    while i < n, b[i] == c { i += 1 }
                    emitCode(.unknown, start, i)
                }
            } else {
                scanNonASCII()
            }
        }
    }

    /// A run of spaces, tabs and form feeds starting at `i`.
    @inline(__always)
    package mutating func scanSpace() {
        let start = i
        i = blankRunEnd(b.baseAddress!, table, n, from: i + 1)
        emit(.space, start, i)
    }

    package mutating func scanNonASCII() {
        let start = i
        guard let (scalar, length) = decodeScalar(b, i) else {
            // A run of bytes that are not valid UTF-8.
            i += 1
            while i < n, b[i] >= 0x80, decodeScalar(b, i) == nil { i += 1 }
            emitCode(.unknown, start, i)
            return
        }
        if CharacterClass.isIdentifierStart(scalar) {
            // A name starting with a non-ASCII letter (ASCII ones are scanned in `scanToken`).
            i += length
            scanIdentifierTail(requireStart: false)
            emitName(from: start)
        } else if CharacterClass.isOperatorStart(scalar) {
            scanOperator()
        } else if scalar == 0xA0 {
            i += length  // a no-break space is whitespace to Swift
            emit(.space, start, i)
        } else {
            i += length
            scanIdentifierTail(requireStart: false)
            emitCode(.unknown, start, i)
        }
    }

    package mutating func scanBlockComment() {
        let start = i
        i += 2
        var depth = 1
        while i < n {
            let c = b[i]
            if c == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                i += 2
                depth -= 1
                if depth == 0 { break }
            } else if c == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                i += 2
                depth += 1
            } else {
                i += 1
            }
        }
        emit(.blockComment, start, i)
    }

    /// Consumes identifier characters from `i`. With `requireStart`, the first must be a
    /// valid identifier start (for `@name`, `#name`); otherwise continuation characters only.
    package mutating func scanIdentifierTail(requireStart: Bool) {
        if !requireStart {
            i = asciiIdentifierEnd(from: i)
            if i == n || b[i] < 0x80 { return }
        }
        var first = requireStart
        while i < n {
            let c = b[i]
            if c < 0x80 {
                let flags = table[Int(c)]
                let ok = first ? flags & CharacterClass.identifierStart != 0
                               : flags & CharacterClass.identifierContinue != 0
                guard ok else { return }
                i += 1
            } else {
                guard let (scalar, length) = decodeScalar(b, i) else { return }
                let ok = first ? CharacterClass.isIdentifierStart(scalar) : CharacterClass.isIdentifierContinue(scalar)
                guard ok else { return }
                i += length
            }
            first = false
        }
    }

    /// Scans and emits the name at `start`, whose first byte is an ASCII name start.
    ///
    /// Names of up to 16 bytes not near the end of the file take the fast path: the first
    /// one or two words are classified bitwise (`letterOrDigitStopBytes`), which finds the end with no
    /// branch per byte, and the same words, masked to the name's length, are the packed key
    /// the keyword table hashes (no second load of the name, no length-dependent branches).
    /// Longer names, names that go on in non-ASCII letters and the file's last 15 bytes take
    /// the general path.
    @_transparent  // see `emitName`
    package mutating func scanASCIIName(from start: Int) {
        if start &+ 16 <= n, let base = b.baseAddress {
            let first = littleEndianWord(base + start)
            let firstStops = letterOrDigitStopBytes(first)
            var end = -1
            var low: UInt64 = 0, high: UInt64 = 0
            if firstStops != 0 {
                let length = firstStops.trailingZeroBitCount &>> 3
                end = start &+ length
                low = first & lowBytesMask(length)
            } else {
                let second = littleEndianWord(base + (start &+ 8))
                let secondStops = letterOrDigitStopBytes(second)
                if secondStops != 0 {
                    let length = secondStops.trailingZeroBitCount &>> 3
                    end = start &+ 8 &+ length
                    low = first
                    high = second & lowBytesMask(length)
                }
            }
            // `end < start + 16 <= n`, so `base[end]` is in the buffer. A `_` or `$` there, or
            // a byte from 0x80, may continue the name: the general path decides.
            if end >= 0, table[Int(base[end])] & CharacterClass.identifierContinue == 0, base[end] < 0x80 {
                i = end
                emitName(from: start, keyword: keywords.lookup(packedLow: low, high: high))
                return
            }
        }
        i = asciiIdentifierEnd(from: start &+ 1)
        if i < n, b[i] >= 0x80 { scanIdentifierTail(requireStart: false) }
        emitName(from: start)
    }

    /// Emits the name `[start, i)` as a keyword or an identifier.
    ///
    /// `@_transparent`, not `@inline(__always)`: the optimizer left the latter as a call per
    /// name from the scan loop (16 instructions of call overhead each, 1.3% of a run).
    @_transparent
    package mutating func emitName(from start: Int) {
        emitName(from: start, keyword: keywords.lookup(b, start: start, count: i - start))
    }

    /// Emits the name `[start, i)`, whose keyword (or `.none`) is `keyword`.
    @_transparent
    package mutating func emitName(from start: Int, keyword: Keyword) {
        emitCode(keyword.isLexerClassified ? .keyword : .identifier, start, i, keyword: keyword)
    }

    /// The end of the run of ASCII identifier characters from `start`.
    @inline(__always)
    package func asciiIdentifierEnd(from start: Int) -> Int {
        guard let base = b.baseAddress else { return start }
        return StateLintSyntax.asciiIdentifierEnd(base, table, n, from: start)
    }

    /// `` `name` `` (or a Swift 6.2 raw identifier such as `` `with spaces` ``) on one line.
    package mutating func scanBacktick() {
        let start = i
        var j = i + 1
        while j < n, b[j] != UInt8(ascii: "`"), b[j] != 0x0A, b[j] != 0x0D { j += 1 }
        if j < n, b[j] == UInt8(ascii: "`"), j > i + 1 {
            i = j + 1
            emitCode(.identifier, start, i)
        } else {
            i += 1
            emitCode(.backtick, start, i)
        }
    }

    /// `<#placeholder#>` on one line; returns false (consuming nothing) otherwise.
    package mutating func scanPlaceholder() -> Bool {
        var j = i + 2
        while j + 1 < n, b[j] != 0x0A, b[j] != 0x0D {
            if b[j] == UInt8(ascii: "<"), b[j + 1] == UInt8(ascii: "#") { return false }
            if b[j] == UInt8(ascii: "#"), b[j + 1] == UInt8(ascii: ">") {
                i = j + 2
                return true
            }
            j += 1
        }
        return false
    }

    /// `#if`, `#Preview`, a raw string `#"…"#`, an extended regex `#/…/#`, or a lone `#`.
    package mutating func scanPound() {
        let start = i
        var q = i
        while q < n, b[q] == UInt8(ascii: "#") { q += 1 }
        let pounds = q - i
        if q < n, b[q] == UInt8(ascii: "\"") || b[q] == UInt8(ascii: "'") {
            i = q
            scanStringLiteral(literalStart: start, pounds: pounds)
            return
        }
        if q < n, b[q] == UInt8(ascii: "/"), scanRegexLiteral(literalStart: start, slash: q, mustBeRegex: true) {
            return
        }
        i += 1
        scanIdentifierTail(requireStart: true)
        emitCode(.pound, start, i)
    }
}
