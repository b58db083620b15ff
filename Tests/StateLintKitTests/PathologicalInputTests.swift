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

/// Hostile and degenerate inputs through the whole tool: tokenizer, structure, every rule and
/// every formatter in memory (`PathologicalPipeline`), and the real `LintEngine` reading a
/// temporary file. Nothing may crash, hang, report a position outside the file, or produce a
/// broken report.
///
/// The only timing is `generousBound`: minutes for work that takes about a second, so a
/// quadratic blow-up fails the test instead of stalling CI. It never measures speed.
@Suite(.serialized) struct PathologicalInputTests {
    static let generousBound = 300.0

    /// A view with an inline class instance in `@State` (one `state_inline_class_init` finding).
    static func viewBlock(_ index: Int) -> String {
        """
        final class Model\(index) {
            var value = \(index)
        }

        struct Screen\(index): View {
            @State private var model = Model\(index)()
            @State private var count = 0

            var body: some View {
                Text("\\(count)")
                    .onAppear { count += 1 }
            }
        }

        """
    }

    /// Runs the engine on `bytes` and checks every invariant; returns the result.
    @discardableResult
    static func lintCleanly(_ bytes: [UInt8], _ label: String) throws -> LintEngine.Result {
        var outcome: (LintEngine.Result, [String])?
        let seconds = try PathologicalSupport.seconds { outcome = try PathologicalSupport.lintFile(bytes) }
        let (result, problems) = try #require(outcome)
        #expect(problems.isEmpty, "\(label): \(problems.prefix(5))")
        #expect(seconds < generousBound, "\(label): \(seconds) s suggests super-linear work")
        return result
    }

    static func expectLossless(_ bytes: [UInt8], _ label: String) {
        let problem = PathologicalPipeline.losslessProblem(Tokenizer.tokenize(bytes), byteCount: bytes.count)
        #expect(problem == nil, "\(label): \(problem ?? "")")
    }

    @Test func tenMegabyteSingleLine() throws {
        // One inline `Model()` per 100 properties: ~2,000 findings on one 10 MB line, enough to
        // expose per-finding work proportional to the line (it made SARIF quadratic).
        var text = "struct Wide: View {"
        var index = 0
        while text.utf8.count < 10_000_000 {
            text += index % 100 == 0 ? " @State var m\(index) = Model();" : " @State var n\(index) = 0;"
            index += 1
        }
        text += " var body: some View { Text(\"\") } } final class Model {}"
        let bytes = Array(text.utf8)
        Self.expectLossless(bytes, "10 MB line")
        let result = try Self.lintCleanly(bytes, "10 MB line")
        #expect(result.errors.isEmpty)
        // Every `Model()` is an inline class instance; the `0`s are not.
        #expect(result.findings.filter { $0.ruleID == "state_inline_class_init" }.count == (index + 99) / 100)
        #expect(result.findings.allSatisfy { $0.start.line == 1 })
    }

    @Test func twoHundredThousandLines() throws {
        let blockLines = Self.viewBlock(0).split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let blocks = 200_000 / blockLines + 1
        let text = (0..<blocks).map(Self.viewBlock).joined()
        let bytes = Array(text.utf8)
        #expect(SourceFile(path: "x", bytes: bytes).lineCount > 200_000)
        let result = try Self.lintCleanly(bytes, "200k lines")
        #expect(result.findings.filter { $0.ruleID == "state_inline_class_init" }.count == blocks)
    }

    @Test(arguments: [("(", ")"), ("{", "}"), ("[", "]")])
    func hundredThousandNestedBrackets(open: String, close: String) throws {
        let balanced = Array((String(repeating: open, count: 100_000) + String(repeating: close, count: 100_000)).utf8)
        let unbalanced = Array(String(repeating: open, count: 100_000).utf8)
        for bytes in [balanced, unbalanced] {
            Self.expectLossless(bytes, "nested \(open)")
            #expect(PathologicalPipeline.checkSource(bytes).isEmpty)
            try Self.lintCleanly(bytes, "nested \(open)")
        }
        let code = FileStructure(file: SourceFile(path: "x", bytes: balanced), tokens: Tokenizer.tokenize(balanced)).code
        #expect(code.partner(of: 0) == 199_999)
    }

    /// Deeply nested declarations: the declaration scanner must not recurse per level.
    @Test func hundredThousandNestedDeclarations() throws {
        // The last shape also yields one finding per level, so it is kept to 10k levels: the
        // report checks on 100k findings would dominate a debug test run.
        for (opener, depth) in [("struct S: View { ", 100_000), ("func f() { ", 100_000), ("class C { @State var m = C(); ", 10_000)] {
            let text = String(repeating: opener, count: depth) + String(repeating: "}", count: depth)
            let bytes = Array(text.utf8)
            #expect(PathologicalPipeline.checkSource(bytes).isEmpty, "\(opener)")
            try Self.lintCleanly(bytes, opener)
        }
    }

    @Test func fiftyThousandNestedInterpolations() throws {
        let text = "let s = " + String(repeating: "\"\\(", count: 50_000) + "x" + String(repeating: ")\"", count: 50_000) + "\n"
        let bytes = Array(text.utf8)
        let tokens = Tokenizer.tokenize(bytes)
        #expect(tokens.filter { $0.kind == .interpolationOpen }.count == 50_000)
        #expect(PathologicalPipeline.checkSource(bytes).isEmpty)
        try Self.lintCleanly(bytes, "interpolations")
    }

