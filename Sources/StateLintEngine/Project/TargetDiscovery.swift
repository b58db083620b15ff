import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Reads the targets of a project's manifests: every `Package.swift` and every `.xcodeproj`
/// that the walk of the project's files meets (hidden folders, build products and excluded
/// folders are not walked).
public enum TargetDiscovery {
    /// The targets of the manifests among `walked` (a walk of the project's index scope), read
    /// on `jobs` threads.
    public static func targets(root: String, walked: FileDiscovery.Result, jobs: Int,
                               fileSystem: any ConfigurationFileSystem = LocalFileSystem()) -> ProjectTargets {
        let manifests = walked.files.filter(isPackageManifest) + walked.xcodeProjects
        let read = parallelMap(manifests, jobs: jobs) { manifest -> Result<[ProjectTarget], ManifestProblem> in
            manifest.hasSuffix(".xcodeproj") ? readXcodeProject(manifest, root: root)
                : readPackage(manifest, root: root, fileSystem: fileSystem)
        }
        var targets: [ProjectTarget] = []
        var problems: [String] = []
        for (manifest, outcome) in zip(manifests, read) {
            switch outcome {
            case .success(let found): targets += found
            case .failure(let problem): problems.append("\(display(manifest, root: root)): \(problem.reason)")
            }
        }
        return ProjectTargets(root: root, targets: targets, problems: problems)
    }

    /// The targets of the project rooted at `root`, walking it first (`excluded` patterns apply).
    public static func targets(root: String, excluded: [GlobPattern] = [], jobs: Int = 1) -> ProjectTargets {
        let walked = FileDiscovery(rootDirectory: root, excluded: excluded).files(under: [root], jobs: jobs)
        return targets(root: root, walked: walked, jobs: jobs)
    }

    /// Whether `path` ends in `/Package.swift`, by its bytes (every walked file is asked: one
    /// `memcmp`, where comparing the `utf8` views element by element cost a thousand
    /// instructions a path).
    package static func isPackageManifest(_ path: String) -> Bool {
        let suffix: StaticString = "/Package.swift"
        let length = suffix.utf8CodeUnitCount
        var path = path
        return path.withUTF8 { bytes in
            bytes.count > length && memcmp(bytes.baseAddress! + (bytes.count - length), suffix.utf8Start, length) == 0
        }
    }

    /// The folder holding `path`.
    package static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    package struct ManifestProblem: Error {
        package let reason: String
    }

    private static func readXcodeProject(_ project: String, root: String) -> Result<[ProjectTarget], ManifestProblem> {
        switch XcodeProjectFile.read(project: project) {
        case .success(let file):
            return .success(file.targets.map { target in
                ProjectTarget(name: qualified(target.name, manifest: project, root: root), moduleName: target.name, kind: .xcode,
                              manifest: project, folders: target.folders, files: target.files, excludedFiles: target.excludedFiles,
                              dependencies: target.dependencies)
            })
        case .failure(let problem):
            return .failure(ManifestProblem(reason: problem.description))
        }
    }

    private static func readPackage(_ manifest: String, root: String,
                                    fileSystem: any ConfigurationFileSystem) -> Result<[ProjectTarget], ManifestProblem> {
        let bytes: [UInt8]
        do {
            bytes = try SourceReader.read(manifest, below: nil, maximumSize: 1 << 20)
        } catch {
            return .failure(ManifestProblem(reason: "cannot read: \(error.reason)"))
        }
        let folder = folder(of: manifest)
        return .success(SwiftPackageManifest(bytes: bytes).targets.map { target in
            let path = target.path.map { FileDiscovery.absolute($0, relativeTo: folder) }
                ?? SwiftPackageManifest.defaultFolder(of: target, packageFolder: folder, fileSystem: fileSystem)
            return ProjectTarget(name: qualified(target.name, manifest: manifest, root: root), moduleName: target.name,
                                 kind: .swiftPackage, manifest: manifest, folders: [path], dependencies: target.dependencies)
        })
    }

    /// `Shop` for a target of the root's manifest, `Apps/Shop.xcodeproj: Shop` for another's.
    package static func qualified(_ name: String, manifest: String, root: String) -> String {
        let isPackage = isPackageManifest(manifest)
        let folder = folder(of: manifest)
        if folder == root && isPackage { return name }
        return display(isPackage ? folder : manifest, root: root) + ": " + name
    }

    package static func display(_ path: String, root: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
