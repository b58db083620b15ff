import StateLintSyntax
import StateLintIndex
import StateLintModel

/// What a rule declares about its configuration, so the config code never hard-codes rule ids
/// or options: the decoder validates `.linter.yml` against the specs it is given.
public struct RuleConfigurationSpec: Sendable, Hashable {
    public var id: String
    public var defaultSeverity: Severity
    /// Whether the rule runs without being listed in `opt_in_rules`.
    public var enabledByDefault: Bool
    public var options: [RuleOptionSpec]

    public init(id: String, defaultSeverity: Severity = .warning, enabledByDefault: Bool = true,
                options: [RuleOptionSpec] = []) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.enabledByDefault = enabledByDefault
        self.options = options
    }

    /// Convenience for rules that already have a `RuleDescription`.
    public init(_ description: RuleDescription, options: [RuleOptionSpec] = []) {
        self.init(id: description.id, defaultSeverity: description.defaultSeverity,
                  enabledByDefault: description.enabledByDefault, options: options)
    }
}

/// One option of one rule, e.g. `handlers: [string] = ["onAppear", "task"]`.
public struct RuleOptionSpec: Sendable, Hashable {
    public var name: String
    /// The type is the default value's type, so the two can never disagree.
    public var defaultValue: RuleOptionValue
    /// One line for `statelint config` and the docs.
    public var summary: String

    public init(name: String, defaultValue: RuleOptionValue, summary: String) {
        self.name = name
        self.defaultValue = defaultValue
        self.summary = summary
    }

    public var type: RuleOptionType { defaultValue.type }
}

public enum RuleOptionType: String, Sendable, Hashable {
    case bool, int, string, stringList

    /// The phrase used in "`x` expects …" messages.
    package var expectation: String {
        switch self {
        case .bool: return "true or false"
        case .int: return "an integer"
        case .string: return "a string"
        case .stringList: return "a list of strings"
        }
    }
}

public enum RuleOptionValue: Sendable, Hashable {
    case bool(Bool)
    case int(Int)
    case string(String)
    case stringList([String])

    public var type: RuleOptionType {
        switch self {
        case .bool: return .bool
        case .int: return .int
        case .string: return .string
        case .stringList: return .stringList
        }
    }

    public var boolValue: Bool? { if case .bool(let value) = self { return value } else { return nil } }
    public var intValue: Int? { if case .int(let value) = self { return value } else { return nil } }
    public var stringValue: String? { if case .string(let value) = self { return value } else { return nil } }
    public var stringListValue: [String]? { if case .stringList(let value) = self { return value } else { return nil } }
}
