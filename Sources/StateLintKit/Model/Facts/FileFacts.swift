/// What one file tells the view model: each type declaration or extension with its members
/// and handlers, and the `#Preview` bodies. Small, `Sendable` values: the engine keeps them for
/// every file of the project while the index is built, and merges them by type across files.
public struct FileFacts: Sendable {
    public let path: String
    public internal(set) var types: [TypeFacts] = []
    public internal(set) var previews: [PreviewFacts] = []
    /// Line starts, for the positions of findings; made only for a file with facts.
    public internal(set) var lines: LineIndex?
    /// Line ending and indentation, for the replacement text of fixes; made with `lines`.
    public internal(set) var style: SourceStyle?

    public init(path: String) {
        self.path = path
    }

    public var isEmpty: Bool { types.isEmpty && previews.isEmpty }
}

/// One declaration of a type, or one extension of it, in one file.
public struct TypeFacts: Sendable {
    /// As the project index names it: `Outer.Inner` for a nested declaration; for an extension
    /// the extended type as written.
    public let name: String
    public let kind: Declaration.Kind
    /// The names after `:` (`View`, `SwiftUI.App`, `ObservableObject`), generic arguments dropped.
    public let inheritance: [String]
    /// Whether it declares SwiftUI's `body`: `var body: some View` (or `some Scene`, …), or a
    /// view modifier's `func body(content:)`.
    public internal(set) var bodyKind: BodyKind?
    public internal(set) var properties: [PropertyFacts] = []
    public internal(set) var methods: [MethodFacts] = []
    /// One per `init`.
    public internal(set) var initializers: [ActionFacts] = []
    public internal(set) var handlers: [HandlerFacts] = []
    /// Recorded only for extensions and for parts with a `@State` or `@ObservedObject` property
    /// (what the wrapper fixes need):
    /// properties whose projection is used whole (`$model` not followed by `.`): a `Binding` to
    /// the value, which the wrapper fixes would change the type of.
    public internal(set) var wholeProjections: Set<String> = []
    /// Properties whose storage is used (`_model`), outside a storage assignment's target.
    public internal(set) var storageReferences: Set<String> = []
    /// Names assigned anywhere in this part's code (`model = …`, `self.model = …`, `_model = …`).
    public internal(set) var assignedNames: Set<String> = []

    public enum BodyKind: Sendable, Hashable {
        /// `var body: some <Protocol>` (`View`, `Scene`, `Commands`, …).
        case property(String)
        /// `func body(content: Content) -> some View`.
        case viewModifier
    }
}

public struct MethodFacts: Sendable {
    public let name: String
    public let action: ActionFacts
}

/// A `#Preview { … }` body: the `@Previewable` state it declares and its handlers.
public struct PreviewFacts: Sendable {
    public internal(set) var properties: [PropertyFacts] = []
    public internal(set) var handlers: [HandlerFacts] = []
    /// The `#Preview` token.
    public internal(set) var span: SourceSpan
}
