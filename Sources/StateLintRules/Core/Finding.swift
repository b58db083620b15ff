import StateLintSyntax
import StateLintIndex
import StateLintModel

/// One problem found in one file: what every rule produces and every formatter prints.
public struct Finding: Sendable, Hashable {
    public var ruleID: String
    public var severity: Severity
    public var message: String
    /// The path as the user gave it (relative paths stay relative).
    public var path: String
    public var start: SourceLocation
    public var end: SourceLocation
    /// The mechanical correction, when the rule can make one safely.
    public var fix: Fix?

    public init(ruleID: String, severity: Severity, message: String, path: String,
                start: SourceLocation, end: SourceLocation, fix: Fix? = nil) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.path = path
        self.start = start
        self.end = end
        self.fix = fix
    }

    /// The canonical output order: path, then position, then rule id, then message.
    public static func isOrderedBefore(_ a: Finding, _ b: Finding) -> Bool {
        if a.path != b.path { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
        if a.start != b.start { return a.start < b.start }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        return a.message < b.message
    }
}

/// What a formatter and the docs know about a rule, independent of any run.
public struct RuleDescription: Sendable, Hashable {
    /// Stable snake_case id, part of the public interface (config keys, directives, output).
    public let id: String
    /// A short human name, e.g. "Inline class instance in @State".
    public let name: String
    /// One sentence: what the rule flags.
    public let summary: String
    /// A few sentences: why it matters and what to write instead.
    public let rationale: String
    public let defaultSeverity: Severity
    /// Whether the rule runs without being listed in `opt_in_rules`.
    public let enabledByDefault: Bool

    public init(id: String, name: String, summary: String, rationale: String,
                defaultSeverity: Severity = .warning, enabledByDefault: Bool = true) {
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.enabledByDefault = enabledByDefault
    }
}
