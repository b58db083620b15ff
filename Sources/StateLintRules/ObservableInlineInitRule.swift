import StateLintSyntax
import StateLintIndex
import StateLintModel

/// `observable_inline_init`: a view's property without a wrapper given a new `@Observable` object.
public struct ObservableInlineInitRule: Rule {
    public static let description = RuleDescription(
        id: "observable_inline_init",
        name: "New @Observable object in a plain view property",
        summary: "A view's property without a property wrapper is given a new `@Observable` object by the view itself, which SwiftUI re-creates with the view on every parent re-render, losing its state.",
        rationale: "A view struct is made again every time its parent's body runs, and a stored property without a wrapper is made again with it: `let model = Model()` (or `self.model = Model()` in `init`) gives each new view value a fresh object, and whatever the old one held (text typed, a page loaded, a selection) is gone. Observation tracks what `body` reads, but nothing keeps the object. Own it in `@State`, which SwiftUI keeps across re-renders, or pass it in from a parent that owns it. This is what a converter from `@ObservedObject var model = Model()` to `@Observable` leaves behind when it drops the wrapper.")

    public static let options: [RuleOptionSpec] = []

    public init(configuration: RuleConfiguration?) {}

    public func check(_ view: SwiftUIView, _ context: RuleContext) -> [RuleViolation] {
        // Apps, scenes and previews are made once (and views declared for previews are not the
        // app's); a `DynamicProperty` with the view holding it.
        guard view.role == .view || view.role == .viewModifier, !view.isOnlyForPreviews else { return [] }
        let found = view.initialValues(wrappedIn: .none).compactMap { initial -> (InitialValue, String)? in
            guard case .creation = initial.value, let type = initial.createdTypeName, startsUppercase(type),
                  context.traits(of: type, in: view).isObservable else { return nil }
            return (initial, type)
        }
        guard !found.isEmpty else { return [] }
        let fixes = OwnedStateFix.plan(found.map(\.0), in: view, context)
        return found.map { initial, type in
            let name = initial.property.name
            let message = "`\(name)` is a property without a wrapper given a new `\(type)` (an `@Observable` class) by the view itself: SwiftUI makes the view again on every re-render of its parent, and with it a fresh `\(type)`, so what the old one held is lost. Own it in `@State` (`@State private var \(name) = \(type)(…)`; on Xcode 26 and earlier an optional made in `.onAppear` only `if \(name) == nil` and released in `.onDisappear`), or pass it in from a parent that owns it."
            let span = initial.value.creation?.span ?? initial.span
            guard let outcome = fixes[name] else { return RuleViolation(at: span, message) }
            return RuleViolation(at: span, fix: outcome, message)
        }
    }
}
