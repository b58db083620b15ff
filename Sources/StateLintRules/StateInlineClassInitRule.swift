import StateLintSyntax
import StateLintIndex
import StateLintModel

/// `state_inline_class_init`: a `@State` property whose initial value creates a class instance.
public struct StateInlineClassInitRule: Rule {
    public static let description = RuleDescription(
        id: "state_inline_class_init",
        name: "Inline class instance in @State",
        summary: "A `@State` property's initial value creates a class instance, which is re-created (and thrown away) every time the view is initialised.",
        rationale: "`@State`'s initial value is evaluated every time the view struct is initialised, unlike `@StateObject`'s autoclosure. For a class this allocates an instance and runs its `init` on every parent re-render, only for SwiftUI to discard it and keep the first one. Keep an optional in `@State`, create the object in `.onAppear` only if it is nil, and release it in `.onDisappear` — or build with Xcode 27 or later, whose `State()` macro evaluates the initial value once.")

    public static let options = [
        RuleOptionSpec(name: "report_unknown_types", defaultValue: .bool(false),
                       summary: "Also report `@State` initial values that call a type neither the project nor the built-in catalog knows."),
    ]

    package let reportUnknownTypes: Bool

    public init(configuration: RuleConfiguration?) {
        reportUnknownTypes = configuration?.bool("report_unknown_types") ?? false
    }

    public func check(_ view: SwiftUIView, _ context: RuleContext) -> [RuleViolation] {
        // The App and previews make their state once.
        guard !view.role.isCreatedOnce else { return [] }
        let reported = view.initialValues(wrappedIn: .state).compactMap { initial -> (InitialValue, String)? in
            guard case .creation = initial.value, let type = initial.createdTypeName else { return nil }
            let reportsUnknown = reportUnknownTypes && startsUppercase(type)
            let traits = context.traits(of: type, in: view, reportsWhenUnknown: reportsUnknown)
            guard traits.isClass || (reportsUnknown && traits.kind == nil) else { return nil }
            // An `ObservableObject` in `@State` is a worse bug, which that rule reports.
            if traits.isLegacyObservableObject && context.isEnabled(ObservableObjectInStateRule.self) { return nil }
            return (initial, type)
        }
        guard !reported.isEmpty else { return [] }
        // One rewrite for every property it can take; each other one says why not.
        let plan = LazilyOwnedStateFix.plan(reported.map(\.0.property), replacing: .state, in: view, context)
        return reported.map { initial, type in
            let name = initial.property.name
            let message = initial.isInInitializer ? Self.initializerMessage(property: name, type: type) : Self.message(property: name, type: type)
            if let refusal = plan.refusals[name] {
                return RuleViolation(at: initial.span, message + " No automatic fix: \(refusal).")
            }
            return RuleViolation(at: initial.span, fix: plan.fix, message)
        }
    }

    /// For `_model = State(initialValue: Model())` in `init`, which Xcode 27's macro does not
    /// change: the argument is made before `State` sees it.
    package static func initializerMessage(property: String, type: String) -> String {
        "`@State` property `\(property)` is given a new `\(type)`, a class, in `init`: `init` runs on every re-render of the parent, and `State(initialValue:)` there allocates a `\(type)` (running its init) that SwiftUI throws away, on any Xcode. Keep an optional (`@State private var \(property): \(type)?`), create it in `.onAppear` only `if \(property) == nil` and set it to nil in `.onDisappear`."
    }

    package static func message(property: String, type: String) -> String {
        "`@State` property `\(property)` is initialised with a new `\(type)`, a class: the initial value is evaluated every time the view is initialised, so each parent re-render allocates a `\(type)` (running its init) that SwiftUI throws away. Keep an optional (`@State private var \(property): \(type)?`), create it in `.onAppear` only `if \(property) == nil` and set it to nil in `.onDisappear` — or build with Xcode 27+, whose `State()` macro evaluates the initial value once."
    }
}
