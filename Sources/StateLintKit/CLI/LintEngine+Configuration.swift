/// The engine `statelint lint` runs for a configuration, shared with the language server so
/// both lint with the same rules, severities and options.
extension LintEngine {
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
        let enabled = LintCommand.enabledRuleIDs(configuration, onlyRules: onlyRules)
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
        self.init(rules: rules, directiveSeverity: directiveSeverity, options: options)
    }
}
