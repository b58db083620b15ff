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

/// `StateLintCommand` run in-process (captured output, injected terminal state), the progress
/// line, the report writer and the argument parser.
@Suite("CLI in-process")
struct CLICommandTests {
    @Test func pathsResolveAgainstTheCommandsWorkingDirectoryNotTheProcesss() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("App/Counter.swift", CLISamples.inlineClass)
        #expect(FileManager.default.currentDirectoryPath != tree.path("App"))
        let run = InProcess.run(["Counter.swift", "--write-baseline", "base.json"], in: tree.path("App"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Counter.swift:8:5: warning:"))
        #expect(tree.read("App/base.json")?.contains("\"file\": \"Counter.swift\"") == true, "\(tree.read("App/base.json") ?? "")")
        let suppressed = InProcess.run(["--baseline", "base.json", "--strict"], in: tree.path("App"))
        #expect(suppressed.status == 0 && suppressed.stdout.isEmpty, "\(suppressed.stderr)")
        let tokens = InProcess.run(["tokens", "Counter.swift"], in: tree.path("App"))
        #expect(tokens.status == 0 && tokens.stdout.contains("CounterModel"))
    }

    /// Findings inside the working directory are shown relative to it, also when its name is
    /// not ASCII (the prefix is removed by bytes, with a Unicode-aware fallback).
    @Test func pathsInsideANonASCIIWorkingDirectoryAreShownRelative() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Café Ünïcode/Views/Counter.swift", CLISamples.inlineClass)
        let run = InProcess.run(["--no-color", tree.path("Café Ünïcode/Views/Counter.swift")], in: tree.path("Café Ünïcode"))
        #expect(run.stdout.hasPrefix("Views/Counter.swift:8:5: warning:"), "\(run.stdout)")
        let above = InProcess.run(["--no-color", tree.path("Café Ünïcode/Views/Counter.swift")], in: tree.root)
        #expect(above.stdout.hasPrefix("Café Ünïcode/Views/Counter.swift:8:5:"), "\(above.stdout)")
        try tree.write("Elsewhere/notes.txt", "")
        let outside = InProcess.run(["--no-color", tree.path("Café Ünïcode/Views/Counter.swift")], in: tree.path("Elsewhere"))
        #expect(outside.stdout.hasPrefix(tree.path("Café Ünïcode/Views/Counter.swift") + ":8:5:"), "\(outside.stdout)")
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Counter.swift", CLISamples.inlineClass)
        let terminal = InProcess.run([], in: tree.root, terminal: true)
        #expect(terminal.stderr.contains("\u{1B}[2mDone: 1 warning"))
        #expect(!terminal.stdout.contains("\u{1B}"))
        #expect(!InProcess.run(["--no-color"], in: tree.root, terminal: true).stderr.contains("\u{1B}"))
        #expect(!InProcess.run([], in: tree.root, variables: ["NO_COLOR": "1"], terminal: true).stderr.contains("\u{1B}"))
        #expect(!InProcess.run([], in: tree.root).stderr.contains("\u{1B}"))
    }

