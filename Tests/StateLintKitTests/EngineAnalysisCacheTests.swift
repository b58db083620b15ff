import Testing
@testable import StateLintKit
@testable import StateLintEngine
@testable import StateLintRules

/// `AnalysisCache`, which `statelint migrate` gives the lints of the project it rewrites: a run
/// with reused analyses finds what a run from scratch finds, and a changed file is read anew.
@Suite struct EngineAnalysisCacheTests {
    static let model = "import Observation\n@Observable final class Model {}\n"
    static let view = """
    import SwiftUI
    struct Screen: View {
        @State private var model = Model()
        var body: some View { Text("") }
    }

    """
    /// An `App` in a folder of its own: each run over absolute paths makes that folder a target, which the cached
    /// facts must not carry into the next run (it did, and the next run trapped).
    static let app = "import SwiftUI\n@main struct Shop: App {\n    var body: some Scene { WindowGroup { Screen() } }\n}\n"

    static func engine(_ cache: AnalysisCache?) -> LintEngine {
        var options = LintEngine.Options()
        options.jobs = 2
        options.analysisCache = cache
        let rule = StateInlineClassInitRule(configuration: nil)
        return LintEngine(rules: [.init(rule: rule, severity: .warning)], directiveSeverity: .warning, options: options)
    }

    static func lines(_ result: LintEngine.Result) -> [String] {
        result.findings.map { "\($0.path):\($0.start.line)" }.sorted()
    }

    @Test func reusedAnalysesFindWhatAFreshRunFinds() {
        let files = [("/project/Shop/App.swift", Array(Self.app.utf8)), ("/project/Shop/Model.swift", Array(Self.model.utf8)),
                     ("/project/Shop/Screen.swift", Array(Self.view.utf8))]
        let fresh = Self.lines(Self.engine(nil).lint(files))
        #expect(fresh == ["/project/Shop/Screen.swift:3"])
        let cache = AnalysisCache()
        for _ in 0..<3 { #expect(Self.lines(Self.engine(cache).lint(files)) == fresh) }
    }

    @Test func aChangedFileIsAnalysedAgain() {
        let cache = AnalysisCache()
        var files = [("Model.swift", Array(Self.model.utf8)), ("Screen.swift", Array(Self.view.utf8))]
        #expect(Self.lines(Self.engine(cache).lint(files)) == ["Screen.swift:3"])
        files[1].1 = Array(Self.view.replacingOccurrences(of: "@State private var model = Model()", with: "let title = \"\"").utf8)
        #expect(Self.lines(Self.engine(cache).lint(files)).isEmpty)
        // A struct now: the declaration's file changed, and the view's finding goes with it.
        files[1].1 = Array(Self.view.utf8)
        files[0].1 = Array("struct Model {}\n".utf8)
        #expect(Self.lines(Self.engine(cache).lint(files)).isEmpty)
    }
}
