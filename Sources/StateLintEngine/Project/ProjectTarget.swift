import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// A unit of type identity inside a project: the files one module compiles. Views merge their
/// parts only within a target, and a type name resolves first in the target that writes it.
public struct ProjectTarget: Sendable, Hashable {
    public enum Kind: String, Sendable {
        /// A target of a `Package.swift`.
        case swiftPackage = "SwiftPM"
        /// A target of an `.xcodeproj`.
        case xcode = "Xcode"
        /// A folder of the project without a manifest that holds an `App` type.
        case appFolder = "folder"
        /// Everything no other target claims.
        case rest = "project"
    }

    /// As shown to users: the target's name, with its manifest's folder when that is not the root.
    public let name: String
    /// The name its manifest gives it (what other targets of the manifest depend on).
    public let moduleName: String
    public let kind: Kind
    /// The manifest it comes from (absolute), if any.
    public let manifest: String?
    /// Folders (absolute) whose Swift files belong to the target.
    public internal(set) var folders: [String]
    /// Files (absolute) listed one by one (Xcode's classic groups).
    public internal(set) var files: [String]
    /// Files (absolute) inside `folders` that the target leaves out (Xcode's membership exceptions).
    public internal(set) var excludedFiles: [String]
    /// Names of the targets of the same manifest it depends on.
    public internal(set) var dependencies: [String]

    public init(name: String, moduleName: String? = nil, kind: Kind, manifest: String? = nil, folders: [String] = [], files: [String] = [],
                excludedFiles: [String] = [], dependencies: [String] = []) {
        self.name = name
        self.moduleName = moduleName ?? name
        self.kind = kind
        self.manifest = manifest
        self.folders = folders
        self.files = files
        self.excludedFiles = excludedFiles
        self.dependencies = dependencies
    }
}