    @Test func progressIsForTerminalsOnlyAndNeverOnStdout() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        for index in 0..<30 { try tree.write("V\(index).swift", CLISamples.inlineClass(named: "V\(index)")) }
        let piped = InProcess.run(["--no-color"], in: tree.root)
        #expect(!piped.stderr.contains("\r") && piped.stderr.hasPrefix("Linting 30 files…\n"))
        let terminal = InProcess.run(["--no-color"], in: tree.root, terminal: true)
        // On a terminal the static line gives way to the live one (drawn only if the run is slow).
        #expect(!terminal.stderr.contains("Linting 30 files…\n"))
        #expect(terminal.stderr.hasSuffix("\n") && terminal.stderr.contains("Done: 30 warnings"))
        if let lastReturn = terminal.stderr.lastIndex(of: "\r") {
            // Whatever was drawn is blanked before `Done:` is printed.
            #expect(terminal.stderr[terminal.stderr.index(after: lastReturn)...].hasPrefix("Done:"))
        }
        #expect(!terminal.stdout.contains("\r") && !terminal.stdout.contains("Linting") && !terminal.stdout.contains("Done:"))
        #expect(terminal.stdout == piped.stdout)
        #expect(InProcess.run(["-q"], in: tree.root, terminal: true).stderr.isEmpty)
    }

    @Test func progressLineWaitsThrottlesAndClears() {
        let clock = FakeClock()
        let sink = CapturedText()
        let line = ProgressLine(sink: sink, delay: 300, interval: 100, now: { clock.time })
        line.fileFinished(.indexing, total: 4)
        clock.time = 299
        line.fileFinished(.indexing, total: 4)
        #expect(sink.text.isEmpty, "quick runs draw nothing")
        clock.time = 300
        line.fileFinished(.indexing, total: 4)
        #expect(sink.text == "\rIndexing 3/4 files…")
        clock.time = 350
        line.fileFinished(.indexing, total: 4)
        #expect(sink.text.hasSuffix("\rIndexing 4/4 files…"), "the last file is always shown")
        clock.time = 360
        line.fileFinished(.linting, total: 2)
        #expect(!sink.text.contains("Linting"), "throttled to one update per interval")
        clock.time = 460
        line.fileFinished(.linting, total: 2)
        // `Linting 2/2 files…` is one character shorter than what it overwrites.
        #expect(sink.text.hasSuffix("\rLinting 2/2 files… "))
        line.finish()
        #expect(sink.text.hasSuffix("\r" + String(repeating: " ", count: "Indexing 4/4 files…".count) + "\r"))
        let before = sink.text
        line.finish()
        #expect(sink.text == before, "a second finish writes nothing")

        let quiet = CapturedText()
        let unused = ProgressLine(sink: quiet, now: { 0 })
        unused.fileFinished(.linting, total: 1)
        unused.finish()
        #expect(quiet.text.isEmpty)
    }

    @Test func engineReportsEachFileOfEachPhase() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let lint = try (0..<5).map { try tree.write("L\($0).swift", CLISamples.inlineClass(named: "L\($0)")) }
        let index = try (0..<3).map { try tree.write("I\($0).swift", CLISamples.clean) } + [lint[0]]
        let counts = PhaseCounts()
        let result = LintEngine(rules: [], directiveSeverity: nil, options: { var o = LintEngine.Options(); o.jobs = 2; return o }())
            .run(files: lint, indexFiles: index, progress: { phase, total in counts.add(phase, total: total) })
        #expect(result.lintedFiles.count == 5)
        // Each file is read once: linted files report `.linting`, index-only files `.indexing`.
        #expect(counts.snapshot() == [.indexing: [3: 3], .linting: [5: 5]])
    }

    @Test func reportWriterWritesDevicesDirectlyAndRefusesAFIFOWithoutReader() throws {
        try ReportFileWriter.write("ignored\n", to: "/dev/null")
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "the device node was not replaced")
        let tree = try TemporaryTree()
        defer { tree.remove() }
        #expect(mkfifo(tree.path("pipe"), 0o644) == 0)
        #expect(throws: ReportFileWriter.WriteError.self) { try ReportFileWriter.write("x", to: tree.path("pipe")) }
        try ReportFileWriter.append("one\n", to: tree.path("log.md"))
        try ReportFileWriter.append("two\n", to: tree.path("log.md"))
        #expect(tree.read("log.md") == "one\ntwo\n")
    }

    /// A report or baseline's temporary file is listed with `--fix`'s, which an interrupt
    /// removes: written whole, nothing is left beside it; once the run is being interrupted
    /// (the list stopped), no file is made, and the old report stays as it was.
    @Test func reportWriterListsItsTemporaryFileForInterrupts() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let list = FixTemporaryFiles()
        try ReportFileWriter.write("first\n", to: tree.path("report.json"), temporaryFiles: list)
        #expect(tree.read("report.json") == "first\n")
        var info = stat()
        #expect(stat(tree.path("report.json"), &info) == 0 && info.st_mode & 0o777 == 0o644 & ~Self.currentUmask())
        func temporaries() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: tree.root).filter { $0.contains(FixTemporaryFiles.marker) }
        }
        #expect(try temporaries().isEmpty)
        list.removeAll()
        #expect(throws: ReportFileWriter.WriteError.self) { try ReportFileWriter.write("second\n", to: tree.path("report.json"), temporaryFiles: list) }
        #expect(tree.read("report.json") == "first\n")
        #expect(try temporaries().isEmpty)
    }

    private static func currentUmask() -> mode_t {
        let current = umask(0)
        _ = umask(current)
        return current
    }

    @Test func parserHandlesInlineValuesSeparatorsAndOutputPaths() throws {
        let options = try CommandLineOptions.parse(["lint", "--reporter=sarif", "--output", "o.sarif", "-j", "3",
                                                    "--format", "junit:j.xml", "--", "--odd-name.swift", "rules"])
        #expect(options.command == .lint)
        #expect(options.reporters == [.init(name: "sarif", outputPath: "o.sarif"), .init(name: "junit", outputPath: "j.xml")])
        #expect(options.jobs == 3)
        #expect(options.arguments == ["--odd-name.swift", "rules"])
        #expect(try CommandLineOptions.parse(["Sources", "rules"]).arguments == ["Sources", "rules"])
        #expect(try CommandLineOptions.parse(["rules", "x"]).command == .rules)
        #expect(throws: CommandLineOptions.UsageError.self) { try CommandLineOptions.parse(["--jobs", "many"]) }
    }
}

/// A clock tests move by hand.
final class FakeClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt64 = 0
    var time: UInt64 {
        get { lock.lock(); defer { lock.unlock() }; return value }
        set { lock.lock(); value = newValue; lock.unlock() }
    }
}

/// Progress callbacks per phase: how many arrived for each announced total.
final class PhaseCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [LintEngine.Phase: [Int: Int]] = [:]
    func add(_ phase: LintEngine.Phase, total: Int) {
        lock.lock()
        counts[phase, default: [:]][total, default: 0] += 1
        lock.unlock()
    }
    func snapshot() -> [LintEngine.Phase: [Int: Int]] {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }
}
