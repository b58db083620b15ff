import StateLintSyntax

/// The shape of a view's computed property or method that names a property whose creation a
/// fix may move: what the lazily owned rewrite needs to give it its own `if let` (a member that
/// makes a view) or a `guard let` (a method that returns nothing).
public struct MemberBodyFacts: Sendable {
    public let name: String
    public let kind: Declaration.Kind
    /// The file of its part; offsets below are in it.
    public let file: FileID
    /// The declaration's first token (attributes included): where `@ViewBuilder ` goes.
    public let start: Int
    public let hasViewBuilder: Bool
    /// `var x: some View { … }` or `func x(…) -> some View { … }`.
    public let returnsSomeView: Bool
    /// A method without a result (no `->`, or `-> Void`, `-> ()`).
    public let returnsVoid: Bool
    /// The offsets of its code's `{` and `}` (a computed property's getter).
    public let open: Int
    public let close: Int
    /// The first statement's offset, and just past the last one's; nil for an empty body.
    public let statements: Range<Int>?
    /// The statements are on lines of their own (none on the lines of the braces).
    public let isMultiline: Bool
    /// A statement of its own level starts with `return`: no result builder can take it.
    public let hasTopLevelReturn: Bool
    /// The only such statement is `return VIEW`, last, after declarations: the offsets of
    /// `return` and the blanks after it, which go where a result builder takes the code.
    public let finalReturn: Range<Int>?
    /// `get { … }`, `set { … }`, `didSet`: not a plain getter.
    public let hasAccessors: Bool
}
