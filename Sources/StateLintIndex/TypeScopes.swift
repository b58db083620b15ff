import StateLintSyntax

/// The type indexes a project's code is resolved in: each target's overlay, the whole project's,
/// and its dependencies' sources'.
///
/// A target's overlay holds only the names that more than one target declares where a class or
/// actor is among them ("contested", see `ContestedNames`), as the target and the targets it
/// depends on declare them: every other name means the same in every target, so the project's
/// index answers. A name the overlay declares hides the
/// project's. (A type that inherits from a contested name is resolved in the project's index,
/// where that name's declarations are merged: it may gain a conformance of the other target's.)
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

    /// The conformances of the type `name` (written at the top level) as code of `target` sees
    /// it: the overlay's for a name it declares (another target's same-named type says nothing).
    public func conformances(of name: String, in target: TargetID) -> ConformanceIndex.Conformances {
        if let overlay = targetIndex(target), overlay.declares(name) {
            return overlay.conformances.conformances(of: name, inScope: nil)
        }
        return project.conformances.conformances(of: name, inScope: nil)
    }

    /// The qualified name of the project type `name` means in `target`'s code, if any.
    public func resolve(_ name: String, in target: TargetID) -> String? {
        targetIndex(target)?.conformances.resolve(name, inScope: nil) ?? project.conformances.resolve(name, inScope: nil)
    }

    /// A resolver for code of each target in `targets` (by position), sharing `base`'s settings.
    public func resolvers(from base: TypeResolver, count: Int) -> [TypeResolver] {
        (0..<max(1, count)).map { base.forTarget(targetIndex(TargetID($0))) }
    }
}
