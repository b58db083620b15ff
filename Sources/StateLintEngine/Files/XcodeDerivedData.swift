import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Finds a project's package checkouts in Xcode's DerivedData (`--derived-data DIR`).
///
/// DerivedData holds one folder per project Xcode has opened (`App-<hash>`), each with an
/// `info.plist` whose `WorkspacePath` names the `.xcodeproj` or `.xcworkspace`, and, once
/// packages are resolved, `SourcePackages/checkouts`. The folders that belong to this project
/// are those whose workspace lies in the project root (or below it), or in one of the root's
/// parents (the root is a folder of that workspace's tree). Every such folder counts: a
/// repository may hold several workspaces, and indexing the same package twice is harmless.
public enum XcodeDerivedData {
    public static let checkoutsPath = "SourcePackages/checkouts"
    /// `info.plist` files are a few hundred bytes; anything larger is not Xcode's.
    package static let maximumInfoSize = 1 << 20

    public enum Lookup: Sendable, Equatable {
        /// The checkouts of every folder that belongs to the project (empty when none of
        /// them has resolved packages).
        case found([String])
        /// No folder's `WorkspacePath` is in the project; `examined` folders had one.
        case noProject(examined: Int)
    }

    /// The checkout folders in `derivedData` (absolute) for the project rooted at `projectRoot`.
    /// `derivedData` may also be one project's own folder (`DerivedData/App-<hash>`, or an
    /// `xcodebuild -derivedDataPath` folder): its checkouts are then taken as they are, the
    /// folder having been named, and a project without packages has none.
    public static func checkouts(in derivedData: String, projectRoot: String) -> Lookup {
        let own = derivedData + "/" + checkoutsPath
        if isProjectFolder(derivedData) { return .found(isFolder(own) ? [own] : []) }
        let root = FileDiscovery.canonical(projectRoot)
        var examined = 0
        var matched = false
        var found: [String] = []
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: derivedData)) ?? []).sorted()
        for name in names where !name.hasPrefix(".") {
            let folder = derivedData + "/" + name
            guard let workspace = workspacePath(in: folder) else { continue }
            examined += 1
            let workspaceFolder = FileDiscovery.canonical((workspace as NSString).deletingLastPathComponent)
            guard belongs(workspaceFolder: workspaceFolder, to: root) else { continue }
            matched = true
            if isFolder(folder + "/" + checkoutsPath) { found.append(folder + "/" + checkoutsPath) }
        }
        return matched ? .found(found) : .noProject(examined: examined)
    }

    /// One project's folder, not DerivedData itself: it has the project's `info.plist`, or
    /// what builds put there.
    package static func isProjectFolder(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: folder + "/info.plist") || isFolder(folder + "/SourcePackages")
            || isFolder(folder + "/Build")
    }

    /// Whether the folder of the workspace file is the root, inside it, or one of its parents.
    package static func belongs(workspaceFolder folder: String, to root: String) -> Bool {
        folder == root || folder.hasPrefix(root + "/") || (folder != "/" && root.hasPrefix(folder + "/"))
    }

    /// `WorkspacePath` from the folder's `info.plist` (XML or binary), or nil.
    package static func workspacePath(in folder: String) -> String? {
        let info = folder + "/info.plist"
        guard let size = (try? FileManager.default.attributesOfItem(atPath: info))?[.size] as? Int, size <= maximumInfoSize,
              let data = FileManager.default.contents(atPath: info),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              let path = plist["WorkspacePath"] as? String, path.hasPrefix("/") else { return nil }
        return path
    }

    private static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
