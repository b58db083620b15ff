import StateLintSyntax
import StateLintIndex
import StateLintModel

/// A lint rule: static metadata plus a pure check of one view of the project.
///
/// Rules read the view model (`SwiftUIView`: properties, handlers and what they reach, merged
/// across files) and ask `RuleContext` about types; the engine turns their violations into
/// `Finding`s, applying severities from the configuration and `statelint:` directives, so
/// every rule gets those for free.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// The options the rule reads from its `.linter.yml` section.
    static var options: [RuleOptionSpec] { get }
    init(configuration: RuleConfiguration?)
    func check(_ view: SwiftUIView, _ context: RuleContext) -> [RuleViolation]
}

/// One problem a rule found, before the engine attaches severity and position.
public struct RuleViolation: Sendable, Hashable {
    public let span: SourceSpan
    public let message: String
    /// The mechanical correction, if the rule can make one safely.
    public var fix: Fix?

    public init(at span: SourceSpan, _ message: String, fix: Fix? = nil) {
        self.span = span
        self.message = message
        self.fix = fix
    }

    /// The same, with the fix before the (long) message.
    public init(at span: SourceSpan, fix: Fix?, _ message: String) {
        self.init(at: span, message, fix: fix)
    }

    /// A finding with its fix, or with the message saying why there is none.
    package init(at span: SourceSpan, fix outcome: Result<Fix, FixRefusal>, _ message: String) {
        switch outcome {
        case .success(let fix): self.init(at: span, message, fix: fix)
        case .failure(let refusal): self.init(at: span, message + " No automatic fix: \(refusal.reason).")
        }
    }
}

/// What a rule may ask besides the view itself: what the project knows about types (names
/// nothing knows are recorded, for `--show-unresolved`), which rules run, and where spans are.
/// One per view checked: it is not shared between threads.
public final class RuleContext {
    public let types: TypeResolver
    private let enabledRuleIDs: Set<String>
    private let files: ProjectFiles
    /// Type names a rule asked about that nothing knows, in the order asked.
    public private(set) var unresolvedTypeNames: [String] = []
    /// Those of them a rule would have reported if they were classes: possible findings nobody
    /// could check (what the note after a run names).
    public private(set) var uncheckedTypeNames: [String] = []
    /// Each type name's traits, per scope, as first resolved: a view declares the same types
    /// again and again (one with 100,000 `@State var mN = Model()` asked 200,000 times).
    private var knownTraits: [TraitsQuestion: TypeTraits] = [:]
    /// `reference(toMember:)`'s answers: each asks every file.
    private var knownReferences: [String: String?] = [:]

    private struct TraitsQuestion: Hashable {
        let name: String
        let scope: String?
    }

    /// The project builds with Xcode 27 or later, whose `State()` macro evaluates a `@State`
    /// initial value once: `@State private var model = Model()` owns an object there.
    public let stateMakesInitialValueOnce: Bool

    public init(types: TypeResolver, enabledRuleIDs: Set<String>, files: ProjectFiles, stateMakesInitialValueOnce: Bool = false) {
        self.stateMakesInitialValueOnce = stateMakesInitialValueOnce
        self.types = types
        self.enabledRuleIDs = enabledRuleIDs
        self.files = files
    }

    /// The traits of the type `name`, written in `view`'s code. `reportsWhenUnknown`: the rule
    /// reports the code even when nothing knows the type (so it is not left unchecked).
    public func traits(of name: String, in view: SwiftUIView, reportsWhenUnknown: Bool = false) -> TypeTraits {
        let question = TraitsQuestion(name: name, scope: view.role == .preview ? nil : view.name)
        let traits: TypeTraits
        if let known = knownTraits[question] {
            traits = known
        } else {
            traits = types.traits(of: name, inScope: question.scope)
            knownTraits[question] = traits
        }
        if traits.kind == nil {
            unresolvedTypeNames.append(name)
            if !reportsWhenUnknown { uncheckedTypeNames.append(name) }
        }
        return traits
    }

    public func isEnabled(_ rule: any Rule.Type) -> Bool {
        enabledRuleIDs.contains(rule.description.id)
    }

    /// The line and column where `span` starts.
    public func location(of span: SourceSpan) -> SourceLocation {
        files.location(ofOffset: span.range.lowerBound, in: span.file)
    }

    /// The line (1-based) of `offset` in `file`.
    public func line(ofOffset offset: Int, in file: FileID) -> Int {
        files.location(ofOffset: offset, in: file).line
    }

    /// Where line `line` of `file` starts.
    public func start(ofLine line: Int, in file: FileID) -> Int {
        files.lineIndex(of: file)?.start(ofLine: line) ?? 0
    }

    /// The path of the file `span` is in.
    public func path(of span: SourceSpan) -> String {
        files.path(of: span.file)
    }

    /// How `span`'s file is written (line ending, indentation), to build a fix's replacement.
    public func style(of span: SourceSpan) -> SourceStyle {
        files.style(of: span.file) ?? SourceStyle.default
    }

    /// A place where code names a member `name` on something other than `self` (`view.load()`):
    /// `File.swift:12`, or nil when no file does. `withoutArguments`: only a place that could
    /// call a method without parameters (not `proxy.load(id)`, `value.load { … }`).
    public func reference(toMember name: String, withoutArguments: Bool = false) -> String? {
        let key = withoutArguments ? name + "()" : name
        if let known = knownReferences[key] { return known }
        let found = files.reference(toMember: name, withoutArguments: withoutArguments).map { reference -> String in
            let path = files.path(of: reference.file)
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return reference.line.map { "\(name):\($0)" } ?? name
        }
        knownReferences[key] = found
        return found
    }

    /// An edit replacing `span` with `replacement` (an insertion for an empty span).
    public func edit(_ span: SourceSpan, _ replacement: String) -> TextEdit {
        TextEdit(path: path(of: span), range: span.range, replacement: replacement)
    }
}

/// Every rule StateLint has, in documentation order.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        StateInlineClassInitRule.self,
        AppearMissingNilCheckRule.self,
        DisappearMissingTeardownRule.self,
        ObservedObjectInlineInitRule.self,
        ObservableInlineInitRule.self,
        ObservableObjectInStateRule.self,
        AppearUnstructuredTaskRule.self,
        EnvironmentObjectInlineInitRule.self,
    ]

    public static var descriptions: [RuleDescription] { all.map { $0.description } + [SuperfluousDisableCommand.description] }

    public static func rule(_ id: String) -> (any Rule.Type)? { all.first { $0.description.id == id } }

    /// What the configuration decoder needs to know about every rule and reporter.
    public static func configurationSpecs() -> [RuleConfigurationSpec] {
        all.map { RuleConfigurationSpec($0.description, options: $0.options) }
            + [RuleConfigurationSpec(SuperfluousDisableCommand.description)]
    }
}
