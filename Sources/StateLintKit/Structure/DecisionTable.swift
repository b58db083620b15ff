/// Which tokens `DeclarationScanner.run` must look at: `{`, `.`, the keywords that start a
/// declaration, and `actor`. Everything else (four tokens in five) is skipped after one table
/// lookup on the token's kind and keyword, without a data-dependent branch per kind.
struct DecisionTable: Sendable {
    /// One bit per (kind, keyword) pair, indexed by `keyword << 8 | kind`: with the two bytes
    /// adjacent in `Token`, LLVM can load the index as one 16-bit word.
    let words: [UInt64]

    static let shared = DecisionTable()

    /// Keywords (lexer-classified, kind `.keyword`) that can start a declaration the scanner records.
    static let declarationKeywords: [Keyword] = [
        .class, .struct, .enum, .protocol, .extension, .func, .`init`, .var, .let, .typealias,
    ]

    init() {
        var words = [UInt64](repeating: 0, count: 256 * 256 / 64)
        func set(_ kind: TokenKind, _ keyword: Keyword) {
            let key = Self.key(kind.rawValue, keyword.rawValue)
            words[key >> 6] |= 1 << UInt64(key & 63)
        }
        for keyword in 0...UInt8.max {
            guard let keyword = Keyword(rawValue: keyword) else { continue }
            set(.leftBrace, keyword)
            set(.period, keyword)
        }
        for keyword in Self.declarationKeywords { set(.keyword, keyword) }
        set(.identifier, .actor)
        self.words = words
    }

    @inline(__always)
    static func key(_ kind: UInt8, _ keyword: UInt8) -> Int { Int(keyword) &<< 8 | Int(kind) }

    @inline(__always)
    static func needsDecision(_ token: Token, _ words: UnsafeBufferPointer<UInt64>) -> Bool {
        let key = key(token.kind.rawValue, token.keyword.rawValue)
        return words[key &>> 6] &>> UInt64(key & 63) & 1 != 0
    }
}
