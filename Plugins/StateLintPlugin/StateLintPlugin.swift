import Foundation
import PackagePlugin

/// `swift package statelint [PATH …] [--target NAME …] [statelint options]`
///
/// Lints the Swift sources of the package's targets (all of them, or the `--target`s named)
/// with the package's `.linter.yml`, by running the `statelint` executable from this package.
/// Files a target excludes in its manifest (fixtures, resources) are not linted.
/// Paths are relative to the package root; any other argument goes to `statelint lint` as is
/// (e.g. `--reporter json`, `--strict`). Fails when statelint exits non-zero.
@main
struct StateLintPlugin: CommandPlugin {
    /// statelint options that take a value (`--reporter json`): their values are not paths.
    /// Must match `CommandLineOptions.flagsWithValues` (a test compares the two).
    static let optionsWithValues: Set<String> = [
        "--config", "--reporter", "--format", "--output", "--only-rule", "--stdin-path",
        "--jobs", "--baseline", "--write-baseline", "--dependencies", "--derived-data", "-j",
        "--type", "--xcode-version",
    ]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let passedOn = extractor.remainingArguments
        let package = context.package

        var lintArguments = ["lint", "--force-exclude"]
        let configuration = package.directoryURL.appendingPathComponent(".linter.yml")
        if !passedOn.contains(where: { $0 == "--config" || $0.hasPrefix("--config=") }),
           FileManager.default.fileExists(atPath: configuration.path) {
            lintArguments += ["--config", configuration.path]
        }
        lintArguments += passedOn
        if !Self.containsPaths(passedOn) {
            lintArguments += try Self.sourceFolders(of: package, named: targetNames)
        }

        let statelint = try context.tool(named: "statelint")
        let process = Process()
        process.executableURL = statelint.url
        process.arguments = lintArguments
        process.currentDirectoryURL = package.directoryURL
        try process.run()
        process.waitUntilExit()

        switch (process.terminationReason, process.terminationStatus) {
        case (.exit, 0):
            return
        case (.exit, 1):
            throw PluginFailure("StateLint found problems in \(package.displayName) (see above)")
        case (.exit, let status):
            throw PluginFailure("statelint failed with exit status \(status) (see the error above)")
        case (_, let signal):
            throw PluginFailure("statelint was terminated by signal \(signal)")
        }
    }

    /// Whether the user named paths: an argument that is neither an option nor an option's value.
    static func containsPaths(_ arguments: [String]) -> Bool {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return index + 1 < arguments.count }
            if argument.hasPrefix("-") && argument != "-" {
                if optionsWithValues.contains(argument) { index += 1 }   // skip its value
            } else {
                return true
            }
            index += 1
        }
        return false
    }

    /// The Swift files of the package's Swift targets, or of the named ones (all must exist).
    /// Files rather than folders: SwiftPM already applied each target's `exclude:` list.
    static func sourceFolders(of package: Package, named names: [String]) throws -> [String] {
        let swiftTargets = package.targets.compactMap { $0 as? SourceModuleTarget }
            .filter { !Array($0.sourceFiles(withSuffix: "swift")).isEmpty }
        var chosen = swiftTargets
        if !names.isEmpty {
            let known = swiftTargets.map(\.name)
            if let unknown = names.first(where: { !known.contains($0) }) {
                throw PluginFailure("no Swift target named `\(unknown)` in \(package.displayName); its Swift targets: \(known.sorted().joined(separator: ", "))")
            }
            chosen = swiftTargets.filter { names.contains($0.name) }
        }
        guard !chosen.isEmpty else {
            throw PluginFailure("\(package.displayName) has no Swift targets to lint")
        }
        return chosen.flatMap { $0.sourceFiles(withSuffix: "swift").map { $0.url.path } }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
