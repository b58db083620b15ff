import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Finds and reads the configuration for a run: `--config PATH`, else the nearest `.linter.yml`
/// from the start folder up to the repository root, else built-in defaults for the project root
/// found from the start folder (`ProjectRoot`); plus the project's `.xcode-version` when
/// `xcode_version` is not set.
public struct ConfigurationLoader: Sendable {
    public static let fileName = ".linter.yml"
    public static let xcodeVersionFileName = ".xcode-version"
    /// Real configuration files are a few kilobytes; anything this big is the wrong file.
    public static let maximumFileSize = 1 << 20

    public var schema: ConfigurationSchema
    public var fileSystem: any ConfigurationFileSystem

    public init(schema: ConfigurationSchema, fileSystem: any ConfigurationFileSystem = LocalFileSystem()) {
        self.schema = schema
        self.fileSystem = fileSystem
    }

    /// - Parameters:
    ///   - explicitPath: the `--config` argument, if given (must exist).
    ///   - startDirectory: where linting starts; relative paths resolve against `workingDirectory`.
    ///   - workingDirectory: the process's current directory; paths in messages are shown relative to it.
    public func load(explicitPath: String?, startDirectory: String,
                     workingDirectory: String = FileManager.default.currentDirectoryPath) throws(ConfigurationError) -> Configuration {
        let start = Self.absolutePath(startDirectory, relativeTo: workingDirectory)
        let configurationPath: String?
        if let explicitPath {
            let absolute = Self.absolutePath(explicitPath, relativeTo: workingDirectory)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                throw ConfigurationError(path: explicitPath, location: nil, message: "configuration file not found")
            }
            if isDirectory.boolValue {
                throw ConfigurationError(path: explicitPath, location: nil,
                                         message: "is a folder; --config expects a file such as \(explicitPath)/\(Self.fileName)")
            }
            configurationPath = absolute
        } else {
            configurationPath = Self.findConfigurationFile(startingAt: start)
        }

        var configuration: Configuration
        if let configurationPath {
            let root = (configurationPath as NSString).deletingLastPathComponent
            let displayPath = Self.displayPath(configurationPath, workingDirectory: workingDirectory)
            let bytes = try Self.readFile(configurationPath, displayPath: displayPath)
            let document = try YAMLParser.parse(bytes, path: displayPath)
            var decoder = ConfigurationDecoder(schema: schema, path: displayPath, rootDirectory: root,
                                               fileSystem: fileSystem)
            configuration = try decoder.decode(document)
        } else {
            configuration = Configuration(defaultsFor: schema, rootDirectory: ProjectRoot.find(from: start, fileSystem: fileSystem).path)
        }
        if configuration.xcodeVersion == nil {
            try applyXcodeVersionFile(to: &configuration, workingDirectory: workingDirectory)
        }
        configuration.applyDefaultDependencies(fileSystem: fileSystem)
        return configuration
    }

    /// The nearest `.linter.yml` in `directory` or its parents, not looking above the first
    /// folder that contains `.git` (a folder, or a file in worktrees and submodules).
    public static func findConfigurationFile(startingAt directory: String) -> String? {
        // Textually, as every path here: Foundation's `standardizingPath` resolves symbolic links
        // on Linux, so a linked folder (`loop -> ..`) would move the search elsewhere.
        var current = FileDiscovery.absolute(directory, relativeTo: "/")
        while true {
            let candidate = (current as NSString).appendingPathComponent(fileName)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            let gitMarker = (current as NSString).appendingPathComponent(".git")
            if FileManager.default.fileExists(atPath: gitMarker) { return nil }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { return nil }
            current = parent
        }
    }

    private func applyXcodeVersionFile(to configuration: inout Configuration,
                                       workingDirectory: String) throws(ConfigurationError) {
        let absolute = (configuration.rootDirectory as NSString).appendingPathComponent(Self.xcodeVersionFileName)
        guard FileManager.default.fileExists(atPath: absolute) else { return }
        let displayPath = Self.displayPath(absolute, workingDirectory: workingDirectory)
        let bytes = try Self.readFile(absolute, displayPath: displayPath)
        let text = String(decoding: bytes, as: UTF8.self)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let leading = text.prefix { $0.isWhitespace }
        let location = SourceFile(path: displayPath, bytes: bytes).location(ofOffset: leading.utf8.count)
        switch XcodeVersion.parseRelease(trimmed) {
        case .success(let version):
            configuration.xcodeVersion = version
            configuration.origins[ConfigurationKey.xcodeVersion.rawValue] = .xcodeVersionFile(path: displayPath)
        case .failure(let problem):
            throw ConfigurationError(path: displayPath, location: location,
                                     message: "found \(Quoted.text(trimmed)): \(problem.explanation)")
        }
    }

    package static func readFile(_ absolutePath: String, displayPath: String) throws(ConfigurationError) -> [UInt8] {
        let size = (try? FileManager.default.attributesOfItem(atPath: absolutePath)[.size] as? Int) ?? 0
        if size > maximumFileSize {
            throw ConfigurationError(path: displayPath, location: nil,
                                     message: "file is \(size) bytes, larger than the \(maximumFileSize)-byte limit for configuration files")
        }
        guard let data = FileManager.default.contents(atPath: absolutePath) else {
            throw ConfigurationError(path: displayPath, location: nil, message: "cannot read the file")
        }
        return [UInt8](data)
    }

    package static func absolutePath(_ path: String, relativeTo directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
        return FileDiscovery.absolute(joined, relativeTo: "/")
    }

    /// Relative to the working directory when inside it (what the user typed), else absolute.
    package static func displayPath(_ absolutePath: String, workingDirectory: String) -> String {
        let base = FileDiscovery.absolute(workingDirectory, relativeTo: "/")
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return absolutePath.hasPrefix(prefix) ? String(absolutePath.dropFirst(prefix.count)) : absolutePath
    }
}

/// The real disk, for `ConfigurationDecoder`'s path checks.
public struct LocalFileSystem: ConfigurationFileSystem {
    public init() {}

    public func itemExists(atPath path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    public func itemNames(inDirectory path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    }

    public func folderExists(atPath path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
