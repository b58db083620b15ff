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

/// Test rules whose findings carry fixes, written on the view model.
///
/// `test_oops` flags every property named `oops` and fixes its name to `fïné`; `test_wide` flags
/// a property wrapped in `@Wide` and fixes it by replacing its whole declaration, so its fix
/// overlaps `test_oops`'s on that line.
struct OopsRule: Rule {
    static let description = RuleDescription(id: "test_oops", name: "Oops", summary: "Flags `oops`.", rationale: "Tests.")
    static let options: [RuleOptionSpec] = []
    init(configuration: RuleConfiguration?) {}

    func check(_ view: SwiftUIView, _ context: RuleContext) -> [RuleViolation] {
        view.properties.filter { $0.name == "oops" }.map { property in
            RuleViolation(at: property.nameSpan, "`oops` should be `fïné`",
                          fix: Fix(summary: "Replace `oops` with `fïné`",
                                   edits: [TextEdit(path: context.path(of: property.nameSpan), range: property.nameSpan.range,
                                                    replacement: "fïné")]))
        }
    }
}

struct WideRule: Rule {
    static let description = RuleDescription(id: "test_wide", name: "Wide", summary: "Flags `@Wide` properties.", rationale: "Tests.")
    static let options: [RuleOptionSpec] = []
    init(configuration: RuleConfiguration?) {}

    func check(_ view: SwiftUIView, _ context: RuleContext) -> [RuleViolation] {
        view.properties.filter { $0.wrapper == .other("Wide") }.map { property in
            RuleViolation(at: property.span, "a wide property",
                          fix: Fix(summary: "Replace the declaration",
                                   edits: [TextEdit(path: context.path(of: property.span), range: property.span.range,
                                                    replacement: "@State var wide = 0")]))
        }
    }
}

@Suite("LSP code actions")
struct LSPCodeActionTests {
    static let testRules = [LintEngine.ConfiguredRule(rule: OopsRule(configuration: nil), severity: .warning),
                            LintEngine.ConfiguredRule(rule: WideRule(configuration: nil), severity: .warning)]

    /// Opens `text` as `File.swift` in a fresh workspace (with `Model`, a class, beside it).
    func session(_ text: String, capabilities: LSPJSON = [:], testRules: Bool = false)
        throws -> (TemporaryTree, LSPTestClient, path: String, uri: String) {
        let tree = try TemporaryTree()
        try tree.write("Model.swift", LSPSamples.model)
        let path = try tree.write("File.swift", text)
        let client = LSPTestClient(backend: EngineBackend(jobs: 1, additionalRules: testRules ? Self.testRules : []))
        client.initialize(root: tree.root, capabilities: capabilities)
        client.open(path, text)
        return (tree, client, path, FileURI.uri(ofPath: path))
    }

    func actions(_ client: LSPTestClient, _ uri: String, _ requested: LSPRange, only: [String]? = nil) -> [LSPJSON] {
        var context: [String: LSPJSON] = ["diagnostics": []]
        if let only { context["only"] = .array(only.map { .string($0) }) }
        let answer = client.request("textDocument/codeAction", ["textDocument": ["uri": .string(uri)], "range": requested.json,
                                                                 "context": .object(context)])
        return answer?["result"]?.arrayValue ?? []
    }

