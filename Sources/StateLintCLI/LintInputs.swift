import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// The files one `lint` run reads, as absolute paths (resolved against the command's working
/// directory, which in-process callers set independently of the process's).
///
/// They come from standard input (`--stdin-path`), Xcode's script inputs, paths on the
/// command line, or — when none of those is given — the configured `included` folders.
struct LintInputs {
    var files: [String] = []
    /// Source that does not come from disk (standard input), keyed by absolute path.
    var sources: [String: [UInt8]] = [:]
    var errors: [FileReadError] = []
    /// Symbolic links in the linted folders to Swift code, which the walk does not follow.
    var skippedLinks: [String] = []
    /// Files scanned for type declarations only.
    var indexFiles: [String] = []
    /// Dependency checkouts' files, indexed after the project's (see `DependencyDiscovery`),
    /// and their folders that could not be listed (skipped, never an error).
    var dependencyFiles: [String] = []
    var dependencyErrors: [FileReadError] = []
    /// The project's targets, which scope views and type names.
    var targets: ProjectTargets

    struct Failure: Error {
        let message: String
        let hint: String?
    }

    static func gather(options: CommandLineOptions, configuration: Configuration,
                       environment: Environment) throws(Failure) -> LintInputs {
        var inputs = LintInputs(targets: ProjectTargets(root: configuration.rootDirectory))
        let workingDirectory = environment.workingDirectory
        // The walk is mostly kernel time: on as many threads as the engine will use.
        let jobs = options.jobs ?? LintEngine.Options().jobs
        let dependencies = DependencyDiscovery.files(in: configuration.dependencies.map(\.path), jobs: jobs)
        inputs.dependencyFiles = dependencies.files
        inputs.dependencyErrors = dependencies.errors
        // A dependency folder inside the project is third-party code: neither linted nor
        // indexed as the project's own.
        var configuration = configuration
        configuration.excluded += configuration.dependencies.compactMap { try? GlobPattern(configuration.displayPath(of: $0)) }
        func absolute(_ path: String) -> String { FileDiscovery.absolute(path, relativeTo: workingDirectory) }
        let configured = FileDiscovery(rootDirectory: configuration.rootDirectory, included: configuration.included,
                                       excluded: configuration.excluded)

        if let stdinPath = options.stdinPath {
            let path = absolute(stdinPath)
            if !(options.forceExclude && configured.isExcluded(path)) {
                inputs.files = [path]
                inputs.sources[path] = environment.readStandardInput()
            }
        } else {
            var paths = options.arguments.map(absolute)
            var explicit = !paths.isEmpty
            if options.useScriptInputFiles {
                paths += try scriptInputFiles(environment.variables).map(absolute)
                explicit = true  // zero script inputs means nothing to lint, not everything
            }
            // Paths named on the command line replace `included`; `excluded` still applies inside folders.
            let discovery = explicit
                ? FileDiscovery(rootDirectory: configuration.rootDirectory, excluded: configuration.excluded)
                : configured
            let found = discovery.files(under: explicit ? paths : [configuration.rootDirectory], forceExclude: options.forceExclude, jobs: jobs)
            inputs.files = found.files
            inputs.errors = found.errors
            inputs.skippedLinks = found.skippedLinks
            if sameWalkAsIndex(explicitPaths: explicit ? paths : nil, configuration, workingDirectory: workingDirectory) {
                inputs.indexFiles = found.files
                inputs.targets = TargetDiscovery.targets(root: configuration.rootDirectory, walked: found, jobs: jobs)
                return inputs
            }
        }
        let indexDiscovery = FileDiscovery(rootDirectory: configuration.rootDirectory, included: configuration.index,
                                           excluded: configuration.excluded)
        let indexed = indexDiscovery.files(under: [configuration.rootDirectory], jobs: jobs)
        inputs.indexFiles = indexed.files
        inputs.targets = TargetDiscovery.targets(root: configuration.rootDirectory, walked: indexed, jobs: jobs)
        return inputs
    }

    /// Whether the lint walk just done is exactly the walk the index needs, so it is not
    /// repeated: with no paths given, when `index` and `included` are the same patterns (both
    /// default to `.`); with paths, when the only path is the project folder and `index`
    /// is `.` (`statelint lint .` where `.linter.yml` is, the usual CI call). Both walks then
    /// apply the same `excluded` patterns to the same tree.
    static func sameWalkAsIndex(explicitPaths: [String]?, _ configuration: Configuration, workingDirectory: String) -> Bool {
        guard let explicitPaths else { return configuration.index == configuration.included }
        return configuration.index == [GlobPattern.projectRoot]
            && explicitPaths == [FileDiscovery.absolute(configuration.rootDirectory, relativeTo: workingDirectory)]
    }

    /// `SCRIPT_INPUT_FILE_0…` and the files listed in `SCRIPT_INPUT_FILE_LIST_0…` (.xcfilelist
    /// inputs, one path per line), keeping only Swift sources.
    static func scriptInputFiles(_ variables: [String: String]) throws(Failure) -> [String] {
        guard let countText = variables["SCRIPT_INPUT_FILE_COUNT"], let count = Int(countText), count >= 0 else {
            throw Failure(message: "--use-script-input-files: SCRIPT_INPUT_FILE_COUNT is not set or not a number",
                          hint: "Xcode sets it in a Run Script build phase with input files")
        }
        var paths = (0..<count).compactMap { variables["SCRIPT_INPUT_FILE_\($0)"] }
        let listCount = variables["SCRIPT_INPUT_FILE_LIST_COUNT"].flatMap { Int($0) } ?? 0
        for index in 0..<max(0, listCount) {
            guard let listPath = variables["SCRIPT_INPUT_FILE_LIST_\(index)"] else { continue }
            let bytes: [UInt8]
            do { bytes = try SourceReader.read(listPath) } catch {
                throw Failure(message: "--use-script-input-files: cannot read input file list \(listPath): \(error.reason)", hint: nil)
            }
            paths += String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        return paths.filter { $0.hasSuffix(".swift") }
    }
}
