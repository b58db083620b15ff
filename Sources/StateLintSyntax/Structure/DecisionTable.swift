/// Which tokens `DeclarationScanner.run` must look at, and what it does with them: `{`, `.`,
/// the keywords that start a declaration, `actor`, and `#` words (for `#Preview`). Everything else (four tokens in five)
/// is skipped after one table lookup on the token's kind and keyword.
package struct DecisionTable: Sendable {
    /// What the scan does with a token: the values of `actions`. Plain bytes, not an enum:
    /// making the enum from its raw value stayed an out-of-line call per selected token.
    package enum Action {
        package static let skip: UInt8 = 0
        package static let openScope: UInt8 = 1
        package static let keyword: UInt8 = 2
        package static let actor: UInt8 = 3
        package static let period: UInt8 = 4
        package static let pound: UInt8 = 5
    }

    /// One `Action` byte per (kind, keyword) pair, indexed by `keyword << 8 | kind`: with the
    /// two bytes adjacent in `Token`, the index is one 16-bit load, and the skip test one byte
    /// compare (a bit table cost a shift, a word load and a bit test more per token). 64 KB,
    /// of which a scan touches the few lines its tokens' pairs fall in.
    package let actions: [UInt8]

    package static let shared = DecisionTable()

    /// Keywords (lexer-classified, kind `.keyword`) that can start a declaration the scanner records.
    package static let declarationKeywords: [Keyword] = [
        .class, .struct, .enum, .protocol, .extension, .func, .`init`, .var, .let, .typealias,
    ]

    package init() {
        var actions = [UInt8](repeating: Action.skip, count: 256 * 256)
        func set(_ kind: TokenKind, _ keyword: Keyword, _ action: UInt8) {
            actions[Self.key(kind.rawValue, keyword.rawValue)] = action
        }
        for keyword in 0...UInt8.max {
            guard let keyword = Keyword(rawValue: keyword) else { continue }
            set(.leftBrace, keyword, Action.openScope)
            set(.period, keyword, Action.period)
        }
        for keyword in Self.declarationKeywords { set(.keyword, keyword, Action.keyword) }
        set(.identifier, .actor, Action.actor)
        set(.pound, .none, Action.pound)
        self.actions = actions
    }

    @inline(__always)
    package static func key(_ kind: UInt8, _ keyword: UInt8) -> Int { Int(keyword) &<< 8 | Int(kind) }

    /// Whether a token's `key` is the little-endian 16-bit word at its start: `kind` first,
    /// `keyword` in the next byte. Then the scan loads it in one instruction; reading the two
    /// fields cost two byte loads, a shift and an OR per token (LLVM did not merge them).
    /// `Token` belongs to the tokenizer: if its layout changes, the scan reads the fields.
    package static let keyIsOneLoad: Bool =
        MemoryLayout<Token>.offset(of: \Token.kind) == 0 && MemoryLayout<Token>.offset(of: \Token.keyword) == 1
        && UInt16(1).littleEndian == 1
}
