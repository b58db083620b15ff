// The words the tokenizer recognises. Generated once by hand from the oracle's keyword
// list (shared/tools/oracle/README.md lists 53 lexer-classified words) plus the contextual
// keywords the structure pass needs.

/// A word StateLint cares about: the lexer-classified Swift keywords, `_`, and a few
/// contextual keywords the structure pass uses. `.none` for every other name.
public enum Keyword: UInt8, Sendable, BitwiseCopyable {
    case none = 0
    case `Any`
    case `as`
    case `associatedtype`
    case `break`
    case `case`
    case `catch`
    case `class`
    case `continue`
    case `default`
    case `defer`
    case `deinit`
    case `do`
    case `else`
    case `enum`
    case `extension`
    case `fallthrough`
    case `false`
    case `fileprivate`
    case `for`
    case `func`
    case `guard`
    case `if`
    case `import`
    case `in`
    case `init`
    case `inout`
    case `internal`
    case `is`
    case `let`
    case `nil`
    case `operator`
    case `precedencegroup`
    case `private`
    case `protocol`
    case `public`
    case `repeat`
    case `rethrows`
    case `return`
    case `self`
    case `Self`
    case `static`
    case `struct`
    case `subscript`
    case `super`
    case `switch`
    case `throw`
    case `throws`
    case `true`
    case `try`
    case `typealias`
    case `var`
    case `where`
    case `while`
    case wildcard
    case actor
    case some
    case any
    case final
    case open
    case lazy
    case weak
    case unowned
    case override
    case mutating
    case nonmutating
    case convenience
    case required
    case dynamic
    case indirect
    case async
    case await
    case get
    case set
    case willSet
    case didSet
    case nonisolated
    case macro
    case consuming
    case borrowing
    case package
    case optional

    /// True for the words the Swift lexer itself classifies as keywords (and `_`):
    /// those tokens get kind `.keyword`; the contextual ones stay identifiers.
    @inlinable public var isLexerClassified: Bool {
        rawValue >= Keyword.`Any`.rawValue && rawValue <= Keyword.wildcard.rawValue
    }

    /// The spelling of every known word, in declaration order (index = rawValue - 1).
    package static let spellings: [String] = [
        "Any",
        "as",
        "associatedtype",
        "break",
        "case",
        "catch",
        "class",
        "continue",
        "default",
        "defer",
        "deinit",
        "do",
        "else",
        "enum",
        "extension",
        "fallthrough",
        "false",
        "fileprivate",
        "for",
        "func",
        "guard",
        "if",
        "import",
        "in",
        "init",
        "inout",
        "internal",
        "is",
        "let",
        "nil",
        "operator",
        "precedencegroup",
        "private",
        "protocol",
        "public",
        "repeat",
        "rethrows",
        "return",
        "self",
        "Self",
        "static",
        "struct",
        "subscript",
        "super",
        "switch",
        "throw",
        "throws",
        "true",
        "try",
        "typealias",
        "var",
        "where",
        "while",
        "_",
        "actor",
        "some",
        "any",
        "final",
        "open",
        "lazy",
        "weak",
        "unowned",
        "override",
        "mutating",
        "nonmutating",
        "convenience",
        "required",
        "dynamic",
        "indirect",
        "async",
        "await",
        "get",
        "set",
        "willSet",
        "didSet",
        "nonisolated",
        "macro",
        "consuming",
        "borrowing",
        "package",
        "optional",
    ]
}
