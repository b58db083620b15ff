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

/// Replays every input the fuzzers (`Scripts/fuzz.sh`) ever failed on through the same
/// checks and invariants, without libFuzzer. A file's prefix names its target
/// (`PathologicalPipeline.stageChecks`): `source-*`, `tokenizer-*`, `structure-*`, `index-*`,
/// `rules-*`, `formatters-*` and `autofix-*` files are Swift sources (for `formatters`, the
/// first line is the path), `config-*` files are `.linter.yml` documents. Add new crash inputs
/// there as they are fixed.
@Suite struct PathologicalCrashRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Crashes")

    static func inputs(_ prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) }.sorted()
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    @Test func crashInputsArePresent() {
        #expect(!Self.inputs("source-").isEmpty)
        #expect(!Self.inputs("config-").isEmpty)
    }

    @Test(arguments: inputs("source-"))
    func sourceInput(name: String) throws {
        let problems = PathologicalPipeline.checkSource(try Self.bytes(name))
        #expect(problems.isEmpty, "\(name): \(problems)")
    }

    @Test(arguments: inputs("config-"))
    func configurationInput(name: String) throws {
        let problems = PathologicalPipeline.checkConfiguration(try Self.bytes(name))
        #expect(problems.isEmpty, "\(name): \(problems)")
    }

    /// Every fixture through its target's check (the prefix); a Swift fixture (every target but
    /// `config`) through every other Swift target too, since each must hold on any bytes.
    @Test(arguments: inputs(""))
    func stageInput(name: String) throws {
        let target = String(name.prefix { $0 != "-" })
        let bytes = try Self.bytes(name)
        guard PathologicalPipeline.check(target: target, []) != nil else {
            Issue.record("\(name): no fuzz target \(target)")
            return
        }
        let targets = target == "config" ? ["config"] : PathologicalPipeline.stageChecks.map(\.name).filter { $0 != "config" }
        for stage in targets {
            let problems = PathologicalPipeline.check(target: stage, bytes) ?? []
            #expect(problems.isEmpty, "\(name) through \(stage): \(problems)")
        }
    }
}
