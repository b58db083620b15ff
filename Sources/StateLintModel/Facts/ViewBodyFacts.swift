import StateLintSyntax
import StateLintIndex

/// A view's `var body: some View { … }` (a modifier's `func body(content:)`), as the fixes that rewrite it need it: the getter's
/// braces and, when the body is one view expression, that expression and the modifiers called
/// on it. Made only for the parts of views whose properties may hold an object (`TypeFacts.mentions`).
public struct ViewBodyFacts: Sendable {
    public let file: FileID
    /// The offsets of the getter's `{` and `}`.
    public let open: Int
    public let close: Int
    /// The body's one expression (after a `return`), when it is nothing else: not several
    /// statements, an `if` or `switch`, a declaration, or code under `#if` other than modifiers
    /// of the chain (`#if os(iOS)` / `.padding()` / `#endif`, read as one modifier named `#if`).
    public let expression: RootExpression?
    /// When the body is not one expression: its statements, if a wrapper can take them all.
    public let statements: BodyStatements?

    package init(file: FileID, open: Int, close: Int, expression: RootExpression?, statements: BodyStatements? = nil) {
        self.file = file
        self.open = open
        self.close = close
        self.expression = expression
        self.statements = statements
    }
}

/// A `body` of several statements that a result builder reads as one view: local declarations
/// (`let isEmpty = …`, `@Bindable var model = model`) and one view, `if` or `switch`, each
/// statement on lines of its own, no `return` and no `#if`.
public struct BodyStatements: Sendable {
    /// The offset of the first statement's first token, and just past the last one's last.
    public let start: Int
    public let end: Int
    /// The first statement is `@Bindable var model = model`: `model`, whose `$model` in the
    /// rest of `body` is that local's.
    public var bindsFirst: String?
    /// The last statement is `return VIEW` after declarations: the offsets of `return` and the
    /// blanks after it, which go inside the wrapper.
    public var finalReturn: Range<Int>?
}

/// The expression a `body` is: `VStack { … }.padding().onAppear { … }`.
public struct RootExpression: Sendable {
    /// The offset of its first token, and just past its last.
    public let start: Int
    public let end: Int
    /// Its first name: `VStack`, `ForEach`, `content`, `Color` (of `Color.red`).
    public let rootName: String
    /// A root that makes several views (`ForEach`, `Section`, `TupleView`, a `Group` but one whose
    /// content is one view at a time, an `if`/`else` or `switch` making one view in each branch):
    /// a wrapper would merge them into one.
    public internal(set) var makesSeveralViews = false
    /// Roots that make several views.
    package static let severalViewRoots: Set<String> = ["ForEach", "Section", "Group", "TupleView"]
    /// The members called or read on it at its top level, in order: `.padding()`, `.onAppear { … }`
    /// (also the `.red` of `Color.red`). An expression with an operator at its top level
    /// (`a ? b : c`, `Text("a") + Text("b")`) has no `RootExpression`.
    public let modifiers: [RootModifier]
}

/// One `.name(…) { … }` at the top level of a body's expression.
public struct RootModifier: Sendable {
    public let name: String
    /// The offset of its `.`, and just past its arguments and trailing closures.
    public let dotOffset: Int
    public let end: Int
    /// Just past the code before its `.`: where what it is called on ends.
    public let previousEnd: Int
}

/// A place where a type's code names one of its properties that may hold an object (`model`,
/// `self.model`, `$model`, `_model`), and how: what a fix that makes the property optional asks.
public struct PropertyMention: Sendable, Hashable {
    public enum Form: Sendable, Hashable {
        /// `model`, `model.title`, `model.load()`, `Child(model: model)`: the value itself.
        case value
        /// `model.save()`, `try await model.load()`, `model.title = x`, `model.count += 1` as a
        /// statement of its own: what an optional chain (`model?.save()`) does the same to while
        /// there is an object.
        case memberStatement
        /// `model?.title`: an optional chain.
        case optionalChain
        /// `model = …`.
        case assignment
        /// `model == nil`, `model != nil`.
        case nilComparison
        /// `$model.title`: a binding to one of its properties.
        case projectedMember
        /// `$model`: the whole projected value.
        case wholeProjection
        /// `_model`: the wrapper itself.
        case storage
        /// `let model = …`, `if let model`, `for model in`, `func f(model: Model)`, `{ model in … }`
        /// in a member: a name of its own, which means that, not the property, where it is seen.
        case shadow
    }

    public let form: Form
    /// Written `self.model`: the offset of its `self`.
    public let selfOffset: Int?
    public var isSpelledWithSelf: Bool { selfOffset != nil }
    /// The member it is written in (`body`, a method, a computed property, an `init`), nil
    /// outside any member; `memberKind` is its kind.
    public let member: String?
    public let memberKind: Declaration.Kind?
    /// Whether that member is `private` in its type (no other type can call it; a
    /// `fileprivate` one, or one of a `private extension`, the file's other types can).
    public var isInPrivateMember = false
    /// The file and offset of the name's token.
    public let file: FileID
    public let offset: Int
}
