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
    static func needsDecision(key: Int, _ words: UnsafeBufferPointer<UInt64>) -> Bool {
        words[key &>> 6] &>> UInt64(key & 63) & 1 != 0
    }

    /// Whether a token's `key` is the little-endian 16-bit word at its start: `kind` first,
    /// `keyword` in the next byte. Then the scan loads it in one instruction; reading the two
    /// fields cost two byte loads, a shift and an OR per token (LLVM did not merge them).
    /// `Token` belongs to the tokenizer: if its layout changes, the scan reads the fields.
    static let keyIsOneLoad: Bool =
        MemoryLayout<Token>.offset(of: \Token.kind) == 0 && MemoryLayout<Token>.offset(of: \Token.keyword) == 1
        && UInt16(1).littleEndian == 1
}
