import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// Everything the language server needs from the lint engine, so the engine can change
/// behind it.
///
/// The server calls `indexFolder` on its indexing queue and everything else on its engine
/// queue, so an open document is linted while a large workspace is still being indexed:
/// implementations must allow an `indexFolder` call to run beside the others.
public protocol LintBackend: AnyObject, Sendable {
    /// Reads the type declarations of every Swift file in the index scope of the project holding
    /// the workspace folder `root` (its configuration's `index` paths) and of its dependency
    /// folders, replacing what was known of them; lints meanwhile see the files read so far.
    /// `progress(done, total)` is called from worker threads as files are read.
    func indexFolder(_ root: String, progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void) -> FolderIndexReport

    /// Forgets a workspace folder. Returns whether the types known to open documents changed.
    func removeFolder(_ root: String) -> Bool

    /// The configuration that applies to `path`: where it came from, whether `path` is excluded,
    /// or why it cannot be loaded.
    func settings(for path: String) -> FileSettings

    /// Lints the text of an open document (never the file on disk) and makes its declarations
    /// the ones the index knows for `path`.
    func lint(_ path: String, text: [UInt8]) -> LintReport

    /// `path` is no longer open: its declarations are read from disk again (or dropped when it
    /// is not in an index scope). Returns whether the project's types changed.
    func closeFile(_ path: String) -> Bool

    /// `path` was created, changed or deleted on disk while not open. Returns whether the
    /// project's types changed.
    func fileChangedOnDisk(_ path: String) -> Bool

    /// Looks for indexed files changed, added or deleted on disk (for clients that watch no
    /// files), and reads them again. Returns whether the project's types changed.
    func refreshFromDisk() -> Bool

    /// A `.linter.yml` or `.xcode-version` changed: forget every loaded configuration (the
    /// server then indexes its folders again).
    func reloadConfiguration()

    /// The editor's workspace folders, as soon as they are known: paths in messages are shown
    /// relative to them from the first lint on (`indexFolder` learns a folder only when its
    /// indexing starts, and a document opened before that named its `.linter.yml` otherwise).
    func setWorkspaceFolders(_ roots: [String])
}

extension LintBackend {
    public func setWorkspaceFolders(_ roots: [String]) {}
}

public struct FolderIndexReport: Sendable, Equatable {
    public var fileCount = 0
    /// A configuration that cannot be loaded, or files that cannot be read.
    public var problems: [String] = []
    /// With problems: the state (which `.linter.yml`, its size and modification time) of the
    /// configuration they were found with. The editor is told of a problem once per state.
    public var configurationState: String?
}

public struct FileSettings: Sendable, Equatable {
    /// The `.linter.yml` in effect, or nil when only defaults apply.
    public var configurationFile: String?
    public var isExcluded = false
    /// Why the configuration cannot be loaded; nothing is linted under it then.
    public var problem: String?
}

public struct LintReport: Sendable {
    public var findings: [Finding] = []
    /// The document's declarations differ from what the index knew: other open documents
    /// may lint differently now.
    public var typesChanged = false
    /// Why the document was not linted (its configuration, or text StateLint cannot read).
    public var problem: String?
    /// With a problem: the state of the configuration it was found with (see `FolderIndexReport`).
    public var configurationState: String?
    /// Its `.linter.yml` or `.xcode-version` changed on disk since it was loaded (it was loaded
    /// again for this lint): the server reloads everything, as for a watched change.
    public var configurationChanged = false
    /// The root of the document's project when it is in a workspace folder and not indexed
    /// yet (a project of its own inside the folder): the server indexes it.
    public var projectToIndex: String?
}

/// `LintBackend` on `ProjectSession`s, one per project: a workspace folder's project (found as
/// `statelint lint` finds it, so both see the same files, targets and dependencies), and the
/// projects of documents opened elsewhere (only their open documents count there).
public final class EngineBackend: LintBackend, @unchecked Sendable {
    private let jobs: Int
    /// Rules run besides the configured ones (tests use rules that carry fixes).
    private let additionalRules: [LintEngine.ConfiguredRule]
    private let lock = NSLock()
    private var sessions: [String: ProjectSession] = [:]
    /// The sessions before the last configuration change, whose analyses new ones reuse.
    private var previousSessions: [String: ProjectSession] = [:]
    /// The project root of each folder a document or workspace was in, or why it has none.
    private var projectRoots: [String: Result<String, Problem>] = [:]
    private var configurationStamps: [String: ConfigurationStamp] = [:]
    private var workspaceFolders: [String] = []
    /// The editor's folders, indexed or not yet: what messages' paths are shown relative to.
    private var namedFolders: [String] = []

