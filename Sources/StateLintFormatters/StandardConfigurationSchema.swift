import StateLintSyntax
import StateLintRules
import StateLintEngine

extension ConfigurationSchema {
    /// What `.linter.yml` may say: every rule's options and every reporter's name, as the
    /// command line and the language server both read it.
    public static let standard = ConfigurationSchema(rules: RuleRegistry.configurationSpecs(),
                                                     reporterNames: OutputFormatterRegistry.names, defaultReporter: "xcode")
}
