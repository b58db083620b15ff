import Foundation
import Testing
@testable import StateLintKit

/// Replays every input the fuzzers (`Scripts/fuzz.sh`) ever failed on through the same
/// pipeline and invariants, without libFuzzer. `source-*` files are Swift sources,
/// `config-*` files are `.linter.yml` documents. Add new crash inputs there as they are fixed.
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
}
