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

/// `--fix`'s temporary files (`.Name.swift.statelint-fix-PID-N.tmp`): an interrupted run
/// removes those it has, and a later `--fix` removes those a killed run left.
@Suite struct FixInterruptTests {
    static func temporaryFiles(in tree: TemporaryTree) -> [String] {
        tree.snapshotNames().filter { $0.contains(FixTemporaryFiles.marker) }
    }

    /// The id of a process that has ended.
    static func deadProcessID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func theWriterOfATemporaryFileIsReadFromItsName() {
        let made = (FixTemporaryFiles.path(beside: "/p/Sources/A.swift") as NSString).lastPathComponent
        #expect(made.hasPrefix(".A.swift.statelint-fix-"))
        #expect(FixTemporaryFiles.writer(ofName: made) == getpid())
        #expect(FixTemporaryFiles.writer(ofName: ".A.swift.statelint-fix-123-456.tmp") == 123)
        #expect(FixTemporaryFiles.writer(ofName: ".a.statelint-fix-b.swift.statelint-fix-9-1.tmp") == 9)
        // Not ours: another shape, no name before the marker, not hidden, not numbers.
        for name in [".A.swift.statelint-fix-123.tmp", ".A.swift.statelint-fix-1-2-3.tmp", ".statelint-fix-1-2.tmp",
                     "A.swift.statelint-fix-1-2.tmp", ".A.swift.statelint-fix-x-2.tmp", ".A.swift.statelint-fix-1-2.txt",
                     ".A.swift.statelint-fix--1-2.tmp", ".A.swift.statelint-1-2.tmp"] {
            #expect(FixTemporaryFiles.writer(ofName: name) == nil, "\(name)")
        }
    }

    @Test func aSweepRemovesOnlyFilesOfProcessesThatEnded() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let dead = try Self.deadProcessID()
        try tree.write("Sources/A.swift", "struct A {}\n")
        let stale = try tree.write("Sources/.A.swift.statelint-fix-\(dead)-17.tmp", "")
        let running = try tree.write("Sources/.A.swift.statelint-fix-\(getppid())-18.tmp", "")
        let own = try tree.write("Sources/.A.swift.statelint-fix-\(getpid())-19.tmp", "")
        try tree.write("Sources/.notes.tmp", "")
        try FileManager.default.createDirectory(atPath: tree.path("Sources/.B.swift.statelint-fix-\(dead)-20.tmp"),
                                                withIntermediateDirectories: true)
        try tree.write("Other/.A.swift.statelint-fix-\(dead)-21.tmp", "")
        #expect(FixTemporaryFiles.sweep(folders: [tree.path("Sources")]) == [stale])
        #expect(!tree.exists("Sources/.A.swift.statelint-fix-\(dead)-17.tmp"))
        #expect(FileManager.default.fileExists(atPath: running) && FileManager.default.fileExists(atPath: own))
        #expect(tree.exists("Sources/.notes.tmp") && tree.exists("Sources/.B.swift.statelint-fix-\(dead)-20.tmp"))
        #expect(tree.exists("Other/.A.swift.statelint-fix-\(dead)-21.tmp"), "a folder not asked about")
        #expect(FixTemporaryFiles.sweep(folders: [tree.path("Sources"), tree.path("Missing")]).isEmpty)
    }

    /// What the interrupt handler does, on a list of its own: every listed file goes, and no
    /// new one can be made or renamed into place afterwards.
    @Test func removingAllStopsTheList() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let list = FixTemporaryFiles()
        let first = tree.path(".A.swift.statelint-fix-1-1.tmp")
        let second = tree.path(".B.swift.statelint-fix-1-2.tmp")
        let renamed = tree.path(".C.swift.statelint-fix-1-3.tmp")
        for path in [first, second, renamed] {
            let fd = list.create(path)
            #expect(fd >= 0)
            close(fd)
        }
        #expect(list.rename(renamed, over: tree.path("C.swift")))
        #expect(list.create(first) < 0 && errno == EEXIST, "never over an existing file")
        #expect(list.removeAll() == 2)
        #expect(Self.temporaryFiles(in: tree).isEmpty)
        #expect(tree.exists("C.swift"), "a file renamed into place is the fixed file")
        #expect(list.create(tree.path(".D.swift.statelint-fix-1-4.tmp")) < 0 && errno == EINTR)
        #expect(!tree.exists(".D.swift.statelint-fix-1-4.tmp"))
    }

    @Test func fixRemovesAndNamesWhatAKilledRunLeft() throws {
        let tree = try FixCLITests.makeTree()
        defer { tree.remove() }
        let dead = try Self.deadProcessID()
        try tree.write("Sources/.Counter.swift.statelint-fix-\(dead)-5.tmp", "")
        try tree.write("Sources/.Plain.swift.statelint-fix-\(getpid())-6.tmp", "")  // a run still going
        // --diff writes nothing, and removes nothing.
        let diff = try StateLintBinary.run(["--diff"], in: tree.root)
        #expect(Self.temporaryFiles(in: tree).count == 2, "\(diff.stderr)")
        let run = try StateLintBinary.run(["--fix"], in: tree.root)
        #expect(run.stderr.contains("statelint: removed Sources/.Counter.swift.statelint-fix-\(dead)-5.tmp, left by an interrupted run"),
                "\(run.stderr)")
        #expect(Self.temporaryFiles(in: tree) == ["Sources/.Plain.swift.statelint-fix-\(getpid())-6.tmp"])
        #expect(tree.read("Sources/Counter.swift") == FixCLITests.fixed)
    }

    /// Ctrl-C (or SIGTERM) while a thousand fixed files are being written: the run ends by
    /// the signal, every file is whole (as it was, or fixed), and no temporary file is left.
    /// Started as a shell starts it (nothing blocked), and as this test runner's threads start
    /// a process (with these signals blocked, which the run undoes).
    @Test(arguments: [(SIGINT, true), (SIGTERM, true), (SIGINT, false)])
    func anInterruptedFixLeavesNoTemporaryFile(signal: Int32, asFromAShell: Bool) throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let names = (0..<1_000).map { String(format: "Sources/V%04d.swift", $0) }
        // A view of its own in each file.
        func numbered(_ text: String, _ index: Int) -> String { text.replacingOccurrences(of: "Counter", with: "Counter\(index)") }
        for (index, name) in names.enumerated() { try tree.write(name, numbered(FixCLITests.fixable, index)) }
        let run = try FixRun(["--fix", "--quiet", "--jobs", "1"], in: tree.root, asFromAShell: asFromAShell)
        // Interrupted while a temporary file is there: its folder is listed until one shows.
        let deadline = Date().addingTimeInterval(120)
        func writing() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: tree.path("Sources"))) ?? []).contains { $0.contains(FixTemporaryFiles.marker) }
        }
        while run.isRunning, !writing(), Date() < deadline { usleep(200) }
        kill(run.pid, signal)
        #expect(run.wait() == .signal(signal), "the run ended before it was interrupted")
        #expect(Self.temporaryFiles(in: tree).isEmpty)
        let fixed = names.indices.map { tree.read(names[$0]) == numbered(FixCLITests.fixed, $0) }
        #expect(names.indices.allSatisfy { fixed[$0] || tree.read(names[$0]) == numbered(FixCLITests.fixable, $0) })
        #expect(fixed.last == false, "interrupted while writing")
    }
}

