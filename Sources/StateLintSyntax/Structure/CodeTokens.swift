/// The non-trivia tokens of a file with their bracket partners: the view every rule works on.
///
/// Indices into `tokens` here are "code indices": comments and whitespace are gone, and
/// `lineBreakBefore[k]` says whether a newline separated token `k` from the one before it.
public final class CodeTokens: Sendable {
    public let file: SourceFile
    public let tokens: [Token]
    public let lineBreakBefore: [Bool]
    /// For every bracket (`( ) { } [ ]`, interpolation open/close), its partner; -1 otherwise
    /// or when unbalanced.
    public let partner: [Int32]
    /// Whether every bracket has its partner (none of `partner` is -1 for a bracket).
    public let bracketsPair: Bool

    /// From `Tokenizer.scanCode`, which has done the work of `init(file:allTokens:)` while scanning.
    public init(file: SourceFile, scan: CodeScan) {
        self.file = file
        tokens = scan.tokens
        lineBreakBefore = scan.lineBreakBefore
        partner = scan.partner
        bracketsPair = scan.bracketsPair
    }

    public init(file: SourceFile, allTokens: [Token]) {
        self.file = file
        var code: [Token] = []
        code.reserveCapacity(allTokens.count / 2 + 1)
        var breaks: [Bool] = []
        breaks.reserveCapacity(allTokens.count / 2 + 1)
        var sawNewline = true
        for token in allTokens {
            switch token.kind {
            case .newline:
                sawNewline = true
            case .space, .lineComment, .blockComment, .shebang:
                continue
            default:
                code.append(token)
                breaks.append(sawNewline)
                sawNewline = false
            }
        }
        tokens = code
        lineBreakBefore = breaks
        (partner, bracketsPair) = CodeTokens.matchBrackets(code)
    }

    public var count: Int { tokens.count }

    @inlinable public subscript(_ k: Int) -> Token { tokens[k] }

    /// The partner of the bracket at `k`, or nil.
    @inlinable public func partner(of k: Int) -> Int? {
        let p = Int(partner[k])
        return p >= 0 ? p : nil
    }

    /// Whether token `k` exists and is spelled exactly `text`.
    @inlinable public func text(_ k: Int, is text: StaticString) -> Bool {
        guard k >= 0, k < tokens.count else { return false }
        let token = tokens[k]
        guard token.length == text.utf8CodeUnitCount else { return false }
        return file.bytes.withUnsafeBufferPointer { buffer in
            let w = text.utf8Start
            for j in 0..<token.length where buffer[token.start + j] != w[j] { return false }
            return true
        }
    }

    /// Whether tokens `a` and `b` have the same spelling.
    public func sameText(_ a: Int, _ b: Int) -> Bool {
        let x = tokens[a], y = tokens[b]
        guard x.length == y.length else { return false }
        return file.bytes[x.range].elementsEqual(file.bytes[y.range])
    }

    public func string(_ k: Int) -> String { file.text(tokens[k].range) }

    // Inlinable, as `subscript`: the readers of every later layer ask these of each token.
    @inlinable public func kind(_ k: Int) -> TokenKind? { k >= 0 && k < tokens.count ? tokens[k].kind : nil }

    @inlinable public func keyword(_ k: Int) -> Keyword { k >= 0 && k < tokens.count ? tokens[k].keyword : .none }

    public func location(_ k: Int) -> SourceLocation { file.location(ofOffset: tokens[k].start) }

    public func endLocation(_ k: Int) -> SourceLocation { file.location(ofOffset: tokens[k].end) }

    package static func matchBrackets(_ code: [Token]) -> (partner: [Int32], allPaired: Bool) {
        var partner = [Int32](repeating: -1, count: code.count)
        var brackets = BracketMatcher()
        defer { brackets.release() }
        for (k, token) in code.enumerated() {
            if let open = brackets.add(token.kind, at: Int32(k)) {
                partner[Int(open)] = Int32(k)
                partner[k] = open
            }
        }
        return (partner, brackets.allPaired)
    }
}
