import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

@Suite struct ConfigGlobTests {
    private func glob(_ text: String) throws -> GlobPattern { try GlobPattern(text) }

    @Test(arguments: [
        ("Sources", "Sources", true),
        ("Sources", "Sources/A/b.swift", true),
        ("Sources", "SourcesExtra/b.swift", false),
        ("Sources", "Other/Sources/b.swift", false),
        ("./Sources/", "Sources/b.swift", true),
        ("*.swift", "a.swift", true),
        ("*.swift", "dir/a.swift", false),
        ("Sources/*.swift", "Sources/a.swift", true),
        ("Sources/*.swift", "Sources/x/a.swift", false),
        ("**/*.swift", "a.swift", true),
        ("**/*.swift", "x/y/z/a.swift", true),
        ("**/*.generated.swift", "x/a.swift", false),
        ("Tests/**/Fixtures", "Tests/Fixtures/a.swift", true),
        ("Tests/**/Fixtures", "Tests/A/B/Fixtures/a.swift", true),
        ("Tests/**/Fixtures", "Tests/A/FixturesX/a.swift", false),
        ("Tests/**/Fixtures", "Other/Fixtures/a.swift", false),
        ("a?c", "abc", true),
        ("a?c", "a/c", false),
        ("a?c", "ac", false),
        ("a*b*c", "aXXbYYc", true),
        ("a*b*c", "aXXbYY", false),
        ("é?", "éx", true),
        ("**", "anything/at/all", true),
        (".", "x/y.swift", true),
        (".build", ".build/debug/x", true),
        ("a/**/**/b", "a/b", true),
    ] as [(String, String, Bool)])
    func matching(pattern: String, path: String, expected: Bool) throws {
        #expect(try glob(pattern).matches(path) == expected)
    }

    @Test func canMatchInsideLetsDiscoveryPrune() throws {
        let fixtures = try glob("Tests/**/Fixtures")
        #expect(fixtures.canMatchInside("Tests"))
        #expect(fixtures.canMatchInside("Tests/A"))
        #expect(fixtures.canMatchInside("Tests/A/Fixtures"))
        #expect(!fixtures.canMatchInside("Sources"))
        #expect(try glob("Sources/App").canMatchInside("Sources"))
        #expect(try !glob("Sources/App").canMatchInside("Sources/Lib"))
    }

    @Test func rejectsPatternsThatCannotMeanWhatTheUserWants() {
        #expect(throws: GlobPattern.Problem.absolute) { try GlobPattern("/etc") }
        #expect(throws: GlobPattern.Problem.parentReference) { try GlobPattern("../x") }
        #expect(throws: GlobPattern.Problem.empty) { try GlobPattern("") }
        #expect(throws: GlobPattern.Problem.unsupportedSyntax("[")) { try GlobPattern("a[bc]") }
    }

    @Test func manyStarsStayFast() throws {
        // Classic exponential-backtracking trap for naive recursive matchers.
        let pattern = try glob(String(repeating: "a*", count: 30) + "b")
        #expect(!pattern.matches(String(repeating: "a", count: 2_000)))
        let folders = try glob(String(repeating: "**/x/", count: 30) + "y")
        #expect(!folders.matches(Array(repeating: "x", count: 500).joined(separator: "/")))
    }

    @Test func xcodeVersionParsing() throws {
        #expect(try XcodeVersion.parseRelease("16.4").get() == XcodeVersion(major: 16, minor: 4))
        #expect(try XcodeVersion.parseRelease("26.4.1").get() == XcodeVersion(major: 26, minor: 4, patch: 1))
        #expect(XcodeVersion.parseRelease("18") == .failure(.skippedMajor))
        #expect(XcodeVersion.parseRelease("0") == .failure(.outOfRange))
        #expect(XcodeVersion.parseRelease("26.") == .failure(.malformed))
        #expect(XcodeVersion.parseRelease("15.0 Beta 3") == .failure(.malformed))
        #expect(XcodeVersion.parseRelease("99999999999999999999") == .failure(.malformed))
    }

    @Test func didYouMean() {
        let keys = ConfigurationKey.allCases.map(\.rawValue)
        #expect(EditDistance.closestMatch(to: "disabled_rule", in: keys) == "disabled_rules")
        #expect(EditDistance.closestMatch(to: "disabled_rlues", in: keys) == "disabled_rules")
        #expect(EditDistance.closestMatch(to: "Strict", in: keys) == "strict")
        #expect(EditDistance.closestMatch(to: "excludes", in: keys) == "excluded")
        #expect(EditDistance.closestMatch(to: "line_length", in: keys) == nil)
        #expect(EditDistance.closestMatch(to: String(repeating: "x", count: 100_000), in: keys) == nil)
        #expect(EditDistance.distance("kitten", "sitting", limit: 10) == 3)
        #expect(EditDistance.distance("kitten", "sitting", limit: 2) == nil)
    }
}
