/// `disappear_missing_teardown`: a `@State` optional created lazily in an appear handler is
/// never released in `.onDisappear`.
public struct DisappearMissingTeardownRule: Rule {
    public static let description = RuleDescription(
        id: "disappear_missing_teardown",
        name: "Lazily created state never released",
        summary: "A `@State` optional created in `.onAppear`/`.task` has no `.onDisappear` that sets it back to nil.",
        rationale: "The point of creating a model lazily in an appear handler is to tie its life to the view being on screen. Without `.onDisappear { model = nil }` the object (and whatever it holds: observers, timers, network sessions) stays alive after the view disappears.")

    public static let options = [AppearHandlersOption.spec]

    let handlers: AppearHandlerNames

    public init(configuration: RuleConfiguration?) {
        handlers = AppearHandlersOption.handlers(configuration)
    }

    public func check(_ context: LintContext) -> [RuleViolation] {
        // Every finding assigns a `@State` property; many files have none.
        guard !context.structure.stateVariables.isEmpty else { return [] }
        let lifecycle = context.stateLifecycle(handlers)
        let unreleased = lifecycle.creatingAssignments.filter { assignment in
            assignment.property.isOptional
                && lifecycle.teardowns[assignment.viewType]?.contains(assignment.property.name) != true
        }
        guard !unreleased.isEmpty else { return [] }
        // The declarations' lines, in one forward scan for all of them: building the file's
        // line table cost more than the rest of the rule, and a scan per violation made a
        // huge file with many violations quadratic.
        let lines = context.code.file.locations(ofOffsets: unreleased.map { context.code[$0.property.nameToken].start })
        return zip(unreleased, lines).map { assignment, declaration in
            let property = assignment.property
            let message = "`\(property.name)` (declared at line \(declaration.line)) is created in `.\(assignment.handler)` but no `.onDisappear` sets it back to nil, so the `\(assignment.creation.typeName)` stays alive after the view goes off screen. Release it: `.onDisappear { \(property.name) = nil }`."
            return context.violation(from: assignment.targetToken, to: assignment.endToken - 1, message,
                                     requiresClass: assignment.requiresClass)
        }
    }
}
