import Foundation
import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine

/// Runs `Migration` on in-memory projects (`/p/…` paths, shown without `/p/`).
enum MigrationHarness {
    struct Run {
        var report: Migration.Report
        /// Every file after the migration (relative path → text).
        var files: [String: String]
        var changed: Set<String>
    }

    static func migrate(_ files: [String: String], xcode: Int?, types: [String] = [], under: String? = nil) -> Run {
        var request = Migration.Request(files: files.keys.sorted().map { ("/p/" + $0, Array(files[$0]!.utf8)) })
        request.xcodeMajor = xcode
        request.types = types
        request.displayPath = { $0.hasPrefix("/p/") ? String($0.dropFirst(3)) : $0 }
        if let under { request.requested = { $0.hasPrefix("/p/" + under) } }
        let outcome = Migration.run(request)
        var after = files
        for (path, bytes) in outcome.changed { after[String(path.dropFirst(3))] = String(decoding: bytes, as: UTF8.self) }
        return Run(report: outcome.report, files: after, changed: Set(outcome.changed.keys.map { String($0.dropFirst(3)) }))
    }

    /// The rule ids StateLint reports per file, with every rule on (but `state_inline_class_init`
    /// on Xcode 27, as `statelint lint` runs them).
    static func findings(_ files: [String: String], xcode: Int?) -> [String: [String]] {
        let rules = RuleRegistry.all.filter { (xcode ?? 0) < 27 || $0.description.id != LintEngine.inlineClassInitID }
        let engine = LintEngine(rules: rules.map { LintEngine.ConfiguredRule(rule: $0.init(configuration: nil), severity: .warning) },
                                directiveSeverity: nil)
        let result = engine.lint(files.keys.sorted().map { ("/p/" + $0, Array(files[$0]!.utf8)) })
        var byFile: [String: [String]] = [:]
        for finding in result.findings { byFile[String(finding.path.dropFirst(3)), default: []].append(finding.ruleID) }
        return byFile.mapValues { $0.sorted() }
    }

    /// Migrates, and checks what every migration must give: both sides type-check, a second
    /// run changes nothing, and no touched file has a finding it did not have.
    static func checkedMigration(_ files: [String: String], xcode: Int?, types: [String] = [],
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Run {
        let before = try TypeCheck.typeCheck(files: files)
        #expect(before.isEmpty, "before: \(before)", sourceLocation: sourceLocation)
        let run = migrate(files, xcode: xcode, types: types)
        let after = try TypeCheck.typeCheck(files: run.files)
        #expect(after.isEmpty, "after: \(after)\n\(run.files.filter { run.changed.contains($0.key) }.map { "// \($0.key)\n\($0.value)" }.joined(separator: "\n"))",
                sourceLocation: sourceLocation)
        let again = migrate(run.files, xcode: xcode, types: types)
        #expect(again.changed.isEmpty, "a second run changed \(again.changed.sorted())", sourceLocation: sourceLocation)
        let findingsBefore = findings(files, xcode: xcode), findingsAfter = findings(run.files, xcode: xcode)
        for path in run.changed {
            for rule in Set(findingsAfter[path] ?? []) {
                #expect((findingsAfter[path] ?? []).filter { $0 == rule }.count <= (findingsBefore[path] ?? []).filter { $0 == rule }.count,
                        "new \(rule) finding in \(path): \(findingsAfter[path] ?? [])", sourceLocation: sourceLocation)
            }
        }
        return run
    }
}

/// A small app: a model in its own file (no SwiftUI import), a screen that owns it, a child
/// that observes it with bindings, a detail reading it from the environment.
enum MigrationFixtures {
    static let model = """
    import Foundation
    import Combine

    /// The session's store.
    @MainActor
    final class Store: ObservableObject, Identifiable {
        @Published var title = ""   // shown in the header
        @Published private(set) var count: Int = 0 {
            didSet { print(count) }
        }
        let id = UUID()

        func increment() { count += 1 }
    }

    """

    static let screen = """
    import SwiftUI

    struct Screen: View {
        @StateObject private var store = Store()

        var body: some View {
            VStack {
                Editor(store: store)
                Detail()
            }
            .environmentObject(store)
        }
    }

    """

    static let editor = """
    import SwiftUI

    struct Editor: View {
        @ObservedObject var store: Store

        var body: some View {
            TextField("Title", text: $store.title)
        }
    }

    struct Counter: View {
        @ObservedObject var store: Store

        var body: some View {
            Button("\\(store.count)") { store.increment() }
        }
    }

    """

    static let detail = """
    import SwiftUI

    struct Detail: View {
        @EnvironmentObject private var store: Store

        var body: some View {
            Text(store.title)
        }
    }

    """

    static var app: [String: String] {
        ["Model/Store.swift": model, "Views/Screen.swift": screen, "Views/Editor.swift": editor, "Views/Detail.swift": detail]
    }
}

@Suite struct MigrationTests {
    @Test func migratesAClassAndEveryUseOnXcode27() throws {
        let run = try MigrationHarness.checkedMigration(MigrationFixtures.app, xcode: 27)
        #expect(run.report.migrated == [Migration.Report.Migrated(type: "Store", files: ["Model/Store.swift", "Views/Detail.swift", "Views/Editor.swift", "Views/Screen.swift"])])
        #expect(run.report.refused.isEmpty)
        #expect(run.files["Model/Store.swift"] == """
        import Foundation
        import Combine
        import Observation

        /// The session's store.
        @Observable
        @MainActor
        final class Store: Identifiable {
            var title = ""   // shown in the header
            private(set) var count: Int = 0 {
                didSet { print(count) }
            }
            let id = UUID()

            func increment() { count += 1 }
        }

        """)
        #expect(run.files["Views/Screen.swift"]!.contains("    @State private var store = Store()\n"))
        #expect(run.files["Views/Screen.swift"]!.contains(".environment(store)"))
        #expect(run.files["Views/Editor.swift"]!.contains("    @Bindable var store: Store\n"))
        #expect(run.files["Views/Editor.swift"]!.contains("struct Counter: View {\n    var store: Store\n"))
        #expect(run.files["Views/Detail.swift"]!.contains("    @Environment(Store.self) private var store\n"))
    }

    @Test func onXcode26TheOwnerTakesTheLazilyOwnedRewrite() throws {
        for xcode in [26, nil] as [Int?] {
            let run = try MigrationHarness.checkedMigration(MigrationFixtures.app, xcode: xcode)
            #expect(run.report.migrated.map { $0.type } == ["Store"], "\(run.report)")
            let screen = run.files["Views/Screen.swift"]!
            #expect(screen.contains("@State private var store: Store?"), "\(screen)")
            #expect(screen.contains("if store == nil { store = Store() }"), "\(screen)")
            #expect(!screen.contains("StateObject"))
        }
    }
}
