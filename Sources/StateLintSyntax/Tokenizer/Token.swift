/// What a token is. Every byte of a file belongs to exactly one token, trivia included.
public enum TokenKind: UInt8, Sendable, CaseIterable, BitwiseCopyable {
    // Trivia.
    case space             // spaces, tabs, form feeds, a BOM
    case newline           // LF, CRLF or a lone CR
    case lineComment       // `// …` and `/// …`, without the line terminator
    case blockComment      // `/* … */`, `/** … */`, nested, possibly unterminated
    case shebang           // `#!…` on line 1

    // Words.
    case identifier        // names, `$0`, `$name`, `` `backticked` ``, `<#placeholder#>`
    case keyword           // one of the 51 lexer-classified keywords, or `_`
    case attribute         // `@State`, or a lone `@`
    case pound             // `#if`, `#Preview`, `#selector`, or a lone `#`

    // Literals.
    case integer
    case float
    case stringDelimiter   // `"`, `"""`, `'`, `#"`, `"#` …
    case stringSegment     // literal text of a string, escapes included
    case interpolationOpen // `\(` or `\#(` inside a string
    case interpolationClose // the `)` that ends an interpolation
    case regexDelimiter    // `/`, `#/`, `/#`
    case regexBody

    // Operators and punctuation.
    case `operator`        // any run of operator characters, `=`, `->`, `...`, `?`, `!`, `&`
    case leftParen, rightParen, leftBrace, rightBrace, leftBracket, rightBracket
    case comma, colon, semicolon, period
    case backslash         // key-path `\`
    case backtick          // a lone backtick

    case unknown           // invalid UTF-8, stray bytes, characters Swift does not allow

    /// Whitespace, newlines and comments: what rules skip over.
    @inlinable public var isTrivia: Bool { rawValue <= TokenKind.shebang.rawValue }
    @inlinable public var isComment: Bool { self == .lineComment || self == .blockComment }
}

/// A token: a kind plus a UTF-8 byte range of the file. 12 bytes, stored contiguously.
public struct Token: Sendable, Hashable, BitwiseCopyable {
    public let kind: TokenKind
    /// For identifiers and keywords, the word if it is one StateLint knows (see `Keyword`).
    public let keyword: Keyword
    @usableFromInline package let storedStart: UInt32
    @usableFromInline package let storedLength: UInt32

    @inlinable public var start: Int { Int(storedStart) }
    @inlinable public var end: Int { Int(storedStart) + Int(storedLength) }
    @inlinable public var length: Int { Int(storedLength) }
    @inlinable public var range: Range<Int> { start..<end }

    @inlinable public init(kind: TokenKind, start: Int, end: Int, keyword: Keyword = .none) {
        self.kind = kind
        self.keyword = keyword
        self.storedStart = UInt32(truncatingIfNeeded: start)
        self.storedLength = UInt32(truncatingIfNeeded: end - start)
    }
}

extension TokenKind {
    /// The coarse kind names `statelint tokens` prints, shared with the SwiftSyntax oracle
    /// (`shared/tools/oracle/README.md`), plus `space` and `newline`.
    public var dumpName: String {
        switch self {
        case .space: return "space"
        case .newline: return "newline"
        case .lineComment, .blockComment: return "comment"
        case .shebang: return "shebang"
        case .identifier: return "identifier"
        case .keyword: return "keyword"
        case .attribute: return "attribute"
        case .pound: return "pound"
        case .integer: return "integer"
        case .float: return "float"
        case .stringDelimiter: return "string-delim"
        case .stringSegment: return "string-segment"
        case .interpolationOpen, .interpolationClose: return "interp"
        case .regexDelimiter: return "regex-delim"
        case .regexBody: return "regex-body"
        case .operator: return "operator"
        case .leftParen, .rightParen, .leftBrace, .rightBrace, .leftBracket, .rightBracket,
             .comma, .colon, .semicolon, .period, .backslash, .backtick:
            return "punct"
        case .unknown: return "unknown"
        }
    }
}
