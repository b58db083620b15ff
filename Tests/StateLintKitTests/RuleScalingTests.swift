import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// Rules must stay linear in the size of a handler. The time bound is deliberately generous
/// (debug build, shared machine): it only catches a quadratic blow-up, which took over 200 s
/// for the second case before the guard analysis became a single pass. It is not a benchmark.
@Suite struct RuleScalingTests {
    static let generousBound = Duration.seconds(60)

    @Test func manyAssignmentsInOneHandler() {
        var lines = ["import SwiftUI", "@Observable final class Model {}", "struct V: View {",
                     "    @State private var model: Model?", "    var body: some View {", "        Text(\"x\").onAppear {"]
        lines += Array(repeating: "            model = Model()", count: 20_000)
        lines += ["        }", "    }", "}"]
        let source = lines.joined(separator: "\n")
        var hits: [RuleHarness.Hit] = []
        let elapsed = ContinuousClock().measure { hits = RuleHarness.hits(source) }
        #expect(hits.count == 40_000, "every assignment is unguarded and never torn down")
        #expect(elapsed < Self.generousBound)
    }

    @Test func manyPropertiesGuardedInOneHandler() {
        let count = 4_000
        var lines = ["import SwiftUI", "@Observable final class Model {}", "struct V: View {"]
        lines += (0..<count).map { "    @State private var m\($0): Model?" }
        lines += ["    var body: some View {", "        Text(\"x\").onAppear {"]
        lines += (0..<count).map { "            if m\($0) == nil { m\($0) = Model() }" }
        lines += (0..<count).map { "            guard m\($0) == nil else { return }" }
        lines += (0..<count).map { "            m\($0) = Model()" }
        lines += ["        }", "        .onDisappear {"]
        lines += (0..<count).map { "            m\($0) = nil" }
        lines += ["        }", "    }", "}"]
        let source = lines.joined(separator: "\n")
        var hits: [RuleHarness.Hit] = []
        let elapsed = ContinuousClock().measure { hits = RuleHarness.hits(source) }
        #expect(hits == [], "all guarded, all torn down")
        #expect(elapsed < Self.generousBound)
    }

    @Test func manyPropertiesSetInAnInitializer() {
        let count = 4_000
        var lines = ["import SwiftUI", "@Observable final class Model {}", "struct V: View {"]
        lines += (0..<count).map { "    @State private var m\($0): Model" }
        lines += ["    init() {"]
        lines += (0..<count).map { "        _m\($0) = State(initialValue: Model())" }
        lines += ["    }", "    var body: some View { Text(\"x\") }", "}"]
        let source = lines.joined(separator: "\n")
        var hits: [RuleHarness.Hit] = []
        let elapsed = ContinuousClock().measure { hits = RuleHarness.hits(source) }
        #expect(hits.count == count)
        #expect(elapsed < Self.generousBound)
    }
}
