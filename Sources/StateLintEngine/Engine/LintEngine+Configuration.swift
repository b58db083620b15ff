import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The engine `statelint lint` runs for a configuration, shared with the language server so
/// both lint with the same rules, severities and options.
extension LintEngine {
    package static let inlineClassInitID = StateInlineClassInitRule.description.id

    /// The rules that run: the configuration's, narrowed by `--only-rule`. On Xcode 27 or
    /// later `state_inline_class_init` is off (its `State()` macro evaluates the initial value
    /// once) unless the configuration or command line asks for it by name.
    public static func enabledRuleIDs(_ configuration: Configuration, onlyRules: [String]) -> [String] {
        var ids = configuration.enabledRuleIDs
        if !onlyRules.isEmpty { ids = onlyRules }
        if let xcode = configuration.xcodeVersion, xcode.major >= 27 {
            let askedFor = onlyRules.contains(inlineClassInitID) || configuration.optInRules.contains(inlineClassInitID)
                || (configuration.onlyRules ?? []).contains(inlineClassInitID)
            if !askedFor { ids.removeAll { $0 == inlineClassInitID } }
        }
        return ids
    }

    /// The configuration's enabled rules (narrowed by `onlyRules`, the `--only-rule` ids) with
    /// their severities and options, its `known_classes`/`known_value_types`, and `jobs`
    /// threads (default: all cores).
    public init(configuration: Configuration, onlyRules: [String] = [], jobs: Int? = nil) {
        var options = Options()
        if let jobs { options.jobs = jobs }
        self.init(configuration: configuration, onlyRules: onlyRules, options: options)
    }

    /// The same with `options` (whose known types are set from the configuration).
    public init(configuration: Configuration, onlyRules: [String] = [], options: Options) {
        let enabled = Self.enabledRuleIDs(configuration, onlyRules: onlyRules)
        let rules: [ConfiguredRule] = RuleRegistry.all.compactMap { type in
            let id = type.description.id
            guard enabled.contains(id) else { return nil }
            let ruleConfiguration = configuration.rule(id)
            return ConfiguredRule(rule: type.init(configuration: ruleConfiguration),
                                  severity: ruleConfiguration?.severity ?? type.description.defaultSeverity)
        }
        let directiveID = SuperfluousDisableCommand.description.id
        let directiveSeverity = enabled.contains(directiveID) ? (configuration.rule(directiveID)?.severity ?? .warning) : nil
        var options = options
        options.knownClasses = configuration.knownClasses
        options.knownValueTypes = configuration.knownValueTypes
        options.stateMakesInitialValueOnce = (configuration.xcodeVersion?.major ?? 0) >= 27
        self.init(rules: rules, directiveSeverity: directiveSeverity, options: options)
    }
}