    @Test("Disable for this line inserts the directive above, indented like the line, and the finding goes")
    func disableForThisLine() throws {
        let text = LSPSamples.view()
        let (tree, client, path, uri) = try session(text)
        defer { tree.remove(); client.close() }
        #expect(client.diagnostics(uri)?.count == 1)
        let found = actions(client, uri, range(3, 10, 3, 10))
        let disable = try #require(found.first { $0["title"] == "Disable `state_inline_class_init` for this line" })
        #expect(disable["kind"] == "quickfix")
        #expect(disable["diagnostics"]?.arrayValue?.first?["code"] == "state_inline_class_init")
        let disableEdit = try #require(disable["edit"])
        let edited = try #require(applyWorkspaceEdit(disableEdit, uri: uri, to: text))
        #expect(edited == text.replacingOccurrences(
            of: "    @State", with: "    // statelint:disable:next state_inline_class_init\n    @State"))
        // Applied as the editor would: the next lint finds nothing.
        client.change(path, version: 2, [(nil, edited)])
        #expect(client.diagnostics(uri, version: 2) == [])
        // Lines without a finding get no action.
        #expect(actions(client, uri, range(0, 0, 1, 0)).isEmpty)
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("the inserted line keeps a tab indentation and a CRLF line ending, and positions count UTF-16")
    func disableKeepsStyle() throws {
        let text = LSPSamples.view(prefix: "/* é😀 */ ", lineEnding: "\r\n").replacingOccurrences(of: "    /*", with: "\t\t/*")
        let (tree, client, _, uri) = try session(text)
        defer { tree.remove(); client.close() }
        let found = actions(client, uri, range(3, 0, 3, 0))
        let disable = try #require(found.first { $0["title"]?.stringValue?.hasPrefix("Disable") == true })
        let disableEdit = try #require(disable["edit"])
        let edited = applyWorkspaceEdit(disableEdit, uri: uri, to: text)
        #expect(edited == text.replacingOccurrences(of: "\t\t/*", with: "\t\t// statelint:disable:next state_inline_class_init\r\n\t\t/*"))
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("under an existing disable:next directive, the rule is added to it")
    func disableJoinsDirective() throws {
        let text = LSPSamples.view().replacingOccurrences(
            of: "    @State", with: "    // statelint:disable:next appear_missing_nil_check - reason\n    @State")
        let (tree, client, _, uri) = try session(text)
        defer { tree.remove(); client.close() }
        let found = actions(client, uri, range(4, 0, 4, 0))
        let disable = try #require(found.first { $0["title"]?.stringValue?.hasPrefix("Disable") == true })
        let disableEdit = try #require(disable["edit"])
        let edited = applyWorkspaceEdit(disableEdit, uri: uri, to: text)
        #expect(edited == text.replacingOccurrences(of: "nil_check - reason", with: "nil_check state_inline_class_init - reason"))
        #expect(client.shutdownAndExit() == 0)
    }

    static let fixable = "struct V: View {\r\n    @State var a = \"😀\"; @State var oops = 1\r\n    @Wide var oops = 2\r\n    @State var é = 0; @State var oops = 3\r\n    var body: some View { Text(\"\") }\r\n}\r\n"

    @Test("a finding's fix is offered as its quick fix and edits exactly its range")
    func findingFix() throws {
        let (tree, client, _, uri) = try session(Self.fixable, testRules: true)
        defer { tree.remove(); client.close() }
        #expect(client.diagnostics(uri)?.map { $0["code"]?.stringValue ?? "" } == ["test_oops", "test_wide", "test_oops", "test_oops"])
        let found = actions(client, uri, range(1, 0, 1, 0), only: ["quickfix"])
        #expect(found.map { $0["title"]?.stringValue ?? "" } == ["Replace `oops` with `fïné`"])
        let fix = try #require(found.first)
        #expect(fix["isPreferred"] == true)
        let fixEdit = try #require(fix["edit"])
        #expect(applyWorkspaceEdit(fixEdit, uri: uri, to: Self.fixable)
                == Self.fixable.replacingOccurrences(of: "@State var oops = 1", with: "@State var fïné = 1"))
        // Directives cannot name test rules, so only the real rules get a disable action: none here.
        #expect(!found.contains { $0["title"]?.stringValue?.hasPrefix("Disable") == true })
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("Fix all applies every fix that does not overlap an earlier one, as one edit", arguments: [false, true])
    func fixAll(documentChanges: Bool) throws {
        let capabilities: LSPJSON = ["workspace": ["workspaceEdit": ["documentChanges": .bool(documentChanges)]]]
        let (tree, client, path, uri) = try session(Self.fixable, capabilities: capabilities, testRules: true)
        defer { tree.remove(); client.close() }
        #expect(client.diagnostics(uri)?.count == 4)
        let found = actions(client, uri, range(2, 0, 2, 0), only: ["source.fixAll"])
        #expect(found.count == 1)
        let fixAll = try #require(found.first)
        #expect(fixAll["kind"] == "source.fixAll.statelint")
        #expect(fixAll["title"] == "Fix all StateLint findings in this file")
        let edit = try #require(fixAll["edit"])
        if documentChanges {
            #expect(edit["documentChanges"]?.arrayValue?.first?["textDocument"]?["version"] == 1)
            #expect(edit["changes"] == nil)
        } else {
            #expect(edit["documentChanges"] == nil)
        }
        // Line 3's `oops` fix lies inside the wide declaration's fix, which starts first: left out.
        let expected = "struct V: View {\r\n    @State var a = \"😀\"; @State var fïné = 1\r\n    @State var wide = 0\r\n    @State var é = 0; @State var fïné = 3\r\n    var body: some View { Text(\"\") }\r\n}\r\n"
        #expect(applyWorkspaceEdit(edit, uri: uri, to: Self.fixable) == expected)
        #expect(fixAll["diagnostics"]?.arrayValue?.count == 3)
        // The editor applies it; the remaining finding is the overlapped one's absence: none.
        client.change(path, version: 2, [(nil, expected)])
        #expect(client.diagnostics(uri, version: 2) == [])
        #expect(actions(client, uri, range(0, 0, 3, 0)).isEmpty)
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("only: quickfix leaves out the source action, and source leaves out the quick fixes")
    func onlyKinds() throws {
        let (tree, client, _, uri) = try session(Self.fixable, testRules: true)
        defer { tree.remove(); client.close() }
        let quick = actions(client, uri, range(1, 0, 1, 0), only: ["quickfix"])
        #expect(!quick.isEmpty && quick.allSatisfy { $0["kind"] == "quickfix" })
        let source = actions(client, uri, range(1, 0, 1, 0), only: ["source"])
        #expect(source.map { $0["kind"] } == ["source.fixAll.statelint"])
        let all = actions(client, uri, range(1, 0, 1, 0))
        #expect(all.count == quick.count + source.count)
        #expect(actions(client, uri, range(1, 0, 1, 0), only: ["refactor"]).isEmpty)
        #expect(client.shutdownAndExit() == 0)
    }

    /// Code actions for `findings` of a document holding `text`, each finding on line 1.
    static func codeActions(_ text: String, fixes: [[(Range<Int>, String)]]) -> [LSPJSON] {
        let document = TextDocument(uri: "file:///p/A.swift", path: "/p/A.swift", version: 1, text: text)
        let findings = fixes.enumerated().map { number, edits in
            Finding(ruleID: "state_inline_class_init", severity: .warning, message: "m\(number)", path: "/p/A.swift",
                    start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 2),
                    fix: Fix(summary: "fix \(number)", edits: edits.map { TextEdit(path: "/p/A.swift", range: $0.0, replacement: $0.1) }))
        }
        let actions = CodeActions(linted: DocumentStore.LintedVersion(document: document, findings: findings), encoding: .utf8,
                                  documentChanges: false, codeDescription: false, otherFile: { _ in nil })
        return actions.actions(for: LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0)), only: nil)
    }

    @Test("a fix is offered only where --fix would apply it: not splitting a character or a CRLF, not outside the file")
    func unsafeFixes() {
        let text = "a😀\r\nb"
        func offered(_ range: Range<Int>) -> Bool {
            Self.codeActions(text, fixes: [[(range, "x")]]).contains { $0["title"] == "fix 0" }
        }
        #expect(offered(0..<1))
        #expect(offered(1..<5))
        #expect(!offered(2..<5))  // inside the emoji
        #expect(!offered(5..<6))  // between CR and LF
        #expect(offered(7..<8))
        #expect(!offered(7..<9))  // past the end
        // The replacement is written in the file's line endings, as --fix writes it.
        let edit = Self.codeActions(text, fixes: [[(8..<8, "\nc")]]).first { $0["title"] == "fix 0" }
        #expect(edit?["edit"]?["changes"]?["file:///p/A.swift"]?.arrayValue?.first?["newText"] == "\r\nc")
    }

    @Test("fix all takes the fixes --fix would take together: an overlapping or repeated later one is left out")
    func fixAllSelection() {
        let actions = Self.codeActions("abcdef", fixes: [[(0..<2, "X")], [(1..<3, "Y")], [(3..<3, "Z")], [(4..<6, "")]])
        let all = try? #require(actions.first { $0["kind"] == .string(CodeActions.fixAllKind) })
        let edits = all?["edit"]?["changes"]?["file:///p/A.swift"]?.arrayValue ?? []
        #expect(edits.compactMap { $0["newText"]?.stringValue } == ["X", "Z", ""])
        #expect(all?["diagnostics"]?.arrayValue?.compactMap { $0["message"]?.stringValue } == ["m0", "m2", "m3"])
    }
}
