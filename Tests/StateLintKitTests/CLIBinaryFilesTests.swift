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

/// The built `statelint` executable against awkward file trees: skipped folders, exclusions,
/// symbolic link loops, unreadable, binary and non-UTF-8 files, FIFOs.
@Suite("CLI binary: files")
struct CLIBinaryFilesTests {
    @Test func buildProductsHiddenFoldersAndPodsAreSkipped() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("App/Counter.swift", CLISamples.inlineClass)
        for folder in [".build/debug", ".hidden", "Pods/Lib", "DerivedData", "Carthage/Checkouts", "App/.swiftpm", "node_modules/x"] {
            try tree.write("\(folder)/Skipped.swift", CLISamples.inlineClass)
        }
        let run = try StateLintBinary.run(["-q"], in: tree.root)
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").map { String($0.split(separator: ":")[0]) } == ["App/Counter.swift"])
    }

    @Test func excludedPathsAndExplicitPaths() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write(".linter.yml", "included: [App]\nexcluded: [App/Generated]\n")
        try tree.write("App/Counter.swift", CLISamples.inlineClass)
        try tree.write("App/Generated/Gen.swift", CLISamples.inlineClass)
        try tree.write("Tools/Tool.swift", CLISamples.inlineClass)
        func linted(_ arguments: [String], in directory: String? = nil) throws -> [String] {
            let run = try StateLintBinary.run(["-q"] + arguments, in: directory ?? tree.root)
            return run.stdout.split(separator: "\n").map { String($0.split(separator: ":")[0]) }
        }
        #expect(try linted([]) == ["App/Counter.swift"])
        // A file named explicitly is linted although excluded, unless --force-exclude.
        #expect(try linted(["App/Generated/Gen.swift"]) == ["App/Generated/Gen.swift"])
        #expect(try linted(["App/Generated/Gen.swift", "--force-exclude"]) == [])
        // Explicit folders replace `included`; `excluded` still applies inside them.
        #expect(try linted(["Tools"]) == ["Tools/Tool.swift"])
        #expect(try linted(["."]) == ["App/Counter.swift", "Tools/Tool.swift"])
        // Paths are resolved against the working directory and shown relative to it.
        #expect(try linted(["Counter.swift", "../Tools"], in: tree.path("App")) == ["Counter.swift", tree.path("Tools/Tool.swift")])
        // The same file twice is linted once.
        #expect(try linted(["App/Counter.swift", "App"]) == ["App/Counter.swift"])
    }

    @Test func directorySymlinkLoopsTerminate() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Sources/Counter.swift", CLISamples.inlineClass)
        try FileManager.default.createSymbolicLink(atPath: tree.path("Sources/loop"), withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: tree.path("Sources/self"), withDestinationPath: ".")
        let run = try StateLintBinary.run(["-q"], in: tree.root, timeout: 60)
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").count == 1)
        // Naming the looping link itself lints its target once and still ends.
        let explicit = try StateLintBinary.run(["-q", "Sources/loop"], in: tree.root, timeout: 60)
        #expect(explicit.status == 0 && explicit.stdout.split(separator: "\n").count == 1)
    }

    @Test func unreadableFilesAreReportedAndTheRunContinues() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Counter.swift", CLISamples.inlineClass)
        // A dangling symbolic link named explicitly cannot be read, even by root.
        try FileManager.default.createSymbolicLink(atPath: tree.path("Gone.swift"), withDestinationPath: "nowhere/Gone.swift")
        var unreadable = ["Gone.swift"]
        if permissionsAreEnforced {
            try tree.write("Locked.swift", CLISamples.clean)
            chmod(tree.path("Locked.swift"), 0)
            unreadable.append("Locked.swift")
        }
        let run = try StateLintBinary.run(["Counter.swift"] + unreadable, in: tree.root)
        #expect(run.status == 2)
        #expect(run.stdout.contains("Counter.swift:8:5: warning:"), "the readable file is still linted")
        for name in unreadable {
            #expect(run.stderrLines.contains { $0.hasPrefix("\(name): error: ") }, "\(run.stderr)")
        }
        let ignored = try StateLintBinary.run(["Counter.swift", "--ignore-unreadable"] + unreadable, in: tree.root)
        #expect(ignored.status == 0 && ignored.stdout == run.stdout)
        #expect(ignored.stderr.contains("Gone.swift: error: "), "still told, just not failed")
    }

    @Test func binaryAndNonUTF8FilesAreSkippedWithAClearMessage() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Counter.swift", CLISamples.inlineClass)
        try tree.write("Latin1.swift", bytes: Array("let caf".utf8) + [0xE9, 0x20, 0x3D, 0x20, 0x31, 0x0A])
        try tree.write("Binary.swift", bytes: [0x63, 0x66, 0x00, 0xFF, 0x01, 0x02])
        let run = try StateLintBinary.run([], in: tree.root)
        #expect(run.status == 2)
        #expect(run.stdout.contains("Counter.swift:8:5: warning:"))
        #expect(run.stderr.contains("Latin1.swift: error: not valid UTF-8 (byte 0xE9 at 1:8)"), "\(run.stderr)")
        #expect(run.stderr.contains("Binary.swift: error: binary file (NUL byte at 1:3)"), "\(run.stderr)")
        let ignored = try StateLintBinary.run(["--ignore-unreadable"], in: tree.root)
        #expect(ignored.status == 0 && ignored.stdout == run.stdout)
        let strictIgnored = try StateLintBinary.run(["--ignore-unreadable", "--strict"], in: tree.root)
        #expect(strictIgnored.status == 1)
    }

    @Test func fifoIsRefusedNotReadForever() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Counter.swift", CLISamples.inlineClass)
        #expect(mkfifo(tree.path("Pipe.swift"), 0o644) == 0)
        #expect(mkfifo(tree.path("baseline.json"), 0o644) == 0)
        let explicit = try StateLintBinary.run(["Pipe.swift", "Counter.swift"], in: tree.root, timeout: 60)
        #expect(explicit.status == 2)
        #expect(explicit.stderr.contains("Pipe.swift: error: not a regular file"))
        #expect(explicit.stdout.contains("Counter.swift:8:5"))
        // Named twice (and spelled another way): one file, one error.
        let twice = try StateLintBinary.run(["Pipe.swift", "./Pipe.swift", "Pipe.swift"], in: tree.root, timeout: 60)
        #expect(twice.status == 2 && twice.stderr.components(separatedBy: "not a regular file").count == 2, "\(twice.stderr)")
        // Found by walking the folder, it is never opened either, and said so, as named.
        let walked = try StateLintBinary.run([], in: tree.root, timeout: 60)
        #expect(walked.status == 2 && walked.stdout.contains("Counter.swift:8:5"))
        #expect(walked.stderr.contains("Pipe.swift: error: not a regular file (a FIFO, socket or device); skipped"), "\(walked.stderr)")
        let ignored = try StateLintBinary.run(["--ignore-unreadable"], in: tree.root, timeout: 60)
        #expect(ignored.status == 0 && ignored.stderr.contains("Pipe.swift: error: not a regular file"))
        let baseline = try StateLintBinary.run(["--baseline", "baseline.json"], in: tree.root, timeout: 60)
        #expect(baseline.status == 2 && baseline.stderr.contains("baseline.json: error: cannot read baseline file"))
    }

    @Test func runsNeverModifySourceFiles() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("App/Counter.swift", CLISamples.inlineClass)
        try tree.write("App/Plain.swift", CLISamples.clean)
        try tree.write("App/Disabled.swift", "// statelint:disable:next state_inline_class_init\n" + CLISamples.clean)
        try FileManager.default.createDirectory(atPath: tree.path("out"), withIntermediateDirectories: true)
        let before = tree.snapshot()
        var arguments = ["App", "--write-baseline", "out/baseline.json"]
        for name in OutputFormatterRegistry.names { arguments += ["--reporter", "\(name):out/report.\(name)"] }
        let run = try StateLintBinary.run(arguments, in: tree.root)
        #expect(run.status == 0, "\(run.stderr)")
        let after = tree.snapshot().filter { !$0.key.hasPrefix("out/") }
        #expect(after == before)
        #expect(tree.snapshot().keys.filter { $0.hasPrefix("out/") }.count == OutputFormatterRegistry.names.count + 1)
        // Pointing a report at a source file is refused rather than overwriting it.
        let clobber = try StateLintBinary.run(["App", "--reporter", "json:App/Counter.swift"], in: tree.root)
        #expect(clobber.status == 2 && clobber.stderr.contains("refusing to write over a Swift source file"))
        let baselineClobber = try StateLintBinary.run(["App", "--write-baseline", "App/Plain.swift"], in: tree.root)
        #expect(baselineClobber.status == 2)
        #expect(tree.snapshot().filter { !$0.key.hasPrefix("out/") } == before)
    }
}
