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

/// Compares every formatter's output with `Golden/<fixture>/<name>.<ext>`.
/// Run with `STATELINT_UPDATE_GOLDEN=1` to rewrite the files after an intended change
/// (then review the diff: the golden files are the documentation of each format).
@Suite struct FormatterGoldenTests {
    static let goldenRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static let fixtures: [(name: String, findings: [Finding], context: ReportContext)] = [
        ("awkward", FormatterFixtures.findings, FormatterFixtures.context()),
        ("empty", [], FormatterFixtures.context(lintedFiles: ["Sources/Clean.swift"])),
        ("fixes", FormatterFixFixtures.findings, FormatterFixtures.context()),
    ]

    @Test(arguments: ["awkward", "empty", "fixes"])
    func outputMatchesGoldenFile(fixtureName: String) throws {
        let fixture = try #require(Self.fixtures.first { $0.name == fixtureName })
        let update = ProcessInfo.processInfo.environment["STATELINT_UPDATE_GOLDEN"] == "1"
        for (name, text) in FormatterFixtures.outputs(fixture.findings, fixture.context) {
            let url = Self.goldenRoot.appendingPathComponent(fixtureName)
                .appendingPathComponent(name + "." + FormatterFixtures.goldenExtension(name))
            if update {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                        withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
                continue
            }
            let expected = try? Data(contentsOf: url)
            #expect(expected != nil, "missing golden file \(url.path); run with STATELINT_UPDATE_GOLDEN=1")
            if let expected {
                #expect(String(decoding: expected, as: UTF8.self) == text, "\(fixtureName)/\(name) differs from its golden file")
            }
        }
    }

    @Test func outputIsDeterministic() {
        let first = FormatterFixtures.outputs(FormatterFixtures.findings, FormatterFixtures.context())
        let second = FormatterFixtures.outputs(FormatterFixtures.findings, FormatterFixtures.context())
        #expect(first.map(\.text) == second.map(\.text))
    }
}