    private struct Problem: Error {
        let message: String
    }

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                additionalRules: [LintEngine.ConfiguredRule] = []) {
        self.jobs = max(1, jobs)
        self.additionalRules = additionalRules
        // The framework catalog is parsed on first use: not on the first keystroke.
        DispatchQueue.global(qos: .utility).async { _ = FrameworkCatalog.builtIn.moduleNames.count }
    }

    public func indexFolder(_ root: String, progress: @escaping @Sendable (Int, Int) -> Void) -> FolderIndexReport {
        lock.lock()
        if !workspaceFolders.contains(root) { workspaceFolders.append(root) }
        let found = session(forDirectory: root)
        let state = configurationStamps[root]?.description
        lock.unlock()
        switch found {
        case .failure(let problem):
            return FolderIndexReport(fileCount: 0, problems: [problem.message], configurationState: state)
        case .success(let session):
            let report = session.index(progress: progress)
            return FolderIndexReport(fileCount: report.fileCount, problems: report.problems,
                                     configurationState: report.problems.isEmpty ? nil : state)
        }
    }

    public func removeFolder(_ root: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        workspaceFolders.removeAll { $0 == root }
        let dropped = sessions.keys.filter { key in
            Self.isInside(key, root) && !workspaceFolders.contains { Self.isInside(key, $0) }
        }
        for key in dropped { sessions[key] = nil }
        projectRoots = [:]
        return !dropped.isEmpty
    }

    public func settings(for path: String) -> FileSettings {
        lock.lock()
        defer { lock.unlock() }
        return settingsLocked(for: path)
    }

    private func settingsLocked(for path: String) -> FileSettings {
        switch session(forDirectory: Self.folder(of: path)) {
        case .failure(let problem):
            return FileSettings(problem: problem.message)
        case .success(let session):
            let configuration = session.project.configuration
            let excluded = FileDiscovery(rootDirectory: configuration.rootDirectory, excluded: configuration.excluded).isExcluded(path)
            let file = configuration.configurationFilePath.map { _ in
                (configuration.rootDirectory as NSString).appendingPathComponent(ConfigurationLoader.fileName)
            }
            return FileSettings(configurationFile: file, isExcluded: excluded)
        }
    }

    public func lint(_ path: String, text: [UInt8]) -> LintReport {
        let directory = Self.folder(of: path)
        lock.lock()
        // Editors that cannot watch files still see a changed configuration on the next keystroke.
        let configurationChanged = configurationStamps[directory].map { $0 != $0.now() } ?? false
        if configurationChanged { reloadLocked() }
        let found = session(forDirectory: directory)
        let settings = settingsLocked(for: path)
        let state = configurationStamps[directory]?.description
        let toIndex: String?
        if case .success(let session) = found, !session.isIndexed, isInWorkspace(session.project.configuration.rootDirectory) {
            toIndex = session.project.configuration.rootDirectory
        } else {
            toIndex = nil
        }
        lock.unlock()
        guard case .success(let session) = found else {
            return LintReport(problem: settings.problem, configurationState: state, configurationChanged: configurationChanged)
        }
        if settings.isExcluded {
            // Excluded files are neither linted nor indexed.
            return LintReport(typesChanged: session.close(path), configurationChanged: configurationChanged, projectToIndex: toIndex)
        }
        let changedOnDisk = session.refreshFromDisk()
        let outcome = session.lint(path, text: text)
        return LintReport(findings: outcome.findings, typesChanged: outcome.typesChanged || changedOnDisk, problem: outcome.problem,
                          configurationState: outcome.problem == nil ? nil : state,
                          configurationChanged: configurationChanged, projectToIndex: toIndex)
    }

    public func closeFile(_ path: String) -> Bool {
        guard let session = existingSession(forDirectory: Self.folder(of: path)) else { return false }
        return session.close(path)
    }

    public func fileChangedOnDisk(_ path: String) -> Bool {
        guard let session = existingSession(forDirectory: Self.folder(of: path)) else { return false }
        return session.fileChangedOnDisk(path)
    }

    public func refreshFromDisk() -> Bool {
        lock.lock()
        let all = Array(sessions.values)
        lock.unlock()
        var changed = false
        for session in all where session.refreshFromDisk(force: true) { changed = true }
        return changed
    }

    public func setWorkspaceFolders(_ roots: [String]) {
        lock.lock()
        defer { lock.unlock() }
        namedFolders = roots
    }

    public func reloadConfiguration() {
        lock.lock()
        defer { lock.unlock() }
        reloadLocked()
    }

    private func reloadLocked() {
        previousSessions.merge(sessions) { $1 }
        sessions.removeAll()
        projectRoots.removeAll()
        configurationStamps.removeAll()
    }

    // MARK: Sessions (under the lock)

    /// The session of the project holding `directory`, made (not indexed) on first use.
    private func session(forDirectory directory: String) -> Result<ProjectSession, Problem> {
        if let known = projectRoots[directory] {
            return known.map { sessions[$0]! }
        }
        let shownRelativeTo = (workspaceFolders + namedFolders).filter { Self.isInside(directory, $0) }.max { $0.count < $1.count } ?? directory
        let result: Result<ProjectSession, Problem>
        do {
            let project = try Project.load(forDirectory: directory, schema: .standard, workingDirectory: shownRelativeTo)
            let root = project.configuration.rootDirectory
            if let existing = sessions[root] {
                result = .success(existing)
            } else {
                let configured = LintEngine(configuration: project.configuration, jobs: 1)
                let engine = additionalRules.isEmpty ? configured
                    : LintEngine(rules: configured.rules + additionalRules, directiveSeverity: configured.directiveSeverity,
                                 options: configured.options)
                let session = ProjectSession(project: project, engine: engine, jobs: jobs, reusing: previousSessions.removeValue(forKey: root))
                sessions[root] = session
                result = .success(session)
            }
        } catch {
            result = .failure(Problem(message: error.description))
        }
        projectRoots[directory] = result.map { $0.project.configuration.rootDirectory }
        configurationStamps[directory] = ConfigurationStamp(directory, projectRoot: (try? result.get())?.project.configuration.rootDirectory)
        return result
    }

    private func existingSession(forDirectory directory: String) -> ProjectSession? {
        lock.lock()
        defer { lock.unlock() }
        return try? session(forDirectory: directory).get()
    }

    /// Whether a project rooted at `root` is a workspace folder's: inside one, or holding one.
    private func isInWorkspace(_ root: String) -> Bool {
        workspaceFolders.contains { Self.isInside(root, $0) || Self.isInside($0, root) }
    }

    private static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    private static func folder(of path: String) -> String {
        (path as NSString).deletingLastPathComponent
    }
}

