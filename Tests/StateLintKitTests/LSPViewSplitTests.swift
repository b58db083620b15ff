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

/// A view split over files in the editor: the state in one open buffer, the handlers in an
/// extension in another (or on disk), and a change to either updates both.
@Suite("LSP views split over files")
struct LSPViewSplitTests {
    static let view = """
    import SwiftUI
    @Observable final class Feed {}
    struct FeedView: View {
        @State private var feed: Feed?
        var body: some View { Text("Feed").onAppear { if feed == nil { feed = Feed() } } }
    }

    """
    static let extensionWithoutTeardown = "import SwiftUI\nextension FeedView {\n    func reload() {}\n}\n"
    static let extensionWithTeardown = "import SwiftUI\nextension FeedView {\n    var gone: some View { Color.clear.onDisappear { feed = nil } }\n}\n"

    @Test("a teardown typed in another open file clears the finding, and taking it out brings it back")
    func teardownInAnotherBuffer() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let view = try tree.write("Sources/FeedView.swift", Self.view)
        let other = try tree.write("Sources/FeedView+Lifecycle.swift", Self.extensionWithoutTeardown)
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: tree.root)
        client.open(view, Self.view)
        #expect(client.diagnostics(FileURI.uri(ofPath: view))?.map { $0["code"]?.stringValue } == ["disappear_missing_teardown"])
        client.open(other, Self.extensionWithoutTeardown)
        #expect(client.diagnostics(FileURI.uri(ofPath: other)) == [])
        client.change(other, version: 2, [(nil, Self.extensionWithTeardown)])
        #expect(client.diagnostics(FileURI.uri(ofPath: other), version: 2) == [])
        #expect(client.diagnostics(FileURI.uri(ofPath: view), settling: \.isEmpty) != nil)
        client.change(other, version: 3, [(nil, Self.extensionWithoutTeardown)])
        #expect(client.diagnostics(FileURI.uri(ofPath: other), version: 3) == [])
        #expect(client.diagnostics(FileURI.uri(ofPath: view), settling: { $0.map { $0["code"]?.stringValue } == ["disappear_missing_teardown"] }) != nil)
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("the teardown in an extension on disk counts for the open view")
    func teardownOnDisk() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let view = try tree.write("Sources/FeedView.swift", Self.view)
        try tree.write("Sources/FeedView+Lifecycle.swift", Self.extensionWithTeardown)
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: tree.root)
        client.open(view, Self.view)
        #expect(client.diagnostics(FileURI.uri(ofPath: view)) == [])
        #expect(client.shutdownAndExit() == 0)
    }
}