/// The binary started in the background, its output discarded.
private final class FixRun {
    enum Ending: Equatable { case exit(Int32), signal(Int32) }

    let pid: pid_t
    /// Started through `Process`, which collects its status itself.
    private let process: Process?
    private var ending: Ending?

    /// `asFromAShell`: no signal blocked and SIGINT/SIGTERM at their defaults (through
    /// `posix_spawn`); else as `Process` starts it from this thread.
    init(_ arguments: [String], in directory: String, asFromAShell: Bool) throws {
        let binary = try StateLintBinary.require()
        if !asFromAShell {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            process.environment = ["PATH": "/usr/bin:/bin"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            self.process = process
            pid = process.processIdentifier
            return
        }
        process = nil
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let script = "cd \(quoted(directory)) && exec \(([binary] + arguments).map(quoted).joined(separator: " ")) >/dev/null 2>&1"
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let words: [String] = ["/bin/sh", "-c", script]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child = pid_t()
        let environment: [UnsafeMutablePointer<CChar>?] = [strdup("PATH=/usr/bin:/bin"), nil]
        defer { environment.forEach { free($0) } }
        let failure = posix_spawn(&child, "/bin/sh", nil, &attributes, argv, environment)
        try #require(failure == 0, "posix_spawn: \(String(cString: strerror(failure)))")
        pid = child
    }

    var isRunning: Bool {
        if let process { return process.isRunning }
        return ending == nil && !reap(options: WNOHANG)
    }

    func wait() -> Ending? {
        if let process {
            process.waitUntilExit()
            return process.terminationReason == .uncaughtSignal ? .signal(process.terminationStatus) : .exit(process.terminationStatus)
        }
        if ending == nil { _ = reap(options: 0) }
        return ending
    }

    /// Collects the child's status; false while it runs (`WNOHANG`).
    private func reap(options: Int32) -> Bool {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, options) } while result < 0 && errno == EINTR
        guard result == pid else { return false }
        ending = status & 0x7f == 0 ? .exit((status >> 8) & 0xff) : .signal(status & 0x7f)
        return true
    }
}

extension TemporaryTree {
    /// Every file and folder under the root, relative to it (links not followed).
    func snapshotNames() -> [String] {
        var names: [String] = []
        var pending = [""]
        while let folder = pending.popLast() {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? [] where name != ".git" {
                let relative = folder.isEmpty ? name : folder + "/" + name
                names.append(relative)
                var info = stat()
                if lstat(path(relative), &info) == 0, info.st_mode & S_IFMT == S_IFDIR { pending.append(relative) }
            }
        }
        return names.sorted()
    }
}
