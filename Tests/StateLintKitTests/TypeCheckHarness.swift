import Foundation
import Testing

/// Type-checks Swift sources with the real compiler, against our stand-ins for Apple's SwiftUI
/// and Combine (`Tests/TypeCheck/SwiftUI`, `Tests/TypeCheck/Combine`: our own declarations
/// with Apple's public signatures, never compiled into the tests). So a fix is proven to give
/// code that compiles, not only code that parses, on Linux where neither framework exists.
///
///     let errors = try TypeCheck.typeCheck(files: ["Model.swift": model, "View.swift": view])
///     #expect(errors.isEmpty, "\(errors)")
///
/// The stand-ins are built once per test process (the first caller waits). Each call type-checks
/// its files together as one module (`swiftc -typecheck -parse-as-library`), so one file may use
/// another's types, but the files may have no top-level code, and no two may share a file name.
/// At most two compilers run at a time, whatever the number of tests running in parallel.
///
/// Language mode: Swift 6, the mode of this package. The fixtures type-check in it (as with
/// Apple's SDK, `.task` and `.onAppear` closures written in a view run on its main actor), and
/// it is the stricter mode: a rewrite that adds a data race fails here too.
///
/// Written for Linux: on a Mac, `import Foundation` brings Apple's Combine, which would meet
/// our stand-in of the same name.
enum TypeCheck {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let languageMode = "6"
    static let standIns = RuleDocumentationFiles.repositoryRoot.appendingPathComponent("Tests/TypeCheck")

    /// The compiler's `error:` lines for `files` (relative path → source), with paths relative
    /// to the module's folder (`View.swift:3:9: error: …`); empty when the module type-checks.
    /// Throws when the compiler cannot be found or the stand-ins do not build: a test that uses
    /// this must then fail, never pass for want of a compiler.
    static func typeCheck(files: [String: String]) throws -> [String] {
        let modules = try builtModules.get()
        let folder = try temporaryFolder("check")
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (name, source) in files.sorted(by: { $0.key < $1.key }) {
            let file = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(source.utf8).write(to: file)
            paths.append(name)
        }
        // One compiler job for the whole module (faster than one per file), and every error
        // in every file, not only the first file's.
        let run = try compile(["-typecheck", "-module-name", "TypeCheckedApp", "-whole-module-optimization",
                               "-continue-building-after-errors"] + commonArguments(modules: modules) + paths,
                              in: folder)
        var errors = run.output.split(separator: "\n").map(String.init).filter(isError)
        if run.status != 0 && errors.isEmpty {
            errors = ["swiftc exited \(run.status) without an error line:\n\(run.output)"]
        }
        return errors
    }

    /// A line the compiler reports an error on: `path:line:column: error: …` or `error: …`.
    static func isError(_ line: String) -> Bool {
        line.hasPrefix("error: ") || line.contains(": error: ")
    }

    static func commonArguments(modules: URL) -> [String] {
        ["-parse-as-library", "-swift-version", languageMode, "-I", modules.path,
         "-module-cache-path", modules.appendingPathComponent("ModuleCache").path,
         "-diagnostic-style", "llvm", "-no-color-diagnostics"]
    }

    // MARK: The stand-in modules

    /// The folder with `Combine.swiftmodule` and `SwiftUI.swiftmodule`, built on first use.
    static let builtModules: Result<URL, Failure> = {
        do {
            let folder = try temporaryFolder("modules")
            modulesFolderToRemove = folder.path
            atexit { if let path = TypeCheck.modulesFolderToRemove { try? FileManager.default.removeItem(atPath: path) } }
            for module in ["Combine", "SwiftUI"] {  // SwiftUI imports Combine
                let sources = try FileManager.default.contentsOfDirectory(atPath: standIns.appendingPathComponent(module).path)
                    .filter { $0.hasSuffix(".swift") }.sorted()
                    .map { standIns.appendingPathComponent(module).appendingPathComponent($0).path }
                guard !sources.isEmpty else { throw Failure(description: "no stand-in sources in Tests/TypeCheck/\(module)") }
                let run = try compile(["-emit-module", "-module-name", module,
                                       "-emit-module-path", folder.appendingPathComponent("\(module).swiftmodule").path]
                                      + commonArguments(modules: folder) + sources, in: folder)
                guard run.status == 0 else {
                    throw Failure(description: "the \(module) stand-in (Tests/TypeCheck/\(module)) does not build:\n\(run.output)")
                }
            }
            return .success(folder)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "building the stand-in modules: \(error)"))
        }
    }()

    nonisolated(unsafe) static var modulesFolderToRemove: String?

    // MARK: The compiler

    /// `swiftc` from `PATH`, else the one beside the Swift runtime this test process loaded.
    static let compiler: Result<URL, Failure> = {
        if let found = locateCompiler(searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "",
                                      loadedLibraries: loadedLibraries()) {
            return .success(found)
        }
        return .failure(Failure(description: """
            swiftc was not found on PATH nor beside the Swift runtime of this test process; the \
            type-check tests need it: put the toolchain's usr/bin on PATH
            """))
    }()

    /// The first executable `swiftc` in `searchPath` (colon-separated), else in the `bin` folder
    /// of the toolchain whose `libswiftCore` is among `loadedLibraries`.
    static func locateCompiler(searchPath: String, loadedLibraries: [String]) -> URL? {
        let fileManager = FileManager.default
        for folder in searchPath.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if fileManager.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        // <toolchain>/usr/lib/swift/linux/libswiftCore.so → <toolchain>/usr/bin/swiftc
        for library in loadedLibraries where library.hasSuffix("/libswiftCore.so") {
            let candidate = URL(fileURLWithPath: library).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("bin/swiftc")
            if fileManager.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The shared libraries mapped into this process (Linux; empty elsewhere).
    static func loadedLibraries() -> [String] {
        // Read to the end: the file reports a size of 0, which whole-file reads may trust.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/maps"),
              let data = try? file.readToEnd() else { return [] }
        try? file.close()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in line.firstIndex(of: "/").map { String(line[$0...]) } }
    }

    // MARK: Running it

    struct Run {
        let status: Int32
        /// Standard output and error together.
        let output: String
    }

    /// Runs the compiler in `folder` with output to a file (a pipe could fill up and block it),
    /// once at most two others are not running.
    static func compile(_ arguments: [String], in folder: URL) throws -> Run {
        let compiler = try compiler.get()
        gate.enter()
        defer { gate.leave() }
        let outputFile = folder.appendingPathComponent(".swiftc-output-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let output = try FileHandle(forWritingTo: outputFile)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = compiler
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + 300) == .timedOut {
            process.terminate()
            finished.wait()
            throw Failure(description: "swiftc \(arguments.joined(separator: " ")) did not finish within 300 s")
        }
        let text = String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self)
        // Paths relative to the module's folder, so messages name the fixture's own files.
        let prefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        return Run(status: process.terminationStatus, output: text.replacingOccurrences(of: prefix, with: ""))
    }

    /// Lets two compilers run at once (the machines have two cores, the test runner more threads).
    static let gate = Gate(limit: 2)

    final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private var free: Int

        init(limit: Int) { free = limit }

        func enter() {
            condition.lock()
            while free == 0 { condition.wait() }
            free -= 1
            condition.unlock()
        }

        func leave() {
            condition.lock()
            free += 1
            condition.signal()
            condition.unlock()
        }
    }

    static func temporaryFolder(_ kind: String) throws -> URL {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("statelint-typecheck-\(kind)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.resolvingSymlinksInPath()
    }
}
