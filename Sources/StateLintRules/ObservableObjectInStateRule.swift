import StateLintSyntax
import StateLintIndex
import StateLintModel

/// `observable_object_in_state`: an `ObservableObject` class kept in `@State`.
public struct ObservableObjectInStateRule: Rule {
    public static let description = RuleDescription(
        id: "observable_object_in_state",
        name: "ObservableObject kept in @State",
        summary: "A `@State` property holds an `ObservableObject` class that is not `@Observable`, so its `@Published` changes never update the view.",
        rationale: "`@State` stores the reference but does not subscribe to the object's `objectWillChange`, unlike `@StateObject` and `@ObservedObject`. The view shows the object's first state and never redraws when its `@Published` properties change: the classic half-done migration from `ObservableObject` to `@Observable`. Use `@StateObject`, or finish the migration by making the class `@Observable` (and dropping `ObservableObject` and `@Published`).")

    public static let options: [RuleOptionSpec] = []

    public init(configuration: RuleConfiguration?) {}

    /// `@State` → `@StateObject`, for a property created in its declaration (`@StateObject` needs
    /// an initial value and a non-optional type) whose `$name` is never used as a whole (a
    /// `Binding` there would become an `ObservedObject.Wrapper`).
    package static func fix(_ property: PropertyFacts, in view: SwiftUIView, _ context: RuleContext) -> Result<Fix, FixRefusal> {
        guard case .creation = property.initialValue else {
            return .failure(FixRefusal("it is not created in its declaration, and `@StateObject` needs an initial value there"))
        }
        if property.declaredType?.isOptional == true { return .failure(FixRefusal("it is optional, which `@StateObject` cannot be")) }
        guard let name = property.wrapperNameSpan else { return .failure(FixRefusal("its wrapper is not written where it can be renamed")) }
        if let refusal = WrapperFix.refusal(property, in: view) { return .failure(refusal) }
        if view.uses(of: property.name).usesWholeProjection {
            return .failure(FixRefusal("the view uses `$\(property.name)` as a whole, a `Binding` that would become an `ObservedObject.Wrapper`"))
        }
        return .success(Fix(summary: "Use `@StateObject`, which observes the object", edits: [WrapperFix.rename(name, from: "State", context)]))
    }

    public func check(_ view: SwiftUIView, _ context: RuleContext) -> [RuleViolation] {
        func isLegacy(_ type: String) -> Bool {
            context.types.mayBeLegacyObservableObject(type) && context.traits(of: type, in: view).isLegacyObservableObject
        }
        var reported: Set<String> = []
        let isPreview = view.role.isPreview || view.isOnlyForPreviews
        return view.properties(wrappedIn: .state).compactMap { property in
            guard !property.isStatic, !reported.contains(property.name), let attribute = property.wrapperSpan else { return nil }
            // An object the view makes itself (as the initial value, in `init`, on appear, in a
            // button's action) is never observed; one only handed on (to child views,
            // `.environmentObject`, a sheet) needs no observing here unless the view reads it.
            // A preview makes its object once, to hand it to the view it shows: it needs
            // observing only where the preview itself reads it.
            if isPreview && !view.uses(of: property.name).readsMembers { return nil }
            let type: String
            if let created = property.initialValue?.creation?.typeName(declared: property.declaredType), isLegacy(created) {
                type = created
            } else if let declared = property.declaredType?.name, isLegacy(declared),
                      !view.creations(assignedTo: property.name).isEmpty || view.uses(of: property.name).readsMembers {
                type = declared
            } else {
                return nil
            }
            reported.insert(property.name)
            return RuleViolation(at: attribute.through(property.span), fix: Self.fix(property, in: view, context), "`@State` property `\(property.name)` holds `\(type)`, an `ObservableObject` that is not `@Observable`: `@State` does not subscribe to its `objectWillChange`, so changes to its `@Published` properties never update the view. Use `@StateObject`, or migrate `\(type)` to `@Observable`.")
        }
    }
}
