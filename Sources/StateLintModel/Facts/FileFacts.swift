import StateLintSyntax
import StateLintIndex

/// What one file tells the view model: each type declaration or extension with its members
/// and handlers, and the `#Preview` bodies. The engine keeps them for every file of the project
/// while the index is built, and merges them by type across files.
///
/// A class, filled in by `FactExtractor` and never changed after (like `TypeFacts`): the engine
/// hands each file's analysis around several times, and a copy of a reference is one retain
/// where this struct of arrays was a dozen.
///
/// Its facts are `@exclusivity(unchecked)` variables, as are `TypeFacts`': one thread fills in a
/// new object and every later access is a read, so no two accesses can overlap, and the runtime
/// check Swift makes on each access to a class's variable cost about 1.5% of a run. (`targets`,
/// set again by the language server's session, keeps the check.)
public final class FileFacts: @unchecked Sendable {
    public let path: String
    public let file: FileID
    /// The project targets the file belongs to (usually one): set by the engine, which knows
    /// the project, before views are made.
    public var targets: [TargetID] = TargetID.restOnly
    @exclusivity(unchecked) public internal(set) var types: [TypeFacts] = []
    @exclusivity(unchecked) public internal(set) var previews: [PreviewFacts] = []
    /// Line starts, for the positions of findings; made only for a file with facts.
    @exclusivity(unchecked) public internal(set) var lines: LineIndex?
    /// Line ending and indentation, for the replacement text of fixes; made with `lines`.
    @exclusivity(unchecked) public internal(set) var style: SourceStyle?
    /// Whether every bracket of the file has its partner. Fixes find their place from the
    /// brackets (a handler's closure, the end of a modifier chain), so a file whose brackets do
    /// not pair up (code being typed, a merge conflict) gets findings but no fixes.
    @exclusivity(unchecked) public internal(set) var bracketsPair = true
    /// Whether the file declares a type that names `App` after `:`: its folder may be an app
    /// of its own (see `TargetAssignment`).
    @exclusivity(unchecked) public internal(set) var declaresApp = false
    /// Members it names through a receiver other than `self` (see `MemberReferences`).
    @exclusivity(unchecked) public internal(set) var memberReferences = MemberReferences()

    public init(path: String, file: FileID) {
        self.path = path
        self.file = file
    }

    public var isEmpty: Bool { types.isEmpty && previews.isEmpty }
}

/// One declaration of a type, or one extension of it, in one file.
///
/// A class, filled in by `FactExtractor` and never changed after: the merge into views copies
/// parts around, and a reference is one retain where this struct of arrays was a dozen. (Its
/// variables skip the runtime exclusivity check: see `FileFacts`.)
public final class TypeFacts: @unchecked Sendable {
    /// As the project index names it: `Outer.Inner` for a nested declaration; for an extension
    /// the extended type as written.
    public let name: String
    public let kind: Declaration.Kind
    /// The names after `:` (`View`, `SwiftUI.App`, `ObservableObject`), generic arguments dropped.
    public let inheritance: [String]
    /// Whether it declares SwiftUI's `body`: `var body: some View` (or `some Scene`, …), or a
    /// view modifier's `func body(content:)`.
    @exclusivity(unchecked) public internal(set) var bodyKind: BodyKind?
    /// Whether it declares a member called `body` of any type (`var body: AnyView`,
    /// `var body: some Screen`): with SwiftUI state, a sign of a view whose protocol StateLint
    /// cannot see (`ProjectViews.role`).
    @exclusivity(unchecked) public internal(set) var declaresBody = false
    @exclusivity(unchecked) public internal(set) var properties: [PropertyFacts] = []
    @exclusivity(unchecked) public internal(set) var methods: [MethodFacts] = []
    /// One per `init`.
    @exclusivity(unchecked) public internal(set) var initializers: [ActionFacts] = []
    @exclusivity(unchecked) public internal(set) var handlers: [HandlerFacts] = []
    /// Objects handed to the environment in its view-building members.
    @exclusivity(unchecked) public internal(set) var injections: [EnvironmentInjectionFacts] = []
    /// How this part's code uses the properties that may hold an object (`@ObservedObject`s, and
    /// `@State`s of a type not known as a value type): what `observable_object_in_state` and the
    /// wrapper fixes ask. Recorded for the parts that declare such properties and for the
    /// extensions of them in the same file (`isFullyScanned`).
    @exclusivity(unchecked) public internal(set) var uses: [String: PropertyUses] = [:]
    /// Where this part's code names those properties, by name (see `PropertyMention`): recorded
    /// with `uses`, in members of the type itself (not in nested types or static members).
    @exclusivity(unchecked) public internal(set) var mentions: [String: [PropertyMention]] = [:]
    /// The computed properties and methods that mention a property whose creation a fix may
    /// move (`PropertyMention.member`), with their shape (see `MemberBodyFacts`).
    @exclusivity(unchecked) public internal(set) var memberBodies: [MemberBodyFacts] = []
    /// Its `var body: some View`, when it declares one and `uses` were recorded for it, or its
    /// type hands a new object to the environment.
    @exclusivity(unchecked) public internal(set) var viewBody: ViewBodyFacts?
    /// How many `var body` (or a modifier's `func body(content:)`) it declares (two in `#if` branches).
    @exclusivity(unchecked) public internal(set) var bodyCount = 0
    /// How many `init`s it declares (with any, the compiler makes no memberwise one).
    @exclusivity(unchecked) public internal(set) var initializerCount = 0
    @exclusivity(unchecked) public internal(set) var isFullyScanned = false
    /// Found while scanning it: it presents a `.fullScreenCover`, which calls its `.onDisappear`.
    @exclusivity(unchecked) public internal(set) var presentsFullScreenCover = false
    /// Found while scanning it: it makes a `NavigationStack`, `NavigationView`,
    /// `NavigationSplitView` or `TabView`, whose path or selected tab lives in its views.
    @exclusivity(unchecked) public internal(set) var holdsNavigation = false
    /// Declared inside a `#Preview { … }` body (a wrapper view that gives a preview state).
    @exclusivity(unchecked) public internal(set) var isDeclaredInPreview = false
    /// An extension with code that was not scanned for the properties: its file declares none.
    @exclusivity(unchecked) public internal(set) var hasUnscannedCode = false
    /// The names that code may use, when it has some.
    @exclusivity(unchecked) public internal(set) var unscannedNames: NameFilter?
    /// Its methods and initializers were left unread (`FactExtractor.BodyReading.ofLikelyViews`):
    /// `methods` and `initializers` are empty whatever the code does, until the file's facts are
    /// made again with every body read.
    @exclusivity(unchecked) public internal(set) var hasUnreadBodies = false
    /// The names of its properties and methods, plain ones included: recorded only for a part
    /// with a `@State` set in `init` (what the lazily owned rewrite of such a property asks).
    @exclusivity(unchecked) public internal(set) var memberNames: [String] = []
    /// The file, and the byte offset of the declaration's keyword: the same part in facts made
    /// again from the same bytes.
    public let file: FileID
    public let start: Int

