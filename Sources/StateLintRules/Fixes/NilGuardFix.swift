import StateLintSyntax
import StateLintIndex
import StateLintModel

/// `appear_missing_nil_check`'s fix: wrap the creating assignment in `if model == nil { … }`,
/// keeping its spelling (`self.model`) and everything around it on the line. Only for an
/// optional property: on any other, `== nil` would always be false and the model never made.
package enum NilGuardFix {
    package static func fix(_ assignment: AssignmentFacts, of property: PropertyFacts, _ context: RuleContext) -> Result<Fix, FixRefusal> {
        guard property.declaredType?.isOptional == true else {
            return .failure(FixRefusal("`\(property.name)` is not optional, so `\(property.name) == nil` would never be true: declare it optional first"))
        }
        // A local made earlier (`let m = Manager(); m.start(); manager = m`) would still be made
        // and started each time: the guard belongs around all of it.
        if assignment.isLocalCreation {
            return .failure(FixRefusal("the object is made in a local first, and the guard belongs around all the code that makes and prepares it"))
        }
        let target = assignment.isSpelledWithSelf ? "self.\(property.name)" : property.name
        let span = assignment.span
        let start = SourceSpan(file: span.file, range: span.range.lowerBound..<span.range.lowerBound)
        let end = SourceSpan(file: span.file, range: span.range.upperBound..<span.range.upperBound)
        return .success(Fix(summary: "Create `\(property.name)` only while it is nil",
                            edits: [context.edit(start, "if \(target) == nil { "), context.edit(end, " }")]))
    }
}
