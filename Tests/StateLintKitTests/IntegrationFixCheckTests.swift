import Foundation
import Testing

/// `Scripts/fix-check.py`, CI's proof that `--fix` is safe, on the directive fixtures. The
/// Swift parser's checker is replaced by small stand-ins (tests do not depend on the shared
/// oracle), so the script's own checks are what is tested: that it passes a correct fix and
/// fails when the syntax gets worse, when nothing was fixed, or when files change behind it.
@Suite struct IntegrationFixCheckTests {
    typealias Support = IntegrationTestSupport
    static let tools = Support.executableOnPath("python3") != nil && Support.executableOnPath("patch") != nil
        && Support.executableOnPath("sh") != nil
    static let script = Support.repositoryRoot + "/Scripts/fix-check.py"
    static let fixtures = Support.repositoryRoot + "/Tests/StateLintKitTests/Fixtures/Fixes"

    /// A stand-in for `swiftsyntax-check`: prints `<count><TAB><path>` per file, the count
    /// computed by the shell expression `count` from `$n`, the file's line count.
    static func checker(in folder: String, count: String) throws -> String {
        let path = folder + "/check-\(UUID().uuidString)"
        try Support.write("#!/bin/sh\nfor f; do n=$(wc -l < \"$f\"); printf '%d\\t%s\\n' \(count) \"$f\"; done\n", to: path)
        chmod(path, 0o755)
        return path
    }

    static func runScript(_ arguments: [String], in folder: String) throws -> Support.ProcessResult {
        try Support.run(try #require(Support.executableOnPath("python3")), [script] + arguments,
                        environment: ["PATH": Support.systemPath, "TMPDIR": folder], in: folder)  // copies kept on failure stay in folder
    }

    @Test(.enabled(if: tools, "needs python3, patch and sh"))
    func aCorrectFixPassesEveryCheck() throws {
        let binary = try #require(Support.statelintBinary, Support.missingBinaryMessage)
        let folder = try Support.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let noErrors = try Self.checker(in: folder, count: "0")
        let result = try Self.runScript(["--statelint", binary, "--syntax-check", noErrors, "--expect-fixes", Self.fixtures], in: folder)
        #expect(result.status == 0, "\(result.combined)")
        for check in 1...5 { #expect(result.stdout.contains("ok \(check):"), "\(result.combined)") }
        #expect(result.stdout.contains("7 with a fix; --fix changed 3 files"), "\(result.combined)")
    }

    @Test(.enabled(if: tools, "needs python3, patch and sh"))
    func moreSyntaxErrorsAfterFixingFail() throws {
        let binary = try #require(Support.statelintBinary, Support.missingBinaryMessage)
        let folder = try Support.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Fewer lines, more "errors": every fix here deletes lines.
        let worse = try Self.checker(in: folder, count: "$((100 - n))")
        let result = try Self.runScript(["--statelint", binary, "--syntax-check", worse, Self.fixtures], in: folder)
        #expect(result.status == 1, "\(result.combined)")
        #expect(result.stdout.contains("FAIL 3: more syntax errors after fixing: Views/Badge.swift"), "\(result.combined)")
    }

    @Test(.enabled(if: tools, "needs python3, patch and sh"))
    func nothingFixedFailsOnlyWhenFixesWereExpected() throws {
        let binary = try #require(Support.statelintBinary, Support.missingBinaryMessage)
        let folder = try Support.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Support.write("struct Plain {}\n", to: folder + "/in/Plain.swift")
        let checker = try Self.checker(in: folder, count: "0")
        #expect(try Self.runScript(["--statelint", binary, "--syntax-check", checker, folder + "/in"], in: folder).status == 0)
        let expecting = try Self.runScript(["--statelint", binary, "--syntax-check", checker, "--expect-fixes", folder + "/in"], in: folder)
        #expect(expecting.status == 1 && expecting.stdout.contains("FAIL --expect-fixes"), "\(expecting.combined)")
        #expect(try Self.runScript(["--statelint", folder + "/missing", "--syntax-check", checker, folder + "/in"], in: folder).status == 2)
    }

    /// A statelint that also touches a file it had nothing to fix in: caught.
    @Test(.enabled(if: tools, "needs python3, patch and sh"))
    func aFixThatTouchesOtherFilesFails() throws {
        let binary = try #require(Support.statelintBinary, Support.missingBinaryMessage)
        let folder = try Support.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let wrapper = folder + "/statelint"
        try Support.write("""
        #!/bin/sh
        '\(binary)' "$@"; status=$?
        case " $* " in *" --fix "*) printf '// touched\\n' >> Clean.swift ;; esac
        exit $status

        """, to: wrapper)
        chmod(wrapper, 0o755)
        let checker = try Self.checker(in: folder, count: "0")
        let result = try Self.runScript(["--statelint", wrapper, "--syntax-check", checker, Self.fixtures], in: folder)
        #expect(result.status == 1 && result.stdout.contains("FAIL"), "\(result.combined)")
    }
}
