import StateLintSyntax
import StateLintIndex
import StateLintModel

/// The fixes that change a property's wrapper to `@StateObject`, which owns its object
/// (`observed_object_inline_init`, `observable_object_in_state`). Offered only where the change
/// provably compiles the same: `@StateObject` has no setter, so nothing may assign the property
/// (other than the initializer assignment being changed with it); and every part of the view that
/// may use the property must have been read for those uses.
package enum WrapperFix {
    /// The edit renaming a wrapper's name token: `@State` → `@StateObject`, or the `State` of
    /// `@SwiftUI.State` → `StateObject` (told apart by the token's length).
    package static func rename(_ nameSpan: SourceSpan, from old: String, _ context: RuleContext) -> TextEdit {
        let withAt = nameSpan.range.count == old.utf8.count + 1
        return context.edit(nameSpan, withAt ? "@StateObject" : "StateObject")
    }

    /// Why the wrapper cannot change, or nil when it can.
    package static func refusal(_ property: PropertyFacts, in view: SwiftUIView, assignmentsAllowed: Int = 0) -> FixRefusal? {
        if view.mayUseOutsideScannedParts(property.name) { return FixRefusal("a part of the view in another file may use it") }
        // `@State(initialValue:)` and `@ObservedObject(initialValue:)` have no `@StateObject` twin.
        if property.hasWrapperArguments { return FixRefusal("its wrapper takes arguments, which `@StateObject` has no twin for") }
        let uses = view.uses(of: property.name)
        if uses.assignments > assignmentsAllowed { return FixRefusal("the view assigns it, and `@StateObject` has no setter") }
        if uses.readsStorage { return FixRefusal("the view reads its storage `_\(property.name)`, whose type would change") }
        return nil
    }
}
