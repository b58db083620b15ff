import Foundation

/// Everything the language server needs from the lint engine, and the one place that knows
/// how the engine is put together (per-file `TypeDeclarationSummary`s and `FileFacts`, the
/// `ProjectIndex` made from the summaries, `LintEngine.findings(in:related:index:)`), so the
/// engine can change behind it.
///
/// The server calls a backend from one serial queue only; implementations need no locks.
public protocol LintBackend: AnyObject, Sendable {
    /// Reads the type declarations of every Swift file in the index scope of the workspace
    /// folder `root` (its configuration's `index` paths), replacing what was known of them.
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

    /// A `.linter.yml` or `.xcode-version` changed: forget every loaded configuration (the
    /// server then indexes its folders again).
    func reloadConfiguration()
}

public struct FolderIndexReport: Sendable, Equatable {
    public var fileCount = 0
    /// A configuration that cannot be loaded, or files that cannot be read.
    public var problems: [String] = []
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
    /// Its `.linter.yml` or `.xcode-version` changed on disk since it was loaded (it was loaded
    /// again for this lint): the server reloads everything, as for a watched change.
    public var configurationChanged = false
}

/// `LintBackend` on the two-phase engine: each file of a workspace is analysed once (and again
/// when it changes); a lint of an open document merges its views with the other files' parts.
public final class EngineBackend: LintBackend, @unchecked Sendable {
    private let jobs: Int
    /// A number for every file ever analysed, as the engine's spans name files.
    private var fileIDs: [String: FileID] = [:]
    /// Rules run besides the configured ones (tests use rules that carry fixes).
    private let additionalRules: [LintEngine.ConfiguredRule]
    private var folders: [String: FolderTypes] = [:]
    /// Open documents outside every workspace folder: only they declare types for each other.
    private let looseFiles = FolderTypes()
    /// Loaded configurations, by the folder a file is in, and the files they were read from.
    private var configurations: [String: LoadedConfiguration] = [:]
    private var configurationStamps: [String: ConfigurationStamp] = [:]

