/// The `handlers` option of the two appear-handler rules: which modifiers' actions count as
/// appear handlers. One definition, so the rules cannot drift apart.
enum AppearHandlersOption {
    static let defaultHandlers = ["onAppear", "task"]

    static let spec = RuleOptionSpec(
        name: "handlers", defaultValue: .stringList(defaultHandlers),
        summary: "Modifiers whose actions count as appear handlers (`task` or names starting with `on`, such as a custom `onFirstAppear`).")

    static func handlers(_ configuration: RuleConfiguration?) -> Set<String> {
        guard let handlers = configuration?.stringList(spec.name) else { return defaultSet }
        return Set(handlers)
    }

    /// One set for both rules when they use the defaults: `LintContext` compares the rules'
    /// sets once per file to share one analysis, and two references to one storage compare
    /// without hashing their strings.
    private static let defaultSet = Set(defaultHandlers)
}
