/// The `handlers` option of the two appear-handler rules: which modifiers' actions count as
/// appear handlers. One definition, so the rules cannot drift apart.
enum AppearHandlersOption {
    static let defaultHandlers = ["onAppear", "task"]

    static let spec = RuleOptionSpec(
        name: "handlers", defaultValue: .stringList(defaultHandlers),
        summary: "Modifiers whose actions count as appear handlers (`task` or names starting with `on`, such as a custom `onFirstAppear`).")

    static func handlers(_ configuration: RuleConfiguration?) -> AppearHandlerNames {
        guard let handlers = configuration?.stringList(spec.name), handlers != defaultHandlers else { return defaultNames }
        return AppearHandlerNames(Set(handlers))
    }

    /// One instance for every rule that uses the defaults (see `AppearHandlerNames`).
    private static let defaultNames = AppearHandlerNames(Set(defaultHandlers))
}

/// One rule's appear handler names. A class, so that both rules hold one instance when they
/// use the same names, and `LintContext` sees at once that they share one analysis: comparing
/// the two sets per file hashed every name.
final class AppearHandlerNames: Sendable {
    let names: Set<String>

    init(_ names: Set<String>) {
        self.names = names
    }
}
