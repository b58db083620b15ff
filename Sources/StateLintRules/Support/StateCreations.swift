import StateLintSyntax
import StateLintIndex
import StateLintModel

/// The new class instances a view's appear handlers assign to its `@State` properties, directly
/// or in the methods they call: what `appear_missing_nil_check` and `disappear_missing_teardown`
/// start from. Each assignment once, however many handlers reach it (guarded only if it is
/// guarded on the way from each).
///
/// Left out: immutable framework data (`UIImage`, `CGImage`, …, marked in the catalog), since
/// re-creating a thumbnail loses no user state and keeping one is a cache, not a leak; and a
/// value the action stops first (`work?.cancel(); work = DispatchWorkItem { … }`), a replacement
/// made on purpose, where a nil check would break it.
package struct StateCreations {
    package struct Creation {
        package let property: PropertyFacts
        package let assignment: ReachedAssignment
        /// The first appear handler that reaches it, and its position in the view's handlers.
        package let handler: String
        package let handlerIndex: Int
        package let typeName: String
        /// Only runs while the property is nil: guarded, or `model = model ?? Model()` (on the way
        /// from every appear handler that reaches it).
        package var isGuarded: Bool
        /// Made by a handler of a view that exists only while the property is nil (the `else` of
        /// `if let model`): the view goes away once the model is made, and is no home for its teardown.
        package var isInViewShownOnlyWhileNil: Bool
    }

    package let all: [Creation]
    package var unguarded: [Creation] { all.filter { !$0.isGuarded } }

    package init(_ view: SwiftUIView, appearHandlers: Set<String>, _ context: RuleContext) {
        var found: [Creation] = []
        var seen: [SourceSpan: Int] = [:]  // assignment → its position in `found`, -1 when left out
        // What the methods of a handler reach, again from a handler with the same nil names
        // around it, changes nothing found: looked at once.
        struct Reach: Hashable {
            let effects: ObjectIdentifier
            let shownWhileNil: Set<String>
        }
        var reached: Set<Reach> = []
        for (handlerIndex, handler) in view.handlers.enumerated() where appearHandlers.contains(handler.modifier) {
            let isNew = reached.insert(Reach(effects: handler.reached.id, shownWhileNil: handler.facts.shownWhileNil)).inserted
            for assignment in isNew ? handler.assignments : handler.ownAssignments
            where !assignment.facts.isStorage && !assignment.facts.replacesStoppedValue {
                guard let property = view.property(named: assignment.facts.target), property.wrapper == .state, !property.isStatic,
                      let creation = assignment.facts.value.creation,
                      let typeName = creation.typeName(declared: property.declaredType) else { continue }
                // Made once per flag (`if !loaded { …; loaded = true }`): not again on re-appear.
                var isGuarded = assignment.isNilGuarded || assignment.facts.onceFlag != nil
                if case .coalescingCreation(let left, _) = assignment.facts.value, left == property.name { isGuarded = true }
                let isInViewShownOnlyWhileNil = handler.facts.shownWhileNil.contains(property.name)
                if let position = seen[assignment.facts.span] {
                    guard position >= 0 else { continue }
                    found[position].isGuarded = found[position].isGuarded && isGuarded
                    found[position].isInViewShownOnlyWhileNil = found[position].isInViewShownOnlyWhileNil && isInViewShownOnlyWhileNil
                    continue
                }
                let traits = context.traits(of: typeName, in: view)
                guard traits.isClass, !traits.isImmutable else {
                    seen[assignment.facts.span] = -1
                    continue
                }
                seen[assignment.facts.span] = found.count
                found.append(Creation(property: property, assignment: assignment, handler: handler.modifier,
                                      handlerIndex: handlerIndex, typeName: typeName, isGuarded: isGuarded,
                                      isInViewShownOnlyWhileNil: isInViewShownOnlyWhileNil))
            }
        }
        all = found
    }
}
