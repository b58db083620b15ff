/// Puts a run's files into the project's targets once they are analysed, and builds what each
/// target sees: its own files' and its dependencies' declarations, on all cores.
enum TargetScopes {
    /// Sets each analysed file's targets: the manifests' (`targets`), and for files of the rest,
    /// a target per folder holding an `App` type (added to `targets`). Returns the positions of
    /// the project's analyses (not dependencies') by target.
    static func assign(_ analyses: [LintEngine.FileAnalysis], projectCount: Int,
                       targets: inout ProjectTargets) -> [TargetID: [Int]] {
        var owners: [[TargetID]] = []
        owners.reserveCapacity(projectCount)
        var appFiles: [String] = []
        for position in 0..<projectCount {
            let analysis = analyses[position]
            let found = targets.targets(ofFile: analysis.path)
            owners.append(found)
            if found == [.rest], case .success(let analysed) = analysis.outcome, declaresApp(analysed.facts) {
                appFiles.append(analysis.path)
            }
        }
        if !appFiles.isEmpty {
            let added = targets.addAppFolders(ProjectTargets.appFolders(holding: appFiles, root: targets.root))
            if !added.isEmpty {
                for position in owners.indices where owners[position] == [.rest] {
                    owners[position] = targets.targets(ofFile: analyses[position].path)
                }
            }
        }
        var byTarget: [TargetID: [Int]] = [:]
        for (position, found) in owners.enumerated() {
            for target in found { byTarget[target, default: []].append(position) }
            if case .success(let analysed) = analyses[position].outcome, found != [.rest] { analysed.facts.targets = found }
        }
        return byTarget
    }

    /// Whether the file declares a type that names `App` after `:`.
    static func declaresApp(_ facts: FileFacts) -> Bool {
        facts.types.contains { $0.kind != .extension && $0.inheritance.contains { $0 == "App" || $0 == "SwiftUI.App" } }
    }

    /// The scopes of a run: with more than one target holding files, each target's index of its
    /// own and its dependencies' files (built in parallel); else the project's alone.
    static func scopes(project: ProjectIndex, dependencies: ProjectIndex, analyses: [LintEngine.FileAnalysis],
                       byTarget: [TargetID: [Int]], targets: ProjectTargets, jobs: Int) -> TypeScopes {
        guard byTarget.count > 1 else { return TypeScopes(project: project, dependencies: dependencies) }
        let used = byTarget.keys.sorted()
        let built = parallelMap(used, jobs: jobs) { target -> ProjectIndex in
            var positions = byTarget[target] ?? []
            for dependency in targets.dependencies(of: target) { positions += byTarget[dependency] ?? [] }
            positions.sort()
            var builder = ProjectIndex.Builder(reservingCapacity: 4 * positions.count)
            for position in positions {
                if case .success(let analysed) = analyses[position].outcome, let summary = analysed.summary {
                    builder.add(summary, position: position)
                }
            }
            return builder.build(aliasFallback: dependencies)
        }
        var indexes = [ProjectIndex?](repeating: nil, count: targets.all.count)
        for (target, index) in zip(used, built) { indexes[Int(target.index)] = index }
        return TypeScopes(project: project, dependencies: dependencies, targets: indexes)
    }
}
