import StateLintSyntax
import StateLintIndex

/// A SwiftUI view of the project — or another type whose SwiftUI state the rules check —
/// merged from its declaration and its extensions in every file. This is what rules read.
public struct SwiftUIView: Sendable {
    /// The qualified name (`Feature.Row`); `#Preview` for a preview body.
    public let name: String
    /// The target whose files it was merged from: same-named types of two targets are two views.
    public let target: TargetID
    public let role: ViewRole
    /// The wrapped properties, in declaration order.
    public let properties: [PropertyFacts]
    /// Every action modifier written in the view's code, with what its action reaches.
    public let handlers: [ViewHandler]
    /// What each `init` does.
    public let initializers: [ActionFacts]
    /// The view's declaration and extensions, for the questions only fixes ask.
    package let parts: [TypeFacts]
    /// For a `#Preview` body, which has no parts: how it uses its properties.
    package let previewUses: [String: PropertyUses]
    /// Declared inside a `PreviewProvider` (`Feed_Previews.Host`): a view made only for previews.
    public internal(set) var isInPreviewProvider = false
    /// A view made only for previews: declared in a `PreviewProvider` or a `#Preview` body.
    public var isOnlyForPreviews: Bool { isInPreviewProvider || parts.contains(where: \.isDeclaredInPreview) }
    /// Whether every part of the view was scanned for `uses(of:)` (see `TypeFacts.isFullyScanned`).
    public let isFullyScanned: Bool
    /// Whether code of a part that was not scanned (an extension in another file) may use the
    /// property `name` (`name`, `self.name`, `$name`, `_name`): what keeps a fix from changing it.
    public func mayUseOutsideScannedParts(_ name: String) -> Bool {
        parts.contains { part in
            guard !part.isFullyScanned else { return false }
            // An extension without code uses nothing; a declaration that was not scanned may.
            return part.kind == .extension ? part.unscannedNames?.mayUse(name) ?? false : true
        }
    }
    /// A scanned part presents a `.fullScreenCover`: presenting it calls the view's `.onDisappear`.
    public let presentsFullScreenCover: Bool
    /// A scanned part makes a navigation container (`NavigationStack`, `TabView`…): what is
    /// inside it (a pushed path, the selected tab) is lost when it is made again.
    public let holdsNavigation: Bool
    /// How many `init`s its parts declare (with any, the compiler makes no memberwise one);
    /// `initializers` has the facts of those that do something StateLint reads.
    public var initializerCount: Int { parts.reduce(0) { $0 + $1.initializerCount } }

    // What rules ask per property, worked out once over every part: asked of each part for
    // each property, it was quadratic in a view declared thousands of times.
    /// Each property's uses, summed over the parts (and a preview's).
    private let usesByName: [String: PropertyUses]
    /// Each name's last property (`properties` searched from the end when there are few).
    private let lastPropertyNamed: [String: Int]
    /// The creations assigned to each name, in the order of `creations(assignedTo:)`.
    private let creationsByName: [String: [Creation]]
    private static let searchedProperties = 16

    package init(name: String, target: TargetID = .rest, role: ViewRole, properties: [PropertyFacts], handlers: [ViewHandler],
         initializers: [ActionFacts], parts: [TypeFacts], previewUses: [String: PropertyUses] = [:]) {
        self.previewUses = previewUses
        self.name = name
        self.target = target
        self.role = role
        self.properties = properties
        self.handlers = handlers
        self.initializers = initializers
        self.parts = parts
        isFullyScanned = parts.allSatisfy(\.isFullyScanned)
        presentsFullScreenCover = parts.contains(where: \.presentsFullScreenCover)
        holdsNavigation = parts.contains(where: \.holdsNavigation)
        if parts.count == 1 && previewUses.isEmpty {
            usesByName = parts[0].uses
        } else {
            var total = previewUses
            for part in parts {
                for (name, uses) in part.uses {
                    var sum = total[name] ?? PropertyUses()
                    sum.assignments += uses.assignments
                    sum.usesWholeProjection = sum.usesWholeProjection || uses.usesWholeProjection
                    sum.readsStorage = sum.readsStorage || uses.readsStorage
                    sum.readsMembers = sum.readsMembers || uses.readsMembers
                    total[name] = sum
                }
            }
            usesByName = total
        }
        var lastPropertyNamed: [String: Int] = [:]
        if properties.count > Self.searchedProperties {
            for (position, property) in properties.enumerated() { lastPropertyNamed[property.name] = position }
        }
        self.lastPropertyNamed = lastPropertyNamed
        var creations: [String: [Creation]] = [:]
        func add(_ action: ActionFacts) {
            for assignment in action.assignments {
                if let creation = assignment.assignedValue.creation { creations[assignment.target, default: []].append(creation) }
            }
        }
        for part in parts {
            for initializer in part.initializers { add(initializer) }
            for method in part.methods { add(method.action) }
            for handler in part.handlers { add(handler.action) }
        }
        creationsByName = creations
    }

    /// The property declared with this name (the last one, if `#if` branches declare it twice).
    public func property(named name: String) -> PropertyFacts? {
        guard properties.count > Self.searchedProperties else { return properties.last { $0.name == name } }
        return lastPropertyNamed[name].map { properties[$0] }
    }

