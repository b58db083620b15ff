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

/// README.md documents every command-line option and every `.linter.yml` key.
@Suite struct ReadmeOptionsTests {
    static let readme = RuleDocumentationFiles.repositoryRoot.appendingPathComponent("README.md")

    @Test func everyOptionAndKeyIsDocumented() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        // `statelint help` and `statelint version` are documented as subcommands.
        for flag in CommandLineOptions.flagsWithValues + CommandLineOptions.booleanFlags where !["--help", "--version"].contains(flag) {
            #expect(text.contains("`\(flag)"), "README.md does not document \(flag)")
        }
        for key in ConfigurationKey.allCases.map(\.rawValue) {
            #expect(text.contains("\(key):") || text.contains("`\(key)`"), "README.md does not document the key \(key)")
        }
    }
}
