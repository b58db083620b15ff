import StateLintSyntax
import StateLintIndex
import StateLintModel

/// `disappear_missing_teardown`: a `@State` optional created lazily in an appear handler is
/// never released in `.onDisappear`.
public struct DisappearMissingTeardownRule: Rule {
    public static let description = RuleDescription(
        id: "disappear_missing_teardown",
        name: "Lazily created state never released",
        summary: "A `@State` optional created in `.onAppear`/`.task` has no `.onDisappear` that sets it back to nil.",
        rationale: "The point of creating a model lazily in an appear handler is to tie its life to the view being on screen. Without `.onDisappear { model = nil }` the object (and whatever it holds: observers, timers, network sessions) stays alive after the view disappears.")

    public static let options = [AppearHandlersOption.spec]

    package let handlers: Set<String>

    public init(configuration: RuleConfiguration?) {
        handlers = AppearHandlersOption.handlers(configuration)
    }

    public func check(_ view: SwiftUIView, _ context: RuleContext) -> [RuleViolation] {
        // The state of an `App` (and of its scenes) lives as long as the app: nothing to release.
        guard view.role != .app && view.role != .scene else { return [] }
        // A view that presents a `fullScreenCover` disappears while the cover is up; one that
        // makes a `NavigationStack` or `TabView` keeps its navigation in the views a release would
        // make again; a view modifier's handlers run on its caller's view: their objects are kept
        // on purpose (as `LazilyOwnedStateFix` keeps them).
        guard LazilyOwnedStateFix.keptOnDisappear(view) == nil else { return [] }
        let released = Set(view.assignments(ofHandlersIn: ["onDisappear"])
            .filter { !$0.facts.isStorage && $0.facts.value == .nilLiteral }.map(\.facts.target))
        // Not a creation in a view that exists only while the property is nil (the `else` of
        // `if let model`): that view goes away as the model is made, and its `.onDisappear`
        // would release the model the moment it was made.
        let creations = StateCreations(view, appearHandlers: handlers, context).all.filter { creation in
            creation.property.declaredType?.isOptional == true && !released.contains(creation.property.name)
                && !creation.isInViewShownOnlyWhileNil
        }
        // One teardown fix per destination, releasing every property reported for it.
        var chains = TeardownFix.Destinations(view)
        let destinations = creations.map { chains.destination(after: $0.handlerIndex) }
        var teardowns: [TeardownFix.Destination: [String]] = [:]
        struct Release: Hashable {
            let name: String
            let destination: TeardownFix.Destination
        }
        var listed: Set<Release> = []
        for (creation, destination) in zip(creations, destinations)
        where creation.assignment.facts.onceFlag == nil
            && listed.insert(Release(name: creation.property.name, destination: destination)).inserted {
            teardowns[destination, default: []].append(creation.property.name)
        }
        // One fix per destination, shared by its findings.
        var fixes: [TeardownFix.Destination: Fix] = [:]
        return zip(creations, destinations).map { creation, destination in
            let property = creation.property
            let line = context.location(of: property.nameSpan).line
            let message = "`\(property.name)` (declared at line \(line)) is created in `.\(creation.handler)` but no `.onDisappear` sets it back to nil, so the `\(creation.typeName)` stays alive after the view goes off screen. Release it: `.onDisappear { \(property.name) = nil }`."
            // Made only while a flag is unset, which the action then sets: released, it would not
            // be made again on the next appear.
            if let flag = creation.assignment.facts.onceFlag {
                return RuleViolation(at: creation.assignment.facts.span, message + " No automatic fix: it is made only while `\(flag)` is false, which the action then sets, so once released it would not be made again: reset `\(flag)` there too, or make it `if \(property.name) == nil`.")
            }
            let fix = fixes[destination] ?? TeardownFix.fix(releasing: teardowns[destination]!, at: destination, in: view, context)
            fixes[destination] = fix
            return RuleViolation(at: creation.assignment.facts.span, fix: fix, message)
        }
    }
}