    /// Whether a part declares a property or method of this name (known for the views with a
    /// `@State` set in `init`: `TypeFacts.memberNames`).
    public func declaresMember(named name: String) -> Bool {
        parts.contains { $0.memberNames.contains(name) }
    }

    /// The handlers whose modifier is one of `modifiers`.
    public func handlers(in modifiers: Set<String>) -> [ViewHandler] {
        handlers.filter { modifiers.contains($0.modifier) }
    }

    /// The assignments of the handlers whose modifier is one of `modifiers`, and of the methods
    /// they call, those shared by several handlers once.
    public func assignments(ofHandlersIn modifiers: Set<String>) -> [ReachedAssignment] {
        var reached: Set<ObjectIdentifier> = []
        var assignments: [ReachedAssignment] = []
        // By index: a copy of each handler retained all it holds.
        for index in handlers.indices where modifiers.contains(handlers[index].modifier) {
            assignments += handlers[index].ownAssignments
            if reached.insert(handlers[index].reached.id).inserted { assignments += handlers[index].reached.assignments }
        }
        return assignments
    }

    /// The names whose `cancel()` the handlers whose modifier is one of `modifiers` call, or
    /// the methods they call.
    public func cancelledNames(ofHandlersIn modifiers: Set<String>) -> Set<String> {
        var reached: Set<ObjectIdentifier> = []
        var names: Set<String> = []
        for index in handlers.indices where modifiers.contains(handlers[index].modifier) {
            names.formUnion(handlers[index].facts.action.cancelledNames)
            if reached.insert(handlers[index].reached.id).inserted { names.formUnion(handlers[index].reached.cancelledNames) }
        }
        return names
    }

    /// The properties with this wrapper.
    public func properties(wrappedIn wrapper: PropertyWrapper) -> [PropertyFacts] {
        properties.filter { $0.wrapper == wrapper }
    }
}

/// What kind of SwiftUI type a view is, which decides how often its state is made.
public enum ViewRole: Sendable, Hashable {
    /// `View`, `Commands`, `ToolbarContent`: a value SwiftUI re-creates whenever its parent's
    /// body runs, so its wrappers' initial values are evaluated again each time.
    case view
    case viewModifier
    case scene
    /// A custom wrapper made of SwiftUI's (`DynamicProperty`): created with the view holding it.
    case dynamicProperty
    /// The `App`: created once per launch.
    case app
    /// A `PreviewProvider`, whose previews are static.
    case previewProvider
    /// A `#Preview { … }` body: its `@Previewable` state is made once per preview.
    case preview

    /// A preview: a `#Preview` body or a `PreviewProvider`.
    public var isPreview: Bool {
        self == .preview || self == .previewProvider
    }

    /// Whether SwiftUI creates the type once (an app, a preview), so that creating an object in
    /// a wrapper's initial value costs nothing per render.
    public var isCreatedOnce: Bool {
        switch self {
        case .app, .previewProvider, .preview: return true
        default: return false
        }
    }
}

extension SwiftUIView {
    /// How the view's code uses the property, over the parts that were scanned for it.
    public func uses(of name: String) -> PropertyUses {
        usesByName[name] ?? PropertyUses()
    }

    /// Every place the view's code names the property (see `PropertyMention`), over the parts
    /// that were scanned for it.
    public func mentions(of name: String) -> [PropertyMention] {
        parts.flatMap { $0.mentions[name] ?? [] }
    }

    /// The position in `handlers` of the action modifier whose `.` is at `offset` in `file`.
    public func handlerPosition(at offset: Int, in file: FileID) -> Int? {
        handlers.firstIndex { $0.facts.dotOffset == offset && $0.facts.nameSpan.file == file }
    }

    /// The shape of the computed property or method `name` of the view that names a property a
    /// fix may move, when one part declares it once.
    public func memberBody(named name: String) -> MemberBodyFacts? {
        let found = parts.flatMap { $0.memberBodies.filter { $0.name == name } }
        return found.count == 1 ? found[0] : nil
    }

    /// The view's `var body: some View`, when it has exactly one `body` and that is it (and its
    /// part was scanned for mentions, or hands a new object to the environment).
    public var viewBody: ViewBodyFacts? {
        guard parts.reduce(0, { $0 + $1.bodyCount }) == 1 else { return nil }
        return parts.lazy.compactMap(\.viewBody).first
    }

    /// Every new instance the view's code assigns to the property: in initializers, methods and
    /// action modifiers (not only appear handlers).
    public func creations(assignedTo name: String) -> [Creation] {
        creationsByName[name] ?? []
    }

    /// Whether anything a rule asks of the view depends on what its methods and initializers do:
    /// they are reached only through its properties (their initial values and creations) and
    /// through the methods its handlers call.
    package var mayReachBodies: Bool {
        !properties.isEmpty || handlers.contains { !$0.facts.action.calls.isEmpty || $0.facts.performedMethod != nil }
    }
}

extension SwiftUIView {
    /// The objects handed to the environment in the view's view-building members, over its parts.
    public var injections: [EnvironmentInjectionFacts] {
        parts.count == 1 ? parts[0].injections : parts.flatMap(\.injections)
    }
}
