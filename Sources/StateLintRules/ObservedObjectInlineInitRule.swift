import StateLintSyntax
import StateLintIndex
import StateLintModel

/// `observed_object_inline_init`: an `@ObservedObject` the view creates itself.
public struct ObservedObjectInlineInitRule: Rule {
    public static let description = RuleDescription(
        id: "observed_object_inline_init",
        name: "@ObservedObject created by its own view",
        summary: "An `@ObservedObject` property is given a new object by the view itself, which SwiftUI re-creates on every view init, silently resetting its state.",
        rationale: "A view does not own an `@ObservedObject`: SwiftUI keeps no storage for it, so `@ObservedObject var model = Model()` (or `_model = ObservedObject(wrappedValue: Model())` in an initializer) makes a fresh object every time the parent's body runs, throwing away whatever the user did with the last one. Apple's documentation says not to give it a default value. Use `@StateObject` (or `@State` with an `@Observable` class) for an object the view owns, and `@ObservedObject` only for one passed in.")

    public static let options: [RuleOptionSpec] = []

    public init(configuration: RuleConfiguration?) {}

    /// `@ObservedObject` → `@StateObject`; in an initializer's `_m = ObservedObject(wrappedValue:
    /// …)` the wrapper there too (and `initialValue:`, which `StateObject` lacks, → `wrappedValue:`). Not for `self.m = …` in an initializer: `@StateObject` has no setter.
    package static func fix(_ initial: InitialValue, in view: SwiftUIView, _ context: RuleContext) -> Result<Fix, FixRefusal> {
        let property = initial.property
        guard let attribute = property.wrapperNameSpan else { return .failure(FixRefusal("its wrapper is not written where it can be renamed")) }
        if let refusal = WrapperFix.refusal(property, in: view, assignmentsAllowed: initial.isInInitializer ? 1 : 0) { return .failure(refusal) }
        var edits = [WrapperFix.rename(attribute, from: "ObservedObject", context)]
        if initial.isInInitializer {
            guard let assignment = initial.assignment else { return .failure(FixRefusal("StateLint cannot read its assignment in `init`")) }
            guard assignment.isStorage, let wrapper = assignment.wrapper else {
                return storageInitialization(assignment, of: property.name, in: view, context).map { edit in
                    Fix(summary: "Use `@StateObject`, which owns its object", edits: edits + [edit])
                }
            }
            // `_m = .init(wrappedValue: …)` follows the new type by itself.
            if let typeSpan = wrapper.typeSpan { edits.append(context.edit(typeSpan, "StateObject")) }
            // `StateObject` has `init(wrappedValue:)` only.
            if let label = wrapper.initialValueLabelSpan { edits.append(context.edit(label, "wrappedValue")) }
        }
        return .success(Fix(summary: "Use `@StateObject`, which owns its object", edits: edits))
    }

    /// `self.model = Model()` in `init` → `_model = StateObject(wrappedValue: Model())`: the
    /// wrapper's autoclosure makes the object only the first time. Not where the creation reads
    /// `init`'s parameters or the view: the object was made from each init's values, and the
    /// owned one would keep the first.
    private static func storageInitialization(_ assignment: AssignmentFacts, of name: String, in view: SwiftUIView,
                                              _ context: RuleContext) -> Result<TextEdit, FixRefusal> {
        guard let creation = assignment.creationText, assignment.isUnconditional,
              let initializer = view.initializers.first(where: { $0.assignments.contains { $0.span == assignment.span } }) else {
            return .failure(FixRefusal("`init` sets it other than once, unconditionally, with a new object"))
        }
        if let read = LazilyOwnedStateFix.initValueRead(by: assignment, in: initializer, of: view) {
            return .failure(FixRefusal("its creation in `init` reads `\(read)`: an owned object would keep the first value and miss every later one; pass the object in from a parent that owns it"))
        }
        return .success(context.edit(assignment.span, "_\(name) = StateObject(wrappedValue: \(creation))"))
    }

    public func check(_ view: SwiftUIView, _ context: RuleContext) -> [RuleViolation] {
        // The App is created once per launch, and so is its object.
        guard !view.role.isCreatedOnce else { return [] }
        return view.initialValues(wrappedIn: .observedObject).compactMap { initial in
            guard case .creation = initial.value, let type = initial.createdTypeName, startsUppercase(type) else { return nil }
            // `@ObservedObject` only takes `ObservableObject`s, which are classes: a creation is
            // a new object unless the name is known to be something else.
            guard context.traits(of: type, in: view, reportsWhenUnknown: true).kind != .valueType else { return nil }
            let name = initial.property.name
            return RuleViolation(at: initial.span, fix: Self.fix(initial, in: view, context), "`@ObservedObject` property `\(name)` is given a new `\(type)` by the view itself: SwiftUI keeps no storage for an observed object, so every time the view is initialised (each parent re-render) a fresh `\(type)` replaces it and its state is lost. Own it with `@StateObject private var \(name) = \(type)()` (or `@State` with an `@Observable` class), and use `@ObservedObject` only for an object passed in.")
        }
    }
}
