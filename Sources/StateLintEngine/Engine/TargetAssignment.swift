import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Which targets a project's files belong to. Each file is first tagged with its manifests'
/// targets (`FileFacts.targets`); once every file is read, the folders of the rest that hold an
/// `App` type become targets of their own (`ProjectTargets.addAppFolders`) and their files move
/// there. Used by a run over files and by the language server's session alike.
package enum TargetAssignment {
    /// `files[position]` is the facts of the file at `paths[position]` (nil: not read).
    /// Returns the positions by target.
    package static func finish(paths: [String], facts files: [FileFacts?], targets: inout ProjectTargets) -> [TargetID: [Int]] {
        // By target index first: one array append per file, not a dictionary update.
        var positions = [[Int]](repeating: [], count: targets.all.count)
        var appFiles: [String] = []
        for (position, facts) in files.enumerated() {
            guard let facts else { continue }
            for target in facts.targets { positions[Int(target.index)].append(position) }
            if facts.targets.count == 1, facts.targets[0] == .rest, declaresApp(facts) { appFiles.append(paths[position]) }
        }
        var byTarget: [TargetID: [Int]] = [:]
        for (index, found) in positions.enumerated() where !found.isEmpty { byTarget[TargetID(index)] = found }
        guard !appFiles.isEmpty else { return byTarget }
        let added = targets.addAppFolders(ProjectTargets.appFolders(holding: appFiles, root: targets.root))
        guard !added.isEmpty, let rest = byTarget[.rest] else { return byTarget }
        var stay: [Int] = []
        let moved = targets.targets(ofFiles: rest.map { paths[$0] })
        for (position, found) in zip(rest, moved) {
            guard let facts = files[position] else { continue }
            if found.count == 1 && found[0] == .rest {
                stay.append(position)
            } else {
                facts.targets = found
                for target in found { byTarget[target, default: []].append(position) }
            }
        }
        byTarget[.rest] = stay.isEmpty ? nil : stay
        return byTarget
    }

    /// Whether the file declares a type that names `App` after `:`.
    package static func declaresApp(_ facts: FileFacts) -> Bool {
        facts.types.contains { $0.kind != .extension && $0.inheritance.contains { $0 == "App" || $0 == "SwiftUI.App" } }
    }
}
