/// The type indexes a project's code is resolved in: each target's (its files and those of the
/// targets it depends on), the whole project's, and its dependencies' sources'.
public struct TypeScopes: Sendable {
    public let project: ProjectIndex
    public let dependencies: ProjectIndex
    /// By `TargetID.index`; nil (or missing) for a target that sees the whole project.
    private let targets: [ProjectIndex?]

    public init(project: ProjectIndex, dependencies: ProjectIndex = ProjectIndex(), targets: [ProjectIndex?] = []) {
        self.project = project
        self.dependencies = dependencies
        self.targets = targets
    }

    /// The index of `target`'s own scope, nil when it is the project's.
    public func targetIndex(_ target: TargetID) -> ProjectIndex? {
        let position = Int(target.index)
        return position < targets.count ? targets[position] : nil
    }

    /// What code of `target` sees first: its scope's index, else the project's.
    public func index(of target: TargetID) -> ProjectIndex {
        targetIndex(target) ?? project
    }

    /// A resolver for code of each target in `targets` (by position), sharing `base`'s settings.
    public func resolvers(from base: TypeResolver, count: Int) -> [TypeResolver] {
        (0..<max(1, count)).map { base.forTarget(targetIndex(TargetID($0))) }
    }
}
