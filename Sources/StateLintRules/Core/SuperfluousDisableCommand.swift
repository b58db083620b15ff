import StateLintSyntax
import StateLintIndex
import StateLintModel

/// `superfluous_disable_command`: a directive that suppresses nothing or names an unknown rule.
/// Produced by the engine, which alone knows what each directive suppressed.
public enum SuperfluousDisableCommand {
    public static let description = RuleDescription(
        id: "superfluous_disable_command",
        name: "Superfluous or invalid statelint directive",
        summary: "A `statelint:disable` comment suppresses nothing, names an unknown rule, or is malformed.",
        rationale: "Suppressions outlive the code they were written for. Reporting the ones that no longer suppress anything, or that misspell a rule id (and so never worked), keeps them from piling up and hiding real findings later.")
}
