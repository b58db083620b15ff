import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// What decoding validates against: the rules that exist and the reporters the CLI offers.
public struct ConfigurationSchema: Sendable {
    public var rules: [RuleConfigurationSpec]
    public var reporterNames: [String]
    public var defaultReporter: String

    public init(rules: [RuleConfigurationSpec], reporterNames: [String], defaultReporter: String) {
        self.rules = rules
        self.reporterNames = reporterNames
        self.defaultReporter = defaultReporter
    }

    public var ruleIDs: [String] { rules.map(\.id) }

    public func rule(_ id: String) -> RuleConfigurationSpec? {
        rules.first { $0.id == id }
    }
}
