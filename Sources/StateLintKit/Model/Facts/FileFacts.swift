/// What one file tells the view model: each type declaration or extension with its members
/// and handlers, and the `#Preview` bodies. Small, `Sendable` values: the engine keeps them for
/// every file of the project while the index is built, and merges them by type across files.
public struct FileFacts: Sendable {
    public let path: String
    public let file: FileID
    public internal(set) var types: [TypeFacts] = []
    public internal(set) var previews: [PreviewFacts] = []
    /// Line starts, for the positions of findings; made only for a file with facts.
    public internal(set) var lines: LineIndex?

    public init(path: String, file: FileID) {
        self.path = path
        self.file = file
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
    /// What the wrapper fixes (`@ObservedObject` → `@StateObject`, `@State` → `@StateObject`) need
    /// to know is safe, from a scan of the whole part — made only for a part with a property such
    /// a fix may change, and for the extensions of it in the same file (`isFullyScanned`):
    /// names whose projection is used whole (`$model` not followed by `.`, a `Binding` to the value),
    public internal(set) var wholeProjections: Set<String> = []
    /// names whose storage is read (`_model`, other than as an assignment's target),
    public internal(set) var storageReferences: Set<String> = []
    /// how many times each name is assigned (`model = …`, `self.model = …`, `_model = …`),
    public internal(set) var assignmentCounts: [String: Int] = [:]
    /// and the names whose members are read (`model.items`, `model?.title`; not `model.load()`).
    public internal(set) var memberReads: Set<String> = []
    public internal(set) var isFullyScanned = false

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
