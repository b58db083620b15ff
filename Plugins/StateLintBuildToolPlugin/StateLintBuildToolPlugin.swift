import Foundation
import PackagePlugin

/// Lints a target's Swift sources with StateLint during the build and prints Xcode-format
/// warnings and errors (`--reporter xcode`), so they show in `swift build` and in Xcode.
///
/// A build command, not a prebuild command: SwiftPM runs prebuild commands only with prebuilt
/// tools, and a build command runs again only when its inputs change (the target's sources, the
/// project's `.linter.yml` and `.xcode-version`, the statelint binary). Its declared output is
/// a Swift file holding one comment, written when the lint passes: being compiled into the
/// target is what makes the build system run the command, and a failed lint leaves no output,
/// so the next build lints again.
///
/// statelint runs from the package (or Xcode project) folder, so it finds `.linter.yml` as the
/// command line does and indexes types from the project root; reported paths are absolute.
@main
struct StateLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        return Self.commands(statelint: try context.tool(named: "statelint").url,
                             projectDirectory: context.package.directoryURL,
                             workDirectory: context.pluginWorkDirectoryURL,
                             targetName: module.name,
                             sources: module.sourceFiles(withSuffix: "swift").map(\.url))
    }

    static func commands(statelint: URL, projectDirectory: URL, workDirectory: URL, targetName: String,
                         sources: [URL]) -> [Command] {
        guard !sources.isEmpty else { return [] }
        let stamp = workDirectory.appendingPathComponent("StateLint-\(targetName).swift")
        let report = workDirectory.appendingPathComponent("StateLint-\(targetName).txt")
        let configuration = [".linter.yml", ".xcode-version"]
            .map { projectDirectory.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        return [.buildCommand(
            displayName: "StateLint \(targetName)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, "statelint-build-tool", projectDirectory.path, stamp.path, report.path, statelint.path]
                + sources.map(\.path),
            inputFiles: sources + configuration + [statelint],
            outputFiles: [stamp]
        )]
    }

    /// `$1` project folder, `$2` the output, `$3` a scratch report, `$4` statelint, then the
    /// sources. Findings are printed with absolute paths (statelint shows paths relative to its
    /// working directory, the project folder); the exit status is statelint's.
    static let script = #"""
        cd "$1" || exit 2
        project=$1 stamp=$2 report=$3 statelint=$4
        shift 4
        "$statelint" lint --reporter xcode --quiet --force-exclude "$@" > "$report"
        status=$?
        while IFS= read -r line || [ -n "$line" ]; do
            case $line in
                /*) printf '%s\n' "$line" ;;
                *) printf '%s/%s\n' "$project" "$line" ;;
            esac
        done < "$report"
        if [ "$status" -eq 0 ]; then
            printf '// StateLint linted this target; this file only tells the build system so.\n' > "$stamp"
        else
            rm -f "$stamp"
        fi
        exit "$status"
        """#
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same command for a target of an Xcode project (File > Add Package Dependencies, then
/// Build Phases > Run Build Tool Plug-ins).
extension StateLintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        Self.commands(statelint: try context.tool(named: "statelint").url,
                      projectDirectory: context.xcodeProject.directoryURL,
                      workDirectory: context.pluginWorkDirectoryURL,
                      targetName: target.displayName,
                      sources: target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url))
    }
}
#endif
