import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// Numbers next to `.`: the Swift lexer reads `x.0.1` as tuple access only after a `.`
/// token, so a range operator before a fraction leaves it a float.
@Suite struct TokenizerNumberAfterDotTests {
    @Test func fractionsAfterRangeOperators() {
        #expect(codeTokens("0...0.5").map(\.1) == ["0", "...", "0.5"])
        #expect(codeTokens("0...0.5").map(\.0) == [.integer, .operator, .float])
        #expect(codeTokens("1..<2.5").map(\.0) == [.integer, .operator, .float])
        #expect(codeTokens("-0.0001...0.0001").map(\.0) == [.operator, .float, .operator, .float])
        #expect(codeTokens("case 0.3...0.8:").map(\.0) == [.keyword, .float, .operator, .float, .colon])
    }

    @Test func tupleAccessStaysIntegers() {
        #expect(codeTokens("t.0.1").map(\.0) == [.identifier, .period, .integer, .period, .integer])
        #expect(codeTokens("t . 0.1").map(\.0) == [.identifier, .period, .integer, .period, .integer])
        #expect(codeTokens("t?.0.1").map(\.0) == [.identifier, .operator, .period, .integer, .period, .integer])
    }

    @Test func backDeployTakesAVersionList() {
        #expect(codeTokens("@_backDeploy(before: macOS 14.0)").map(\.1)
                == ["@_backDeploy", "(", "before", ":", "macOS", "14", ".", "0", ")"])
        #expect(codeTokens("@backDeployed(before: iOS 17.0)").map(\.1).suffix(4) == ["17", ".", "0", ")"])
        #expect(codeTokens("@_backDeploy(before: macOS 14.0) func f() { g(1.5) }").contains { $0 == (.float, "1.5") })
    }
}
