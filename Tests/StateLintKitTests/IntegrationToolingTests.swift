import Foundation
import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// The Xcode build-phase snippet, the SwiftPM plugin's view of statelint's options, and the
/// version the installers report. (The plugin and `make install` themselves need release
/// builds: Scripts/test-plugin.sh and Scripts/test-install.sh check them.)
@Suite struct IntegrationToolingTests {
    typealias Support = IntegrationTestSupport
    static let bash = Support.executableOnPath("bash")

    /// Runs the snippet as Xcode would: SRCROOT, script input files, and a PATH on which
    /// `statelint` is found (a link in a temporary bin folder) or not.
    @Test(.enabled(if: bash != nil, "bash is not on PATH"))
    func xcodeBuildPhaseLintsOnlyTheInputFilesInXcodeFormat() throws {
        let binary = try #require(Support.statelintBinary, Support.missingBinaryMessage)
        let root = try Support.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        try Support.write(Support.classSource, to: root + "/App/SharedModel.swift")
        try Support.write(Support.viewSource(creating: "SharedModel"), to: root + "/App/Input.swift")
        try Support.write(Support.viewSource(creating: "SharedModel"), to: root + "/App/NotAnInput.swift")
        try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/bin/statelint", withDestinationPath: binary)
        let snippet = Support.repositoryRoot + "/Examples/Integrations/xcode-build-phase.sh"
        let xcodeEnvironment = ["PATH": root + "/bin:" + Support.systemPath, "HOME": root, "SRCROOT": root,
                                "SCRIPT_INPUT_FILE_COUNT": "2", "SCRIPT_INPUT_FILE_0": root + "/App/Input.swift",
                                "SCRIPT_INPUT_FILE_1": root + "/App/Assets.xcassets"]

        let result = try Support.run(try #require(Self.bash), [snippet], environment: xcodeEnvironment, in: "/")
        #expect(result.status == 0, "\(result.combined)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(result.combined)")
        #expect(lines.first?.hasPrefix("App/Input.swift:4:") == true, "\(result.combined)")
        #expect(lines.first?.contains(": warning: ") == true && lines.first?.hasSuffix("[state_inline_class_init]") == true)

        // In Xcode, BUILD_ROOT is DerivedData/<project>/Build/Products: the snippet reads the
        // project's package checkouts there, so a class declared in a package is known.
        try Support.write(Support.viewSource(creating: "PackageModel"), to: root + "/App/Input.swift")
        try Support.write("public final class PackageModel {}\n",
                          to: root + "/DerivedData/App-x/SourcePackages/checkouts/Pkg/Sources/Pkg/PackageModel.swift")
        try FileManager.default.createDirectory(atPath: root + "/DerivedData/App-x/Build/Products", withIntermediateDirectories: true)
        var withPackages = xcodeEnvironment
        withPackages["BUILD_ROOT"] = root + "/DerivedData/App-x/Build/Products"
        let packaged = try Support.run(try #require(Self.bash), [snippet], environment: withPackages, in: "/")
        #expect(packaged.status == 0, "\(packaged.combined)")
        #expect(packaged.stdout.split(separator: "\n").map { $0.hasPrefix("App/Input.swift:4:") } == [true], "\(packaged.combined)")
        #expect(try Support.run(try #require(Self.bash), [snippet], environment: xcodeEnvironment, in: "/").stdout.isEmpty,
                "without BUILD_ROOT the package's class is unknown")

        // Not installed: a build warning, not a failed build.
        var missing = xcodeEnvironment
        missing["PATH"] = Support.systemPath
        missing["HOME"] = root + "/nowhere"
        let notInstalled = try Support.run(try #require(Self.bash), [snippet], environment: missing, in: "/")
        #expect(notInstalled.status == 0)
        #expect(notInstalled.stdout.hasPrefix("warning: statelint is not installed"), "\(notInstalled.combined)")
    }

    /// The plugin cannot import StateLintKit, so it keeps its own list of options that take a
    /// value (to tell paths from option values); it must match the command-line parser's.
    @Test func pluginKnowsEveryOptionThatTakesAValue() throws {
        let source = try #require(Support.read(Support.repositoryRoot + "/Plugins/StateLintPlugin/StateLintPlugin.swift"))
        let start = try #require(source.range(of: "optionsWithValues: Set<String> = ["))
        let end = try #require(source.range(of: "]", range: start.upperBound..<source.endIndex))
        let listed = Set(source[start.upperBound..<end.lowerBound]
            .split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            .filter { !$0.isEmpty })
        #expect(listed == Set(CommandLineOptions.flagsWithValues + ["-j"]))
        // And the parser really treats each as taking a value.
        for flag in listed {
            // `statelint migrate`'s own options are usage errors with `lint`.
            let command = ["--type", "--xcode-version"].contains(flag) ? ["migrate"] : ["lint", "--reporter", "json"]
            let options = try CommandLineOptions.parse(command + [flag, "1"])
            #expect(options.arguments.isEmpty, "\(flag) should consume the next argument")
        }
    }

    @Test func versionFlagPrintsTheVersionFromVersionSwift() throws {
        let versionFile = try #require(Support.read(Support.repositoryRoot + "/Sources/StateLintSyntax/Support/Version.swift"))
        #expect(versionFile.contains("static let current = \"\(StateLintVersion.current)\""))
        // Semantic version: what Mint tags and `make install` users see.
        let parts = StateLintVersion.current.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "\(StateLintVersion.current)")

        for arguments in [["--version"], ["version"]] {
            let stdout = CapturedText()
            let environment = Environment(variables: [:], workingDirectory: "/", stdout: stdout, stderr: CapturedText(),
                                          stderrIsTerminal: false, readStandardInput: { [] })
            #expect(StateLintCommand(environment: environment).run(arguments) == 0)
            #expect(stdout.text == StateLintVersion.current + "\n")
        }
    }
}
