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
        // Normalise once: every path below is folder + "/" + name, already normal, so the
        // per-file checks below never re-split paths (this walk runs over every file).
        var pending = [FileDiscovery.absolute(directory)]
        let rootPrefix = rootDirectory.hasSuffix("/") ? rootDirectory : rootDirectory + "/"
        func relative(_ path: String) -> String? {
            path == rootDirectory ? "." : (path.hasPrefix(rootPrefix) ? String(path.dropFirst(rootPrefix.count)) : nil)
        }
        while let folder = pending.popLast() {
            guard let entries = DirectoryEntries(folder) else {
                result.errors.append(FileReadError(path: folder, reason: "cannot list folder: \(String(cString: strerror(errno)))"))
                continue
            }
            let base = folder.hasSuffix("/") ? folder : folder + "/"
            for (name, kind) in entries.list() {
                let path = base + name
                switch kind {
                case .directory:
                    if name.hasPrefix(".") || FileDiscovery.skippedFolderNames.contains(name) { continue }
                    if let relative = relative(path) {
                        if excluded.contains(where: { $0.matches(relative) }) { continue }
                        if !included.isEmpty, !included.contains(where: { $0.matches(relative) || $0.canMatchInside(relative) }) { continue }
                    }
                    pending.append(path)
                case .regularFile:
                    guard name.hasSuffix(".swift") else { continue }
                    if let relative = relative(path) {
                        if excluded.contains(where: { $0.matches(relative) }) { continue }
                        if !included.isEmpty, !included.contains(where: { $0.matches(relative) }) { continue }
                    }
                    if seen.insert(path).inserted { result.files.append(path) }
                case .other:
                    continue  // symbolic links (never followed), FIFOs, sockets, devices
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
