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

/// Runs `Scripts/github-action.sh` as the composite action does, against a temporary
/// workspace with GitHub's environment variables faked and a pre-built statelint.
@Suite struct IntegrationGitHubActionTests {
    typealias Support = IntegrationTestSupport
    static let script = Support.repositoryRoot + "/Scripts/github-action.sh"
    static let bash = Support.executableOnPath("bash")

    /// A workspace whose `App` project has a class in one file and its inline `@State` creation
    /// in another, plus a step-summary file that already holds an earlier step's text.
    struct Workspace {
        let root: String
        var summary: String { root + "/summary.md" }
        var output: String { root + "/github-output.txt" }

        init() throws {
            root = try Support.makeTemporaryDirectory()
            try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
            try Support.write("included: [Sources]\n", to: root + "/App/.linter.yml")
            try Support.write(Support.classSource, to: root + "/App/Sources/Models/SharedModel.swift")
            try Support.write(Support.viewSource(creating: "SharedModel"), to: root + "/App/Sources/Views/ContentView.swift")
            try Support.write("# Earlier step\n", to: summary)
            try Support.write("", to: output)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }

        func runAction(_ inputs: [String: String], mode: String = "run", binary: String?,
                       path: String = Support.systemPath) throws -> Support.ProcessResult {
            var environment = ["PATH": path, "HOME": root, "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": root,
                               "GITHUB_STEP_SUMMARY": summary, "GITHUB_OUTPUT": output]
            if let binary { environment["STATELINT_BINARY"] = binary }
            for (name, value) in inputs { environment["INPUT_" + name] = value }
            // The composite step runs in the workspace; the script must not rely on that, so start elsewhere.
            return try Support.run(try #require(IntegrationGitHubActionTests.bash), [IntegrationGitHubActionTests.script, mode],
                                   environment: environment, in: "/")
        }
    }

    @Test(.enabled(if: bash != nil, "bash is not on PATH"))
    func strictRunAnnotatesSummarisesWritesSARIFAndFails() throws {
        let binary = try #require(Support.statelintBinary, Support.missingBinaryMessage)
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.runAction(["WORKING_DIRECTORY": "App", "STRICT": "true",
                                              "REPORTERS": "sarif:statelint.sarif"], binary: binary)

        #expect(result.status == 1, "\(result.combined)")
        // Annotation paths are relative to GITHUB_WORKSPACE, not the working directory.
        let annotations = result.stdout.split(separator: "\n").filter { $0.hasPrefix("::warning ") }
        #expect(annotations.count == 1, "\(result.combined)")
        #expect(annotations.first?.hasPrefix("::warning file=App/Sources/Views/ContentView.swift,line=4,col=") == true,
                "\(result.combined)")
        #expect(annotations.first?.contains("title=state_inline_class_init::") == true)

        let summary = try #require(Support.read(workspace.summary))
        #expect(summary.hasPrefix("# Earlier step\n"), "the summary must be appended to, not replaced")
        #expect(summary.contains("App/Sources/Views/ContentView.swift"), "\(summary)")
        #expect(summary.contains("1 finding (0 errors, 1 warning)"), "\(summary)")
        #expect(summary.contains("state\\_inline\\_class\\_init"), "Markdown-escaped rule id: \(summary)")

        let sarifData = try #require(FileManager.default.contents(atPath: workspace.root + "/App/statelint.sarif"))
        let sarif = try #require(try JSONSerialization.jsonObject(with: sarifData) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 1)
        #expect(results.first?["ruleId"] as? String == "state_inline_class_init")
        let location = (results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        let uri = (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
        #expect(uri == "App/Sources/Views/ContentView.swift")

        #expect(Support.read(workspace.output)?.contains("exit-code=1\n") == true)
    }

    @Test(.enabled(if: bash != nil, "bash is not on PATH"))
    func warningsPassWithoutStrictAndPathsNarrowTheRun() throws {
        let binary = try #require(Support.statelintBinary, Support.missingBinaryMessage)
        let workspace = try Workspace()
        defer { workspace.remove() }
        let clean = try workspace.runAction(["WORKING_DIRECTORY": "App", "PATHS": "Sources/Models"], binary: binary)
        #expect(clean.status == 0, "\(clean.combined)")
        #expect(!clean.stdout.contains("::warning"), "\(clean.combined)")

        // One path per line (a folder name with a space), strict off: annotated but passing.
        try Support.write(Support.viewSource(creating: "SharedModel"), to: workspace.root + "/App/Sources/More Views/Second.swift")
        let multiline = try workspace.runAction(["WORKING_DIRECTORY": "App", "STRICT": "false",
                                                 "PATHS": "Sources/Views\n  Sources/More Views  \n"], binary: binary)
        #expect(multiline.status == 0, "\(multiline.combined)")
        #expect(multiline.stdout.contains("::warning file=App/Sources/Views/ContentView.swift,line=4,"), "\(multiline.combined)")
        #expect(multiline.stdout.contains("::warning file=App/Sources/More Views/Second.swift,line=4,"), "\(multiline.combined)")
    }

    @Test(.enabled(if: bash != nil, "bash is not on PATH"))
    func badInputsFailClearly() throws {
        let binary = try #require(Support.statelintBinary, Support.missingBinaryMessage)
        let workspace = try Workspace()
        defer { workspace.remove() }
        let strict = try workspace.runAction(["WORKING_DIRECTORY": "App", "STRICT": "yes"], binary: binary)
        #expect(strict.status == 2)
        #expect(strict.stdout.contains("::error title=StateLint action::strict must be true or false, found 'yes'"), "\(strict.combined)")

        let folder = try workspace.runAction(["WORKING_DIRECTORY": "Missing"], binary: binary)
        #expect(folder.status == 2)
        #expect(folder.stdout.contains("working-directory 'Missing' is not a folder"), "\(folder.combined)")

        let config = try workspace.runAction(["WORKING_DIRECTORY": "App", "CONFIG": "nope.yml"], binary: binary)
        #expect(config.status == 2, "statelint's own exit status for a configuration error passes through")
        #expect(config.stderr.contains("nope.yml"), "\(config.combined)")

        let notExecutable = try workspace.runAction([:], binary: workspace.summary)
        #expect(notExecutable.status == 2)
        #expect(notExecutable.stdout.contains("is not an executable file"), "\(notExecutable.combined)")
    }

    @Test(.enabled(if: bash != nil && !FileManager.default.fileExists(atPath: "/usr/bin/swift")
                   && !FileManager.default.fileExists(atPath: "/usr/local/bin/swift"),
                   "bash missing, or Swift is installed in a system folder so it cannot be hidden"))
    func missingSwiftFailsBeforeBuilding() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.runAction([:], binary: nil)
        #expect(result.status == 2)
        #expect(result.stdout.contains("::error title=StateLint action::Swift is not installed or not on PATH"), "\(result.combined)")
    }

