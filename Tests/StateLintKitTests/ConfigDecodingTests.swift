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

@Suite struct ConfigDecodingTests {
    @Test func decodesEveryKey() throws {
        let configuration = try ConfigTestSupport.decode("""
        included: [Sources, "Examples"]
        excluded:
          - .build
          - Tests/**/Fixtures
        disabled_rules: [disappear_missing_teardown]
        opt_in_rules: [sample_opt_in_rule]
        reporter: [json, github]
        strict: true
        xcode_version: 26.4
        known_classes: [Model, Outer.Inner]
        known_value_types: [Point]
        index: [Sources, Vendor/Models]
        state_inline_class_init: error
        appear_missing_nil_check: { severity: error, handlers: [onAppear] }
        sample_opt_in_rule:
          limit: 7
          label: hello
        """)
        #expect(configuration.included.map(\.pattern) == ["Sources", "Examples"])
        #expect(configuration.excluded.map(\.pattern) == [".build", "Tests/**/Fixtures"])
        #expect(configuration.disabledRules == ["disappear_missing_teardown"])
        #expect(configuration.optInRules == ["sample_opt_in_rule"])
        #expect(configuration.onlyRules == nil)
        #expect(configuration.reporters == ["json", "github"])
        #expect(configuration.strict)
        #expect(configuration.xcodeVersion == XcodeVersion(major: 26, minor: 4))
        #expect(configuration.knownClasses == ["Model", "Outer.Inner"])
        #expect(configuration.knownValueTypes == ["Point"])
        #expect(configuration.index.map(\.pattern) == ["Sources", "Vendor/Models"])
        #expect(configuration.rule("state_inline_class_init")?.severity == .error)
        #expect(configuration.rule("state_inline_class_init")?.bool("report_unknown_types") == false)
        #expect(configuration.rule("appear_missing_nil_check")?.severity == .error)
        #expect(configuration.rule("appear_missing_nil_check")?.stringList("handlers") == ["onAppear"])
        #expect(configuration.rule("sample_opt_in_rule")?.int("limit") == 7)
        #expect(configuration.rule("sample_opt_in_rule")?.string("label") == "hello")
        #expect(configuration.enabledRuleIDs == ["appear_missing_nil_check", "sample_opt_in_rule", "state_inline_class_init"])
        #expect(configuration.origin(of: "strict") == .configurationFile(path: ".linter.yml", line: 8))
        #expect(configuration.origin(of: "appear_missing_nil_check.handlers") == .configurationFile(path: ".linter.yml", line: 14))
        #expect(configuration.origin(of: "sample_opt_in_rule.limit").description == ".linter.yml:16")
    }

    @Test func defaultsApplyToAnEmptyFile() throws {
        let configuration = try ConfigTestSupport.decode("# nothing here\n")
        #expect(configuration.included == [GlobPattern.projectRoot])
        #expect(configuration.excluded.isEmpty)
        #expect(configuration.reporters == ["xcode"])
        #expect(configuration.strict == false)
        #expect(configuration.xcodeVersion == nil)
        #expect(configuration.index == [GlobPattern.projectRoot])
        #expect(configuration.rule("appear_missing_nil_check")?.stringList("handlers") == ["onAppear", "task"])
        #expect(configuration.rule("sample_opt_in_rule")?.severity == .error)
        #expect(configuration.enabledRuleIDs == ["appear_missing_nil_check", "disappear_missing_teardown", "state_inline_class_init"])
        #expect(configuration.origin(of: "strict") == .builtInDefault)
    }

    @Test func onlyRulesSelectsExactlyThoseRules() throws {
        let configuration = try ConfigTestSupport.decode("only_rules: [sample_opt_in_rule]\n")
        #expect(configuration.enabledRuleIDs == ["sample_opt_in_rule"])
    }

    @Test func xcodeVersionForms() throws {
        #expect(try ConfigTestSupport.decode("xcode_version: 26").xcodeVersion == XcodeVersion(major: 26))
        #expect(try ConfigTestSupport.decode("xcode_version: \"27.0\"").xcodeVersion == XcodeVersion(major: 27))
        // Kept as text, so 26.10 is not the float 26.1.
        #expect(try ConfigTestSupport.decode("xcode_version: 26.10").xcodeVersion == XcodeVersion(major: 26, minor: 10))
        #expect(XcodeVersion(major: 26, minor: 10) > XcodeVersion(major: 26, minor: 9))
        #expect(XcodeVersion(major: 16, minor: 4) < XcodeVersion(major: 26))
    }

