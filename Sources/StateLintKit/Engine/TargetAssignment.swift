/// Which targets a run's files belong to. Phase 1 tags each file with its manifests' targets
/// (`FileFacts.targets`, on the worker threads); once every file is read, the folders of the
/// rest that hold an `App` type become targets of their own (`ProjectTargets.addAppFolders`).
enum TargetAssignment {
    /// The folders of the rest holding an `App` type made targets, their files moved there;
    /// returns the positions of the project's analyses (not dependencies') by target.
    static func finish(_ analyses: [LintEngine.FileAnalysis], projectCount: Int,
                       targets: inout ProjectTargets) -> [TargetID: [Int]] {
        var byTarget: [TargetID: [Int]] = [:]
        var appFiles: [String] = []
        for position in 0..<projectCount {
            guard case .success(let analysed) = analyses[position].outcome else { continue }
            let facts = analysed.facts
            for target in facts.targets { byTarget[target, default: []].append(position) }
            if facts.targets.count == 1, facts.targets[0] == .rest, declaresApp(facts) { appFiles.append(analyses[position].path) }
        }
        guard !appFiles.isEmpty else { return byTarget }
        let added = targets.addAppFolders(ProjectTargets.appFolders(holding: appFiles, root: targets.root))
        guard !added.isEmpty, let rest = byTarget[.rest] else { return byTarget }
        var stay: [Int] = []
        let moved = targets.targets(ofFiles: rest.map { analyses[$0].path })
        for (position, found) in zip(rest, moved) {
            guard case .success(let analysed) = analyses[position].outcome else { continue }
            if found.count == 1 && found[0] == .rest {
                stay.append(position)
            } else {
                analysed.facts.targets = found
                for target in found { byTarget[target, default: []].append(position) }
            }
        }
        byTarget[.rest] = stay.isEmpty ? nil : stay
        return byTarget
    }

    /// Whether the file declares a type that names `App` after `:`.
    static func declaresApp(_ facts: FileFacts) -> Bool {
        facts.types.contains { $0.kind != .extension && $0.inheritance.contains { $0 == "App" || $0 == "SwiftUI.App" } }
    }
}
