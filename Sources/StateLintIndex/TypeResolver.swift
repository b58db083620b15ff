import StateLintSyntax

/// Decides whether a type name is a class, a value type, or unknown, from (in order of
/// precedence) the configuration's `known_classes`/`known_value_types`, the declarations of the
/// asking code's target (with the targets it depends on), the project's own declarations, the
/// declarations of its dependencies' sources, and the built-in framework catalog.
///
/// A layer that declares a name at all hides the later layers' declarations of it, even when
/// its own are ambiguous: a project `struct Model` beside a package's `class Model` is the
/// project's struct, and a project with both kinds of `Model` stays undecided. So a target's
/// `Model` is its own, whatever other targets call `Model`.
public struct TypeResolver: Sendable {
    /// The files of the asking code's target and of the targets it depends on; nil when the
    /// project has no targets (then `project` is that index).
    public let target: ProjectIndex?
    public let project: ProjectIndex
    /// Declarations read from dependency checkouts (`--dependencies`, `.build/checkouts`).
    public let dependencies: ProjectIndex
    public let catalog: FrameworkCatalog
    private let configured: [String: TypeKind]

    public init(target: ProjectIndex? = nil, project: ProjectIndex, dependencies: ProjectIndex = ProjectIndex(),
                catalog: FrameworkCatalog = .builtIn, knownClasses: [String] = [], knownValueTypes: [String] = []) {
        var configured: [String: TypeKind] = [:]
        for name in knownValueTypes { configured[name] = .valueType }
        for name in knownClasses { configured[name] = .referenceType }
        self.init(target: target, project: project, dependencies: dependencies, catalog: catalog, configured: configured)
    }

    private init(target: ProjectIndex?, project: ProjectIndex, dependencies: ProjectIndex, catalog: FrameworkCatalog,
                 configured: [String: TypeKind]) {
        self.target = target
        self.project = project
        self.dependencies = dependencies
        self.catalog = catalog
        self.configured = configured
    }

    /// The same resolver for code of another target.
    public func forTarget(_ target: ProjectIndex?) -> TypeResolver {
        TypeResolver(target: target, project: project, dependencies: dependencies, catalog: catalog, configured: configured)
    }

    /// The indexes in order of precedence: the target's, the project's, the dependencies'.
    private var layers: [ProjectIndex] {
        var layers: [ProjectIndex] = []
        if let target { layers.append(target) }
        layers.append(project)
        if !dependencies.isEmpty { layers.append(dependencies) }
        return layers
    }

    /// The kind of `name` as written inside the type `scope` (`Feature.View`): configured
    /// names first, then the indexed types nested in the scope, then `kind(of:)`.
    public func kind(of name: String, inScope scope: String?) -> TypeKind? {
        guard let scope, configured[name] == nil else { return kind(of: name) }
        for layer in layers {
            if let kind = layer.lookup(name, inScope: scope) { return kind }
            if layer.declares(name, inScope: scope) { break }
        }
        return kind(of: name)
    }

    /// The kind of `name` (`Model`, `Outer.Inner`, `SwiftUI.Color`), or nil when unknown.
    public func kind(of name: String) -> TypeKind? {
        if let kind = configured[name] ?? indexed(name) { return kind }
        if let target = externalAlias(name), target != name, let kind = configured[target] ?? catalog.kind(of: target) {
            return kind
        }
        if let kind = catalog.kind(of: name) { return kind }
        // `MyModule.Model`: drop a leading component that is not itself a known type.
        if let dot = DottedName.firstDot(in: name), kindWithoutLookingDeeper(String(name[..<dot])) == nil {
            let rest = String(name[name.index(after: dot)...])
            return kindWithoutLookingDeeper(rest)
        }
        return nil
    }

    private func kindWithoutLookingDeeper(_ name: String) -> TypeKind? {
        configured[name] ?? indexed(name) ?? catalog.kind(of: name)
    }

    /// The kind of `name` in the first layer that declares it.
    private func indexed(_ name: String) -> TypeKind? {
        if target == nil && dependencies.isEmpty { return project.lookup(name) }
        for layer in layers {
            if let kind = layer.lookup(name) { return kind }
            if layer.declares(name) { return nil }
        }
        return nil
    }

