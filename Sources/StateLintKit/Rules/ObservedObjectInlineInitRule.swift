/// `observed_object_inline_init`: an `@ObservedObject` the view creates itself.
public struct ObservedObjectInlineInitRule: Rule {
    public static let description = RuleDescription(
        id: "observed_object_inline_init",
        name: "@ObservedObject created by its own view",
        summary: "An `@ObservedObject` property is given a new object by the view itself, which SwiftUI re-creates on every view init, silently resetting its state.",
        rationale: "A view does not own an `@ObservedObject`: SwiftUI keeps no storage for it, so `@ObservedObject var model = Model()` (or `_model = ObservedObject(wrappedValue: Model())` in an initializer) makes a fresh object every time the parent's body runs, throwing away whatever the user did with the last one. Apple's documentation says not to give it a default value. Use `@StateObject` (or `@State` with an `@Observable` class) for an object the view owns, and `@ObservedObject` only for one passed in.")

    public static let options: [RuleOptionSpec] = []

    public init(configuration: RuleConfiguration?) {}

    public func check(_ view: SwiftUIView, _ context: RuleContext) -> [RuleViolation] {
        // The App is created once per launch, and so is its object.
        guard !view.role.isCreatedOnce else { return [] }
        return view.initialValues(wrappedIn: .observedObject).compactMap { initial in
            guard case .creation = initial.value, let type = initial.createdTypeName, startsUppercase(type) else { return nil }
            // `@ObservedObject` only takes `ObservableObject`s, which are classes: a creation is
            // a new object unless the name is known to be something else.
            guard context.traits(of: type, in: view, reportsWhenUnknown: true).kind != .valueType else { return nil }
            let name = initial.property.name
            return RuleViolation(at: initial.span, "`@ObservedObject` property `\(name)` is given a new `\(type)` by the view itself: SwiftUI keeps no storage for an observed object, so every time the view is initialised (each parent re-render) a fresh `\(type)` replaces it and its state is lost. Own it with `@StateObject private var \(name) = \(type)()` (or `@State` with an `@Observable` class), and use `@ObservedObject` only for an object passed in.")
        }
    }
}
