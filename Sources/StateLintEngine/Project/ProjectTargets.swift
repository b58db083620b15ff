import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The targets of a project and which of them each file belongs to.
///
/// Targets come from the manifests in the root and the folders below it (to
/// `TargetDiscovery.maximumDepth`): every `Package.swift`'s targets and every `.xcodeproj`'s.
/// A file belongs to the targets that list it, else to those of the deepest target folder
/// holding it, else to `rest`; `addAppFolders` then gives the folders of `rest` that hold
/// an `App` type a target each.
public struct ProjectTargets: Sendable {
    /// `all[0]` is the rest of the project.
    public private(set) var all: [ProjectTarget]
    /// Manifests that could not be read, as `path: reason`.
    public internal(set) var problems: [String] = []
    public let root: String
    private var byFolder: [String: [TargetID]] = [:]
    private var byFile: [String: [TargetID]] = [:]
    private var excluded: [String: Set<TargetID>] = [:]
    /// For each target, the targets it depends on, directly or not.
    private var reachable: [[TargetID]] = []

    /// Only the rest: every file in one target, as before targets existed.
    public init(root: String) {
        self.root = root
        all = [ProjectTarget(name: ".", kind: .rest, folders: [root])]
        reachable = [[]]
    }

    public init(root: String, targets: [ProjectTarget], problems: [String] = []) {
        self.init(root: root)
        self.problems = problems
        for target in targets { add(target) }
        resolveDependencies()
    }

    /// Whether the project has targets besides the rest.
    public var hasTargets: Bool { all.count > 1 }

    private mutating func add(_ target: ProjectTarget) {
        let id = TargetID(all.count)
        all.append(target)
        for folder in target.folders { byFolder[folder, default: []].append(id) }
        for file in target.files { byFile[file, default: []].append(id) }
        for file in target.excludedFiles { excluded[file, default: []].insert(id) }
    }

    /// Each target's dependencies by name, within its manifest, followed to the end.
    private mutating func resolveDependencies() {
        var byName: [String: [TargetID]] = [:]
        for (index, target) in all.enumerated() where index > 0 {
            byName[(target.manifest ?? "") + "\u{0}" + target.moduleName, default: []].append(TargetID(index))
        }
        var direct: [[TargetID]] = all.map { target in
            target.dependencies.flatMap { byName[(target.manifest ?? "") + "\u{0}" + $0] ?? [] }
        }
        direct[0] = []
        reachable = direct.indices.map { start in
            var seen: Set<TargetID> = [TargetID(start)]
            var order: [TargetID] = []
            var pending = direct[start]
            while let next = pending.first {
                pending.removeFirst()
                guard seen.insert(next).inserted else { continue }
                order.append(next)
                pending += direct[Int(next.index)]
            }
            return order
        }
    }

    /// The targets `path` (absolute) belongs to: never empty.
    public func targets(ofFile path: String) -> [TargetID] {
        targets(ofFiles: [path])[0]
    }

    /// The targets of each of `paths`: the paths are put in byte order once, and each target
    /// folder's files found as one run of it (deeper folders after the folders holding them).
    public func targets(ofFiles paths: [String]) -> [[TargetID]] {
        guard hasTargets else { return [[TargetID]](repeating: TargetID.restOnly, count: paths.count) }
        let sorted = SortedPaths(paths)
        var owners = [[TargetID]?](repeating: nil, count: paths.count)
        for folder in byFolder.keys.sorted(by: { $0.utf8.count < $1.utf8.count }) {
            let folderOwners = byFolder[folder]!
            for k in sorted.range(inFolder: folder) { owners[sorted.spans[k].index] = folderOwners }
        }
        return paths.indices.map { position in
            if !byFile.isEmpty, let listed = byFile[paths[position]] { return listed }
            guard let found = owners[position] else { return TargetID.restOnly }
            guard !excluded.isEmpty, let left = excluded[paths[position]] else { return found }
            let kept = found.filter { !left.contains($0) }
            return kept.isEmpty ? TargetID.restOnly : kept
        }
    }

    /// Which of `folderTargets` (targets made of folders only, none inside another: the app
    /// folders just added) holds each of `paths`; `TargetID.restOnly` for the others. Files of
    /// the rest that gain an app folder are matched against those folders alone, not every
    /// target's folders and files again.
    public func targets(ofFiles paths: [String], among folderTargets: [TargetID]) -> [[TargetID]] {
        var owners = [[TargetID]](repeating: TargetID.restOnly, count: paths.count)
        guard !folderTargets.isEmpty else { return owners }
        let sorted = SortedPaths(paths)
        for target in folderTargets {
            for folder in self[target].folders {
                for k in sorted.range(inFolder: folder) { owners[sorted.spans[k].index] = [target] }
            }
        }
        return owners
    }

    /// The targets `target` depends on, directly or through others, nearest first.
    public func dependencies(of target: TargetID) -> [TargetID] {
        reachable[Int(target.index)]
    }

    public subscript(_ id: TargetID) -> ProjectTarget { all[Int(id.index)] }

    /// Gives each of `folders` (absolute: folders of the rest holding an `App` type) a target
    /// of its own, and returns their ids.
    @discardableResult
    public mutating func addAppFolders(_ folders: [String]) -> [TargetID] {
        var added: [TargetID] = []
        for folder in folders.sorted() {
            let relative = folder.hasPrefix(root + "/") ? String(folder.dropFirst(root.count + 1)) : folder
            added.append(TargetID(all.count))
            add(ProjectTarget(name: relative, kind: .appFolder, folders: [folder]))
            reachable.append([])
        }
        return added
    }

    /// The folders of the rest that become targets: below the root, the largest folders that
    /// hold exactly one of `appFiles` (the files of the rest declaring an `App` type). A folder
    /// with several is split among its subfolders; the root itself is never one.
    public static func appFolders(holding appFiles: [String], root: String) -> [String] {
        func split(_ files: [String], below folder: String) -> [String] {
            var byChild: [String: [String]] = [:]
            let prefix = folder == "/" ? "/" : folder + "/"
            for file in files where file.hasPrefix(prefix) {
                let rest = file.dropFirst(prefix.count)
                guard let slash = rest.firstIndex(of: "/") else { continue }  // directly in `folder`
                byChild[prefix + rest[..<slash], default: []].append(file)
            }
            return byChild.keys.sorted().flatMap { child -> [String] in
                let inside = byChild[child]!
                return Set(inside).count == 1 ? [child] : split(inside, below: child)
            }
        }
        return split(appFiles, below: root)
    }
}
