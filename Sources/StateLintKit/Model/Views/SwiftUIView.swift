/// A SwiftUI view of the project — or another type whose SwiftUI state the rules check —
/// merged from its declaration and its extensions in every file. This is what rules read.
public struct SwiftUIView: Sendable {
    /// The qualified name (`Feature.Row`); `#Preview` for a preview body.
    public let name: String
    public let role: ViewRole
    /// The wrapped properties, in declaration order.
    public let properties: [PropertyFacts]
    /// Every action modifier written in the view's code, with what its action reaches.
    public let handlers: [ViewHandler]
    /// What each `init` does.
    public let initializers: [ActionFacts]
    /// Names used as `$name` alone (a `Binding` to the whole value) anywhere in the view.
    public let wholeProjections: Set<String>
    /// Names used as `_name` anywhere in the view, other than as an assignment's target.
    public let storageReferences: Set<String>
    /// Names assigned anywhere in the view's code (`name = …`, `self.name = …`, `_name = …`).
    public let assignedNames: Set<String>

    private let propertyIndex: [String: Int]

    init(name: String, role: ViewRole, properties: [PropertyFacts], handlers: [ViewHandler],
         initializers: [ActionFacts], wholeProjections: Set<String>, storageReferences: Set<String>,
         assignedNames: Set<String>) {
        self.name = name
        self.role = role
        self.properties = properties
        self.handlers = handlers
        self.initializers = initializers
        self.wholeProjections = wholeProjections
        self.storageReferences = storageReferences
        self.assignedNames = assignedNames
        // A later declaration of the same name (another `#if` branch) is found first.
        var index: [String: Int] = [:]
        for (position, property) in properties.enumerated() { index[property.name] = position }
        propertyIndex = index
    }

    /// The property declared with this name.
    public func property(named name: String) -> PropertyFacts? {
        propertyIndex[name].map { properties[$0] }
    }

    /// The handlers whose modifier is one of `modifiers`.
    public func handlers(in modifiers: Set<String>) -> [ViewHandler] {
        handlers.filter { modifiers.contains($0.modifier) }
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

    /// Whether SwiftUI creates the type once (an app, a preview), so that creating an object in
    /// a wrapper's initial value costs nothing per render.
    public var isCreatedOnce: Bool {
        switch self {
        case .app, .previewProvider, .preview: return true
        default: return false
        }
    }
}
