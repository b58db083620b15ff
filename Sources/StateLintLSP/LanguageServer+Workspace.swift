import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// The workspace: its folders' indexes (built on the indexing queue with work-done progress),
/// files changed on disk, configuration reloads, and folders added or removed.
extension LanguageServer {
    static let watchedFilesRegistrationID = "statelint-watched-files"

    /// `initialized`: watch the files the index and the configuration come from, then index.
    func startWorkspace() {
        if client.watchedFilesRegistration {
            let watchers: [LSPJSON] = ["**/*.swift", "**/\(ConfigurationLoader.fileName)", "**/\(ConfigurationLoader.xcodeVersionFileName)"]
                .map { ["globPattern": .string($0)] }
            connection.request("client/registerCapability", ["registrations": [[
                "id": .string(Self.watchedFilesRegistrationID), "method": "workspace/didChangeWatchedFiles",
                "registerOptions": ["watchers": .array(watchers)],
            ]]]) { [connection] answer in
                if case .failure(let error) = answer {
                    connection.log("statelint: the client did not register file watchers (\(error.message)); files changed outside the editor are seen when opened", type: 2)
                }
            }
        }
        let roots = folders
        indexInBackground(roots)
    }

    /// Indexes `roots` on the indexing queue, then lints every open document again. Lints go on
    /// meanwhile with what is indexed so far.
    func indexInBackground(_ roots: [String]) {
        indexQueue.async { [self] in
            guard !stopping.isSet else { return }
            index(roots)
        }
    }

    /// Indexes `roots` with progress, then lints every open document again. On the indexing queue.
    private func index(_ roots: [String]) {
        guard !roots.isEmpty else {
            scheduler.schedule(documents.openPaths)
            return
        }
        let progress = WorkDoneProgress(connection: connection, title: "StateLint: indexing", enabled: client.workDoneProgress)
        let started = DispatchTime.now().uptimeNanoseconds
        var fileCount = 0
        for root in roots {
            let name = (root as NSString).lastPathComponent
            let report = backend.indexFolder(root) { done, total in
                progress.report(done: done, total: total, message: "\(name): \(done)/\(total) files")
            }
            fileCount += report.fileCount
            for problem in report.problems { showProblem(problem, configurationState: report.configurationState) }
        }
        // Queued before the index is announced: a document opened once the client has seen
        // "Indexed" is linted for its opening only, never once more by this pass.
        scheduler.schedule(documents.openPaths)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let summary = "Indexed \(fileCount) Swift file\(fileCount == 1 ? "" : "s") in \(String(format: "%.2f", seconds)) s"
        progress.finish(message: summary)
        connection.log("statelint: \(summary)", type: 4)
    }

    /// `.linter.yml` or `.xcode-version` changed: every configuration is loaded again and the
    /// folders indexed again (their `index` and `excluded` may have changed).
    func reloadConfiguration() {
        engineQueue.async { [self] in
            backend.reloadConfiguration()
            indexInBackground(folders)
        }
    }

    func didChangeWatchedFiles(_ params: LSPJSON) throws(InvalidParams) {
        var paths: [String] = []
        var configurationChanged = false
        for change in try params.requiredArray("changes") {
            guard let path = FileURI.path(of: try change.requiredString("uri")) else { continue }
            if Self.isConfigurationFile(path) {
                configurationChanged = true
            } else if path.hasSuffix(".swift") {
                paths.append(path)
            }
        }
        if configurationChanged {
            reloadConfiguration()  // indexes everything again, these files included
            return
        }
        guard !paths.isEmpty else { return }
        engineQueue.async { [self, paths] in
            var changed = false
            for path in paths where backend.fileChangedOnDisk(path) { changed = true }
            if changed { scheduler.schedule(documents.openPaths) }
        }
    }

    func didChangeWorkspaceFolders(_ params: LSPJSON) throws(InvalidParams) {
        let event = try params.required("event")
        let added = WorkspaceFolders.paths(try event.requiredArray("added"))
        let removed = WorkspaceFolders.paths(try event.requiredArray("removed"))
        engineQueue.async { [self] in
            var changed = false
            for root in removed where backend.removeFolder(root) { changed = true }
            folders.removeAll { removed.contains($0) }
            let new = added.filter { !folders.contains($0) }
            folders += new
            backend.setWorkspaceFolders(folders)
            if !new.isEmpty {
                indexInBackground(new)  // lints every open document afterwards
            } else if changed {
                scheduler.schedule(documents.openPaths)
            }
        }
    }
}
