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

/// `LintEngine.run(files:indexFiles:dependencyFiles:)`: dependency files decide types the
/// project does not declare, are never linted, and a bad one is skipped, not an error.
@Suite struct EngineDependencyTests {
    static let view = """
    import SwiftUI
    import Pkg

    struct ScreenView: View {
        @State private var model = Model()
        @State private var session: Session?
        var body: some View {
            Text("x").onAppear { session = Session() }
        }
    }

    """

    static func engine(reportUnknownTypes: Bool = false, maximumDependencyFileSize: Int? = nil) -> LintEngine {
        let rules = RuleRegistry.all.map { type in
            let id = type.description.id
            let configuration = id == StateInlineClassInitRule.description.id
                ? RuleConfiguration(id: id, severity: .warning, isEnabled: true, options: ["report_unknown_types": .bool(reportUnknownTypes)])
                : nil
            return LintEngine.ConfiguredRule(rule: type.init(configuration: configuration), severity: .warning)
        }
        var options = LintEngine.Options()
        options.jobs = 2
        if let maximumDependencyFileSize { options.maximumDependencyFileSize = maximumDependencyFileSize }
        return LintEngine(rules: rules, directiveSeverity: .warning, options: options)
    }

    @Test func aDependencyClassTurnsOnTheFindingAndIsNotLinted() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let view = try tree.write("App/ScreenView.swift", Self.view)
        // The package's own view has a finding of its own: it must not be reported.
        let model = try tree.write("checkouts/Pkg/Sources/Pkg/Model.swift", """
        import Observation
        @Observable public final class Model { public init() {} }
        struct PackageView { @State var model = Model() }
        """)
        let without = Self.engine().run(files: [view], indexFiles: [view])
        #expect(without.findings.isEmpty)
        #expect(without.uncheckedTypeNames == ["Model": 1, "Session": 2])
        #expect(without.unresolvedTypeNames == without.uncheckedTypeNames)

        let with = Self.engine().run(files: [view], indexFiles: [view], dependencyFiles: [model])
        #expect(with.findings.map { "\($0.path):\($0.start.line) \($0.ruleID)" } == ["\(view):5 state_inline_class_init"])
        #expect(with.lintedFiles == [view])
        #expect(with.uncheckedTypeNames == ["Session": 2])
        #expect(with.dependencyFileCount == 1 && with.indexedFileCount == 2)
        #expect(with.skippedDependencyFiles.isEmpty)
    }

    @Test func theProjectsOwnStructWinsOverADependencyClass() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let view = try tree.write("App/ScreenView.swift", Self.view)
        let own = try tree.write("App/Model.swift", "struct Model {}\n")
        let model = try tree.write("checkouts/Pkg/Model.swift", "public final class Model {}\npublic final class Session {}\n")
        let result = Self.engine().run(files: [view, own], indexFiles: [view, own], dependencyFiles: [model])
        // `Model` is the project's struct; `Session` the package's class (two rules fire on it).
        #expect(result.findings.map(\.ruleID).sorted() == ["appear_missing_nil_check", "disappear_missing_teardown"])
        #expect(result.uncheckedTypeNames.isEmpty)
    }

    @Test func unreadableBinaryAndOversizedDependencyFilesAreSkippedNotErrors() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let view = try tree.write("App/ScreenView.swift", Self.view)
        let binary = try tree.write("checkouts/Pkg/Binary.swift", bytes: Array("final class Model {}".utf8) + [0, 1, 2])
        let latin1 = try tree.write("checkouts/Pkg/Latin1.swift", bytes: Array("final class Session {} // caf".utf8) + [0xE9])
        let large = try tree.write("checkouts/Pkg/Large.swift", "final class Model {}\n" + String(repeating: "// padding\n", count: 200))
        let missing = tree.path("checkouts/Pkg/Gone.swift")
        let result = Self.engine(maximumDependencyFileSize: 1024)
            .run(files: [view], indexFiles: [view], dependencyFiles: [binary, latin1, large, missing])
        #expect(result.errors.isEmpty)
        #expect(result.dependencyFileCount == 0, "counts only the files indexed")
        #expect(result.findings.isEmpty, "nothing from a skipped file is indexed")
        #expect(Set(result.skippedDependencyFiles.map(\.path)) == [binary, latin1, large, missing])
        let reasons = result.skippedDependencyFiles.map(\.reason)
        #expect(reasons.contains { $0.hasPrefix("binary file") })
        #expect(reasons.contains { $0.hasPrefix("not valid UTF-8") })
        #expect(reasons.contains { $0.contains("limit") })
        #expect(reasons.contains { $0.hasPrefix("cannot open file") })
    }

    /// With `report_unknown_types`, an unknown type is reported anyway: unresolved, but checked.
    @Test func reportedUnknownTypesAreNotUnchecked() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let view = try tree.write("App/ScreenView.swift", Self.view)
        let result = Self.engine(reportUnknownTypes: true).run(files: [view], indexFiles: [view])
        #expect(result.findings.map(\.ruleID) == ["state_inline_class_init"])
        #expect(result.unresolvedTypeNames == ["Model": 1, "Session": 2])
        #expect(result.uncheckedTypeNames == ["Session": 2])
    }
}
