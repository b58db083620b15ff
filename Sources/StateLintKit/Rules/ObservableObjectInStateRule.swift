/// `observable_object_in_state`: an `ObservableObject` class kept in `@State`.
public struct ObservableObjectInStateRule: Rule {
    public static let description = RuleDescription(
        id: "observable_object_in_state",
        name: "ObservableObject kept in @State",
        summary: "A `@State` property holds an `ObservableObject` class that is not `@Observable`, so its `@Published` changes never update the view.",
        rationale: "`@State` stores the reference but does not subscribe to the object's `objectWillChange`, unlike `@StateObject` and `@ObservedObject`. The view shows the object's first state and never redraws when its `@Published` properties change: the classic half-done migration from `ObservableObject` to `@Observable`. Use `@StateObject`, or finish the migration by making the class `@Observable` (and dropping `ObservableObject` and `@Published`).")

    public static let options: [RuleOptionSpec] = []

    public init(configuration: RuleConfiguration?) {}

    public func check(_ view: SwiftUIView, _ context: RuleContext) -> [RuleViolation] {
        view.properties(wrappedIn: .state).compactMap { property in
            // The declared type (`Model?` too: created later, on appear), or the type created.
            let types = [property.declaredType?.name, property.initialValue?.creation?.typeName(declared: property.declaredType)]
            guard let type = types.compactMap({ $0 }).first(where: { context.traits(of: $0, in: view).isLegacyObservableObject }),
                  let attribute = property.wrapperSpan else { return nil }
            let span = SourceSpan(path: attribute.path, range: attribute.range.lowerBound..<property.span.range.upperBound)
            return RuleViolation(at: span, "`@State` property `\(property.name)` holds `\(type)`, an `ObservableObject` that is not `@Observable`: `@State` does not subscribe to its `objectWillChange`, so changes to its `@Published` properties never update the view. Use `@StateObject`, or migrate `\(type)` to `@Observable`.")
        }
    }
}
