import Foundation

/// Finds the `.swift` files to lint under the given paths, honouring `included`/`excluded`.
///
/// Folders are walked without following symbolic links (so link loops cannot trap it), and
/// build products, dependency checkouts and hidden folders are skipped. The result is sorted
/// so output never depends on the file system's order.
public struct FileDiscovery: Sendable {
    public static let skippedFolderNames: Set<String> = [".build", ".swiftpm", "DerivedData", "Pods", "Carthage", "node_modules"]

    /// The folder `included`/`excluded` patterns are relative to.
    public let rootDirectory: String
    public let included: [GlobPattern]
    public let excluded: [GlobPattern]

    public init(rootDirectory: String, included: [GlobPattern] = [], excluded: [GlobPattern] = []) {
        self.rootDirectory = FileDiscovery.absolute(rootDirectory)
        self.included = included
        self.excluded = excluded
    }

    public struct Result: Sendable {
        public var files: [String] = []
        public var errors: [FileReadError] = []
    }

    /// Files under `paths`. A file named explicitly is linted even if excluded, unless
    /// `forceExclude` is set.
    public func files(under paths: [String], forceExclude: Bool = false) -> Result {
        var result = Result()
        var seen = Set<String>()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                result.errors.append(FileReadError(path: path, reason: "no such file or directory"))
                continue
            }
            if isDirectory.boolValue {
                walk(path, into: &result, seen: &seen)
            } else if !forceExclude || !isExcluded(path) {
                if seen.insert(FileDiscovery.absolute(path)).inserted { result.files.append(path) }
            }
        }
        result.files.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return result
    }

    private func walk(_ directory: String, into result: inout Result, seen: inout Set<String>) {
        var pending = [directory]
        while let folder = pending.popLast() {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder)
            } catch {
                result.errors.append(FileReadError(path: folder, reason: "cannot list folder: \(error.localizedDescription)"))
                continue
            }
            for name in names {
                let path = folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }  // vanished meanwhile
                let type = info.st_mode & S_IFMT
                if type == S_IFDIR {
                    if name.hasPrefix(".") || FileDiscovery.skippedFolderNames.contains(name) { continue }
                    let relative = relativePath(path)
                    if let relative, excluded.contains(where: { $0.matches(relative) }) { continue }
                    if let relative, !included.isEmpty, !included.contains(where: { $0.matches(relative) || $0.canMatchInside(relative) }) { continue }
                    pending.append(path)
                } else if type == S_IFREG, name.hasSuffix(".swift") {
                    if isExcluded(path) { continue }
                    if !included.isEmpty, let relative = relativePath(path), !included.contains(where: { $0.matches(relative) }) { continue }
                    if seen.insert(FileDiscovery.absolute(path)).inserted { result.files.append(path) }
                }
            }
        }
    }

    public func isExcluded(_ path: String) -> Bool {
        guard let relative = relativePath(path) else { return false }
        return excluded.contains { $0.matches(relative) }
    }

    /// `path` relative to the root, or nil when it lies outside it.
    func relativePath(_ path: String) -> String? {
        let absolutePath = FileDiscovery.absolute(path)
        if absolutePath == rootDirectory { return "." }
        let prefix = rootDirectory.hasSuffix("/") ? rootDirectory : rootDirectory + "/"
        guard absolutePath.hasPrefix(prefix) else { return nil }
        return String(absolutePath.dropFirst(prefix.count))
    }

    static func absolute(_ path: String) -> String {
        absolute(path, relativeTo: FileManager.default.currentDirectoryPath)
    }

    /// `path` made absolute against `directory` (the command's working directory, which in
    /// tests is not the process's), with `.` and `..` resolved.
    public static func absolute(_ path: String, relativeTo directory: String) -> String {
        let base = path.hasPrefix("/") ? path : directory + "/" + path
        // Normalise `.` and `..` textually (no symlink resolution: paths stay as the user sees them).
        var parts: [Substring] = []
        for part in base.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