/// Which `.linter.yml` applies to a folder and when it and the project's `.xcode-version` were
/// last changed: a few `stat` calls, compared before each lint.
private struct ConfigurationStamp: Equatable, CustomStringConvertible {
    let directory: String
    /// The root of the project the folder was found in (without a configuration file).
    let projectRoot: String?
    let configurationFile: String?
    let modified: [Date?]
    let sizes: [Int?]

    init(_ directory: String, projectRoot: String?) {
        self.directory = directory
        self.projectRoot = projectRoot
        configurationFile = ConfigurationLoader.findConfigurationFile(startingAt: directory)
        let root = configurationFile.map { ($0 as NSString).deletingLastPathComponent } ?? projectRoot ?? directory
        let files = [configurationFile, (root as NSString).appendingPathComponent(ConfigurationLoader.xcodeVersionFileName)]
        let attributes = files.map { $0.flatMap { try? FileManager.default.attributesOfItem(atPath: $0) } }
        modified = attributes.map { $0?[.modificationDate] as? Date }
        sizes = attributes.map { $0?[.size] as? Int }
    }

    var description: String {
        "\(configurationFile ?? "-") \(modified.map { $0.map { "\($0.timeIntervalSince1970)" } ?? "-" }) \(sizes)"
    }

    /// The same folder's stamp as the files are now.
    func now() -> ConfigurationStamp { ConfigurationStamp(directory, projectRoot: projectRoot) }
}