    /// An unterminated literal or comment at the very start must not swallow the file into
    /// quadratic rescanning, and a single-line string ends at its line.
    @Test(arguments: ["\"", "\"\"\"", "#\"", "##\"\"\"", "/*", "/* /* nested", "#/", "'"])
    func unterminatedStartOfLargeFile(prefix: String) throws {
        let body = (0..<2_000).map(Self.viewBlock).joined()
        let bytes = Array((prefix + body).utf8)
        Self.expectLossless(bytes, prefix)
        #expect(PathologicalPipeline.checkSource(bytes).isEmpty)
        try Self.lintCleanly(bytes, "unterminated \(prefix)")
    }

    @Test func fileOfOnlySlashes() throws {
        for count in [1, 2, 3, 1_000_000] {
            let bytes = [UInt8](repeating: UInt8(ascii: "/"), count: count)
            Self.expectLossless(bytes, "\(count) slashes")
            #expect(PathologicalPipeline.checkSource(bytes).isEmpty)
            let result = try Self.lintCleanly(bytes, "\(count) slashes")
            #expect(result.errors.isEmpty)
        }
    }

    /// NUL bytes and invalid UTF-8 are refused by the engine with a clear error naming the
    /// position; the in-memory pipeline still copes with them (the `tokens` command sees them).
    @Test func nulBytesAreRefusedWithPosition() throws {
        let bytes = Array("struct A {}\nlet x = 1\u{0}\n".utf8) + [UInt8](repeating: 0, count: 100_000)
        #expect(PathologicalPipeline.checkSource(bytes).isEmpty)
        let result = try Self.lintCleanly(bytes, "NUL")
        #expect(result.lintedFiles.isEmpty)
        let reason = try #require(result.errors.first?.reason)
        #expect(reason.contains("NUL byte at 2:10"), "\(reason)")
    }

    @Test func invalidUTF8Everywhere() throws {
        var random = SplitMix64(state: 99)
        var bytes: [UInt8] = []
        let source = Array((0..<200).map(Self.viewBlock).joined().utf8)
        for byte in source {
            bytes.append(byte)
            if random.below(7) == 0 { bytes.append([0x80, 0xBF, 0xC0, 0xC1, 0xF5, 0xFF, 0xED, 0xE0][random.below(8)]) }
        }
        #expect(PathologicalPipeline.checkSource(bytes).isEmpty)
        let result = try Self.lintCleanly(bytes, "invalid UTF-8")
        let reason = try #require(result.errors.first?.reason)
        #expect(reason.contains("not valid UTF-8"), "\(reason)")
        // A file that is nothing but invalid bytes.
        let garbage = (0..<1_000_000).map { _ in UInt8(0x80 + random.below(0x80)) }
        Self.expectLossless(garbage, "garbage")
        #expect(PathologicalPipeline.checkSource(garbage).isEmpty)
    }

    /// Old Mac line endings: same findings on the same lines as the LF file.
    @Test func carriageReturnLineEndings() throws {
        let lf = (0..<500).map(Self.viewBlock).joined()
        let cr = lf.replacingOccurrences(of: "\n", with: "\r")
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let expected = try Self.lintCleanly(Array(lf.utf8), "LF").findings
        #expect(expected.count == 500)
        for (label, text) in [("CR", cr), ("CRLF", crlf)] {
            #expect(PathologicalPipeline.checkSource(Array(text.utf8)).isEmpty)
            let findings = try Self.lintCleanly(Array(text.utf8), label).findings
            #expect(findings.map { [$0.start.line, $0.start.column, $0.end.line] } == expected.map { [$0.start.line, $0.start.column, $0.end.line] }, "\(label)")
        }
    }

    /// A 1 GiB sparse file is refused by size, without being read.
    @Test func hugeSparseFileIsRefusedQuickly() throws {
        let directory = try PathologicalSupport.makeTemporaryDirectory("sparse")
        defer { PathologicalSupport.removeTree(directory) }
        let path = directory + "/Huge.swift"
        try PathologicalSupport.makeSparseFile(at: path, size: 1 << 30)
        let engine = PathologicalSupport.engine()
        let result = try #require(PathologicalSupport.withWatchdog(seconds: 60) { engine.run(files: [path], indexFiles: [path]) },
                                  "the engine did not return within 60 s on a 1 GiB sparse file")
        #expect(result.lintedFiles.isEmpty)
        let error = try #require(result.errors.first)
        #expect(error.path == path)
        #expect(error.reason.contains("1024 MiB, over the 64 MiB limit"), "\(error.reason)")
        #expect(throws: FileReadError.self) { try SourceReader.read(path) }
    }

    /// A FIFO nobody writes to must be refused, not read forever. The watchdog turns a
    /// regression into a failure instead of a hung suite.
    @Test func fifoIsRefusedNotRead() throws {
        let directory = try PathologicalSupport.makeTemporaryDirectory("fifo")
        defer { PathologicalSupport.removeTree(directory) }
        let path = directory + "/Pipe.swift"
        try #require(PathologicalSupport.makeFIFO(at: path))
        let reader = PathologicalSupport.withWatchdog(seconds: 20) { () -> String? in
            do { _ = try SourceReader.read(path); return nil } catch { return (error as? FileReadError)?.reason ?? "\(error)" }
        }
        let reason = try #require(reader, "SourceReader.read blocked on a FIFO")
        #expect(reason?.contains("not a regular file") == true, "\(String(describing: reason))")
        let engine = PathologicalSupport.engine()
        let result = try #require(PathologicalSupport.withWatchdog(seconds: 20) { engine.run(files: [path], indexFiles: [path]) },
                                  "LintEngine blocked on a FIFO")
        #expect(result.lintedFiles.isEmpty)
        #expect(result.errors.map(\.path) == [path])
        // Discovery of the folder skips it (only regular .swift files are linted).
        #expect(FileDiscovery(rootDirectory: directory, included: [], excluded: []).files(under: [directory]).files.isEmpty)
    }
}
