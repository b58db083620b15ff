import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Where a project starts: found upward from the linted path as SwiftPM and Xcode users expect.
///
/// From the start folder up to the repository's top (the first folder holding `.git`, a folder
/// or a worktree's file), the nearest folder holding, in this order of preference:
///   1. `.linter.yml` (the configuration's folder is the project),
///   2. `Package.swift`,
///   3. an `.xcodeproj` or `.xcworkspace`,
///   4. `.git` itself.
/// With none of these, the start folder. Linting a path therefore gives the same project
/// whichever folder the command runs from.
public struct ProjectRoot: Sendable, Equatable {
    public enum Marker: String, Sendable, CaseIterable {
        case configurationFile = ".linter.yml"
        case packageManifest = "Package.swift"
        case xcodeProject = ".xcodeproj or .xcworkspace"
        case repository = ".git"
        case startFolder = "no project marker above it"
    }

    /// Absolute, with `.` and `..` resolved.
    public let path: String
    /// What made this folder the root.
    public let marker: Marker

    public init(path: String, marker: Marker) {
        self.path = path
        self.marker = marker
    }

    /// The root for `start`, an absolute folder.
    public static func find(from start: String, fileSystem: any ConfigurationFileSystem = LocalFileSystem()) -> ProjectRoot {
        var nearest: [Marker: String] = [:]
        var current = FileDiscovery.absolute(start, relativeTo: "/")
        while true {
            let names = Set(fileSystem.itemNames(inDirectory: current))
            func note(_ marker: Marker) { if nearest[marker] == nil { nearest[marker] = current } }
            if names.contains(ConfigurationLoader.fileName), !fileSystem.folderExists(atPath: current + "/" + ConfigurationLoader.fileName) {
                note(.configurationFile)
            }
            if names.contains("Package.swift") { note(.packageManifest) }
            if names.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }) { note(.xcodeProject) }
            if names.contains(".git") {
                note(.repository)
                break  // never above the repository
            }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { break }
            current = parent
        }
        for marker in Marker.allCases {
            if let path = nearest[marker] { return ProjectRoot(path: path, marker: marker) }
        }
        return ProjectRoot(path: FileDiscovery.absolute(start, relativeTo: "/"), marker: .startFolder)
    }

    /// The folder to search from for `paths` (absolute): the deepest folder holding all of them
    /// (a file's own folder for a single file), else `workingDirectory` when there are none.
    public static func startFolder(for paths: [String], workingDirectory: String,
                                   fileSystem: any ConfigurationFileSystem = LocalFileSystem()) -> String {
        guard !paths.isEmpty else { return workingDirectory }
        let folders = paths.map { path in
            fileSystem.folderExists(atPath: path) ? path : (path as NSString).deletingLastPathComponent
        }
        var common = folders[0].split(separator: "/", omittingEmptySubsequences: true)
        for folder in folders.dropFirst() {
            let parts = folder.split(separator: "/", omittingEmptySubsequences: true)
            var shared = 0
            while shared < min(common.count, parts.count) && common[shared] == parts[shared] { shared += 1 }
            common = Array(common.prefix(shared))
        }
        return "/" + common.joined(separator: "/")
    }
}
