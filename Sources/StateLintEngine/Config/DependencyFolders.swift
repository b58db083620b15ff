import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// A folder whose Swift sources are read for type declarations only, never linted: a folder of
/// package checkouts (SwiftPM's `.build/checkouts`, Xcode's `SourcePackages/checkouts`), one
/// package per subfolder, or a single package.
public struct DependencyFolder: Sendable, Equatable {
    /// Absolute, with `.` and `..` resolved.
    public var path: String
    public var origin: ValueOrigin

    public init(path: String, origin: ValueOrigin) {
        self.path = path
        self.origin = origin
    }
}

extension Configuration {
    /// Where `swift package resolve` checks packages out, relative to the `Package.swift` folder.
    public static let swiftPMCheckouts = ".build/checkouts"

    /// Without a `dependencies` key: SwiftPM's checkouts, when the root holds a `Package.swift`
    /// and they have been resolved. Nothing otherwise: an Xcode project's packages live in its
    /// DerivedData, which only `--derived-data` names.
    package mutating func applyDefaultDependencies(fileSystem: any ConfigurationFileSystem) {
        guard origin(of: ConfigurationKey.dependencies.rawValue) == .builtInDefault else { return }
        let checkouts = rootDirectory + "/" + Self.swiftPMCheckouts
        guard fileSystem.itemExists(atPath: rootDirectory + "/Package.swift"),
              fileSystem.folderExists(atPath: checkouts) else { return }
        dependencies = [DependencyFolder(path: checkouts, origin: .builtInDefault)]
    }

    /// `--dependencies DIR` (and the folders `--derived-data` finds): added after the configured
    /// ones, so the command line extends the file rather than replacing it. Each must be a folder.
    public mutating func addDependencies(_ paths: [String], flag: String, workingDirectory: String,
                                         fileSystem: any ConfigurationFileSystem = LocalFileSystem()) throws(ConfigurationError) {
        for written in paths {
            let path = FileDiscovery.absolute(written, relativeTo: workingDirectory)
            guard fileSystem.folderExists(atPath: path) else {
                let problem = fileSystem.itemExists(atPath: path)
                    ? "is not a folder"
                    : "does not exist" + ConfigurationDecoder.suggestion(forMissing: path, in: fileSystem)
                // In full: a shortened path would not say which folder is missing.
                throw ConfigurationError(path: flag, location: nil,
                                         message: "`\(TerminalText.visible(written))` \(problem)" + Self.resolveHint(for: path))
            }
            guard !dependencies.contains(where: { $0.path == path }) else { continue }
            dependencies.append(DependencyFolder(path: path, origin: .commandLine(flag: flag)))
        }
    }

    /// A dependency folder as `statelint config` writes it: relative to the root when inside it.
    package func displayPath(of folder: DependencyFolder) -> String {
        let prefix = rootDirectory.hasSuffix("/") ? rootDirectory : rootDirectory + "/"
        return folder.path.hasPrefix(prefix) ? String(folder.path.dropFirst(prefix.count)) : folder.path
    }

    /// For a missing `.build/checkouts`: how to make it.
    package static func resolveHint(for path: String) -> String {
        path.hasSuffix("/" + swiftPMCheckouts) ? "; run `swift package resolve` to check the packages out" : ""
    }
}

extension ConfigurationDecoder {
    /// The `dependencies` list: folders relative to the root (or absolute), each of which must exist.
    package mutating func dependencyFolders(_ node: YAMLNode) -> [DependencyFolder]? {
        let key = ConfigurationKey.dependencies.rawValue
        guard let items = stringItems(node, key: key, itemDescription: "folders") else { return nil }
        var folders: [DependencyFolder] = []
        var valid = true
        for item in items {
            let path = FileDiscovery.absolute(item.text, relativeTo: rootDirectory)
            if let fileSystem, !fileSystem.folderExists(atPath: path) {
                let problem = fileSystem.itemExists(atPath: path)
                    ? "is not a folder"
                    : "does not exist" + Self.suggestion(forMissing: path, in: fileSystem)
                report("`\(key)` folder \(Quoted.text(item.text)) \(problem)" + Configuration.resolveHint(for: path),
                       at: item.location)
                valid = false
                continue
            }
            folders.append(DependencyFolder(path: path, origin: .configurationFile(path: self.path, line: item.location.line)))
        }
        return valid ? folders : nil
    }
}

extension Configuration {
    /// `--derived-data DIR`: the project's `SourcePackages/checkouts` in Xcode's DerivedData.
    public mutating func addDerivedData(_ written: String, workingDirectory: String) throws(ConfigurationError) {
        let flag = "--derived-data"
        let folder = FileDiscovery.absolute(written, relativeTo: workingDirectory)
        guard LocalFileSystem().folderExists(atPath: folder) else {
            // Reported like a missing `--dependencies` folder.
            try addDependencies([written], flag: flag, workingDirectory: workingDirectory)
            return
        }
        switch XcodeDerivedData.checkouts(in: folder, projectRoot: rootDirectory) {
        case .found(let checkouts):
            try addDependencies(checkouts, flag: flag, workingDirectory: workingDirectory)
        case .noProject(let examined):
            throw ConfigurationError(path: flag, location: nil, message:
                "none of the \(examined) project folder\(examined == 1 ? "" : "s") in `\(TerminalText.visible(written))` was built from \(TerminalText.visible(rootDirectory)) "
                + "(no info.plist `WorkspacePath` in it); open and build the project in Xcode once, "
                + "or name the checkouts with --dependencies DIR/SourcePackages/checkouts")
        }
    }
}
