/// A declaration found by the structure pass. Token positions are code indices
/// (see `CodeTokens`).
///
/// It holds no strings or arrays: a file has thousands of declarations and most are never
/// looked at by name, so names are read from the tokens on demand (`FileStructure.name(of:)`)
/// and attributes, modifiers and inheritance live in shared per-file arrays
/// (`FileStructure.attributes(of:)` and friends). Positions are stored as `Int32`.
public struct Declaration: Sendable {
    public enum Kind: UInt8, Sendable, Hashable {
        case `class`, `struct`, `enum`, actor, `protocol`, `extension`
        case function, initializer, variable, `typealias`

        /// Whether the declaration introduces (or extends) a type with members.
        public var isTypeLike: Bool { rawValue <= Kind.extension.rawValue }
    }

    /// An attribute such as `@State` or `@SwiftUI.State(initialValue: x)`.
    public struct Attribute: Sendable {
        /// Code index of the `@…` token.
        public var token: Int { Int(storedToken) }
        /// Code index of the token spelling the name's last component: `@State`, or `State`
        /// in `@SwiftUI.State` (see `FileStructure.attributeName(_:)`).
        public var nameToken: Int { Int(storedNameToken) }
        /// Code indices of the `(` and `)` around the arguments, if any.
        public var arguments: ClosedRange<Int>? {
            storedArgumentsOpen < 0 ? nil : Int(storedArgumentsOpen)...Int(storedArgumentsClose)
        }
        /// Whether the name is `State` (checked once, on bytes, by the scanner).
        public let isState: Bool

        package let storedToken: Int32
        package let storedNameToken: Int32
        package let storedArgumentsOpen: Int32
        package let storedArgumentsClose: Int32

        package init(token: Int, nameToken: Int, arguments: ClosedRange<Int>?, isState: Bool) {
            storedToken = Int32(truncatingIfNeeded: token)
            storedNameToken = Int32(truncatingIfNeeded: nameToken)
            storedArgumentsOpen = arguments.map { Int32(truncatingIfNeeded: $0.lowerBound) } ?? -1
            storedArgumentsClose = arguments.map { Int32(truncatingIfNeeded: $0.upperBound) } ?? -1
            self.isState = isState
        }
    }

    public let kind: Kind
    /// Whether one of the attributes is `@State` (or `@SwiftUI.State`).
    public let hasStateAttribute: Bool

    package let storedKeyword: Int32
    package let storedName: Int32
    package let storedNameEnd: Int32
    package let storedStart: Int32
    package let storedParent: Int32
    package let storedBody: TokenSpan
    package let storedTypeAnnotation: TokenSpan
    package let storedInitializer: TokenSpan
    /// Ranges into `FileStructure`'s shared attribute, modifier and inheritance arrays.
    package let attributeRange: Range<Int32>
    package let modifierRange: Range<Int32>
    package let inheritanceRange: Range<Int32>

    /// Code index of the keyword (`var`, `class`, …) and of the name.
    public var keywordToken: Int { Int(storedKeyword) }
    public var nameToken: Int { Int(storedName) }
    /// Code index of the name's last token: after `nameToken` only for an extension of a
    /// qualified name (`extension Outer.Inner`).
    public var nameEndToken: Int { Int(storedNameEnd) }
    /// Code index of the first attribute or modifier (or the keyword).
    public var startToken: Int { Int(storedStart) }
    /// Index of the enclosing declaration in `FileStructure.declarations`.
    public var parent: Int? { storedParent < 0 ? nil : Int(storedParent) }
    /// Code indices of the `{` and `}` of the body, if any.
    public var body: ClosedRange<Int>? { storedBody.closedRange }
    /// Code index range of a variable's type annotation, or a typealias's target.
    public var typeAnnotation: Range<Int>? { storedTypeAnnotation.range }
    /// Code index range of a variable's initial value.
    public var initializer: Range<Int>? { storedInitializer.range }
}

/// An optional range of code indices in 8 bytes; `lower < 0` means none.
package struct TokenSpan: Sendable {
    package let lower: Int32
    package let upper: Int32

    package static let none = TokenSpan(lower: -1, upper: -1)

    package init(lower: Int32, upper: Int32) {
        self.lower = lower
        self.upper = upper
    }

    package init(_ range: Range<Int>?) {
        guard let range else { self = .none; return }
        self.init(lower: Int32(truncatingIfNeeded: range.lowerBound), upper: Int32(truncatingIfNeeded: range.upperBound))
    }

    package init(_ range: ClosedRange<Int>?) {
        guard let range else { self = .none; return }
        self.init(lower: Int32(truncatingIfNeeded: range.lowerBound), upper: Int32(truncatingIfNeeded: range.upperBound))
    }

    package var range: Range<Int>? { lower < 0 ? nil : Int(lower)..<Int(upper) }
    package var closedRange: ClosedRange<Int>? { lower < 0 ? nil : Int(lower)...Int(upper) }
}