    package init(name: String, kind: Declaration.Kind, inheritance: [String], bodyKind: BodyKind?, file: FileID, start: Int) {
        self.name = name
        self.kind = kind
        self.inheritance = inheritance
        self.bodyKind = bodyKind
        self.file = file
        self.start = start
    }

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
    /// For a method whose body is `Task { … }` (or `Task(priority: p) { … }`), or ends with one:
    /// how to make it an `async` method of the task's code.
    public internal(set) var asyncConversion: AsyncConversion?
}

/// The edits that turn `func load() { Task { body } }` into `func load() async { body }`.
public struct AsyncConversion: Sendable {
    /// Where ` async` goes: just past the parameters' `)`.
    public let asyncOffset: Int
    /// Removing the task around the body (as for `.onAppear { Task { … } }`); nil when the
    /// method ends with `Task.detached { … }` instead (`detached`), which stays.
    public let task: TaskConversion?
    public var detached: DetachedTail?
    /// `private` or `fileprivate`, itself or through its extension: only its file may call it.
    public let isPrivate: Bool
    /// `private` in its type: only the type's own code may call it (another type of the file
    /// may call a `fileprivate` one).
    public let isTypePrivate: Bool
    /// It has no parameters: a call that passes arguments is another member's.
    public let takesNoArguments: Bool
    /// How many times its file's code names it, besides its declaration.
    public let mentions: Int
    /// Every place its file calls it as a statement of its own (`load()`, `self.load()`): from the
    /// first token to just past the `)`; nil when some mention is not such a call.
    public let calls: [Range<Int>]?
    /// Its body is the task alone (no statement before it): its code all ran later anyway.
    public let isTaskOnly: Bool
}

/// `Task.detached { … }`, the last work of a method that becomes `async`: `let detachedTask = `
/// goes before it, and `await withTaskCancellationHandler { … }` on a line after it, so the
/// method waits for the task and cancelling the method's task cancels it.
public struct DetachedTail: Sendable {
    /// The offset of `Task`, and just past the closure's `}`.
    public let start: Int
    public let end: Int
    /// The indentation of the statement's line.
    public let indentation: String
    /// It is the whole body of the method.
    public let isWholeBody: Bool
}

/// A `#Preview { … }` body: the `@Previewable` state it declares and its handlers.
public struct PreviewFacts: Sendable {
    public internal(set) var properties: [PropertyFacts] = []
    public internal(set) var handlers: [HandlerFacts] = []
    /// How the body uses the properties that may hold an object (see `TypeFacts.uses`).
    public internal(set) var uses: [String: PropertyUses] = [:]
    /// The `#Preview` token.
    public internal(set) var span: SourceSpan
}

/// How a part's code uses one property.
public struct PropertyUses: Sendable, Hashable {
    /// `name = …`, `self.name = …`, `_name = …`.
    public internal(set) var assignments = 0
    /// `$name` not followed by `.`: a `Binding` to the whole value.
    public internal(set) var usesWholeProjection = false
    /// `_name`, other than as an assignment's target.
    public internal(set) var readsStorage = false
    /// `name.member` or `name?.member` (not a call `name.load()`): what the view shows.
    public internal(set) var readsMembers = false
}
