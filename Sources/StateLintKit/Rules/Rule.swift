/// A lint rule: static metadata plus a pure check over one file.
///
/// Rules report `RuleViolation`s (positions and message); the engine turns them into
/// `Finding`s, applying severities from the configuration and `statelint:` directives, so
/// every rule gets those for free.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// The options the rule reads from its `.linter.yml` section.
    static var options: [RuleOptionSpec] { get }
    init(configuration: RuleConfiguration?)
    func check(_ context: LintContext) -> [RuleViolation]
}

/// One problem a rule found, before the engine attaches severity and path.
public struct RuleViolation: Sendable, Hashable {
    /// Byte offsets in the file.
    public let start: Int
    public let end: Int
    public let message: String

    public init(start: Int, end: Int, message: String) {
        self.start = start
        self.end = end
        self.message = message
    }
}

/// What a rule sees: one file's structure, the project-wide type knowledge, and a place to
/// note type names it could not resolve.
public final class LintContext: @unchecked Sendable {
    public let structure: FileStructure
    public let types: TypeResolver
    /// Names of types created in `@State` that neither the project nor the catalog knows.
    /// Only touched by the one thread linting this file.
    public private(set) var unresolvedTypeNames: [String] = []
    private var lifecycle: StateLifecycle?

    public init(structure: FileStructure, types: TypeResolver) {
        self.structure = structure
        self.types = types
    }

    public var code: CodeTokens { structure.code }

    /// The appear/disappear analysis, computed once per file for the rules that need it.
    public func stateLifecycle(appearHandlers: Set<String>) -> StateLifecycle {
        if let lifecycle, lifecycle.appearHandlers == appearHandlers { return lifecycle }
        let computed = StateLifecycle(context: self, appearHandlers: appearHandlers)
        lifecycle = computed
        return computed
    }

    /// The kind of a type name written inside the type `scope` (a qualified name such as
    /// `Feature.View`, or nil at the top level), noting names that cannot be resolved.
    public func kind(of typeName: String, inScope scope: String? = nil) -> TypeKind? {
        let kind = types.kind(of: typeName, inScope: scope)
        if kind == nil { unresolvedTypeNames.append(typeName) }
        return kind
    }

    /// A violation spanning code tokens `first...last`.
    public func violation(from first: Int, to last: Int, _ message: String) -> RuleViolation {
        RuleViolation(start: code[first].start, end: code[max(first, last)].end, message: message)
    }
}

/// Every rule StateLint has, in documentation order.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        StateInlineClassInitRule.self,
        AppearMissingNilCheckRule.self,
        DisappearMissingTeardownRule.self,
    ]

    public static var descriptions: [RuleDescription] { all.map { $0.description } + [SuperfluousDisableCommand.description] }

    public static func rule(_ id: String) -> (any Rule.Type)? { all.first { $0.description.id == id } }

    /// What the configuration decoder needs to know about every rule and reporter.
    public static func configurationSpecs() -> [RuleConfigurationSpec] {
        all.map { RuleConfigurationSpec($0.description, options: $0.options) }
            + [RuleConfigurationSpec(SuperfluousDisableCommand.description)]
    }
}
