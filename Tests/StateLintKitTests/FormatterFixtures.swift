import Foundation
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// The fixed inputs every formatter test uses: awkward paths and messages that have broken
/// other linters' reports (commas, colons, `%`, `#`, `?`, unicode, newlines, ESC, bidi
/// overrides, `::error::`, quotes and `<&>`), plus absolute paths inside and outside the root.
enum FormatterFixtures {
    static let root = "/home/ci/My Project"

    static let rules = [
        RuleDescription(id: "state_class_default", name: "Inline class instance in @State",
                        summary: "Flags `@State` properties whose default value creates a class instance.",
                        rationale: "The default value is re-evaluated on every view init; use \"<optional> & .task\" instead."),
        RuleDescription(id: "missing_nil_guard", name: "Missing nil guard",
                        summary: "Flags model creation in .onAppear/.task without an `if model == nil` guard.",
                        rationale: "Without the guard the model is rebuilt every time the view appears."),
        RuleDescription(id: "missing_teardown", name: "Missing teardown",
                        summary: "Flags models never reset in .onDisappear.",
                        rationale: "Set the model to nil so it is released.", defaultSeverity: .error,
                        enabledByDefault: false),
    ]

    /// Source files whose lines the SARIF columns and fingerprints are computed from.
    static let sources: [SourceFile] = [
        SourceFile(path: "Sources/App/ContentView.swift",
                   text: "struct ContentView: View {\n    let 😀 = \"é\"; @State private var model = Model()\n}\n"),
        SourceFile(path: "Sources/My Views/a,b:c.swift",
                   text: "struct A: View {\n    @State var model = Model()\n}\n"),
        SourceFile(path: "Sources/100%/Hash#Query?.swift",
                   text: "    .onAppear { model = Model() }\n"),
        SourceFile(path: "Sources/Ünïcødé/Vüe.swift",
                   text: "struct Vüe: View {\n    @State var mödel = Mödel()\n}\n"),
        SourceFile(path: "Sources/new\nline.swift",
                   text: "// x\n\t.task { model = Model() }\n"),
        SourceFile(path: root + "/Sources/Abs.swift",
                   text: "@State var a = Model()\n    @State var a = Model()\n"),
        SourceFile(path: "/tmp/outside/Other.swift",
                   text: "@State var b = Model()\n"),
    ]

    static let lintedFiles = sources.map(\.path) + ["Sources/Clean.swift"]

    static let findings: [Finding] = [
        finding("state_class_default", .warning, "Class `Model` in @State default: re-created on every init.",
                file: 0, line: 2, needle: "@State"),
        finding("missing_nil_guard", .warning, "100% sure: %0A ::error file=x.swift,line=1::injected, key=value",
                file: 1, line: 2, needle: "Model()"),
        finding("missing_teardown", .error, "Quotes \"double\" and 'single', markup <b>&amp;</b> | pipe",
                file: 2, line: 1, needle: "model"),
        finding("state_class_default", .warning, "first line\nsecond line\r\nthird\rfourth \\ backslash",
                file: 3, line: 2, needle: "Mödel()"),
        finding("missing_nil_guard", .warning,
                "ESC \u{1B}[31mred\u{1B}[0m bidi \u{202E}txt.exe\u{202C} sep\u{2028}x tab\there nul\u{0}end",
                file: 4, line: 2, needle: "model"),
        finding("state_class_default", .error, "Same line text twice (first).", file: 5, line: 1, needle: "Model()"),
        finding("state_class_default", .error, "Same line text twice (second).", file: 5, line: 2, needle: "Model()"),
        finding("unknown_rule", .warning, "Outside the root.", file: 6, line: 1, needle: "Model()"),
    ].sorted(by: Finding.isOrderedBefore)

    static let timestamp = Date(timeIntervalSince1970: 1_700_000_000)

    static func context(sourceLines: SourceLineLookup = SourceLineLookup(files: sources),
                        environment: [String: String] = ["GITHUB_WORKSPACE": root, "CI_PROJECT_DIR": root],
                        lintedFiles: [String] = lintedFiles) -> ReportContext {
        ReportContext(toolVersion: "9.9.9-test", rules: rules, workingDirectory: root, environment: environment,
                      lintedFiles: lintedFiles, sourceLines: sourceLines, timestamp: timestamp)
    }

    /// A finding covering the first occurrence of `needle` on `line` of `sources[file]`.
    static func finding(_ rule: String, _ severity: Severity, _ message: String,
                        file index: Int, line: Int, needle: String) -> Finding {
        let file = sources[index]
        let range = file.lineRange(line)
        let lineBytes = Array(file.bytes[range])
        let needleBytes = Array(needle.utf8)
        let offsetInLine = (0...(lineBytes.count - needleBytes.count)).first { start in
            Array(lineBytes[start..<start + needleBytes.count]) == needleBytes
        } ?? 0
        let start = range.lowerBound + offsetInLine
        return Finding(ruleID: rule, severity: severity, message: message, path: file.path,
                       start: file.location(ofOffset: start),
                       end: file.location(ofOffset: start + needleBytes.count))
    }

    /// Every formatter's output on one fixture, plus the GitHub step summary.
    static func outputs(_ findings: [Finding], _ context: ReportContext) -> [(name: String, text: String)] {
        OutputFormatterRegistry.all.map { type in
            (type.name, type.init().format(findings, context: context))
        } + [("github-step-summary", GitHubFormatter.stepSummary(findings, context: context))]
    }

    /// File extension of each golden file, so editors and the CI validator know the format.
    static func goldenExtension(_ name: String) -> String {
        switch name {
        case "json", "gitlab", "rdjson": return "json"
        case "rdjsonl": return "jsonl"
        case "sarif": return "sarif"
        case "checkstyle", "junit": return "xml"
        case "markdown", "github-step-summary": return "md"
        case "csv": return "csv"
        default: return "txt"
        }
    }
}
