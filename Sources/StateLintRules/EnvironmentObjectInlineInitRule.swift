import StateLintSyntax
import StateLintIndex
import StateLintModel

/// `environment_object_inline_init`: an object created in `body` and handed to the environment.
public struct EnvironmentObjectInlineInitRule: Rule {
    public static let description = RuleDescription(
        id: "environment_object_inline_init",
        name: "Object created in body for the environment",
        summary: "A new object is passed to `.environmentObject(_:)` or `.environment(_:)` in code SwiftUI runs on every evaluation of the view, so the views below get a fresh object each time.",
        rationale: "`body` (and a `@ViewBuilder` method or computed `some View` property it uses) runs on every state change of the view. `.environmentObject(SettingsModel())` there makes a new `SettingsModel` each run: every descendant reading it with `@EnvironmentObject` (or `@Environment(SettingsModel.self)` for `.environment(_:)`) gets the new object, its state resets and the work in its `init` is done again. Create the object once, in a `@StateObject` (or `@State` for an `@Observable` class) of the view, and pass that.")

    public static let options: [RuleOptionSpec] = []

    public init(configuration: RuleConfiguration?) {}

    public func check(_ view: SwiftUIView, _ context: RuleContext) -> [RuleViolation] {
        // Previews are evaluated for the canvas, not by a running app.
        guard !view.role.isPreview, !view.isOnlyForPreviews else { return [] }
        return view.injections.compactMap { injection in
            guard case .creation(let creation) = injection.value, let type = creation.writtenType, startsUppercase(type) else { return nil }
            // Both modifiers take only classes: a creation is a new object unless the name is
            // known to be something else.
            guard context.traits(of: type, in: view, reportsWhenUnknown: true).kind != .valueType else { return nil }
            let wrapper = EnvironmentHoistFix.wrapper(for: injection)
            let name = EnvironmentHoistFix.propertyName(for: type)
            let value = injection.argumentText.contains("\n") ? "\(type)(…)" : injection.argumentText
            let message = "`.\(injection.modifier)` in `\(injection.member)` gets a new `\(type)` every time SwiftUI evaluates the view: each state change makes another one, its `init` runs again, and every view below that reads it from the environment loses its state. Create it once (`@\(wrapper) private var \(name) = \(value)`) and pass `\(name)`."
            return RuleViolation(at: creation.span, fix: EnvironmentHoistFix.fix(injection, type: type, in: view, context), message)
        }
    }
}
