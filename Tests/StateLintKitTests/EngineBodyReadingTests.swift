import XCTest
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// A run over many files reads method bodies only for the types that look like views in their
/// own file (`FactExtractor.BodyReading.ofLikelyViews`), and has the others read once the whole
/// project shows they are views' (`ProjectViews.filesToComplete`). Findings must be the same as
/// when every body is read.
final class EngineBodyReadingTests: XCTestCase {
    private static let view = """
        import SwiftUI

        struct FeedView: View {
            @State private var loader: FeedLoader?

            var body: some View {
                List { Text("Feed") }
                    .onAppear { startLoading() }
            }
        }
        """
    /// The method the view's handler calls, in a file with no sign of a view.
    private static let extensionFile = """
        extension FeedView {
            func startLoading() {
                loader = FeedLoader()
            }
        }
        """
    private static let model = """
        @Observable final class FeedLoader {
            func refresh() { items = [] }
            var items: [String] = []
        }

        struct Item: Codable {
            var name: String
            func renamed(_ name: String) -> Item { Item(name: name) }
        }
        """

    private func likelyViewFacts(_ source: String, file: Int = 0) -> FileFacts {
        FactExtractor(structure: ModelHarness.structure(source), file: FileID(file), bodies: .ofLikelyViews).facts()
    }

    func testBodiesOfTypesWithNoSignOfAViewAreLeftUnread() throws {
        let facts = likelyViewFacts(Self.extensionFile + "\n" + Self.model)
        let feed = try XCTUnwrap(facts.types.first { $0.name == "FeedView" })
        XCTAssertTrue(feed.hasUnreadBodies)
        XCTAssertTrue(feed.methods.isEmpty)
        let item = try XCTUnwrap(facts.types.first { $0.name == "Item" })
        XCTAssertTrue(item.hasUnreadBodies)
        // Nothing here can be reported before the bodies are read: no line table yet.
        XCTAssertNil(facts.lines)
        // Read in full, the same file has the method and its assignment.
        let full = ModelHarness.facts(Self.extensionFile)
        XCTAssertEqual(full.types.first?.methods.map(\.name), ["startLoading"])
        XCTAssertNotNil(full.lines)
    }

    func testBodiesOfLikelyViewsAndTheirExtensionsInTheSameFileAreRead() throws {
        let facts = likelyViewFacts(Self.view + "\n" + Self.extensionFile)
        let parts = facts.types.filter { $0.name == "FeedView" }
        XCTAssertEqual(parts.count, 2)
        XCTAssertFalse(parts.contains(where: \.hasUnreadBodies))
        XCTAssertEqual(parts.flatMap(\.methods).map(\.name), ["startLoading"])
    }

    func testAnExtensionOfViewItselfIsReadAtOnce() throws {
        let modifier = """
            import SwiftUI
            extension View {
                func reloading(_ reload: @escaping () -> Void) -> some View { onAppear { reload() } }
                func helper() { print("x") }
            }
            """
        let facts = likelyViewFacts(modifier)
        let part = try XCTUnwrap(facts.types.first { $0.name == "View" })
        XCTAssertFalse(part.hasUnreadBodies)
    }

    func testAViewsUnreadPartsAreCompletedAndFindTheSameAsReadingEverything() throws {
        let files = [("FeedView.swift", Self.view), ("FeedView+Loading.swift", Self.extensionFile), ("Model.swift", Self.model)]
        let split = RuleHarness.findings(files).map(RuleHarness.hit)
        XCTAssertEqual(split.map(\.description), ["FeedView+Loading.swift:3:9 appear_missing_nil_check",
                                                  "FeedView+Loading.swift:3:9 disappear_missing_teardown"])
        // The same code in one file (every body read in phase 1) finds the same rules.
        let merged = RuleHarness.findings([("All.swift", files.map(\.1).joined(separator: "\n"))])
        XCTAssertEqual(merged.map(\.ruleID).sorted(), split.map(\.ruleID).sorted())
    }

    func testOnlyTheFilesOfViewsThatMayReachTheirBodiesAreCompleted() throws {
        let sources = [Self.view, Self.extensionFile, Self.model,
                       // A view with neither properties nor handlers that call: nothing to read for it.
                       "import SwiftUI\nstruct Badge: View { var body: some View { Text(\"1\") } }",
                       "extension Badge { func tint() -> Color { .red } }"]
        let structures = sources.map { ModelHarness.structure($0) }
        let index = ProjectIndex(summaries: structures.map(TypeDeclarationSummary.init))
        let facts = structures.enumerated().map {
            FactExtractor(structure: $1, file: FileID($0), bodies: .ofLikelyViews).facts()
        }
        var views = ProjectViews(files: facts, index: index)
        XCTAssertEqual(views.filesToComplete, [FileID(1)])
        let feed = try XCTUnwrap(views.views.first { $0.name == "FeedView" })
        XCTAssertTrue(feed.handlers[0].assignments.isEmpty)

        views.complete(with: [FactExtractor(structure: structures[1], file: FileID(1)).facts()])
        let completed = try XCTUnwrap(views.views.first { $0.name == "FeedView" })
        XCTAssertEqual(completed.handlers[0].assignments.map(\.facts.target), ["loader"])
        XCTAssertEqual(completed.handlers[0].assignments.map(\.via), [["startLoading"]])
        XCTAssertFalse(completed.parts.contains(where: \.hasUnreadBodies))
    }

    func testAFixInACompletedFileEditsTheBytesThatWereLinted() throws {
        let files = ["FeedView.swift": Array(Self.view.utf8), "FeedView+Loading.swift": Array(Self.extensionFile.utf8),
                     "Model.swift": Array(Self.model.utf8)]
        let outcome = FixHarness.fix(files, rules: FixHarness.registryRules([AppearMissingNilCheckRule.description.id]))
        let fixed = try XCTUnwrap(outcome.fixed["FeedView+Loading.swift"])
        XCTAssertTrue(String(decoding: fixed, as: UTF8.self).contains("if loader == nil {"))
        XCTAssertNil(outcome.fixed["FeedView.swift"])
        XCTAssertTrue(outcome.findings.isEmpty)
    }
}
