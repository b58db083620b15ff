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

/// `EngineBackend`: the index scope, when the index changes, and what is linted.
@Suite("LSP backend")
struct LSPBackendTests {
    func ruleIDs(_ report: LintReport) -> [String] { report.findings.map(\.ruleID) }

    @Test("a folder's index scope is the configuration's `index` less `excluded`, as the walk sees it")
    func indexScope() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write(".linter.yml", "index: [Sources, Shared]\nexcluded: [Sources/Generated]\n")
        try tree.write("Sources/A.swift", "final class A {}\n")
        try tree.write("Sources/Generated/B.swift", "final class B {}\n")
        try tree.write("Shared/C.swift", "final class C {}\n")
        try tree.write("Other/D.swift", "final class D {}\n")
        try tree.write("Sources/.hidden/E.swift", "final class E {}\n")
        let backend = EngineBackend(jobs: 2)
        let report = backend.indexFolder(tree.root) { _, _ in }
        #expect(report == FolderIndexReport(fileCount: 2, problems: []))
        // What the index knows shows in lints: `A` and `C` are classes, the rest unknown.
        let view = tree.path("Sources/View.swift")
        for (type, expected) in [("A", 1), ("B", 0), ("C", 1), ("D", 0), ("E", 0)] {
            let text = LSPSamples.view().replacingOccurrences(of: "Model()", with: "\(type)()")
            #expect(backend.lint(view, text: Array(text.utf8)).findings.count == expected, "\(type)")
        }
        #expect(backend.settings(for: tree.path("Sources/Generated/X.swift")).isExcluded)
        #expect(backend.settings(for: view) == FileSettings(configurationFile: tree.path(".linter.yml"), isExcluded: false))
    }

    @Test("the index changes only when a file's declarations do")
    func typesChanged() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let model = try tree.write("Model.swift", LSPSamples.model)
        let view = try tree.write("View.swift", LSPSamples.view())
        let backend = EngineBackend(jobs: 1)
        _ = backend.indexFolder(tree.root) { _, _ in }
        let first = backend.lint(view, text: Array(LSPSamples.view().utf8))
        #expect(!first.typesChanged)  // the buffer declares what the file on disk does
        #expect(ruleIDs(first) == ["state_inline_class_init"])
        // Typing in a body or a comment changes no declaration.
        let edited = LSPSamples.view().replacingOccurrences(of: "Text(\"x\")", with: "Text(\"xy\") // note")
        #expect(!backend.lint(view, text: Array(edited.utf8)).typesChanged)
        #expect(!backend.lint(model, text: Array((LSPSamples.model + "// more\n").utf8)).typesChanged)
        // A class becoming a struct does.
        let structModel = backend.lint(model, text: Array(LSPSamples.valueModel.utf8))
        #expect(structModel.typesChanged)
        #expect(backend.lint(view, text: Array(LSPSamples.view().utf8)).findings.isEmpty)
        // Closing the model's buffer brings back the class on disk; a disk change of an open file is ignored.
        #expect(backend.closeFile(model))
        #expect(ruleIDs(backend.lint(view, text: Array(LSPSamples.view().utf8))) == ["state_inline_class_init"])
        try tree.write("View.swift", "struct Model {}\n")
        #expect(!backend.fileChangedOnDisk(view))
        #expect(ruleIDs(backend.lint(view, text: Array(LSPSamples.view().utf8))) == ["state_inline_class_init"])
    }

    @Test("an open file outside the index scope adds its types while it is open")
    func openOutsideScope() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write(".linter.yml", "index: [Sources]\n")
        let view = try tree.write("Sources/View.swift", LSPSamples.view())
        let scratch = tree.path("Scratch/Model.swift")
        let backend = EngineBackend(jobs: 1)
        _ = backend.indexFolder(tree.root) { _, _ in }
        #expect(backend.lint(view, text: Array(LSPSamples.view().utf8)).findings.isEmpty)
        #expect(backend.lint(scratch, text: Array(LSPSamples.model.utf8)).typesChanged)
        #expect(backend.lint(view, text: Array(LSPSamples.view().utf8)).findings.count == 1)
        #expect(backend.closeFile(scratch))
        #expect(backend.lint(view, text: Array(LSPSamples.view().utf8)).findings.isEmpty)
    }

    @Test("a .linter.yml or .xcode-version changed on disk is loaded again before the next lint")
    func configurationFilesChanged() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Model.swift", LSPSamples.model)
        let view = tree.path("View.swift")
        let backend = EngineBackend(jobs: 1)
        _ = backend.indexFolder(tree.root) { _, _ in }
        let text = Array(LSPSamples.view().utf8)
        let first = backend.lint(view, text: text)
        #expect(ruleIDs(first) == ["state_inline_class_init"] && !first.configurationChanged)
        #expect(!backend.lint(view, text: text).configurationChanged)
        try tree.write(".xcode-version", "27.0\n")  // Xcode 27 evaluates `@State` values once
        let newer = backend.lint(view, text: text)
        #expect(newer.configurationChanged && newer.findings.isEmpty)
        try tree.write(".linter.yml", "opt_in_rules: [state_inline_class_init]\n")
        let configured = backend.lint(view, text: text)
        #expect(configured.configurationChanged && ruleIDs(configured) == ["state_inline_class_init"])
        #expect(!backend.lint(view, text: text).configurationChanged)
    }

    @Test("text StateLint cannot lint, and a configuration it cannot load, are reported, not linted")
    func problems() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let view = tree.path("View.swift")
        let backend = EngineBackend(jobs: 1)
        let binary = backend.lint(view, text: [0x61, 0x00, 0x62])
        #expect(binary.problem?.contains("NUL byte") == true)
        #expect(binary.findings.isEmpty)
        try tree.write(".linter.yml", "strict: yes\n")
        backend.reloadConfiguration()
        let broken = backend.lint(view, text: Array(LSPSamples.view().utf8))
        #expect(broken.problem?.contains("`strict` expects true or false") == true)
        #expect(backend.settings(for: view).problem != nil)
        #expect(backend.indexFolder(tree.root) { _, _ in }.problems.count == 1)
    }
}
