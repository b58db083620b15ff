import Foundation
import Testing
@testable import StateLintKit

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

    @Test("a fix whose edit would split a character or a CRLF, or leave the file, is not offered")
    func unsafeFixes() {
        let bytes = Array("a😀\r\nb".utf8)
        #expect(CodeActions.fits(0..<1, in: bytes))
        #expect(CodeActions.fits(1..<5, in: bytes))
        #expect(!CodeActions.fits(2..<5, in: bytes))  // inside the emoji
        #expect(!CodeActions.fits(5..<6, in: bytes))  // between CR and LF
        #expect(CodeActions.fits(7..<8, in: bytes))
        #expect(!CodeActions.fits(7..<9, in: bytes))
        #expect(CodeActions.fits(8..<8, in: bytes))
    }

    @Test("edits conflict when they overlap or start at the same offset")
    func conflicts() {
        func edit(_ range: Range<Int>, _ path: String = "a") -> TextEdit { TextEdit(path: path, range: range, replacement: "") }
        #expect(CodeActions.conflict(edit(0..<5), edit(4..<6)))
        #expect(CodeActions.conflict(edit(3..<3), edit(3..<3)))
        #expect(CodeActions.conflict(edit(2..<4), edit(3..<3)))
        #expect(!CodeActions.conflict(edit(0..<3), edit(3..<5)))
        #expect(!CodeActions.conflict(edit(0..<5), edit(0..<5, "b")))
    }
}
