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

enum LSPSamples {
    static let model = """
    final class Model {
        var count = 0
    }

    """

    static let valueModel = """
    struct Model {
        var count = 0
    }

    """

    /// One `state_inline_class_init` finding when `Model` is a class, on `prefix` + line 4.
    static func view(prefix: String = "", lineEnding: String = "\n") -> String {
        ["import SwiftUI", "", "struct CounterView: View {",
         "    \(prefix)@State private var model = Model()",
         "    var body: some View { Text(\"x\") }", "}", ""].joined(separator: lineEnding)
    }

    static let finding = "@State private var model = Model()"

    /// The expected LSP range of `finding` in `text`, from Swift's string views.
    static func expectedRange(in text: String, encoding: PositionEncoding = .utf16) -> LSPJSON {
        let bytes = Array(text.utf8)
        let needle = Array(finding.utf8)
        let start = (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }!
        return ["start": lspPosition(ofUTF8Offset: start, in: text, encoding: encoding),
                "end": lspPosition(ofUTF8Offset: start + needle.count, in: text, encoding: encoding)]
    }
}

/// Diagnostics published for open documents, through pipes.
@Suite("LSP diagnostics")
struct LSPDiagnosticsTests {
    /// A workspace with `Model.swift` (a class) and `View.swift` using it.
    func workspace() throws -> (TemporaryTree, model: String, view: String) {
        let tree = try TemporaryTree()
        let model = try tree.write("Sources/Model.swift", LSPSamples.model)
        let view = try tree.write("Sources/View.swift", LSPSamples.view())
        return (tree, model, view)
    }

