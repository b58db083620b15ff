import StateLintSyntax
import StateLintIndex
import StateLintModel

/// The `handlers` option of the appear-handler rules: which modifiers' actions count as
/// appear handlers. One definition, so the rules cannot drift apart.
package enum AppearHandlersOption {
    package static let defaultHandlers = ["onAppear", "task"]

    package static let spec = RuleOptionSpec(
        name: "handlers", defaultValue: .stringList(defaultHandlers),
        summary: "Modifiers whose actions count as appear handlers (`task` or names starting with `on`, such as a custom `onFirstAppear`).")

    package static func handlers(_ configuration: RuleConfiguration?) -> Set<String> {
        Set(configuration?.stringList(spec.name) ?? defaultHandlers)
    }
}
