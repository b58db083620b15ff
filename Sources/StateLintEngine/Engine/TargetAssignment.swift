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
        // By target index: one array append per file, not a dictionary update.
        var positions = [[Int]](repeating: [], count: targets.all.count)
        var rest: [Int] = []
        var appFiles: [String] = []
        for (position, facts) in files.enumerated() {
            guard let facts else { continue }
            let found = facts.targets
            if found == TargetID.restOnly {
                rest.append(position)
                if facts.declaresApp { appFiles.append(paths[position]) }
            } else {
                for target in found { positions[Int(target.index)].append(position) }
            }
        }
        let added = appFiles.isEmpty ? [] : targets.addAppFolders(ProjectTargets.appFolders(holding: appFiles, root: targets.root))
        if !added.isEmpty {
            positions += [[Int]](repeating: [], count: targets.all.count - positions.count)
            var stay: [Int] = []
            for (position, found) in zip(rest, targets.targets(ofFiles: rest.map { paths[$0] }, among: added)) {
                if found == TargetID.restOnly {
                    stay.append(position)
                } else {
                    files[position]?.targets = found
                    for target in found { positions[Int(target.index)].append(position) }
                }
            }
            rest = stay
        }
        positions[Int(TargetID.rest.index)] += rest
        var byTarget: [TargetID: [Int]] = [:]
        for (index, found) in positions.enumerated() where !found.isEmpty { byTarget[TargetID(index)] = found }
        return byTarget
    }
}