    private enum LoadedConfiguration {
        case ready(Configuration, LintEngine)
        case failed(String)
    }

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                additionalRules: [LintEngine.ConfiguredRule] = []) {
        self.jobs = max(1, jobs)
        self.additionalRules = additionalRules
        // The framework catalog is parsed on first use: not on the first keystroke.
        DispatchQueue.global(qos: .utility).async { _ = FrameworkCatalog.builtIn.moduleNames.count }
    }

    public func indexFolder(_ root: String, progress: @escaping @Sendable (Int, Int) -> Void) -> FolderIndexReport {
        let folder = FolderTypes(root: root)
        var report = FolderIndexReport()
        switch configuration(forDirectory: root) {
        case .failed(let problem):
            report.problems.append(problem)
        case .ready(let configuration, _):
            let scope = IndexScope(configuration)
            folder.scope = scope
            let found = scope.discovery.files(under: [configuration.rootDirectory], jobs: jobs)
            report.problems += found.errors.map(\.description)
            let counter = ProgressCounter(total: found.files.count, report: progress)
            let ids = found.files.map(fileID)
            let analyses = parallelMap(Array(found.files.indices), jobs: jobs) { position -> FileTypes? in
                defer { counter.advance() }
                guard let bytes = try? SourceReader.read(found.files[position]) else { return nil }
                return FileTypes(LintEngine.analyseIndexed(path: found.files[position], file: ids[position], bytes: bytes), text: bytes)
            }
            for (path, analysis) in zip(found.files, analyses) { folder.replace(path, with: analysis) }
            report.fileCount = found.files.count
        }
        // Open documents keep the declarations of their buffers, in whichever folder now holds them.
        let previous = folders.updateValue(folder, forKey: root)
        for group in [looseFiles] + Array(folders.values) + (previous.map { [$0] } ?? []) where group !== folder {
            for path in group.openFiles where self.folder(containing: path) === folder {
                folder.openFiles.insert(path)
                folder.adopt(path, from: group)
                group.openFiles.remove(path)
                group.replace(path, with: nil)
            }
        }
        return report
    }

    public func removeFolder(_ root: String) -> Bool {
        guard let folder = folders.removeValue(forKey: root) else { return false }
        return !folder.openFiles.isEmpty
    }

    public func settings(for path: String) -> FileSettings {
        let directory = (path as NSString).deletingLastPathComponent
        switch configuration(forDirectory: directory) {
        case .failed(let problem):
            return FileSettings(problem: problem)
        case .ready(let configuration, _):
            let excluded = FileDiscovery(rootDirectory: configuration.rootDirectory, excluded: configuration.excluded).isExcluded(path)
            let file = configuration.configurationFilePath.map { _ in
                (configuration.rootDirectory as NSString).appendingPathComponent(ConfigurationLoader.fileName)
            }
            return FileSettings(configurationFile: file, isExcluded: excluded)
        }
    }

    public func lint(_ path: String, text: [UInt8]) -> LintReport {
        let directory = (path as NSString).deletingLastPathComponent
        // Editors that cannot watch files still see a changed configuration on the next keystroke.
        let configurationChanged = configurationStamps[directory].map { $0 != ConfigurationStamp(directory) } ?? false
        if configurationChanged { reloadConfiguration() }
        var report = lint(path, text: text, directory: directory)
        report.configurationChanged = configurationChanged
        return report
    }

    private func lint(_ path: String, text: [UInt8], directory: String) -> LintReport {
        guard case .ready(_, let engine) = configuration(forDirectory: directory) else {
            return LintReport(problem: settings(for: path).problem)
        }
        let folder = folder(containing: path)
        if settings(for: path).isExcluded {
            // Excluded files are neither linted nor indexed.
            folder.openFiles.insert(path)
            return LintReport(typesChanged: folder.replace(path, with: nil))
        }
        do throws(FileReadError) {
            try SourceReader.validateText(text, path: path)
        } catch {
            return LintReport(problem: error.reason)
        }
        let document: LintEngine.Document
        do throws(FileReadError) {
            document = try engine.analyseDocument(path: path, file: fileID(path), bytes: text)
        } catch {
            return LintReport(problem: error.reason)
        }
        folder.openFiles.insert(path)
        let entry = FileTypes((document.summary, document.facts), text: text)
        // New text may change views this document shares with other open ones (a teardown added
        // in an extension), even when it declares the same types; the same text cannot.
        let textChanged = folder.textHash(of: path) != entry.textHash
        // The views it had parts of before count too: a part taken out changes them as well.
        let touchedNames = entry.typeNames.union(folder.typeNames(of: path))
        let typesChanged = folder.replace(path, with: entry)
        let sharesViews = textChanged && folder.openFiles.contains { $0 != path && !folder.typeNames(of: $0).isDisjoint(with: touchedNames) }
        let findings = engine.findings(in: document, related: folder.facts(sharingViewsWith: entry, except: path),
                                       index: folder.index)
        return LintReport(findings: findings.sorted(by: Finding.isOrderedBefore), typesChanged: typesChanged || sharesViews)
    }

    public func closeFile(_ path: String) -> Bool {
        let folder = folder(containing: path)
        folder.openFiles.remove(path)
        return folder.replace(path, with: diskAnalysis(path, in: folder))
    }

    public func fileChangedOnDisk(_ path: String) -> Bool {
        let folder = folder(containing: path)
        guard !folder.openFiles.contains(path) else { return false }  // the buffer wins
        return folder.replace(path, with: diskAnalysis(path, in: folder))
    }

    public func reloadConfiguration() {
        configurations.removeAll()
        configurationStamps.removeAll()
    }

    // MARK: The engine's pieces

    private func fileID(_ path: String) -> FileID {
        if let id = fileIDs[path] { return id }
        let id = FileID(fileIDs.count)
        fileIDs[path] = id
        return id
    }

    /// The declarations and facts on disk of a file in the folder's index scope, else nil.
    private func diskAnalysis(_ path: String, in folder: FolderTypes) -> FileTypes? {
        guard folder.scope?.contains(path) == true, let bytes = try? SourceReader.read(path) else { return nil }
        return FileTypes(LintEngine.analyseIndexed(path: path, file: fileID(path), bytes: bytes), text: bytes)
    }

    /// The configuration for files in `directory`, found as `statelint lint` finds it; error
    /// messages name paths relative to the workspace folder holding it.
    private func configuration(forDirectory directory: String) -> LoadedConfiguration {
        if let loaded = configurations[directory] { return loaded }
        configurationStamps[directory] = ConfigurationStamp(directory)
        let shownRelativeTo = folder(containing: directory + "/").root ?? directory
        let loaded: LoadedConfiguration
        do {
            let configuration = try ConfigurationLoader(schema: StateLintCommand.schema)
                .load(explicitPath: nil, startDirectory: directory, workingDirectory: shownRelativeTo)
            let configured = LintEngine(configuration: configuration, jobs: 1)
            let engine = additionalRules.isEmpty ? configured
                : LintEngine(rules: configured.rules + additionalRules, directiveSeverity: configured.directiveSeverity,
                             options: configured.options)
            loaded = .ready(configuration, engine)
        } catch {
            loaded = .failed(error.description)
        }
        configurations[directory] = loaded
        return loaded
    }

    /// The deepest workspace folder holding `path`, else the group of loose files.
    private func folder(containing path: String) -> FolderTypes {
        var best: FolderTypes?
        for (root, folder) in folders where path.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
            if best == nil || root.count > best!.root!.count { best = folder }
        }
        return best ?? looseFiles
    }
}

/// What one file contributes: its declarations (for the index) and its view facts, with the
/// names of its types' last components (to find the files a view is split over).
private struct FileTypes {
    let summary: TypeDeclarationSummary
    let facts: FileFacts
    let typeNames: Set<String>
    /// Of the text analysed: the same text makes the same facts.
    let textHash: Int

