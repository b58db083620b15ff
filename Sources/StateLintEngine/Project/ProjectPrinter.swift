import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The project part of `statelint config`: why the root is the root, and the targets found,
/// as YAML comments after the configuration.
public enum ProjectPrinter {
    public static func render(root: ProjectRoot, targets: ProjectTargets) -> String {
        var lines = ["", "# Project"]
        lines.append("# root: \(root.path) (\(explanation(of: root.marker)))")
        lines.append("# targets: views merge their parts within a target; a type name resolves in its own")
        lines.append("# target and those it depends on, then anywhere in the project, then in packages")
        for target in targets.all.dropFirst() {
            var line = "#   \(target.name) (\(target.kind.rawValue))"
            let places = target.folders.map { relative($0, to: targets.root) + "/" }
                + (target.files.isEmpty ? [] : ["\(target.files.count) listed file\(target.files.count == 1 ? "" : "s")"])
            if !places.isEmpty { line += ": " + places.joined(separator: ", ") }
            if !target.dependencies.isEmpty { line += "; depends on " + target.dependencies.joined(separator: ", ") }
            lines.append(line)
        }
        lines.append("#   . (project): every file no other target claims")
        for problem in targets.problems { lines.append("# warning: \(problem); its targets are not known") }
        return lines.joined(separator: "\n") + "\n"
    }

    package static func explanation(of marker: ProjectRoot.Marker) -> String {
        switch marker {
        case .configurationFile: return "the nearest folder holding .linter.yml"
        case .packageManifest: return "no .linter.yml above; the nearest folder holding Package.swift"
        case .xcodeProject: return "no .linter.yml or Package.swift above; the nearest folder holding an .xcodeproj or .xcworkspace"
        case .repository: return "no .linter.yml, Package.swift or Xcode project above; the repository's top folder"
        case .startFolder: return "no .linter.yml, Package.swift, Xcode project or .git above; the folder linting starts in"
        }
    }

    package static func relative(_ path: String, to root: String) -> String {
        path == root ? "." : path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
