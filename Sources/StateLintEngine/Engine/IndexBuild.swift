import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The one way a project's type indexes are built, by a command-line run and by the language
/// server alike: files' summaries come in from any thread, in any order, each with its position
/// in the file list (typealiases resolve in that order); `finish` builds the project's index,
/// the dependencies', and the overlay of each target whose names meet another's (`TypeScopes`),
/// the overlays on all cores.
package final class IndexBuild: @unchecked Sendable {
    private let lock = NSLock()
    private var project: ProjectIndex.Builder
    private var dependencies: ProjectIndex.Builder
    /// By position, kept when the project has targets: the overlays are made from them.
    private var summaries: [TypeDeclarationSummary?]
    /// Their names, for finding the contested ones and the files that have them.
    private var names: FileNameHashes

    /// `projectFiles` and `dependencyFiles` size the tables; `keepsSummaries` when targets may
    /// need overlays.
    package init(projectFiles: Int, dependencyFiles: Int, keepsSummaries: Bool) {
        project = ProjectIndex.Builder(reservingCapacity: 4 * projectFiles)
        dependencies = ProjectIndex.Builder(reservingCapacity: 4 * dependencyFiles)
        summaries = keepsSummaries ? [TypeDeclarationSummary?](repeating: nil, count: projectFiles) : []
        names = FileNameHashes(files: keepsSummaries ? projectFiles : 0)
    }

    /// A project file's declarations.
    package func add(_ summary: TypeDeclarationSummary, position: Int) {
        lock.lock()
        defer { lock.unlock() }
        project.add(summary, position: position)
        if position < summaries.count {
            summaries[position] = summary
            names.add(summary, position: position)
        }
    }

    /// A dependency's declarations: below the project's, which hide them.
    package func addDependency(_ summary: TypeDeclarationSummary, position: Int) {
        lock.lock()
        defer { lock.unlock() }
        dependencies.add(summary, position: position)
    }

    /// The indexes, once every summary is in; called once (the builders give up their tables).
    /// `assign` puts the project's files into targets (its positions by target, and the
    /// targets with any app folders): it runs beside the project's index build.
    package func finish(jobs: Int, assign: @Sendable () -> (byTarget: [TargetID: [Int]], targets: ProjectTargets))
        -> (scopes: TypeScopes, targets: ProjectTargets) {
        lock.lock()
        defer { lock.unlock() }
        let summaries = self.summaries, names = self.names
        let indexes = Concurrently.run(jobs: jobs, { () -> (ProjectIndex, ProjectIndex) in
            // Taken out of the builders, which are done: their tables are not copied.
            let dependencyIndex = self.dependencies.finish()
            return (self.project.finish(aliasFallback: dependencyIndex), dependencyIndex)
        }, { () -> (byTarget: [TargetID: [Int]], targets: ProjectTargets, contested: ContestedNames?) in
            let (byTarget, targets) = assign()
            let contested = byTarget.count > 1 && !summaries.isEmpty ? ContestedNames(names: names, byTarget: byTarget) : nil
            return (byTarget, targets, contested)
        })
        let (projectIndex, dependencyIndex) = indexes.0
        let (byTarget, targets, found) = indexes.1
        guard let contested = found else { return (TypeScopes(project: projectIndex, dependencies: dependencyIndex), targets) }
        let overlaid = byTarget.keys.filter { target in
            contested.targets.contains(target) || targets.dependencies(of: target).contains(where: contested.targets.contains)
        }.sorted()
        guard !overlaid.isEmpty else { return (TypeScopes(project: projectIndex, dependencies: dependencyIndex), targets) }
        // What each file of an overlaid target (or of a target it depends on) gives overlays,
        // worked out once per file however many targets see it.
        var visible: [TargetID: [Int]] = [:]
        for target in overlaid {
            var positions = byTarget[target] ?? []
            for dependency in targets.dependencies(of: target) { positions += byTarget[dependency] ?? [] }
            visible[target] = positions.sorted()
        }
        // The files any overlaid target sees, in order (a flag per file: no set of positions).
        var isSeen = [Bool](repeating: false, count: summaries.count)
        for positions in visible.values { for position in positions { isSeen[position] = true } }
        let seen = isSeen.indices.filter { isSeen[$0] }
        let restricted = parallelMap(seen, jobs: jobs) { position -> TypeDeclarationSummary? in
            // Most files name none of them: their summaries are not read.
            guard names.names(at: position, meet: contested.hashes) else { return nil }
            let kept = summaries[position]?.restricted(toNames: contested.hashes)
            return kept?.isEmpty == false ? kept : nil
        }
        var parts: [Int: TypeDeclarationSummary] = [:]
        for (position, kept) in zip(seen, restricted) where kept != nil { parts[position] = kept }
        let overlayParts = parts, visibleFiles = visible
        let overlays = parallelMap(overlaid, jobs: jobs) { target -> ProjectIndex in
            var builder = ProjectIndex.Builder()
            for position in visibleFiles[target] ?? [] {
                if let kept = overlayParts[position] { builder.add(kept, position: position) }
            }
            return builder.build(aliasFallback: dependencyIndex, conformanceFallback: projectIndex.conformances)
        }
        var overlayIndexes = [ProjectIndex?](repeating: nil, count: targets.all.count)
        for (target, overlay) in zip(overlaid, overlays) { overlayIndexes[Int(target.index)] = overlay }
        return (TypeScopes(project: projectIndex, dependencies: dependencyIndex, targets: overlayIndexes), targets)
    }
}

/// The type names more than one target declares where the project's index could answer wrongly
/// for one of them, and the targets declaring them: only there can a target's answer differ
/// from the project's. That is where a class or actor is among the declarations (its kind or
/// its conformances may differ from another target's type: `ObservableObject` here,
/// `@Observable` there); same-named structs and enums (every app's `ContentView`) are value
/// types to the index whatever each conforms to, and each target's views are its own anyway.
/// Names are compared by their hash (a collision only costs an overlay entry not needed).
package struct ContestedNames {
    package var hashes: Set<UInt64> = []
    package var targets: Set<TargetID> = []

    package init(names: FileNameHashes, byTarget: [TargetID: [Int]]) {
        var seen: [UInt64: (target: TargetID, isReference: Bool)] = [:]
        // Every declaration's target and name, for the second pass.
        var declared: [(target: TargetID, hash: UInt64)] = []
        for (target, positions) in byTarget {
            for position in positions {
                for name in names.declared(at: position) {
                    declared.append((target, name.hash))
                    if let first = seen[name.hash] {
                        if first.target != target && (first.isReference || name.isReference) { hashes.insert(name.hash) }
                        if name.isReference && !first.isReference { seen[name.hash] = (first.target, true) }
                    } else {
                        seen[name.hash] = (target, name.isReference)
                    }
                }
            }
        }
        guard !hashes.isEmpty else { return }
        for (target, hash) in declared where hashes.contains(hash) { targets.insert(target) }
    }
}