    @Test(.enabled(if: bash != nil, "bash is not on PATH"))
    func swiftVersionIsCheckedAndCacheKeyPartsAreWritten() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // A stand-in `swift` that only answers --version.
        let fakeBin = workspace.root + "/fake-bin"
        func fakeSwift(_ versionLine: String) throws {
            try Support.write("#!/bin/sh\necho '\(versionLine)'\necho 'Target: x86_64-unknown-linux-gnu'\n", to: fakeBin + "/swift")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fakeBin + "/swift")
        }
        let path = fakeBin + ":" + Support.systemPath

        try fakeSwift("Swift version 5.10 (swift-5.10-RELEASE)")
        let old = try workspace.runAction([:], mode: "prepare", binary: nil, path: path)
        #expect(old.status == 2)
        #expect(old.stdout.contains("Swift 5.10 is too old"), "\(old.combined)")

        try fakeSwift("Apple Swift version 6.1.2 (swiftlang-6.1.2.1.2 clang-1700.0.13.5)")
        let prepared = try workspace.runAction(["SWIFT_VERSION": "6.0"], mode: "prepare", binary: nil, path: path)
        #expect(prepared.status == 0, "\(prepared.combined)")
        #expect(prepared.stdout.contains("::warning title=StateLint action::the workflow expects Swift 6.0"), "\(prepared.combined)")
        let outputs = try #require(Support.read(workspace.output))
        #expect(outputs.contains("statelint-version=\(StateLintVersion.current)\n"), "\(outputs)")
        #expect(outputs.contains("swift-version=6.1.2\n"), "\(outputs)")
        #expect(outputs.contains("build-path=\(Support.repositoryRoot)/.build\n"), "\(outputs)")
        let hashLine = outputs.split(separator: "\n").first { $0.hasPrefix("sources-hash=") }
        let hash = try #require(hashLine?.dropFirst("sources-hash=".count))
        #expect(hash.count == 16 && hash.allSatisfy(\.isHexDigit), "\(outputs)")

        // A matching minor version (6.1 for 6.1.2) is not a mismatch.
        let matching = try workspace.runAction(["SWIFT_VERSION": "6.1"], mode: "prepare", binary: nil, path: path)
        #expect(matching.status == 0 && !matching.stdout.contains("::warning"), "\(matching.combined)")
    }

    /// Every input the action declares reaches the script, and the script reads no input the
    /// action does not pass.
    @Test func actionInputsAndScriptVariablesAgree() throws {
        let action = try #require(Support.read(Support.repositoryRoot + "/action.yml"))
        let script = try #require(Support.read(Self.script))
        let lines = action.split(separator: "\n", omittingEmptySubsequences: false)
        guard let inputsStart = lines.firstIndex(of: "inputs:"), let outputsStart = lines.firstIndex(of: "outputs:") else {
            Issue.record("action.yml has no top-level inputs:/outputs: sections")
            return
        }
        let declared = lines[inputsStart..<outputsStart]
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.hasSuffix(":") }
            .map { $0.trimmingCharacters(in: .whitespaces).dropLast() }
        #expect(Set(declared) == ["paths", "config", "strict", "reporters", "swift-version", "working-directory", "cache"])
        for input in declared where input != "cache" {
            let variable = "INPUT_" + input.uppercased().replacingOccurrences(of: "-", with: "_")
            #expect(action.contains("\(variable): ${{ inputs.\(input) }}"), "action.yml does not pass \(input) as \(variable)")
            #expect(script.contains(variable), "the script ignores \(variable)")
        }
        #expect(action.contains("if: inputs.cache == 'true'"))
    }
}
