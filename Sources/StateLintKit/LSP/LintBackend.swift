import Foundation

/// Everything the language server needs from the lint engine, and the one place that knows
/// how the engine is put together (per-file `TypeDeclarationSummary`s, the `ProjectIndex` made
/// from them, `LintEngine.check`), so the engine can change behind it.
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

/// `LintBackend` on today's engine.
public final class EngineBackend: LintBackend, @unchecked Sendable {
    private let jobs: Int
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
            let summaries = parallelMap(found.files, jobs: jobs) { path -> TypeDeclarationSummary? in
                defer { counter.advance() }
                guard let bytes = try? SourceReader.read(path) else { return nil }
                return Self.summary(of: SourceFile(path: path, bytes: bytes))
            }
            for (path, summary) in zip(found.files, summaries) { folder.replace(path, with: summary) }
            report.fileCount = found.files.count
        }
        // Open documents keep the declarations of their buffers, in whichever folder now holds them.
        let previous = folders.updateValue(folder, forKey: root)
        for group in [looseFiles] + Array(folders.values) + (previous.map { [$0] } ?? []) where group !== folder {
            for path in group.openFiles where self.folder(containing: path) === folder {
                folder.openFiles.insert(path)
                folder.replace(path, with: group.summaries[path])
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
        guard case .ready(let configuration, let engine) = configuration(forDirectory: directory) else {
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
        let (structure, comments, summary) = Self.analyse(SourceFile(path: path, bytes: text))
        folder.openFiles.insert(path)
        let changed = folder.replace(path, with: summary)
        let types = TypeResolver(project: folder.index, knownClasses: configuration.knownClasses,
                                 knownValueTypes: configuration.knownValueTypes)
        let findings = engine.check(LintContext(structure: structure), tokens: comments, types: types)
        return LintReport(findings: findings.sorted(by: Finding.isOrderedBefore), typesChanged: changed)
    }

    public func closeFile(_ path: String) -> Bool {
        let folder = folder(containing: path)
        folder.openFiles.remove(path)
        return folder.replace(path, with: diskSummary(path, in: folder))
    }

    public func fileChangedOnDisk(_ path: String) -> Bool {
        let folder = folder(containing: path)
        guard !folder.openFiles.contains(path) else { return false }  // the buffer wins
        return folder.replace(path, with: diskSummary(path, in: folder))
    }

    public func reloadConfiguration() {
        configurations.removeAll()
        configurationStamps.removeAll()
    }

    // MARK: The engine's pieces

    /// One read of a file: its structure and comments (for the rules and directives) and its
    /// declarations (for the index).
    private static func analyse(_ file: SourceFile) -> (FileStructure, [Token], TypeDeclarationSummary) {
        let scan = Tokenizer.scanCode(file.bytes)
        let comments = scan.comments
        let structure = FileStructure(code: CodeTokens(file: file, scan: scan))
        return (structure, comments, TypeDeclarationSummary(structure))
    }

    private static func summary(of file: SourceFile) -> TypeDeclarationSummary {
        analyse(file).2
    }

    /// The declarations on disk of a file in the folder's index scope, else nil.
    private func diskSummary(_ path: String, in folder: FolderTypes) -> TypeDeclarationSummary? {
        guard folder.scope?.contains(path) == true, let bytes = try? SourceReader.read(path) else { return nil }
        return Self.summary(of: SourceFile(path: path, bytes: bytes))
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

/// The declarations known in one workspace folder: its files on disk, and its open documents'
/// buffers in their place. The project index is rebuilt only after a file's declarations change.
private final class FolderTypes {
    let root: String?
    var scope: IndexScope?
    private(set) var summaries: [String: TypeDeclarationSummary] = [:]
    var openFiles: Set<String> = []
    private var builtIndex: ProjectIndex?

    init(root: String? = nil) {
        self.root = root
    }

    /// Sets the declarations of `path` (nil: none); returns whether they differ from before.
    @discardableResult
    func replace(_ path: String, with summary: TypeDeclarationSummary?) -> Bool {
        // A file that declares no type adds nothing to the index.
        let new = summary.flatMap { $0.entries.isEmpty && $0.aliases.isEmpty ? nil : $0 }
        let old = summaries[path]
        switch (old, new) {
        case (nil, nil): return false
        case let (old?, new?) where old.declaresSameTypes(as: new): return false
        default:
            summaries[path] = new
            builtIndex = nil
            return true
        }
    }

    var index: ProjectIndex {
        if let builtIndex { return builtIndex }
        // In path order, as the command line's sorted file list (typealiases resolve in order).
        let paths = FileDiscovery.sortedByBytes(Array(summaries.keys))
        var builder = ProjectIndex.Builder(reservingCapacity: 4 * paths.count)
        for (position, path) in paths.enumerated() { builder.add(summaries[path]!, position: position) }
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
        entries == other.entries && aliases == other.aliases && names == other.names
    }
}
