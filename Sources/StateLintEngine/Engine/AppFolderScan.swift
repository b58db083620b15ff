import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The app folders of a project found without linting it (for `statelint config`): the Swift
/// files no manifest target claims are read for `App` types, as a run reads them.
package enum AppFolderScan {
    package static func appFolders(of targets: ProjectTargets, excluded: [GlobPattern] = [], jobs: Int) -> [String] {
        let files = FileDiscovery(rootDirectory: targets.root, excluded: excluded).files(under: [targets.root], jobs: jobs).files
            .filter { targets.targets(ofFile: $0) == [.rest] }
        let appFiles = parallelMap(files, jobs: jobs) { path -> String? in
            guard let bytes = try? SourceReader.read(path) else { return nil }
            let facts = LintEngine.analyseIndexed(path: path, file: FileID(0), bytes: bytes).facts
            return facts.declaresApp ? path : nil
        }
        return ProjectTargets.appFolders(holding: appFiles.compactMap { $0 }, root: targets.root)
    }
}