    @Test("a finding is published with its range, severity, source, code and message, and cleared when fixed and when closed")
    func publishAndClear() throws {
        let (tree, _, view) = try workspace()
        defer { tree.remove() }
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: tree.root, capabilities: ["textDocument": ["publishDiagnostics": ["codeDescriptionSupport": true]]])
        let uri = FileURI.uri(ofPath: view)
        let text = LSPSamples.view()
        client.open(view, text)
        let diagnostics = try #require(client.diagnostics(uri, version: 1))
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic["range"] == LSPSamples.expectedRange(in: text))
        #expect(diagnostic["range"]?["start"] == ["line": 3, "character": 4])
        #expect(diagnostic["severity"] == 2)
        #expect(diagnostic["source"] == "statelint")
        #expect(diagnostic["code"] == "state_inline_class_init")
        #expect(diagnostic["codeDescription"]?["href"]?.stringValue?.hasSuffix("Rules/state_inline_class_init.md") == true)
        #expect(diagnostic["message"]?.stringValue?.contains("`Model`, a class") == true)

        // Make the property optional: the finding goes away in version 2.
        client.change(view, version: 2, [(range(3, 29, 3, 38), ": Model?")])
        #expect(client.diagnostics(uri, version: 2) == [])
        // Back again in version 3, then the document is closed: an empty list with no version.
        client.change(view, version: 3, [(range(3, 29, 3, 37), " = Model()")])
        #expect(client.diagnostics(uri, version: 3)?.count == 1)
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        let cleared = try #require(client.next { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["version"] == nil })
        #expect(cleared["params"]?["diagnostics"] == [])
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("ranges in UTF-16 and UTF-8 after multi-byte characters, with CRLF line endings", arguments: [PositionEncoding.utf16, .utf8])
    func multiByteRanges(encoding: PositionEncoding) throws {
        let (tree, _, view) = try workspace()
        defer { tree.remove() }
        let client = LSPTestClient()
        defer { client.close() }
        let offered: LSPJSON = encoding == .utf8 ? ["utf-8"] : ["utf-16"]
        client.initialize(root: tree.root, capabilities: ["general": ["positionEncodings": offered]])
        let text = LSPSamples.view(prefix: "/* 😀é日 */ ", lineEnding: "\r\n")
        client.open(view, text)
        let diagnostics = try #require(client.diagnostics(FileURI.uri(ofPath: view)))
        #expect(diagnostics.first?["range"] == LSPSamples.expectedRange(in: text, encoding: encoding))
        let expectedStart = encoding == .utf8 ? 4 + 3 + 4 + 2 + 3 + 4 : 4 + 3 + 2 + 1 + 1 + 4
        #expect(diagnostics.first?["range"]?["start"] == ["line": 3, "character": .int(expectedStart)])
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("the buffer is linted, not the file on disk")
    func bufferNotDisk() throws {
        let (tree, _, view) = try workspace()
        defer { tree.remove() }
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: tree.root)
        // On disk the view has a finding; the editor's unsaved buffer does not.
        let clean = LSPSamples.view().replacingOccurrences(of: "= Model()", with: ": Model?")
        client.open(view, clean)
        #expect(client.diagnostics(FileURI.uri(ofPath: view)) == [])
        #expect(tree.read("Sources/View.swift") == LSPSamples.view())  // and the file is untouched
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("severity, excluded and directives come from the configuration and the engine")
    func configurationApplies() throws {
        let (tree, _, view) = try workspace()
        defer { tree.remove() }
        try tree.write(".linter.yml", "state_inline_class_init: error\nexcluded: [Sources/Generated]\n")
        let generated = try tree.write("Sources/Generated/View.swift", LSPSamples.view())
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: tree.root)
        client.open(view, LSPSamples.view())
        #expect(client.diagnostics(FileURI.uri(ofPath: view))?.first?["severity"] == 1)
        client.open(generated, LSPSamples.view())
        #expect(client.diagnostics(FileURI.uri(ofPath: generated)) == [])
        let suppressed = LSPSamples.view().replacingOccurrences(
            of: "    @State", with: "    // statelint:disable:next state_inline_class_init\n    @State")
        client.change(view, version: 2, [(nil, suppressed)])
        #expect(client.diagnostics(FileURI.uri(ofPath: view), version: 2) == [])
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("a class that becomes a struct in another open file updates this file's diagnostics")
    func crossFileUpdates() throws {
        let (tree, model, view) = try workspace()
        defer { tree.remove() }
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: tree.root)
        let viewURI = FileURI.uri(ofPath: view)
        client.open(view, LSPSamples.view())
        #expect(client.diagnostics(viewURI)?.count == 1)
        client.open(model, LSPSamples.model)
        // `final class Model` → `struct Model` in the model's buffer (not saved).
        client.change(model, version: 2, [(range(0, 0, 0, 11), "struct")])
        #expect(client.diagnostics(viewURI, settling: \.isEmpty) != nil)
        client.change(model, version: 3, [(range(0, 0, 0, 6), "class")])
        #expect(client.diagnostics(viewURI, settling: { $0.count == 1 }) != nil)
        // Closing the model's buffer brings back the file on disk: a class.
        client.change(model, version: 4, [(range(0, 0, 0, 5), "struct")])
        #expect(client.diagnostics(viewURI, settling: \.isEmpty) != nil)
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(FileURI.uri(ofPath: model))]])
        #expect(client.diagnostics(viewURI, settling: { $0.count == 1 }) != nil)
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("files changed on disk and a changed .linter.yml update open documents")
    func watchedFiles() throws {
        let (tree, model, view) = try workspace()
        defer { tree.remove() }
        let client = LSPTestClient()
        defer { client.close() }
        let response = client.initialize(root: tree.root, capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        #expect(response != nil)
        let registration = try #require(client.next { $0["method"] == "client/registerCapability" })
        let watchers = registration["params"]?["registrations"]?.arrayValue?.first?["registerOptions"]?["watchers"]?.arrayValue
        #expect(watchers?.compactMap { $0["globPattern"]?.stringValue } == ["**/*.swift", "**/.linter.yml", "**/.xcode-version"])
        let viewURI = FileURI.uri(ofPath: view)
        client.open(view, LSPSamples.view())
        #expect(client.diagnostics(viewURI)?.count == 1)

        try tree.write("Sources/Model.swift", LSPSamples.valueModel)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(FileURI.uri(ofPath: model)), "type": 2]]])
        #expect(client.diagnostics(viewURI, settling: \.isEmpty) != nil)
        try FileManager.default.removeItem(atPath: model)
        try tree.write("Sources/Other/Model.swift", LSPSamples.model)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [
            ["uri": .string(FileURI.uri(ofPath: model)), "type": 3],
            ["uri": .string(FileURI.uri(ofPath: tree.path("Sources/Other/Model.swift"))), "type": 1],
        ]])
        #expect(client.diagnostics(viewURI, settling: { $0.count == 1 }) != nil)

        let config = try tree.write(".linter.yml", "disabled_rules: [state_inline_class_init]\n")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(FileURI.uri(ofPath: config)), "type": 1]]])
        #expect(client.diagnostics(viewURI, settling: \.isEmpty) != nil)
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("without file watchers, a .linter.yml changed on disk is seen at the next edit, in every open file")
    func configurationChangeWithoutWatchers() throws {
        let (tree, _, view) = try workspace()
        defer { tree.remove() }
        let other = try tree.write("Sources/Other.swift", LSPSamples.view())
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: tree.root)
        client.open(view, LSPSamples.view())
        client.open(other, LSPSamples.view())
        #expect(client.diagnostics(FileURI.uri(ofPath: view))?.count == 1)
        #expect(client.diagnostics(FileURI.uri(ofPath: other))?.count == 1)
        try tree.write(".linter.yml", "state_inline_class_init: error\n")
        client.change(view, version: 2, [(range(0, 0, 0, 0), "// edited\n")])
        #expect(client.diagnostics(FileURI.uri(ofPath: view), version: 2)?.first?["severity"] == 1)
        #expect(client.diagnostics(FileURI.uri(ofPath: other), settling: { $0.first?["severity"] == 1 }) != nil)
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("a broken .linter.yml is shown once, and nothing under it is linted")
    func brokenConfiguration() throws {
        let (tree, _, view) = try workspace()
        defer { tree.remove() }
        try tree.write(".linter.yml", "disabled_rule: [x]\n")
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: tree.root)
        client.open(view, LSPSamples.view())
        #expect(client.diagnostics(FileURI.uri(ofPath: view)) == [])
        let shown = client.next { $0["method"] == "window/showMessage" }
        #expect(shown?["params"]?["message"]?.stringValue?.contains("did you mean `disabled_rules`") == true)
        client.change(view, version: 2, [(range(0, 0, 0, 0), " ")])
        #expect(client.diagnostics(FileURI.uri(ofPath: view), version: 2) == [])
        #expect(client.collect(for: 0.2) { $0["method"] == "window/showMessage" }.isEmpty)
        #expect(client.shutdownAndExit() == 0)
    }

    /// How a broken `.linter.yml` can reach the editor: found by a document opened before the
    /// workspace is indexed (its path was shown from the document's folder, then from the
    /// workspace's), written on disk and noticed at a keystroke, saved in the editor, or seen by
    /// the file watcher (each of the last three also reloads and indexes again, which found it
    /// a second time).
    enum BrokenConfigurationEvent: String, CaseIterable { case openedBeforeIndexing, noticedAtAKeystroke, saved, watched }

    @Test("a broken .linter.yml is shown once however it is met", arguments: BrokenConfigurationEvent.allCases)
    func brokenConfigurationShownOnce(event: BrokenConfigurationEvent) throws {
        let (tree, _, view) = try workspace()
        defer { tree.remove() }
        let broken = "disabled_rule: [x]\n"
        if event != .noticedAtAKeystroke { try tree.write(".linter.yml", broken) }
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: tree.root, waitForIndex: event != .openedBeforeIndexing)
        client.open(view, LSPSamples.view())
        let configuration = FileURI.uri(ofPath: tree.path(".linter.yml"))
        switch event {
        case .openedBeforeIndexing:
            break
        case .noticedAtAKeystroke:
            #expect(client.diagnostics(FileURI.uri(ofPath: view))?.count == 1)
            // No watcher: the server sees the new file before the next lint.
            try tree.write(".linter.yml", broken)
            client.change(view, version: 2, [(range(0, 0, 0, 0), " ")])
            #expect(client.diagnostics(FileURI.uri(ofPath: view), version: 2) == [])
        case .saved:
            #expect(client.diagnostics(FileURI.uri(ofPath: view)) == [])
            client.notify("textDocument/didSave", ["textDocument": ["uri": .string(configuration)]])
        case .watched:
            #expect(client.diagnostics(FileURI.uri(ofPath: view)) == [])
            client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(configuration), "type": 2]]])
        }
        // Whatever the reload does, it is done when the index is built again.
        if event == .saved || event == .watched || event == .noticedAtAKeystroke { client.waitForIndexing() }
        let shown = client.collect(for: 0.5) { $0["method"] == "window/showMessage" }.compactMap { $0["params"]?["message"]?.stringValue }
        #expect(shown == ["StateLint: .linter.yml:1:1: error: unknown key `disabled_rule`; did you mean `disabled_rules`?"])
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("a .linter.yml broken again after it was fixed is shown again")
    func brokenAgain() throws {
        let (tree, _, view) = try workspace()
        defer { tree.remove() }
        try tree.write(".linter.yml", "disabled_rule: [x]\n")
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: tree.root)
        client.open(view, LSPSamples.view())
        let configuration = FileURI.uri(ofPath: tree.path(".linter.yml"))
        func changed(to text: String) throws {
            try tree.write(".linter.yml", text)
            client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(configuration), "type": 2]]])
            client.waitForIndexing()
        }
        try changed(to: "strict: false\n")
        try changed(to: "disabled_rule: [x]\n")
        let shown = client.collect(for: 0.5) { $0["method"] == "window/showMessage" }
        #expect(shown.count == 2, "\(shown)")
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("indexing reports work-done progress once the client has created the token")
    func progress() throws {
        let (tree, _, _) = try workspace()
        defer { tree.remove() }
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: tree.root, capabilities: ["window": ["workDoneProgress": true]])
        let create = try #require(client.next { $0["method"] == "window/workDoneProgress/create" })
        let token = try #require(create["params"]?["token"])
        let begin = try #require(client.next { $0["method"] == "$/progress" && $0["params"]?["value"]?["kind"] == "begin" })
        #expect(begin["params"]?["token"] == token)
        let end = try #require(client.next { $0["method"] == "$/progress" && $0["params"]?["value"]?["kind"] == "end" })
        #expect(end["params"]?["value"]?["message"]?.stringValue?.hasPrefix("Indexed 2 Swift files") == true)
        // Nothing on that token before its begin.
        let order = client.messages.compactMap { message -> String? in
            guard message["method"] == "$/progress" else { return nil }
            return message["params"]?["value"]?["kind"]?.stringValue
        }
        #expect(order.first == "begin" && order.last == "end")
        #expect(client.shutdownAndExit() == 0)

        // A client without progress support is never asked for a token.
        let plain = LSPTestClient()
        defer { plain.close() }
        plain.initialize(root: tree.root)
        #expect(plain.shutdownAndExit() == 0)
        #expect(!plain.messages.contains { $0["method"] == "window/workDoneProgress/create" || $0["method"] == "$/progress" })
    }

    @Test("a burst of changes during a lint: one more lint, of the last version, and no old version published")
    func coalescesAndNeverPublishesOldVersions() throws {
        let (tree, _, view) = try workspace()
        defer { tree.remove() }
        let backend = GatedBackend(blocking: .linting)
        let client = LSPTestClient(backend: backend)
        defer { client.close() }
        client.initialize(root: tree.root)
        let uri = FileURI.uri(ofPath: view)
        client.open(view, LSPSamples.view())
        #expect(backend.waitUntilBlocked())  // linting version 1
        for version in 2...6 {
            client.change(view, version: version, [(range(0, 0, 0, 0), "// \(version)\n")])
        }
        _ = client.request("statelint/unknown")  // every change has been read
        backend.release()
        #expect(client.diagnostics(uri, version: 6)?.count == 1)
        let published = client.collect(for: 0.3) { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(published.isEmpty, "published after the last version: \(published)")
        #expect(!client.messages.contains { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["version"] != 6 })
        // Version 1 (held), then the last version only.
        #expect(backend.lintedTexts.count == 2)
        #expect(backend.lintedTexts.last?.hasPrefix("// 6\n// 5\n// 4\n// 3\n// 2\n") == true)
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("workspace folders from initialize, and folders added later")
    func workspaceFolders() throws {
        let first = try TemporaryTree()
        defer { first.remove() }
        let second = try TemporaryTree()
        defer { second.remove() }
        try first.write("Model.swift", LSPSamples.model)
        let view = try second.write("View.swift", LSPSamples.view())
        try second.write("Model.swift", LSPSamples.valueModel)
        let client = LSPTestClient()
        defer { client.close() }
        _ = client.request("initialize", ["capabilities": [:], "rootUri": .null,
                                          "workspaceFolders": [["uri": .string(FileURI.uri(ofPath: first.root)), "name": "first"]]])
        client.notify("initialized")
        #expect(client.waitForIndexing() != nil)
        // Outside every folder the view sees only open documents: `Model` is unknown, no finding.
        client.open(view, LSPSamples.view())
        let uri = FileURI.uri(ofPath: view)
        #expect(client.diagnostics(uri) == [])
        client.notify("workspace/didChangeWorkspaceFolders", ["event": [
            "added": [["uri": .string(FileURI.uri(ofPath: second.root)), "name": "second"]], "removed": []]])
        #expect(client.waitForIndexing() != nil)
        #expect(client.diagnostics(uri) == [])  // its own folder says `Model` is a struct
        try second.write("Model.swift", LSPSamples.model)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(FileURI.uri(ofPath: second.path("Model.swift"))), "type": 2]]])
        #expect(client.diagnostics(uri, settling: { $0.count == 1 }) != nil)
        #expect(client.shutdownAndExit() == 0)
    }
}
