import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// A project: the unit that owns files, configuration, toolchain and dependencies. Its root is
/// found upward from a folder (`ProjectRoot`); its configuration is the root's `.linter.yml`
/// (else defaults), with the project's `.xcode-version`; its targets come from its manifests.
public struct Project: Sendable {
    public let root: ProjectRoot
    public let configuration: Configuration
    /// From the manifests; app folders are added once files are read (`TargetAssignment`).
    public let targets: ProjectTargets

    public init(root: ProjectRoot, configuration: Configuration, targets: ProjectTargets) {
        self.root = root
        self.configuration = configuration
        self.targets = targets
    }

    /// The project holding `directory`, as `statelint lint` finds it for a path there, with no
    /// targets yet (its manifests are read from the walk of its files, `TargetDiscovery`). Paths
    /// in errors are shown relative to `workingDirectory`.
    public static func load(forDirectory directory: String, schema: ConfigurationSchema,
                            workingDirectory: String) throws(ConfigurationError) -> Project {
        let configuration = try ConfigurationLoader(schema: schema)
            .load(explicitPath: nil, startDirectory: directory, workingDirectory: workingDirectory)
        let root = ProjectRoot.find(from: configuration.rootDirectory)
        return Project(root: ProjectRoot(path: configuration.rootDirectory, marker: root.marker), configuration: configuration,
                       targets: ProjectTargets(root: configuration.rootDirectory))
    }

    /// The files whose declarations make the project's index: the configuration's `index`
    /// paths less `excluded` and the dependency folders inside the project.
    public var indexDiscovery: FileDiscovery {
        var excluded = configuration.excluded
        excluded += configuration.dependencies.compactMap { try? GlobPattern(configuration.displayPath(of: $0)) }
        return FileDiscovery(rootDirectory: configuration.rootDirectory, included: configuration.index, excluded: excluded)
    }

    /// Whether `path` is one of the files `indexDiscovery` walks to.
    public func isIndexed(_ path: String) -> Bool {
        let discovery = indexDiscovery
        guard path.hasSuffix(".swift"), let relative = discovery.relativePath(path) else { return false }
        // The walk never enters hidden folders or build products.
        for folder in relative.split(separator: "/").dropLast()
        where folder.hasPrefix(".") || FileDiscovery.skippedFolderNames.contains(String(folder)) {
            return false
        }
        if discovery.isExcluded(path) { return false }
        return discovery.included.contains { $0.matches(relative) }
    }
}
