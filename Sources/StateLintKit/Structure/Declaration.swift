/// A declaration found by the structure pass. Token positions are code indices
/// (see `CodeTokens`).
public struct Declaration: Sendable {
    public enum Kind: Sendable, Hashable {
        case `class`, `struct`, `enum`, actor, `protocol`, `extension`
        case function, initializer, variable, `typealias`

        /// Whether the declaration introduces (or extends) a type with members.
        public var isTypeLike: Bool {
            switch self {
            case .class, .struct, .enum, .actor, .protocol, .extension: return true
            default: return false
            }
        }
    }

    /// An attribute such as `@State` or `@SwiftUI.State(initialValue: x)`.
    public struct Attribute: Sendable {
        /// The last component of the name, without `@`: `State` for `@SwiftUI.State`.
        public let name: String
        /// Code index of the `@…` token.
        public let token: Int
        /// Code indices of the `(` and `)` around the arguments, if any.
        public let arguments: ClosedRange<Int>?
    }

    public let kind: Kind
    /// The declared name; for an extension, the extended type as written (`Outer.Inner`).
    public let name: String
    /// Code index of the keyword (`var`, `class`, …) and of the name.
    public let keywordToken: Int
    public let nameToken: Int
    /// Code index of the first attribute or modifier (or the keyword).
    public let startToken: Int
    public let attributes: [Attribute]
    /// Modifier words before the keyword (`private`, `static`, `final`, …).
    public let modifiers: [Keyword]
    /// Index of the enclosing declaration in `FileStructure.declarations`.
    public let parent: Int?
    /// Code indices of the `{` and `}` of the body, if any.
    public let body: ClosedRange<Int>?
    /// Types and protocols after `:` (types, extensions), without generic arguments.
    public let inheritance: [String]
    /// Code index range of a variable's type annotation, or a typealias's target.
    public let typeAnnotation: Range<Int>?
    /// Code index range of a variable's initial value.
    public let initializer: Range<Int>?

    public func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }
    public func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }
}