    /// Each mistake is reported at its token, quoting it and suggesting the fix.
    @Test(arguments: [
        ("disabled_rule: []", ".linter.yml:1:1: error: unknown key `disabled_rule`; did you mean `disabled_rules`?"),
        ("disabledRules: []", ".linter.yml:1:1: error: unknown key `disabledRules`; did you mean `disabled_rules`?"),
        ("strict: yes", ".linter.yml:1:9: error: `strict` expects true or false, found `yes`"),
        ("strict: \"true\"", ".linter.yml:1:9: error: `strict` expects true or false, found `\"true\"`"),
        ("disabled_rules: [state_inline_class_int]",
         ".linter.yml:1:18: error: unknown rule id `state_inline_class_int` in `disabled_rules`; did you mean `state_inline_class_init`?"),
        ("disabled_rules: state_inline_class_init",
         ".linter.yml:1:17: error: `disabled_rules` expects a list of rule ids, found `state_inline_class_init`; write `disabled_rules: [state_inline_class_init]`"),
        ("reporter: jsno", ".linter.yml:1:11: error: unknown reporter `jsno`; did you mean `json`?; available: xcode, github, json, sarif"),
        ("state_inline_class_int: error", ".linter.yml:1:1: error: unknown key `state_inline_class_int`; did you mean `state_inline_class_init`?"),
        ("state_inline_class_init: eror",
         ".linter.yml:1:26: error: severity of `state_inline_class_init` must be `warning` or `error`, found `eror`; did you mean `error`?"),
        ("state_inline_class_init: off",
         ".linter.yml:1:26: error: severity of `state_inline_class_init` must be `warning` or `error`, found `off`; to turn the rule off, list it in `disabled_rules`"),
        ("state_inline_class_init: { report_unknown_type: true }",
         ".linter.yml:1:28: error: unknown option `report_unknown_type` for rule `state_inline_class_init`; did you mean `report_unknown_types`?"),
        ("disappear_missing_teardown: { enabled: false }",
         ".linter.yml:1:31: error: unknown option `enabled` for rule `disappear_missing_teardown`; this rule has no options, only `severity`"),
        ("state_inline_class_init:\n  report_unknown_types: 1",
         ".linter.yml:2:25: error: `state_inline_class_init.report_unknown_types` expects true or false, found `1`"),
        ("appear_missing_nil_check: { handlers: onAppear }",
         ".linter.yml:1:39: error: `appear_missing_nil_check.handlers` expects a list of strings, found `onAppear`"),
        ("sample_opt_in_rule: { limit: many }",
         ".linter.yml:1:30: error: `sample_opt_in_rule.limit` expects an integer, found `many`"),
        ("xcode_version: 17", ".linter.yml:1:16: error: `xcode_version` found `17`: there is no Xcode 17 to 25: Xcode jumped from 16 to 26 in 2025 (did you write an iOS version?)"),
        ("xcode_version: latest", ".linter.yml:1:16: error: `xcode_version` found `latest`: expected a version like `26` or `26.4`"),
        ("known_classes: [My Model]",
         ".linter.yml:1:17: error: `My Model` in `known_classes` is not a type name (expected e.g. `Model` or `Outer.Inner`)"),
        ("excluded: [/abs/path]",
         ".linter.yml:1:12: error: the pattern `/abs/path` in `excluded` is absolute; paths are relative to the folder holding .linter.yml"),
        ("excluded: [\"{a,b}\"]",
         ".linter.yml:1:12: error: the pattern `{a,b}` in `excluded` uses `{`, which is not supported (only `*`, `**` and `?` are wildcards)"),
        ("excluded: [a, a]", ".linter.yml:1:15: error: `a` is listed twice in `excluded` (first on line 1)"),
        ("- a", ".linter.yml:1:1: error: the configuration must be a mapping of keys to values, found a list"),
        ("only_rules: [state_inline_class_init]\ndisabled_rules: []",
         ".linter.yml:1:1: error: `only_rules` cannot be combined with `disabled_rules`; `only_rules` lists exactly the rules that run"),
    ] as [(String, String)])
    func reportsMistakes(text: String, expected: String) {
        #expect(ConfigTestSupport.decodeErrors(text) == [expected])
    }

    @Test func collectsSeveralErrorsInFileOrder() {
        let errors = ConfigTestSupport.decodeErrors("strict: 1\nreportr: xcode\nopt_in_rules: [nope]\n")
        #expect(errors.count == 3)
        #expect(errors.map { $0.split(separator: ":")[1] } == ["1", "2", "3"])
        var many = ""
        for index in 0..<50 { many += "unknown_\(index): 1\n" }
        let capped = ConfigTestSupport.decodeErrors(many)
        #expect(capped.count == ConfigurationDecoder.maximumReportedErrors + 1)
        #expect(capped.last == ".linter.yml: error: 30 more errors not shown")
    }