    init(_ analysis: (summary: TypeDeclarationSummary, facts: FileFacts), text: [UInt8]) {
        summary = analysis.summary
        facts = analysis.facts
        typeNames = Set(analysis.facts.types.map { lastComponent($0.name) })
        var hasher = Hasher()
        hasher.combine(text)
        textHash = hasher.finalize()
    }
}

/// The declarations known in one workspace folder: its files on disk, and its open documents'
/// buffers in their place. The project index is rebuilt only after a file's declarations change.
private final class FolderTypes {
    let root: String?
    var scope: IndexScope?
    private(set) var files: [String: FileTypes] = [:]
    var openFiles: Set<String> = []
    private var builtIndex: ProjectIndex?

    init(root: String? = nil) {
        self.root = root
    }

    var summaries: [String: TypeDeclarationSummary] { files.mapValues(\.summary) }

    /// Sets what `path` contributes (nil: nothing); returns whether its declarations differ from before.
    @discardableResult
    func replace(_ path: String, with new: FileTypes?) -> Bool {
        let old = files[path]
        files[path] = new
        let oldSummary = old.flatMap { $0.summary.entries.isEmpty && $0.summary.aliases.isEmpty && $0.summary.headers.isEmpty ? nil : $0.summary }
        let newSummary = new.flatMap { $0.summary.entries.isEmpty && $0.summary.aliases.isEmpty && $0.summary.headers.isEmpty ? nil : $0.summary }
        switch (oldSummary, newSummary) {
        case (nil, nil): return false
        case let (old?, new?) where old.declaresSameTypes(as: new): return false
        default:
            builtIndex = nil
            return true
        }
    }

    /// Moves what `path` contributes from another folder.
    func adopt(_ path: String, from other: FolderTypes) {
        files[path] = other.files[path]
        builtIndex = nil
    }

    func textHash(of path: String) -> Int? { files[path]?.textHash }

    /// The last components of the names of the types `path` has parts of.
    func typeNames(of path: String) -> Set<String> { files[path]?.typeNames ?? [] }

    /// The facts of the other files that hold parts of the types `file` has parts of.
    func facts(sharingViewsWith file: FileTypes, except path: String) -> [FileFacts] {
        guard !file.typeNames.isEmpty else { return [] }
        return files.compactMap { other, types in
            other != path && !types.typeNames.isDisjoint(with: file.typeNames) ? types.facts : nil
        }
    }

    var index: ProjectIndex {
        if let builtIndex { return builtIndex }
        // In path order, as the command line's sorted file list (typealiases resolve in order).
        let paths = FileDiscovery.sortedByBytes(Array(files.keys))
        var builder = ProjectIndex.Builder(reservingCapacity: 4 * paths.count)
        for (position, path) in paths.enumerated() { builder.add(files[path]!.summary, position: position) }
        let built = builder.build()
        builtIndex = built
        return built
    }
}

/// Which files a configuration's `index` paths cover, as `FileDiscovery` walks them.
private struct IndexScope {
    let discovery: FileDiscovery

    init(_ configuration: Configuration) {
        discovery = FileDiscovery(rootDirectory: configuration.rootDirectory, included: configuration.index,
                                  excluded: configuration.excluded)
    }

    func contains(_ path: String) -> Bool {
        guard path.hasSuffix(".swift"), let relative = discovery.relativePath(path) else { return false }
        // The walk never enters hidden folders or build products.
        for folder in relative.split(separator: "/").dropLast()
        where folder.hasPrefix(".") || FileDiscovery.skippedFolderNames.contains(String(folder)) {
            return false
        }
        if discovery.isExcluded(path) { return false }
        return discovery.included.contains { $0.matches(relative) }
    }
}

/// Which `.linter.yml` applies to a folder and when it and the project's `.xcode-version` were
/// last changed: a few `stat` calls, compared before each lint.
private struct ConfigurationStamp: Equatable {
    let configurationFile: String?
    let modified: [Date?]
    let sizes: [Int?]

    init(_ directory: String) {
        configurationFile = ConfigurationLoader.findConfigurationFile(startingAt: directory)
        let root = configurationFile.map { ($0 as NSString).deletingLastPathComponent } ?? directory
        let files = [configurationFile, (root as NSString).appendingPathComponent(ConfigurationLoader.xcodeVersionFileName)]
        let attributes = files.map { $0.flatMap { try? FileManager.default.attributesOfItem(atPath: $0) } }
        modified = attributes.map { $0?[.modificationDate] as? Date }
        sizes = attributes.map { $0?[.size] as? Int }
    }
}

/// Counts files done across the indexing threads for progress reports.
private final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    private let report: @Sendable (Int, Int) -> Void

    init(total: Int, report: @escaping @Sendable (Int, Int) -> Void) {
        self.total = total
        self.report = report
    }

    func advance() {
        lock.lock()
        done += 1
        let now = done
        lock.unlock()
        report(now, total)
    }
}

extension TypeDeclarationSummary {
    /// Whether both declare the same types the same way (what the index is built from).
    func declaresSameTypes(as other: TypeDeclarationSummary) -> Bool {
        entries == other.entries && aliases == other.aliases && names == other.names && headers == other.headers
    }
}