    /// What a typealias of a type the project does not declare stands for.
    private func externalAlias(_ name: String) -> String? {
        target?.externalAliases[name] ?? project.externalAliases[name]
    }

    /// The layer whose conformances describe `name` written in `scope`: the first of the
    /// target's and the project's that declares it, else the dependencies' (when there are any).
    private func conformanceLayer(of name: String, inScope scope: String?) -> ProjectIndex {
        for layer in [target, project] {
            guard let layer else { continue }
            if layer.lookup(name, inScope: scope ?? "") != nil || layer.declares(name) { return layer }
        }
        return dependencies.isEmpty ? (target ?? project) : dependencies
    }
}

/// What the rules need to know about a type, from the configuration, the project and the
/// framework catalog together.
public struct TypeTraits: Sendable, Hashable {
    /// Reference or value type; nil when nothing knows the type.
    public var kind: TypeKind?
    /// Observable by `@State`: `@Observable`, `@Perceptible` or a SwiftData `@Model`, or conforming
    /// to `Observable`/`Perceptible` (in its declaration, an extension, a superclass or a protocol).
    public var isObservable = false
    /// Conforms to `ObservableObject` (directly, in an extension, through a superclass or a
    /// protocol that refines it).
    public var isObservableObject = false
    /// Immutable framework data (`UIImage`, `CGImage`): the catalog's `immutable` classes.
    public var isImmutable = false

    public var isClass: Bool { kind == .referenceType }
    /// A class whose changes SwiftUI sees only through `@StateObject`/`@ObservedObject`.
    public var isLegacyObservableObject: Bool { isObservableObject && !isObservable }
}

extension TypeResolver {
    /// Generic classes of Apple's frameworks that apps create (the catalog does not say which
    /// types are generic).
    private static let genericFrameworkClasses: Set<String> = [
        "NSCache", "NSMapTable", "NSHashTable", "PassthroughSubject", "CurrentValueSubject", "NSFetchRequest",
        "NSFetchedResultsController",
    ]

    /// Whether a type of this name may be generic (any declaration of its last name is, in any
    /// layer, or it is one of Apple's generic classes): then `Store(…)` does not spell out its type.
    public func mayBeGeneric(_ name: String) -> Bool {
        let component = lastComponent(name)
        return Self.genericFrameworkClasses.contains(component) || project.genericTypeNames.contains(component)
            || (target?.genericTypeNames.contains(component) ?? false) || dependencies.genericTypeNames.contains(component)
    }

    /// Whether the type `name` may be an `ObservableObject` that is not `@Observable`: false for
    /// most names at the cost of one set lookup, before `traits(of:inScope:)` decides.
    public func mayBeLegacyObservableObject(_ name: String) -> Bool {
        let component = lastComponent(name)
        return project.conformances.legacyObservableObjectNames.contains(component)
            || (target?.conformances.legacyObservableObjectNames.contains(component) ?? false)
            || dependencies.conformances.legacyObservableObjectNames.contains(component)
    }

    /// The traits of the type `name` as written inside the type `scope`.
    public func traits(of name: String, inScope scope: String?) -> TypeTraits {
        var traits = TypeTraits(kind: kind(of: name, inScope: scope))
        // A value type is neither `@Observable` nor an `ObservableObject`: most lookups end here.
        guard traits.kind != .valueType else { return traits }
        // Immutable framework data, unless the project declares a type of that name.
        traits.isImmutable = traits.kind == .referenceType && project.lookup(name, inScope: scope ?? "") == nil
            && (target?.lookup(name, inScope: scope ?? "") == nil) && catalog.isImmutableClass(name)
        // The conformances of the layer that declares it.
        if let entry = conformanceLayer(of: name, inScope: scope).conformances.entry(for: name, inScope: scope) {
            traits.isObservable = entry.isObservable || entry.conformances.contains(.observable)
            traits.isObservableObject = entry.conformances.contains(.observableObject)
        }
        // Only a class can conform to `ObservableObject` (an extension may say so of a type
        // whose declaration the index cannot see).
        if traits.isObservableObject && traits.kind == nil { traits.kind = .referenceType }
        return traits
    }
}