    @Test func literalIncludedAndIndexPathsMustExist() {
        let fileSystem = FakeFileSystem(paths: ["/project/Sources", "/project/Examples"])
        #expect(ConfigTestSupport.decodeErrors("included: [Sources, Examples, \"*.swift\"]\nexcluded: [Gone]", fileSystem: fileSystem).isEmpty)
        #expect(ConfigTestSupport.decodeErrors("included: [Sorces]", fileSystem: fileSystem)
            == [".linter.yml:1:12: error: `included` path `Sorces` does not exist; did you mean `Sources`?"])
        #expect(ConfigTestSupport.decodeErrors("index: [Nowhere]", fileSystem: fileSystem)
            == [".linter.yml:1:9: error: `index` path `Nowhere` does not exist"])
    }

    @Test func hostileValuesAreQuotedSafely() {
        let long = String(repeating: "k", count: 5_000)
        let errors = ConfigTestSupport.decodeErrors("\(long): 1\nstrict: \"a\\nb\\u202E\"")
        #expect(errors.count == 2)
        #expect(errors[0].contains("`" + String(repeating: "k", count: 60) + "…`"))
        #expect(errors[1].contains("found `\"a\\nb\\u{202E}\"`"))
        #expect(!errors.joined().contains("\n"))
    }

    @Test func printoutShowsOriginsAndReadsBackTheSame() throws {
        var configuration = try ConfigTestSupport.decode("""
        excluded: ["**/*.generated.swift", "odd: name"]
        strict: false
        appear_missing_nil_check:
          handlers: [onAppear, "task"]
        sample_opt_in_rule: { label: "true", limit: -2 }
        """)
        configuration.overrideStrict(true, flag: "--strict")
        try configuration.overrideReporters(["github"], flag: "--reporter", schema: ConfigTestSupport.schema)
        let text = ConfigurationPrinter.render(configuration, schema: ConfigTestSupport.schema)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("strict: true") && $0.hasSuffix("# command line --strict") })
        #expect(lines.contains { $0.hasPrefix("reporter: github") && $0.hasSuffix("# command line --reporter") })
        #expect(lines.contains { $0.hasPrefix("excluded: [\"**/*.generated.swift\", \"odd: name\"]") && $0.hasSuffix("# .linter.yml:1") })
        #expect(lines.contains { $0.hasPrefix("included: [.]") && $0.hasSuffix("# default") })
        #expect(lines.contains { $0.hasPrefix("  handlers: [onAppear, task]") && $0.hasSuffix("# .linter.yml:4") })
        #expect(lines.contains { $0.hasPrefix("sample_opt_in_rule:") && $0.hasSuffix("# disabled (opt-in rule)") })
        let reread = try ConfigTestSupport.decode(text)
        #expect(reread.excluded == configuration.excluded)
        #expect(reread.strict == configuration.strict)
        #expect(reread.reporters == configuration.reporters)
        #expect(reread.rules == configuration.rules)
    }

    @Test func commandLineReporterIsValidated() throws {
        var configuration = try ConfigTestSupport.decode("")
        #expect(throws: ConfigurationError.self) {
            try configuration.overrideReporters(["sarf"], flag: "--reporter", schema: ConfigTestSupport.schema)
        }
        #expect(configuration.reporters == ["xcode"])
    }

    @Test func repositoryConfigurationIsValid() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent(".linter.yml").path
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let document = try YAMLParser.parse([UInt8](bytes), path: path)
        var decoder = ConfigurationDecoder(schema: ConfigTestSupport.schema, path: path, rootDirectory: root.path)
        let configuration = try decoder.decode(document)
        #expect(configuration.included.map(\.pattern) == ["Sources", "Examples"])
        #expect(configuration.excluded.map(\.pattern) == [".build", "Tests/**/Fixtures", "Examples/Integrations/SamplePackage",
                                                         "Examples/Integrations/BuildToolPluginSample"])
        #expect(configuration.rule("appear_missing_nil_check")?.stringList("handlers") == ["onAppear", "task"])
        // Every key is documented in the sample file, so users find all of them there.
        let text = String(decoding: bytes, as: UTF8.self)
        for key in ConfigurationKey.allCases.map(\.rawValue) {
            #expect(text.contains(key), "\(key) is not documented in .linter.yml")
        }
    }
}
