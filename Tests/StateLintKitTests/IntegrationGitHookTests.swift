import Foundation
import Testing

/// Runs `Scripts/pre-commit` (the plain git hook) in temporary git repositories whose staged
/// and working-tree contents differ, to show it lints exactly what would be committed.
@Suite struct IntegrationGitHookTests {
    typealias Support = IntegrationTestSupport
    static let hook = Support.repositoryRoot + "/Scripts/pre-commit"
    static let git = Support.executableOnPath("git")
    static let bash = Support.executableOnPath("bash")
    static let fixedView = Support.viewSource(creating: "SharedModel").replacingOccurrences(
        of: "@State private var model = SharedModel()", with: "@State private var model: SharedModel?")

    /// A repository with a committed class, `strict: true` (so warnings fail the hook) and an
    /// excluded folder.
    struct Repository {
        let root: String

        init() throws {
            root = try Support.makeTemporaryDirectory()
            try git("init", "-q")
            try Support.write("strict: true\nexcluded: [Generated]\n", to: root + "/.linter.yml")
            try Support.write(Support.classSource, to: root + "/Models/SharedModel.swift")
            try git("add", "-A")
            try git("commit", "-q", "-m", "model")
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }

        var environment: [String: String] {
            ["PATH": Support.systemPath, "HOME": root, "GIT_CONFIG_NOSYSTEM": "1",
             "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.com",
             "GIT_COMMITTER_NAME": "T", "GIT_COMMITTER_EMAIL": "t@example.com"]
        }

        @discardableResult
        func git(_ arguments: String...) throws -> Support.ProcessResult {
            let result = try Support.run(try #require(IntegrationGitHookTests.git), arguments, environment: environment, in: root)
            #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.combined)")
            return result
        }

        func write(_ text: String, _ relativePath: String) throws {
            try Support.write(text, to: root + "/" + relativePath)
        }

        /// Runs the hook as git would (from a subfolder, to show it finds the top level).
        func runHook(statelint: String?) throws -> Support.ProcessResult {
            var environment = self.environment
            environment["STATELINT"] = statelint
            try FileManager.default.createDirectory(atPath: root + "/Models", withIntermediateDirectories: true)
            return try Support.run(try #require(IntegrationGitHookTests.bash), [IntegrationGitHookTests.hook],
                                   environment: environment, in: root + "/Models")
        }
    }

    @Test(.enabled(if: git != nil && bash != nil, "git or bash is not on PATH"))
    func stagedProblemFailsEvenWhenTheWorkingTreeIsFixed() throws {
        let binary = try #require(Support.statelintBinary, Support.missingBinaryMessage)
        let repository = try Repository()
        defer { repository.remove() }
        try repository.write(Support.viewSource(creating: "SharedModel"), "Views/Content View.swift")
        try repository.git("add", "Views/Content View.swift")
        try repository.write(Self.fixedView, "Views/Content View.swift")   // unstaged fix

        let result = try repository.runHook(statelint: binary)
        #expect(result.status == 1, "\(result.combined)")
        // The class is only in a committed, unstaged-for-this-commit file: resolved via the project index.
        #expect(result.stdout.contains("Views/Content View.swift:4:"), "\(result.combined)")
        #expect(result.stdout.contains("[state_inline_class_init]"), "\(result.combined)")
        #expect(result.stderr.contains("StateLint found problems in the staged files"), "\(result.combined)")
    }

    @Test(.enabled(if: git != nil && bash != nil, "git or bash is not on PATH"))
    func unstagedProblemsAndExcludedFilesDoNotBlockTheCommit() throws {
        let binary = try #require(Support.statelintBinary, Support.missingBinaryMessage)
        let repository = try Repository()
        defer { repository.remove() }
        try repository.write(Self.fixedView, "Views/ContentView.swift")
        try repository.git("add", "Views/ContentView.swift")
        try repository.write(Support.viewSource(creating: "SharedModel"), "Views/ContentView.swift")   // unstaged bug
        try repository.write(Support.viewSource(creating: "SharedModel"), "Views/Untracked.swift")
        try repository.write(Support.viewSource(creating: "SharedModel"), "Generated/Made.swift")
        try repository.git("add", "Generated/Made.swift")   // staged but excluded by .linter.yml

        let result = try repository.runHook(statelint: binary)
        #expect(result.status == 0, "\(result.combined)")
        #expect(result.stdout.isEmpty, "\(result.combined)")
    }

    @Test(.enabled(if: git != nil && bash != nil, "git or bash is not on PATH"))
    func renamedAndDeletedFilesAreHandled() throws {
        let binary = try #require(Support.statelintBinary, Support.missingBinaryMessage)
        let repository = try Repository()
        defer { repository.remove() }
        try repository.write(Support.viewSource(creating: "SharedModel"), "Views/Old.swift")
        try repository.git("add", "Views/Old.swift")
        try repository.git("commit", "-q", "--no-verify", "-m", "old")
        try repository.git("mv", "Views/Old.swift", "Views/New.swift")
        try repository.git("rm", "-q", "--cached", "Models/SharedModel.swift")

        let result = try repository.runHook(statelint: binary)
        #expect(result.status == 1, "\(result.combined)")
        #expect(result.stdout.contains("Views/New.swift:4:"), "\(result.combined)")
        #expect(!result.stdout.contains("SharedModel.swift"), "\(result.combined)")
    }

    @Test(.enabled(if: git != nil && bash != nil, "git or bash is not on PATH"))
    func missingStatelintIsAClearError() throws {
        let repository = try Repository()
        defer { repository.remove() }
        try repository.write(Support.viewSource(creating: "SharedModel"), "Views/ContentView.swift")
        try repository.git("add", "-A")
        let result = try repository.runHook(statelint: repository.root + "/no-such-statelint")
        #expect(result.status == 1)
        #expect(result.stderr.contains("statelint not found"), "\(result.combined)")
    }
}
