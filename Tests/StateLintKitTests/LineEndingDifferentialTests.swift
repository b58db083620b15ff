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

/// The same views written with LF, CRLF or CR line endings, space or tab indentation, with or
/// without a UTF-8 BOM must get the same findings: the same rule and message on the same
/// line, at the same token. Columns move with the indentation (and the BOM on line 1), so a
/// finding is compared by the text of the token it starts at and its column counted from the
/// end of its line's indentation. `RuleHarness` lints through `LintEngine`, as the command
/// line does.
@Suite struct LineEndingDifferentialTests {
    /// A finding, described so that it does not depend on how the file is written.
    struct Placement: Hashable, CustomStringConvertible {
        let path: String
        let ruleID: String
        let message: String
        let line: Int
        /// The text of the token the finding starts at (or a note if it starts inside one).
        let token: String
        /// The start column minus the width of the line's indentation (a BOM counts as such):
        /// 1 for a token that starts the line's code.
        let column: Int
        let endLine: Int
        let endColumn: Int
        var description: String { "\(path):\(line):+\(column) `\(token)` \(ruleID)" }
    }

    /// A set of files linted together, with the rules to run (nil: every lifecycle rule).
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let files: [SourceFileText]
        let rules: [String]?
        /// Whether the original must have findings: then the comparison cannot pass vacuously.
        let findsSomething: Bool
        var description: String { name }
    }

    struct SourceFileText: Sendable {
        let path: String
        let source: String
    }

    // MARK: Comparing

    static func placement(_ finding: Finding, in files: [SourceFileText]) -> Placement {
        let source = files.first { $0.path == finding.path }?.source ?? ""
        let file = SourceFile(path: finding.path, text: source)
        let offset = Self.offset(of: finding.start, in: file)
        let token = Tokenizer.tokenize(file.bytes).first { $0.range.contains(offset) }
        let text: String
        if let token, token.start == offset {
            text = file.text(token.range)
        } else {
            text = "inside `\(token.map { file.text($0.range) } ?? "")`"
        }
        return Placement(path: finding.path, ruleID: finding.ruleID, message: finding.message,
                         line: finding.start.line, token: text,
                         column: finding.start.column - Self.indentationWidth(line: finding.start.line, in: file),
                         endLine: finding.end.line,
                         endColumn: finding.end.column - Self.indentationWidth(line: finding.end.line, in: file))
    }

    static func offset(of location: StateLintSyntax.SourceLocation, in file: SourceFile) -> Int {
        file.lineStarts[location.line - 1] + location.column - 1
    }

    /// Bytes of leading spaces and tabs on `line`, and of the BOM on line 1.
    static func indentationWidth(line: Int, in file: SourceFile) -> Int {
        var offset = file.lineStarts[line - 1]
        let start = offset
        if offset == 0, file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        while offset < file.bytes.count, file.bytes[offset] == UInt8(ascii: " ") || file.bytes[offset] == UInt8(ascii: "\t") {
            offset += 1
        }
        return offset - start
    }

    static func placements(_ testCase: Case, _ variant: SourceVariant) -> [Placement] {
        let files = testCase.files.map { SourceFileText(path: $0.path, source: variant.apply(to: $0.source)) }
        return RuleHarness.findings(files.map { (path: $0.path, source: $0.source) }, rules: testCase.rules)
            .map { placement($0, in: files) }
    }

    @Test(arguments: try allCases())
    func everyVariantHasTheSameFindings(_ testCase: Case) {
        let original = Self.placements(testCase, .original)
        if testCase.findsSomething {
            #expect(!original.isEmpty, "\(testCase): no findings to compare")
        } else {
            #expect(original.isEmpty, "\(testCase): a non-triggering example has findings: \(original)")
        }
        for variant in SourceVariant.all {
            #expect(Self.placements(testCase, variant) == original, "\(testCase), \(variant)")
        }
    }

    /// What identifies a finding across runs: the baseline's trimmed line text and the SARIF
    /// and GitLab fingerprint. Both leave the indentation out; the writing must not matter.
    static func identities(_ testCase: Case, _ variant: SourceVariant) -> (baseline: [String], fingerprints: [String]) {
        let files = testCase.files.map { SourceFile(path: $0.path, text: variant.apply(to: $0.source)) }
        let findings = RuleHarness.findings(files.map { (path: $0.path, source: String(decoding: $0.bytes, as: UTF8.self)) },
                                            rules: testCase.rules)
        var sources: [String: [UInt8]] = [:]
        for file in files { sources[file.path] = file.bytes }
        let baseline = Baseline(findings: findings, lines: CachedSourceLines(sources: sources)).entries.map(\.lineText)
        let context = ReportContext(rules: RuleRegistry.descriptions, workingDirectory: "/repo",
                                    sourceLines: SourceLineLookup(files: files), timestamp: Date(timeIntervalSince1970: 0))
        return (baseline, FindingFingerprints.compute(findings, context: context, relativePaths: [:]))
    }

    @Test(arguments: try allCases().filter(\.findsSomething))
    func everyVariantHasTheSameBaselineKeysAndFingerprints(_ testCase: Case) {
        let original = Self.identities(testCase, .original)
        #expect(!original.baseline.isEmpty)
        #expect(!original.baseline.contains(""), "\(testCase): a finding without line text")
        for variant in SourceVariant.all {
            let identities = Self.identities(testCase, variant)
            #expect(identities.baseline == original.baseline, "\(testCase), \(variant)")
            #expect(identities.fingerprints == original.fingerprints, "\(testCase), \(variant)")
        }
    }

    @Test func variantsChangeTheBytesTheyClaimTo() {
        let source = "struct A {\n    var b = 1\n      // c\n}\n"
        let crlfTabsBOM = SourceVariant(lineEnding: .crlf, indentation: .tabs, byteOrderMark: true)
        #expect(crlfTabsBOM.apply(to: source) == "\u{FEFF}struct A {\r\n\tvar b = 1\r\n\t  // c\r\n}\r\n")
        #expect(SourceVariant(lineEnding: .cr, indentation: .spaces, byteOrderMark: false).apply(to: source)
                == "struct A {\r    var b = 1\r      // c\r}\r")
        #expect(SourceVariant.original.apply(to: source) == source)
        // Twelve different files, each of which gives the original back.
        let written = SourceVariant.all.map { $0.apply(to: source) }
        #expect(Set(written).count == 12)
        for (variant, text) in zip(SourceVariant.all, written) {
            var back = text.withLFLineEndings()
            #expect(back.hasPrefix("\u{FEFF}") == variant.byteOrderMark, "\(variant)")
            if variant.byteOrderMark { back.removeFirst() }
            #expect(back.replacingOccurrences(of: "\t", with: "    ") == source, "\(variant)")
        }
    }

    @Test func placementIgnoresIndentationButNotTheToken() {
        let spaces = SourceFile(path: "A.swift", text: "let a = 1\n    @State var m = M()\n")
        let tabs = SourceFile(path: "A.swift", text: "\u{FEFF}let a = 1\n\t@State var m = M()\n")
        #expect(Self.indentationWidth(line: 2, in: spaces) == 4)
        #expect(Self.indentationWidth(line: 2, in: tabs) == 1)
        #expect(Self.indentationWidth(line: 1, in: tabs) == 3)
        #expect(Self.offset(of: StateLintSyntax.SourceLocation(line: 2, column: 5), in: spaces) == 14)
    }

    // MARK: The cases

    static func allCases() throws -> [Case] {
        try [demoApp()] + ruleExamples() + ownExamples
    }

    /// The demo app, all files linted together (its types are declared in another file).
    static func demoApp() throws -> Case {
        let root = RuleDocumentationFiles.repositoryRoot
        let folder = root.appendingPathComponent("Examples/DemoApp")
        let paths = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        let files = try paths.map { path in
            SourceFileText(path: "Examples/DemoApp/" + path,
                           source: String(decoding: try Data(contentsOf: folder.appendingPathComponent(path)), as: UTF8.self))
        }
        #expect(files.count >= 5)
        return Case(name: "Examples/DemoApp", files: files, rules: nil, findsSomething: true)
    }

    /// Every Swift example of `Rules/*.md`, with the rules its page's tests run.
    static func ruleExamples() throws -> [Case] {
        try RuleDocumentationTests.allExamples().map { example in
            let (source, _) = RuleHarness.removingMarkers(example.code)
            return Case(name: example.description, files: [SourceFileText(path: "View.swift", source: source)],
                        rules: RuleDocumentationTests.rules(for: example), findsSomething: example.triggering)
        }
    }

    /// Views written for this test: modifier chains over many lines, `#if` branches,
    /// comments between modifiers, a multi-line string, and line-based directives.
    static let ownExamples: [Case] = [
        Case(name: "chains, #if and comments", files: [SourceFileText(path: "Feed.swift", source: """
            import SwiftUI

            @Observable
            final class FeedModel {
                var items: [String] = []
            }

            /* A block comment
               over two lines, with "quotes" and // inside */
            struct FeedView: View {
                @State private var model = FeedModel()
                @State private var detail: FeedModel?
                @State private var cache: FeedModel?
                let banner = \"""
                    Multi-line text with \\(1 + 2) and "quotes"
                      indented further
                    \"""

                var body: some View {
                    List(model.items, id: \\.self) { item in
                        Text(item)
                    }
                    // A comment between modifiers
                    .padding()
                    #if os(iOS)
                    .onAppear {
                        detail = FeedModel()
                    }
                    #else
                    .task {
                        cache = FeedModel()
                    }
                    #endif
                    .refreshable { await reload() }
                }

                func reload() async {}
            }

            """)], rules: nil, findsSomething: true),
        Case(name: "directives and a perform: method", files: [SourceFileText(path: "Directed.swift", source: """
            import SwiftUI

            final class Loader {}

            struct DirectedView: View {
                // statelint:disable:next state_inline_class_init
                @State private var kept = Loader()
                @State private var flagged = Loader()
                @State private var quiet = Loader()  // statelint:disable:this state_inline_class_init
                @State private var after = Loader()
                // statelint:disable:previous state_inline_class_init
                @State private var later: Loader?
                @State private var other: Loader?

                var body: some View {
                    VStack {
                        Text("x")
                    }
                    .onAppear(perform: load)
                    .task(id: 1) {
                        other = Loader()
                    }
                }

                private func load() {
                    later = Loader()
                }
            }

            """)], rules: nil, findsSomething: true),
        Case(name: "findings on line 1, where the BOM is", files: [SourceFileText(path: "One.swift", source: """
            struct One: View { @State private var model = OneModel(); var body: some View { Text("1") } }
            @Observable final class OneModel {}

            """), SourceFileText(path: "Two.swift", source: """
            // statelint:disable:next no_such_rule
            struct Two {}

            """)], rules: RuleRegistry.descriptions.map(\.id), findsSomething: true),
        Case(name: "strings, comments and directives across lines", files: [SourceFileText(path: "Text.swift", source: """
            import SwiftUI

            final class Editor {}

            struct TextView: View {
                let help = \"""
                    A line that goes on \\
                    on the next one, "quoted" \\(1)
                    and /* not a comment */ // nor this
                    \"""
                /* statelint:disable:next state_inline_class_init */
                @State private var quiet = Editor()
                @State private var loud = Editor() /* a
                    block comment over lines */
                @State private var raw = #"a "raw" string"#
                @State private var editor: Editor?

                var body: some View {
                    Text(help)
                        .font(.body)   // trailing comment
                        #if DEBUG // on the #if line
                        .border(.red)
                        #endif
                        .onAppear
                        {
                            editor = Editor()
                        }
                }
            }

            """)], rules: nil, findsSomething: true),
        Case(name: "types from another file", files: [
            SourceFileText(path: "Models/Store.swift", source: """
                import Observation

                @Observable
                final class Store {
                    var count = 0
                }

                struct Point { var x = 0 }

                """),
            SourceFileText(path: "Views/Counter.swift", source: """
                import SwiftUI

                struct Counter: View {
                    @State private var store = Store()
                    @State private var origin = Point()
                    @State private var lazy: Store?

                    var body: some View {
                        Text("\\(store.count)")
                            .onAppear { if lazy == nil { lazy = Store() } }
                    }
                }

                """),
        ], rules: nil, findsSomething: true),
    ]
}
