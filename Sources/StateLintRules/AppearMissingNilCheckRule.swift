import StateLintSyntax
import StateLintIndex
import StateLintModel

/// `appear_missing_nil_check`: an appear handler creates a class instance and assigns it to
/// `@State` without checking that the property is still nil.
public struct AppearMissingNilCheckRule: Rule {
    public static let description = RuleDescription(
        id: "appear_missing_nil_check",
        name: "Unguarded state creation in an appear handler",
        summary: "`.onAppear`/`.task` assigns a new class instance to `@State` without a nil check, replacing the model every time the view re-appears.",
        rationale: "Appear handlers run again whenever the view re-appears (switching tabs, popping a navigation stack, dismissing a sheet). Creating the model there without `if model == nil` replaces it each time and throws away the user's state, on every Xcode version.")

    public static let options = [AppearHandlersOption.spec]

    package let handlers: Set<String>

    public init(configuration: RuleConfiguration?) {
        handlers = AppearHandlersOption.handlers(configuration)
    }

    public func check(_ view: SwiftUIView, _ context: RuleContext) -> [RuleViolation] {
        StateCreations(view, appearHandlers: handlers, context).unguarded.map { creation in
            let name = creation.property.name, type = creation.typeName
            let taskNote = creation.handler == "task"
                ? " Apple's `.task { \(name) = \(type)() }` pattern needs this guard too: `.task` also runs again on re-appear."
                : ""
            return RuleViolation(at: creation.assignment.facts.span,
                                 fix: NilGuardFix.fix(creation.assignment.facts, of: creation.property, context), "`.\(creation.handler)` assigns a new `\(type)` to `@State` property `\(name)` without checking that it is nil: the handler runs again every time the view re-appears, replacing the model and throwing away the user's state. Guard it: `if \(name) == nil { \(name) = \(type)() }`.\(taskNote)")
        }
    }
}
