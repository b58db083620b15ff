import StateLintSyntax
import StateLintIndex
import StateLintModel

/// `observable_inline_init`'s fix: a property without a wrapper that the view gives a new object
/// becomes state the view owns, in the form for the project's toolchain (as `migrate` writes it):
///
/// - Xcode 27 and later, whose `State()` macro evaluates the initial value once:
///   `let model = Model()` → `@State private var model = Model()`; `let model: Model` set in
///   `init` with `self.model = Model()` (reading nothing of `init`) → `@State private var model:
///   Model = Model()`, the assignment's line gone from `init`;
/// - Xcode 26 and earlier, or unknown: the lazily owned state (`LazilyOwnedStateFix`, the same
///   rewrite as `state_inline_class_init`'s); a creation in `init` moves to the appear handler.
///
/// A creation in `init` that reads its parameters (or the view) gets no fix on any toolchain:
/// the object was made again from each init's values, and owned state would keep the first.
///
/// The state is `private` unless an access level is written or code outside the view may read
/// it (`LazilyOwnedStateFix.stateAttributeEdits`).
package enum OwnedStateFix {
    /// For each property's name, its fix or why there is none.
    package static func plan(_ initials: [InitialValue], in view: SwiftUIView, _ context: RuleContext) -> [String: Result<Fix, FixRefusal>] {
        var results: [String: Result<Fix, FixRefusal>] = [:]
        var candidates: [InitialValue] = []
        for initial in initials where results[initial.property.name] == nil {
            let property = initial.property
            // A `var` with a value, which the memberwise initializer takes: a caller may hand in an
            // object, of which `@State` would keep only the first.
            if !initial.isInInitializer, property.writtenCreation?.isLet == false, !property.isPrivate, view.initializerCount == 0 {
                results[property.name] = .failure(FixRefusal("it is a `var` the memberwise initializer takes, so a caller may hand in an object, and `@State` would keep only the first"))
                continue
            }
            results[property.name] = .failure(FixRefusal("it is set more than once"))
            candidates.append(initial)
        }
        guard !candidates.isEmpty else { return results }
        if context.stateMakesInitialValueOnce {
            for initial in candidates { results[initial.property.name] = stateFix(initial, in: view, context) }
            return results
        }
        var seen: Set<String> = []
        let properties = candidates.map(\.property).filter { seen.insert($0.name).inserted }
        let plan = LazilyOwnedStateFix.plan(properties, replacing: .none, in: view, context)
        for property in properties {
            if let reason = plan.refusals[property.name] {
                results[property.name] = .failure(FixRefusal(reason))
            } else if let fix = plan.fix {
                results[property.name] = .success(fix)
            }
        }
        return results
    }

    /// Xcode 27 and later: `@State` with the creation as its initial value.
    private static func stateFix(_ initial: InitialValue, in view: SwiftUIView, _ context: RuleContext) -> Result<Fix, FixRefusal> {
        let property = initial.property
        let name = property.name
        if let written = property.writtenCreation {
            if written.declaresSeveral { return .failure(FixRefusal("its declaration declares several properties")) }
            if written.hasAccessors { return .failure(FixRefusal("it has `didSet` or `willSet`")) }
            let edits = LazilyOwnedStateFix.stateAttributeEdits(property, keyword: written.keyword, isLet: written.isLet,
                                                                usedInOtherFiles: view.mayUseOutsideScannedParts(name), context)
            return .success(Fix(summary: "Own `\(name)` in `@State`, which SwiftUI keeps across re-renders", edits: edits))
        }
        guard let annotation = property.writtenAnnotation else { return .failure(FixRefusal("its type is not written out")) }
        if annotation.declaresSeveral { return .failure(FixRefusal("its declaration declares several properties")) }
        if annotation.hasAccessors { return .failure(FixRefusal("it has `didSet` or `willSet`")) }
        switch movedCreation(of: property, in: view, context) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let (text, removals)):
            var edits = LazilyOwnedStateFix.stateAttributeEdits(property, keyword: annotation.keyword, isLet: annotation.isLet,
                                                                    usedInOtherFiles: view.mayUseOutsideScannedParts(name), context)
            let end = annotation.span.range.upperBound
            edits.append(context.edit(SourceSpan(file: annotation.span.file, range: end..<end), " = \(text)"))
            edits += removals.map { context.edit($0, "") }
            return .success(Fix(summary: "Own `\(name)` in `@State`, made once in its declaration instead of in `init`", edits: edits))
        }
    }

    /// The creation every `init` makes for the property, which can become its initial value: the
    /// same text in each, reading nothing of `init` or the view, alone on its line (which goes).
    private static func movedCreation(of property: PropertyFacts, in view: SwiftUIView,
                                      _ context: RuleContext) -> Result<(String, [SourceSpan]), FixRefusal> {
        let name = property.name
        // An `init` StateLint has no facts of sets it from something else (a parameter).
        guard view.initializers.count == view.initializerCount else {
            return .failure(FixRefusal("an `init` sets it other than with a new object"))
        }
        let made: LazilyOwnedStateFix.PlainInitCreation
        switch LazilyOwnedStateFix.plainInitCreation(of: name, in: view, context) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let found): made = found
        }
        // `init` reads it after making it (`model.load()`): before the view is on screen, `@State`
        // would not hand back that object.
        if view.mentions(of: name).contains(where: { mention in
            mention.memberKind == .initializer && !made.lines.contains { $0.file == mention.file && $0.range.contains(mention.offset) }
        }) {
            return .failure(FixRefusal("an `init` of the view uses it"))
        }
        return .success((made.text, made.lines))
    }
}
