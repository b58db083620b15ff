import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

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
        /// The `.xcodeproj` bundles met on the way (not walked into: they hold no sources), for
        /// the project's targets; sorted like `files`.
        public var xcodeProjects: [String] = []
        /// Symbolic links met in folders to a folder or a Swift file: not followed (a link loop
        /// could trap the walk), so their code is not linted unless named on the command line.
        public var skippedLinks: [String] = []
    }

    /// Files under `paths`. A file named explicitly is linted even if excluded, unless
    /// `forceExclude` is set. With `jobs` above 1, a single folder is walked on that many threads.
    public func files(under paths: [String], forceExclude: Bool = false, jobs: Int = 1) -> Result {
        var result = Result()
        // One folder walk cannot meet a file twice (links are not followed): deduplicate only
        // when several paths are given, saving a hashed insert per file in the common case.
        var seen: Set<String>? = paths.count > 1 ? [] : nil
        // Where each named path (and followed link) put its files, to tell the same file reached
        // through a link and directly.
        var roots: [(path: String, files: Range<Int>)] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                result.errors.append(FileReadError(path: path, reason: "no such file or directory"))
                continue
            }
            if isDirectory.boolValue {
                let errorCount = result.errors.count
                var start = result.files.count
                walkFolder(path, into: &result, seen: &seen, jobs: jobs)
                roots.append((path, start..<result.files.count))
                // Links the walk passed over that an `included` entry names: walked as named.
                for link in linkedEntries(under: FileDiscovery.absolute(path)) {
                    start = result.files.count
                    if link.isDirectory {
                        walkFolder(link.path, into: &result, seen: &seen, jobs: jobs)
                    } else if seen?.insert(link.path).inserted ?? true {
                        result.files.append(link.path)
                    }
                    roots.append((link.path, start..<result.files.count))
                }
                // The order folders are listed in depends on the file system (and the threads).
                result.errors[errorCount...].sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
            } else if !forceExclude || !isExcluded(path) {
                let start = result.files.count
                if seen?.insert(FileDiscovery.absolute(path)).inserted ?? true { result.files.append(path) }
                roots.append((path, start..<result.files.count))
            }
        }
        if roots.count > 1 {
            result.files = FileDiscovery.withoutSecondSpellings(result.files, roots: roots)
            // A link a walk passed over but that is also named (`statelint lint . Linked`) was not skipped.
            let named = Set(roots.map { FileDiscovery.absolute($0.path) })
            result.skippedLinks.removeAll { named.contains(FileDiscovery.absolute($0)) }
        }
        result.files = FileDiscovery.sortedByBytes(result.files)
        result.xcodeProjects = FileDiscovery.sortedByBytes(result.xcodeProjects)
        result.skippedLinks = FileDiscovery.sortedByBytes(result.skippedLinks)
        return result
    }

    private func walkFolder(_ path: String, into result: inout Result, seen: inout Set<String>?, jobs: Int) {
        if jobs > 1 && seen == nil {
            let found = parallelWalk(FileDiscovery.absolute(path), jobs: jobs)
            result.files += found.files
            result.errors += found.errors
            result.xcodeProjects += found.xcodeProjects
            result.skippedLinks += found.skippedLinks
        } else {
            // The walk a single thread does here is work more threads share (above).
            let started = DispatchTime.now().uptimeNanoseconds
            walk(path, into: &result, seen: &seen)
            ParallelSections.add(since: started)
        }
    }

    /// The `included` entries without wildcards below `folder` that are reached through a
    /// symbolic link (they are one, or a folder on their way is), to a folder or a Swift file,
    /// and not excluded. The walk follows no link (so no loop can trap it); an entry that
    /// names one is followed, as a path on the command line is, or it would lint nothing
    /// without a word. The walk below a followed folder follows no link either.
    private func linkedEntries(under folder: String) -> [(path: String, isDirectory: Bool)] {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var found: [(path: String, isDirectory: Bool)] = []
        let paths = included.filter { $0.isLiteral && $0 != .projectRoot }
            .map { FileDiscovery.absolute($0.pattern, relativeTo: rootDirectory) }
        // Shorter first: an entry inside a followed folder is walked with it.
        for path in Set(paths).sorted(by: { $0.utf8.count < $1.utf8.count }) {
            guard path.hasPrefix(prefix), !isExcluded(path), Self.passesLink(path, below: prefix),
                  !found.contains(where: { $0.isDirectory && path.hasPrefix($0.path + "/") }) else { continue }
            var target = stat()
            guard stat(path, &target) == 0 else { continue }
            switch target.st_mode & S_IFMT {
            case S_IFDIR: found.append((path, true))
            case S_IFREG where path.hasSuffix(".swift"): found.append((path, false))
            default: continue
            }
        }
        return found.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// Whether `path`, or a folder between `prefix` and it, is a symbolic link.
    private static func passesLink(_ path: String, below prefix: String) -> Bool {
        var current = String(prefix.dropLast())
        for component in path.dropFirst(prefix.count).split(separator: "/") {
            current += "/" + component
            var info = stat()
            guard lstat(current, &info) == 0 else { return false }
            if info.st_mode & S_IFMT == S_IFLNK { return true }
        }
        return false
    }

    /// `paths` in the byte order of their UTF-8 (as `a.utf8.lexicographicallyPrecedes(b.utf8)`),
    /// each comparison one memcmp, with no String access or reference counting.
    package static func sortedByBytes(_ paths: [String]) -> [String] {
        SortedPaths(paths).spans.map { paths[$0.index] }
    }

    /// A folder still to list: its path and name, its path relative to the root (nil outside
    /// it), the `excluded` patterns that can still match inside it, and whether an `included`
    /// pattern already matched it or a folder above (then everything below is included).
    package struct PendingFolder {
        package let path: String
        package var name: String? = nil
        package let relative: String?
        package let excluded: [GlobPattern]
        package let isIncluded: Bool
    }

    /// A listed folder whose subfolders are still to walk, kept open (while the walk is no
    /// deeper than `maximumOpenFolders`) so they are opened by name, not by their whole path.
    private struct OpenFolder {
        package let entries: DirectoryEntries?
        package var subfolders: [PendingFolder]
    }

    /// How many ancestors' descriptors the walk keeps open; deeper folders open by full path.
    package static let maximumOpenFolders = 32

    private func walk(_ directory: String, into result: inout Result, seen: inout Set<String>?) {
        // Every path below is folder + "/" + name, already normal, and its relative path is the
        // folder's + "/" + name: nothing is re-split or re-prefixed per file. Patterns that cannot
        // match below a folder are dropped for it, so most folders check no pattern at all.
        // Depth first, the last-listed subfolder first (the order errors are reported in).
        let start = FileDiscovery.absolute(directory)
        var stack: [OpenFolder] = []
        var next: PendingFolder? = folder(start, relative: relativePath(start), excluded: excluded, isIncluded: included.isEmpty)
        let buffer = DirectoryBuffer()
        defer { buffer.deallocate() }
        while true {
            if let folder = next {
                next = nil
                guard let (entries, listed) = Self.openAndList(folder, in: stack.last?.entries?.descriptor, buffer: buffer,
                                                               errors: &result.errors) else { continue }
                let subfolders = add(listed, of: folder, to: &result, seen: &seen)
                if subfolders.isEmpty {
                    entries.closeFolder()
                } else if stack.count < Self.maximumOpenFolders {
                    stack.append(OpenFolder(entries: entries, subfolders: subfolders))
                } else {
                    entries.closeFolder()
                    // Too deep to keep open: its subfolders are opened by path.
                    stack.append(OpenFolder(entries: nil, subfolders: subfolders.map { subfolder in
                        var byPath = subfolder
                        byPath.name = nil
                        return byPath
                    }))
                }
            }
            guard !stack.isEmpty else { return }
            if let subfolder = stack[stack.count - 1].subfolders.popLast() {
                next = subfolder
            } else {
                stack.removeLast().entries?.closeFolder()
            }
        }
    }

    /// Opens `folder` (by name inside the open folder `parent`, if given) and lists it, leaving
    /// it open; nil, with the reason recorded in `errors`, when either fails.
    package static func openAndList(_ folder: PendingFolder, in parent: Int32?, buffer: DirectoryBuffer,
                            errors: inout [FileReadError]) -> (DirectoryEntries, [(name: String, kind: DirectoryEntries.Kind)])? {
        guard let entries = DirectoryEntries(folder.path, name: folder.name, in: parent) else {
            errors.append(FileReadError(path: folder.path, reason: "cannot list folder: \(String(cString: strerror(errno)))"))
            return nil
        }
        guard let listed = entries.list(buffer: buffer) else {
            errors.append(FileReadError(path: folder.path, reason: "cannot list folder: \(String(cString: strerror(errno)))"))
            entries.closeFolder()
            return nil
        }
        return (entries, listed)
    }

    /// Adds the Swift files of a listed folder to `result`, and returns its subfolders to walk.
    package func add(_ entries: [(name: String, kind: DirectoryEntries.Kind)], of folder: PendingFolder,
             to result: inout Result, seen: inout Set<String>?) -> [PendingFolder] {
        var subfolders: [PendingFolder] = []
        let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        let checksPatterns = folder.relative != nil && (!folder.excluded.isEmpty || !folder.isIncluded)
        for (name, kind) in entries {
            let relative = checksPatterns ? (folder.relative == "." ? name : folder.relative! + "/" + name) : nil
            switch kind {
            case .directory:
                if name.hasPrefix(".") || FileDiscovery.skippedFolderNames.contains(name) { continue }
                if let relative {
                    if folder.excluded.contains(where: { $0.matches(relative) }) { continue }
                    if !folder.isIncluded, !included.contains(where: { $0.matches(relative) || $0.canMatchInside(relative) }) { continue }
                }
                if name.hasSuffix(".xcodeproj") {
                    result.xcodeProjects.append(base + name)
                    continue
                }
                var subfolder = relative.map { self.folder(base + name, relative: $0, excluded: folder.excluded, isIncluded: folder.isIncluded) }
                    ?? PendingFolder(path: base + name, relative: nil, excluded: [], isIncluded: true)
                subfolder.name = name
                subfolders.append(subfolder)
            case .swiftFile, .special:
                if let relative {
                    if folder.excluded.contains(where: { $0.matches(relative) }) { continue }
                    if !folder.isIncluded, !included.contains(where: { $0.matches(relative) }) { continue }
                }
                let path = base + name
                guard kind == .swiftFile else {
                    // Never opened (reading a FIFO could wait forever), but not passed over in silence.
                    result.errors.append(FileReadError(path: path, reason: SourceReader.notRegularFile))
                    continue
                }
                if seen?.insert(path).inserted ?? true { result.files.append(path) }
            case .link:
                // Never followed; one to Swift code is named, so its code is not skipped in silence.
                guard !name.hasPrefix("."), !FileDiscovery.skippedFolderNames.contains(name) else { continue }
                if let relative, folder.excluded.contains(where: { $0.matches(relative) }) { continue }
                var target = stat()
                let path = base + name
                if stat(path, &target) == 0, (target.st_mode & S_IFMT) == S_IFDIR || name.hasSuffix(".swift") {
                    result.skippedLinks.append(path)
                }
            case .other:
                continue  // other files
            }
        }
        return subfolders
    }

    /// A folder to list; `relative == nil` (outside the root, or no pattern left to check) means
    /// no pattern applies below it.
    package func folder(_ path: String, relative: String?, excluded: [GlobPattern], isIncluded: Bool) -> PendingFolder {
        guard let relative else { return PendingFolder(path: path, relative: nil, excluded: [], isIncluded: true) }
        return PendingFolder(path: path, relative: relative,
                             excluded: excluded.filter { $0.canMatchInside(relative) },
                             isIncluded: isIncluded || included.contains { $0.matches(relative) })
    }

    public func isExcluded(_ path: String) -> Bool {
        guard let relative = relativePath(path) else { return false }
        return excluded.contains { $0.matches(relative) }
    }

    /// `path` relative to the root, or nil when it lies outside it.
    package func relativePath(_ path: String) -> String? {
        let absolutePath = FileDiscovery.absolute(path)
        if absolutePath == rootDirectory { return "." }
        let prefix = rootDirectory.hasSuffix("/") ? rootDirectory : rootDirectory + "/"
        guard absolutePath.hasPrefix(prefix) else { return nil }
        return String(absolutePath.dropFirst(prefix.count))
    }

    /// `files` with each file once: a file reached through a symbolic link (a link named on the
    /// command line or in `included`) and directly, or through two links, is kept under the
    /// spelling met first. The walks follow no link below a root, so a file's real path is its
    /// root's real path and the rest of its own: one `realpath` per root, none per file.
    static func withoutSecondSpellings(_ files: [String], roots: [(path: String, files: Range<Int>)]) -> [String] {
        var real = files
        var throughLink = false
        for root in roots where !root.files.isEmpty {
            let absolute = absolute(root.path)
            let resolved = canonical(absolute)
            if resolved != absolute { throughLink = true }
            for position in root.files {
                let file = files[position]
                let spelled = file.hasPrefix("/") ? absolute : root.path
                real[position] = file == spelled || file == root.path ? resolved
                    : file.hasPrefix(spelled + "/") ? resolved + file.dropFirst(spelled.count) : canonical(file)
            }
        }
        guard throughLink else { return files }
        var seen: Set<String> = []
        return files.indices.compactMap { position in seen.insert(real[position]).inserted ? files[position] : nil }
    }

    /// The path with every link resolved (macOS's `/var` is `/private/var`), so spellings compare
    /// equal; as written (normalised) when it does not exist.
    package static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return absolute(path, relativeTo: "/") }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    package static func absolute(_ path: String) -> String {
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
