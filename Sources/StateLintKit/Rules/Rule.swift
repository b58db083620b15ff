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
    public var message: String { render.map { $0(text, argument) } ?? text }
    /// The violation stands only if this type turns out to be a class. Rules never look
    /// types up themselves: the engine lints each file once, before the project index is
    /// complete, and decides these conditions when it is.
    public let requiresClass: ClassCondition?
    /// The mechanical correction, if the rule can make one safely.
    public var fix: Fix?
    /// The message, or (with `render`) the first of the two strings it is made from.
    private let text: String
    private let argument: String
    private let render: (@Sendable (String, String) -> String)?

    public init(start: Int, end: Int, message: String, requiresClass: ClassCondition? = nil) {
        self.start = start
        self.end = end
        self.text = message
        self.argument = ""
        self.render = nil
        self.requiresClass = requiresClass
    }

    /// A violation whose message `render(first, second)` is built only if it is read. Most
    /// violations that depend on a class condition are dropped (the type is a struct), and
    /// their messages are long: building each cost more than finding the violation.
    /// `render` should capture nothing, so that storing it allocates nothing.
    init(start: Int, end: Int, message render: @escaping @Sendable (String, String) -> String,
         _ first: String, _ second: String, requiresClass: ClassCondition?) {
        self.start = start
        self.end = end
        self.text = first
        self.argument = second
        self.render = render
        self.requiresClass = requiresClass
    }

    public static func == (a: RuleViolation, b: RuleViolation) -> Bool {
        a.start == b.start && a.end == b.end && a.requiresClass == b.requiresClass && a.message == b.message
            && a.fix == b.fix
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(end)
        hasher.combine(message)
        hasher.combine(requiresClass)
    }
}

/// "Only if `typeName` (written inside the type `scope`) is a class."
public struct ClassCondition: Sendable, Hashable {
    public let typeName: String
    /// The qualified name of the type the code is in (`Feature.Row`), where nested types
    /// resolve first; nil at the top level.
    public let scope: String?
    /// Also holds when nothing knows the type (the `report_unknown_types` option).
    public let holdsWhenUnknown: Bool

    public init(typeName: String, scope: String?, holdsWhenUnknown: Bool = false) {
        self.typeName = typeName
        self.scope = scope
        self.holdsWhenUnknown = holdsWhenUnknown
    }

    /// Whether the condition holds; unknown names are reported to `unresolved`.
    public func holds(in types: TypeResolver, unresolved: inout [String]) -> Bool {
        switch types.kind(of: typeName, inScope: scope) {
        case .referenceType?: return true
        case .valueType?: return false
        case nil:
            unresolved.append(typeName)
            return holdsWhenUnknown
        }
    }
}

/// What a rule sees: one file's structure. Type questions are answered later by the engine
/// (see `RuleViolation.requiresClass`), so a file is tokenized and analysed exactly once.
public final class LintContext: @unchecked Sendable {
    public let structure: FileStructure
    private var lifecycle: StateLifecycle?
    private var lifecycleHandlers: AppearHandlerNames?

    public init(structure: FileStructure) {
        self.structure = structure
    }

    public var code: CodeTokens { structure.code }

    private var typeGroupsAsWritten: TypeGroups?

    /// The file's type declarations grouped by name (see `TypeGroups`), made once for the rules.
    func typeGroups(lastComponentOfEveryName: Bool) -> TypeGroups {
        let asWritten = typeGroupsAsWritten ?? TypeGroups(structure, lastComponentOfEveryName: false)
        typeGroupsAsWritten = asWritten
        // Without dotted names (raw identifiers) both groupings are the same.
        guard lastComponentOfEveryName && asWritten.hasDottedName else { return asWritten }
        return TypeGroups(structure, lastComponentOfEveryName: true)
    }

    /// The appear/disappear analysis, computed once per file for the rules that need it.
    public func stateLifecycle(appearHandlers: Set<String>) -> StateLifecycle {
        stateLifecycle(AppearHandlerNames(appearHandlers))
    }

    /// The analysis for `handlers`, shared by the rules with the same handlers (usually one
    /// instance: see `AppearHandlerNames`).
    func stateLifecycle(_ handlers: AppearHandlerNames) -> StateLifecycle {
        if let lifecycle, let known = lifecycleHandlers, known === handlers || known.names == handlers.names { return lifecycle }
        let computed = StateLifecycle(context: self, appearHandlers: handlers.names)
        lifecycle = computed
        lifecycleHandlers = handlers
        return computed
    }

    /// A violation spanning code tokens `first...last`.
    public func violation(from first: Int, to last: Int, _ message: String,
                          requiresClass: ClassCondition? = nil) -> RuleViolation {
        RuleViolation(start: code[first].start, end: code[max(first, last)].end, message: message,
                      requiresClass: requiresClass)
    }

    /// A violation spanning code tokens `first...last` whose message is built only if it is
    /// reported (see `RuleViolation.init(start:end:message:_:_:requiresClass:)`).
    func violation(from first: Int, to last: Int, message render: @escaping @Sendable (String, String) -> String,
                   _ firstArgument: String, _ secondArgument: String, requiresClass: ClassCondition?) -> RuleViolation {
        RuleViolation(start: code[first].start, end: code[max(first, last)].end, message: render,
                      firstArgument, secondArgument, requiresClass: requiresClass)
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
