import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// `statelint migrate [PATH …]`: moves the project's `ObservableObject` classes declared under
/// PATH (default: the project) to `@Observable` with every use (see `Migration`), writes the
/// changed files atomically as `--fix` does, or prints them as a diff (`--diff`), and prints one
/// line per class (or the report as JSON with `--json`). Exit 0 when it ran, refusals included;
/// 2 on errors.
struct MigrateCommand {
    let environment: Environment
    let options: CommandLineOptions

    func run() -> Int32 {
        let command = StateLintCommand(environment: environment)
        guard let configuration = command.loadConfiguration(options) else { return 2 }
        let jobs = options.jobs ?? LintEngine.Options().jobs
        let displayPath = DisplayPaths(workingDirectory: environment.workingDirectory)
        // Every file of the project: its uses of a class are rewritten wherever they are.
        let discovery = FileDiscovery(rootDirectory: configuration.rootDirectory, included: configuration.index,
                                      excluded: configuration.excluded)
        let walked = discovery.files(under: [configuration.rootDirectory], jobs: jobs)
        if let error = walked.errors.first, !options.ignoreUnreadable {
            return command.fail("cannot read \(displayPath(error.path)): \(error.reason)")
        }
        var files: [(path: String, bytes: [UInt8])] = []
        for path in walked.files {
            do {
                let bytes = try SourceReader.read(path)
                try SourceReader.validateText(bytes, path: path)
                files.append((path, bytes))
            } catch {
                if options.ignoreUnreadable { continue }
                return command.fail("cannot read \(displayPath(path)): \(error.reason)")
            }
        }
        let requestedFolders = options.arguments.map { FileDiscovery.absolute($0, relativeTo: environment.workingDirectory) }
        for folder in requestedFolders where !FileManager.default.fileExists(atPath: folder) {
            return command.fail("no such file or folder: \(displayPath(folder))")
        }
        var request = Migration.Request(files: files)
        request.requested = { path in
            requestedFolders.isEmpty || requestedFolders.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        }
        request.types = options.types
        request.jobs = jobs
        if let text = options.xcodeVersion, case .success(let version) = XcodeVersion.parseRelease(text) {
            request.xcodeMajor = version.major
        } else {
            request.xcodeMajor = configuration.xcodeVersion?.major
        }
        request.knownClasses = configuration.knownClasses
        // `deployment_target` replaces what the manifests say.
        if let override = configuration.deploymentTarget {
            var targets = DeploymentTargets()
            targets.add(override, source: configuration.origin(of: ConfigurationKey.deploymentTarget.rawValue).description)
            request.deploymentTargets = targets
        } else {
            let manifests = walked.files.filter(TargetDiscovery.isPackageManifest) + walked.xcodeProjects
            request.deploymentTargets = DeploymentTargets.read(manifests: manifests, displayPath: { displayPath($0) })
        }
        request.displayPath = { displayPath($0) }
        let outcome = Migration.run(request)

        let changed = outcome.changed.keys.sorted { displayPath($0).utf8.lexicographicallyPrecedes(displayPath($1).utf8) }
        var failed = false
        if options.diff {
            for path in changed {
                // Only what writing would write: not a link, a read-only file, ….
                do throws(FixedFileWriter.Failure) { try FixedFileWriter.check(path) } catch {
                    environment.stderr.write("statelint: error: \(TerminalText.visible(displayPath(path))) is left out of the diff: \(error.description)\n")
                    failed = true
                    continue
                }
                environment.stdout.writeBytes(UnifiedDiff.render(path: displayPath(path), old: outcome.original[path] ?? [],
                                                                 new: outcome.changed[path] ?? []))
            }
        } else {
            WritingFixes.prepare(besideFiles: walked.files, environment: environment, quiet: options.quiet, displayPath: displayPath)
            for path in changed {
                do {
                    try FixedFileWriter.write(outcome.changed[path] ?? [], to: path, replacing: outcome.original[path] ?? [])
                } catch {
                    environment.stderr.write("statelint: error: \(TerminalText.visible(displayPath(path))) was not written: \(error.description)\n")
                    failed = true
                }
            }
        }
        if options.json {
            environment.stdout.write(outcome.report.json.renderedCompact() + "\n")
        } else {
            let sink = options.diff ? environment.stderr : environment.stdout
            if request.xcodeMajor == nil && !options.quiet {
                environment.stderr.write("note: the Xcode version is unknown (set `xcode_version` or pass --xcode-version): owned objects take the rewrite for Xcode 26 and earlier\n")
            }
            if !options.quiet {
                for note in outcome.report.notes { environment.stderr.write("note: \(note)\n") }
            }
            for line in outcome.report.lines { sink.write(line + "\n") }
        }
        return failed ? 2 : 0
    }
}
