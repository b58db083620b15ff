import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The targets of an `.xcodeproj`, read from its `project.pbxproj` (an old-style property list):
/// each native target with the folders of its file-system-synchronized groups (less their
/// membership exceptions), the Swift files its Sources build phase lists (classic groups,
/// resolved through the group tree), and the targets it depends on.
public struct XcodeProjectFile: Sendable, Equatable {
    public struct Target: Sendable, Equatable {
        public let name: String
        /// Absolute folders of its synchronized groups.
        public var folders: [String] = []
        /// Absolute paths of the Swift files of its Sources phase.
        public var files: [String] = []
        /// Absolute paths the synchronized groups leave out of this target.
        public var excludedFiles: [String] = []
        public var dependencies: [String] = []
    }

    public let targets: [Target]

    /// `project.pbxproj` files are a few megabytes at most.
    package static let maximumSize = 32 << 20

    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case unreadable(String)
        case notAProject(String)
        public var description: String {
            switch self {
            case .unreadable(let reason): return "cannot read project.pbxproj: \(reason)"
            case .notAProject(let reason): return "project.pbxproj is not an Xcode project: \(reason)"
            }
        }
    }

    /// Reads `<project>/project.pbxproj`; `project` is the absolute path of the `.xcodeproj`.
    public static func read(project: String) -> Result<XcodeProjectFile, ReadError> {
        let path = project + "/project.pbxproj"
        let bytes: [UInt8]
        do {
            bytes = try SourceReader.read(path, below: nil, maximumSize: maximumSize)
        } catch {
            return .failure(.unreadable(error.reason))
        }
        return parse(bytes, projectFolder: (project as NSString).deletingLastPathComponent)
    }

    public static func parse(_ bytes: [UInt8], projectFolder: String) -> Result<XcodeProjectFile, ReadError> {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            return .failure(.notAProject("not a property list"))
        }
        guard let root = plist as? [String: Any], let objects = root["objects"] as? [String: Any],
              let rootID = root["rootObject"] as? String, let project = objects[rootID] as? [String: Any] else {
            return .failure(.notAProject("no `objects` or `rootObject`"))
        }
        let graph = ObjectGraph(objects: objects, projectFolder: projectFolder, project: project)
        let targetIDs = project["targets"] as? [String] ?? []
        var targets: [Target] = []
        for id in targetIDs {
            guard let object = graph.object(id), let name = object["name"] as? String else { continue }
            var target = Target(name: name)
            for groupID in object["fileSystemSynchronizedGroups"] as? [String] ?? [] {
                guard let folder = graph.path(of: groupID) else { continue }
                target.folders.append(folder)
                // Exceptions name the files of the folder that this target leaves out.
                for exceptionID in graph.object(groupID)?["exceptions"] as? [String] ?? [] {
                    guard let exception = graph.object(exceptionID), exception["target"] as? String == id else { continue }
                    for relative in exception["membershipExceptions"] as? [String] ?? [] {
                        target.excludedFiles.append(FileDiscovery.absolute(relative, relativeTo: folder))
                    }
                }
            }
            for phaseID in object["buildPhases"] as? [String] ?? [] {
                guard let phase = graph.object(phaseID), phase["isa"] as? String == "PBXSourcesBuildPhase" else { continue }
                for buildFileID in phase["files"] as? [String] ?? [] {
                    guard let reference = graph.object(buildFileID)?["fileRef"] as? String,
                          let file = graph.path(of: reference), file.hasSuffix(".swift") else { continue }
                    target.files.append(file)
                }
            }
            for dependencyID in object["dependencies"] as? [String] ?? [] {
                guard let targetID = graph.object(dependencyID)?["target"] as? String,
                      let dependency = graph.object(targetID)?["name"] as? String else { continue }
                target.dependencies.append(dependency)
            }
            targets.append(target)
        }
        return .success(XcodeProjectFile(targets: targets))
    }

    /// The objects of a project and where each file or group is on disk.
    private struct ObjectGraph {
        package let objects: [String: Any]
        package let projectFolder: String
        /// Each group's or file's parent group.
        private var parents: [String: String] = [:]
        private let mainGroup: String?

        package init(objects: [String: Any], projectFolder: String, project: [String: Any]) {
            self.objects = objects
            let directory = project["projectDirPath"] as? String ?? ""
            self.projectFolder = directory.isEmpty ? projectFolder : FileDiscovery.absolute(directory, relativeTo: projectFolder)
            mainGroup = project["mainGroup"] as? String
            for (id, value) in objects {
                guard let object = value as? [String: Any], let children = object["children"] as? [String] else { continue }
                for child in children { parents[child] = id }
            }
        }

        package func object(_ id: String) -> [String: Any]? { objects[id] as? [String: Any] }

        /// The absolute path of a file reference or group, or nil when it is not in the
        /// project's folders (a build product, an SDK file).
        package func path(of id: String, depth: Int = 0) -> String? {
            guard depth < 64, let object = object(id) else { return nil }
            let written = object["path"] as? String
            switch object["sourceTree"] as? String ?? "<group>" {
            case "<absolute>":
                return written.map { FileDiscovery.absolute($0, relativeTo: "/") }
            case "SOURCE_ROOT":
                return written.map { FileDiscovery.absolute($0, relativeTo: projectFolder) } ?? projectFolder
            case "<group>":
                let base: String
                if id == mainGroup {
                    base = projectFolder
                } else if let parent = parents[id] {
                    guard let parentPath = path(of: parent, depth: depth + 1) else { return nil }
                    base = parentPath
                } else {
                    base = projectFolder
                }
                return written.map { FileDiscovery.absolute($0, relativeTo: base) } ?? base
            default:
                return nil
            }
        }
    }
}
