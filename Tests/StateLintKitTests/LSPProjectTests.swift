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

/// The language server and the command line see one project: the same dependencies and
/// targets, files changed on disk without a watching client, and answers before the index is done.
@Suite("LSP project")
struct LSPProjectTests {
    /// A package whose view creates a class declared only in a checked-out dependency.
    static func packageWithCheckout() throws -> (TemporaryTree, view: String) {
        let tree = try TemporaryTree()
        try tree.write("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Shop", targets: [.target(name: "Shop")])
        """)
        try tree.write(".build/checkouts/Charts/Sources/Charts/ChartModel.swift", """
        import Combine
        public final class ChartModel: ObservableObject {
            @Published public var points: [Double] = []
            public init() {}
        }
        """)
        let view = try tree.write("Sources/Shop/SalesView.swift", """
        import SwiftUI
        import Charts

        struct SalesView: View {
            @State private var chart = ChartModel()
            var body: some View { Text("sales") }
        }
        """)
        return (tree, view)
    }

    @Test("types from .build/checkouts give the editor the findings the command line reports")
    func dependenciesAsTheCommandLine() throws {
        let (tree, view) = try Self.packageWithCheckout()
        defer { tree.remove() }
        let command = InProcess.run(["lint", "--quiet", "--reporter", "json", "."], in: tree.root)
        let cliRules = try #require(try JSONSerialization.jsonObject(with: Data(command.stdout.utf8)) as? [String: Any])["findings"]
            .flatMap { $0 as? [[String: Any]] }?.compactMap { $0["rule"] as? String }
        #expect(cliRules == ["observable_object_in_state"], "\(command.stdout)")
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: tree.root)
        client.open(view, try #require(tree.read("Sources/Shop/SalesView.swift")))
        let published = try #require(client.diagnostics(FileURI.uri(ofPath: view)))
        #expect(published.compactMap { $0["code"]?.stringValue } == cliRules)
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("two apps with a ContentView each: the editor reports each app's findings as the command line does")
    func targetsAsTheCommandLine() throws {
        let tree = try ProjectTargetScopeTests.makeRepository([ProjectTargetScopeTests.appA, ProjectTargetScopeTests.appB,
                                                               ProjectTargetScopeTests.shared])
        defer { tree.remove() }
        let fromCommandLine = ProjectTargetScopeTests.findings([], in: tree.root)
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: tree.root)
        for app in ["AppA", "AppB"] {
            let path = tree.path("\(app)/ContentView.swift")
            client.open(path, try #require(tree.read("\(app)/ContentView.swift")))
            let published = try #require(client.diagnostics(FileURI.uri(ofPath: path)))
            let inEditor = Set(published.compactMap { diagnostic -> String? in
                guard let line = diagnostic["range"]?["start"]?["line"]?.intValue,
                      let character = diagnostic["range"]?["start"]?["character"]?.intValue,
                      let code = diagnostic["code"]?.stringValue else { return nil }
                return "\(path):\(line + 1):\(character + 1) \(code)"
            })
            #expect(inEditor == fromCommandLine.filter { $0.hasPrefix(path + ":") }, "\(app)")
        }
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("without a watching client, a class turned into a struct on disk is seen at the next change and at a save")
    func diskChangesWithoutWatching() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let model = try tree.write("Sources/Model.swift", LSPSamples.model)
        let view = try tree.write("Sources/View.swift", LSPSamples.view())
        let uri = FileURI.uri(ofPath: view)
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: tree.root)  // no `workspace.didChangeWatchedFiles` capability
        client.open(view, LSPSamples.view())
        #expect(client.diagnostics(uri)?.count == 1)
        // `git checkout` turns the class into a struct; nobody tells the server.
        try tree.write("Sources/Model.swift", LSPSamples.valueModel)
        client.change(view, version: 2, [(range(0, 0, 0, 0), "// edited\n")])
        #expect(client.diagnostics(uri, version: 2) == [])
        // And back, noticed at a save this time.
        try tree.write("Sources/Model.swift", LSPSamples.model)
        client.notify("textDocument/didSave", ["textDocument": ["uri": .string(uri)]])
        #expect(client.diagnostics(uri, version: 2)?.count == 1)
        // A new file on disk counts too: a second declaration makes `Model` ambiguous. The disk
        // is looked at again only after a pause that grows with what the last look cost (the
        // forced one of the save, slow on a loaded machine): seen at one of the next changes.
        try tree.write("Sources/Extra/Model.swift", LSPSamples.valueModel)
        var seen = false
        for version in 3..<63 where !seen {
            client.change(view, version: version, [(range(0, 0, 0, 0), "// again\n")])
            seen = client.diagnostics(uri, version: version) == []
            if !seen { usleep(100_000) }
        }
        #expect(seen)
        _ = model
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("an opened document is linted while indexing is held, and again when it is done")
    func answersBeforeTheIndexIsDone() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Sources/Model.swift", LSPSamples.model)
        let view = try tree.write("Sources/View.swift", LSPSamples.view())
        let uri = FileURI.uri(ofPath: view)
        let backend = GatedBackend(blocking: .indexing)
        let client = LSPTestClient(backend: backend)
        defer { client.close() }
        client.initialize(root: tree.root, waitForIndex: false)
        #expect(backend.waitUntilBlocked())  // the indexing queue is held
        client.open(view, LSPSamples.view())
        // Nothing is indexed yet: `Model` is unknown, so no finding, but an answer all the same.
        #expect(client.diagnostics(uri) == [])
        backend.release()
        #expect(client.waitForIndexing() != nil)
        #expect(client.diagnostics(uri)?.count == 1, "linted again once the index knows `Model`")
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("in a large workspace, the first diagnostics come before the index is done")
    func largeWorkspace() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        // 3,000 files of about 3 KB: indexing them takes seconds here, a lint milliseconds.
        let filler = (0..<60).map { "    func step\($0)(_ value: Int) -> Int { value &+ \($0) }" }.joined(separator: "\n")
        for index in 0..<3_000 {
            try tree.write("Generated/Part\(index / 100)/Type\(index).swift",
                           "final class Type\(index) {\n\(filler)\n}\n")
        }
        let view = try tree.write("Sources/View.swift", LSPSamples.view())
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: tree.root, waitForIndex: false)
        client.open(view, LSPSamples.view())
        let first = try #require(client.next { $0["method"] == "textDocument/publishDiagnostics" })
        #expect(first["params"]?["uri"]?.stringValue == FileURI.uri(ofPath: view))
        let order = client.messages.map { $0["params"]?["message"]?.stringValue?.hasPrefix("statelint: Indexed") == true }
        #expect(!order.contains(true), "the diagnostics came after the index was done")
        #expect(client.waitForIndexing() != nil)
        #expect(client.shutdownAndExit() == 0)
    }
}
