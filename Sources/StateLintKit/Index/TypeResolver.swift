/// Decides whether a type name is a class, a value type, or unknown, from (in order of
/// precedence) the configuration's `known_classes`/`known_value_types`, the project's own
/// declarations, the declarations of its dependencies' sources, and the built-in framework
/// catalog.
///
/// A name the project declares at all hides the dependencies' declarations of it, even when
/// the project's own are ambiguous: a project `struct Model` beside a package's `class Model`
/// is the project's struct, and a project with both kinds of `Model` stays undecided.
public struct TypeResolver: Sendable {
    public let project: ProjectIndex
    /// Declarations read from dependency checkouts (`--dependencies`, `.build/checkouts`).
    public let dependencies: ProjectIndex
    public let catalog: FrameworkCatalog
    private let configured: [String: TypeKind]

    public init(project: ProjectIndex, dependencies: ProjectIndex = ProjectIndex(), catalog: FrameworkCatalog = .builtIn,
                knownClasses: [String] = [], knownValueTypes: [String] = []) {
        self.project = project
        self.dependencies = dependencies
        self.catalog = catalog
        var configured: [String: TypeKind] = [:]
        for name in knownValueTypes { configured[name] = .valueType }
        for name in knownClasses { configured[name] = .referenceType }
        self.configured = configured
    }

    /// The kind of `name` as written inside the type `scope` (`Feature.View`): configured
    /// names first, then the indexed types nested in the scope, then `kind(of:)`.
    public func kind(of name: String, inScope scope: String?) -> TypeKind? {
        guard let scope, configured[name] == nil else { return kind(of: name) }
        if let kind = project.lookup(name, inScope: scope) { return kind }
        if !dependencies.isEmpty, !project.declares(name, inScope: scope),
           let kind = dependencies.lookup(name, inScope: scope) {
            return kind
        }
        return kind(of: name)
    }

    /// The kind of `name` (`Model`, `Outer.Inner`, `SwiftUI.Color`), or nil when unknown.
    public func kind(of name: String) -> TypeKind? {
        if let kind = configured[name] ?? indexed(name) { return kind }
        if let target = project.externalAliases[name], target != name, let kind = configured[target] ?? catalog.kind(of: target) {
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

    /// The project's kind of `name`, else the dependencies' when the project does not declare it.
    private func indexed(_ name: String) -> TypeKind? {
        if let kind = project.lookup(name) { return kind }
        guard !dependencies.isEmpty, !project.declares(name) else { return nil }
        return dependencies.lookup(name)
    }
}

/// What the rules need to know about a type, from the configuration, the project and the
/// framework catalog together.
public struct TypeTraits: Sendable, Hashable {
    /// Reference or value type; nil when nothing knows the type.
    public var kind: TypeKind?
    /// Declared `@Observable`.
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
    /// Whether the type `name` may be an `ObservableObject` that is not `@Observable`: false for
    /// most names at the cost of one set lookup, before `traits(of:inScope:)` decides.
    public func mayBeLegacyObservableObject(_ name: String) -> Bool {
        let component = lastComponent(name)
        return project.conformances.legacyObservableObjectNames.contains(component)
            || dependencies.conformances.legacyObservableObjectNames.contains(component)
    }

    /// The traits of the type `name` as written inside the type `scope`.
    public func traits(of name: String, inScope scope: String?) -> TypeTraits {
        var traits = TypeTraits(kind: kind(of: name, inScope: scope))
        // A value type is neither `@Observable` nor an `ObservableObject`: most lookups end here.
        guard traits.kind != .valueType else { return traits }
        // Immutable framework data, unless the project declares a type of that name.
        traits.isImmutable = traits.kind == .referenceType && project.lookup(name, inScope: scope ?? "") == nil
            && catalog.isImmutableClass(name)
        // The project's conformances, else (for a type it does not declare) the dependencies'.
        let declaredHere = project.lookup(name, inScope: scope ?? "") != nil || project.declares(name)
        let conformances = declaredHere || dependencies.isEmpty ? project.conformances : dependencies.conformances
        if let entry = conformances.entry(for: name, inScope: scope) {
            traits.isObservable = entry.isObservable
            traits.isObservableObject = entry.conformances.contains(.observableObject)
        }
        // Only a class can conform to `ObservableObject` (an extension may say so of a type
        // whose declaration the index cannot see).
        if traits.isObservableObject && traits.kind == nil { traits.kind = .referenceType }
        return traits
    }
}
