import Foundation

/// Finds the manifests of a project: `Package.swift` files and `.xcodeproj` bundles in the
/// root and in the folders below it, `maximumDepth` levels down (skipping hidden folders,
/// build products and dependency checkouts), and reads their targets.
public enum TargetDiscovery {
    /// Apps and packages sit in the root, or in a folder or two below it (`Apps/Shop`,
    /// `Packages/Core`): deeper manifests are samples and fixtures.
    public static let maximumDepth = 3

    public static func targets(root: String, fileSystem: any ConfigurationFileSystem = LocalFileSystem()) -> ProjectTargets {
        var targets: [ProjectTarget] = []
        var problems: [String] = []
        var pending: [(folder: String, depth: Int)] = [(root, 0)]
        while !pending.isEmpty {
            let (folder, depth) = pending.removeFirst()
            let names = fileSystem.itemNames(inDirectory: folder).sorted()
            if names.contains("Package.swift") {
                let manifest = folder + "/Package.swift"
                switch readPackage(manifest, folder: folder, root: root, fileSystem: fileSystem) {
                case .success(let found): targets += found
                case .failure(let problem): problems.append("\(display(manifest, root: root)): \(problem)")
                }
            }
            for name in names where name.hasSuffix(".xcodeproj") {
                let project = folder + "/" + name
                switch XcodeProjectFile.read(project: project) {
                case .success(let file):
                    targets += file.targets.map { target in
                        ProjectTarget(name: qualified(target.name, manifest: project, root: root), moduleName: target.name, kind: .xcode, manifest: project,
                                      folders: target.folders, files: target.files, excludedFiles: target.excludedFiles,
                                      dependencies: target.dependencies)
                    }
                case .failure(let problem):
                    problems.append("\(display(project, root: root)): \(problem)")
                }
            }
            guard depth < maximumDepth else { continue }
            for name in names where !name.hasPrefix(".") && !FileDiscovery.skippedFolderNames.contains(name)
                && !name.hasSuffix(".xcodeproj") && !name.hasSuffix(".xcworkspace") && !name.hasSuffix(".docc") {
                let child = folder + "/" + name
                if fileSystem.folderExists(atPath: child) { pending.append((child, depth + 1)) }
            }
        }
        return ProjectTargets(root: root, targets: targets, problems: problems)
    }

    private static func readPackage(_ manifest: String, folder: String, root: String,
                                    fileSystem: any ConfigurationFileSystem) -> Result<[ProjectTarget], PackageProblem> {
        let bytes: [UInt8]
        do {
            bytes = try SourceReader.read(manifest, below: nil, maximumSize: 1 << 20)
        } catch {
            return .failure(PackageProblem(reason: error.reason))
        }
        let package = SwiftPackageManifest(bytes: bytes)
        return .success(package.targets.map { target in
            let path = target.path.map { FileDiscovery.absolute($0, relativeTo: folder) }
                ?? SwiftPackageManifest.defaultFolder(of: target, packageFolder: folder, fileSystem: fileSystem)
            return ProjectTarget(name: qualified(target.name, manifest: manifest, root: root), moduleName: target.name, kind: .swiftPackage,
                                 manifest: manifest, folders: [path], dependencies: target.dependencies)
        })
    }

    struct PackageProblem: Error, CustomStringConvertible {
        let reason: String
        var description: String { "cannot read: \(reason)" }
    }

    /// `Shop` for a target of the root's manifest, `Apps/Shop.xcodeproj: Shop` for another's.
    static func qualified(_ name: String, manifest: String, root: String) -> String {
        let folder = (manifest as NSString).deletingLastPathComponent
        if folder == root && manifest.hasSuffix("/Package.swift") { return name }
        return display(manifest.hasSuffix("/Package.swift") ? folder : manifest, root: root) + ": " + name
    }

    static func display(_ path: String, root: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
