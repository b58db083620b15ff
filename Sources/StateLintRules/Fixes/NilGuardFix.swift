import StateLintSyntax
import StateLintIndex
import StateLintModel

/// `appear_missing_nil_check`'s fix: wrap the creating assignment in `if model == nil { … }`,
/// keeping its spelling (`self.model`) and everything around it on the line. Only for an
/// optional property: on any other, `== nil` would always be false and the model never made.
package enum NilGuardFix {
    package static func fix(_ assignment: AssignmentFacts, of property: PropertyFacts, _ context: RuleContext) -> Fix? {
        // A local made earlier (`let m = Manager(); m.start(); manager = m`) would still be made
        // and started each time: the guard belongs around all of it.
        guard property.declaredType?.isOptional == true, !assignment.isLocalCreation else { return nil }
        let target = assignment.isSpelledWithSelf ? "self.\(property.name)" : property.name
        let span = assignment.span
        let start = SourceSpan(file: span.file, range: span.range.lowerBound..<span.range.lowerBound)
        let end = SourceSpan(file: span.file, range: span.range.upperBound..<span.range.upperBound)
        return Fix(summary: "Create `\(property.name)` only while it is nil",
                   edits: [context.edit(start, "if \(target) == nil { "), context.edit(end, " }")])
    }
}
