import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The effective, typed configuration of one run: `.linter.yml` decoded against the rule and
/// reporter schema, with built-in defaults for everything not set, and where each value came
/// from (for `statelint config`).
public struct Configuration: Sendable, Equatable {
    /// Absolute path of the project root: the folder holding the configuration file, else the
    /// folder linting started in. Patterns and `index` paths are relative to it.
    public var rootDirectory: String
    /// The configuration file as shown to the user, or `nil` when only defaults apply.
    public var configurationFilePath: String?

    /// Files and folders to lint. Default: `.` (the whole project root).
    public var included: [GlobPattern]
    /// Files and folders to skip, even when included. Default: none.
    public var excluded: [GlobPattern]
    public var disabledRules: [String]
    public var optInRules: [String]
    /// When set, exactly these rules run (`disabled_rules` / `opt_in_rules` must be absent).
    public var onlyRules: [String]?
    /// Output formats, in order. Default: the schema's default reporter.
    public var reporters: [String]
    /// Treat warnings as errors.
    public var strict: Bool
    /// The Xcode the project builds with, from `xcode_version` or `.xcode-version`.
    public var xcodeVersion: XcodeVersion?
    /// `deployment_target`: the lowest release of each platform the project supports, instead
    /// of what `Package.swift` and `.xcodeproj` say (`statelint migrate`). Nil when not set.
    public var deploymentTarget: [DeploymentPlatform: OSVersion]?
    /// Type names the project guarantees are classes / value types, when declarations are not
    /// visible to the index (binary frameworks, generated code).
    public var knownClasses: [String]
    public var knownValueTypes: [String]
    /// Where to look for type declarations. Default: `.` (the project root).
    public var index: [GlobPattern]
    /// Folders of dependency checkouts read for type declarations only, each with its origin.
    /// Default: `.build/checkouts` when it is beside the root's `Package.swift`.
    public var dependencies: [DependencyFolder]
    /// Every rule of the schema, keyed by id, with its effective severity, options and state.
    public var rules: [String: RuleConfiguration]
    /// Where each value came from, keyed by top-level key (`strict`) or `rule_id.option`
    /// (`state_inline_class_init.severity`). Missing keys mean `.builtInDefault`.
    public var origins: [String: ValueOrigin]

    /// Built-in defaults for a project rooted at `rootDirectory`.
    public init(defaultsFor schema: ConfigurationSchema, rootDirectory: String) {
        self.rootDirectory = rootDirectory
        self.configurationFilePath = nil
        self.included = [GlobPattern.projectRoot]
        self.excluded = []
        self.disabledRules = []
        self.optInRules = []
        self.onlyRules = nil
        self.reporters = [schema.defaultReporter]
        self.strict = false
        self.xcodeVersion = nil
        self.deploymentTarget = nil
        self.knownClasses = []
        self.knownValueTypes = []
        self.index = [GlobPattern.projectRoot]
        self.dependencies = []
        self.rules = [:]
        self.origins = [:]
        for spec in schema.rules {
            var options: [String: RuleOptionValue] = [:]
            for option in spec.options { options[option.name] = option.defaultValue }
            rules[spec.id] = RuleConfiguration(id: spec.id, severity: spec.defaultSeverity,
                                               isEnabled: spec.enabledByDefault, options: options)
        }
    }


    public func origin(of key: String) -> ValueOrigin {
        origins[key] ?? .builtInDefault
    }

    public func rule(_ id: String) -> RuleConfiguration? {
        rules[id]
    }

    /// The ids of the rules that will run, sorted.
    public var enabledRuleIDs: [String] {
        rules.values.filter(\.isEnabled).map(\.id).sorted()
    }

    /// Recomputes every rule's on/off state from `only_rules`, `opt_in_rules` and `disabled_rules`.
    package mutating func recomputeEnabledRules(schema: ConfigurationSchema) {
        for spec in schema.rules {
            let enabled: Bool
            if let onlyRules {
                enabled = onlyRules.contains(spec.id)
            } else {
                enabled = (spec.enabledByDefault || optInRules.contains(spec.id)) && !disabledRules.contains(spec.id)
            }
            rules[spec.id]?.isEnabled = enabled
        }
    }

    // MARK: Command-line layering

    /// `--strict` / `--no-strict`: the flag wins over the file.
    public mutating func overrideStrict(_ value: Bool, flag: String) {
        strict = value
        origins[ConfigurationKey.strict.rawValue] = .commandLine(flag: flag)
    }

    /// `--reporter NAME`: validated like the file's `reporter` key.
    public mutating func overrideReporters(_ names: [String], flag: String,
                                           schema: ConfigurationSchema) throws(ConfigurationError) {
        for name in names where !schema.reporterNames.contains(name) {
            throw ConfigurationError(path: flag, location: nil,
                                     message: "unknown reporter \(Quoted.text(name))"
                                         + Quoted.suggestion(for: name, among: schema.reporterNames)
                                         + "; available: \(schema.reporterNames.joined(separator: ", "))")
        }
        guard !names.isEmpty else {
            throw ConfigurationError(path: flag, location: nil, message: "expects at least one reporter name")
        }
        reporters = names
        origins[ConfigurationKey.reporter.rawValue] = .commandLine(flag: flag)
    }
}

/// Where a configuration value came from.
public enum ValueOrigin: Sendable, Hashable, CustomStringConvertible {
    case builtInDefault
    case configurationFile(path: String, line: Int)
    case xcodeVersionFile(path: String)
    case commandLine(flag: String)

    public var description: String {
        switch self {
        case .builtInDefault: return "default"
        case .configurationFile(let path, let line): return "\(path):\(line)"
        case .xcodeVersionFile(let path): return path
        case .commandLine(let flag): return "command line \(flag)"
        }
    }
}

/// The top-level keys of `.linter.yml` other than per-rule sections, in documentation order.
public enum ConfigurationKey: String, CaseIterable, Sendable {
    case included
    case excluded
    case disabledRules = "disabled_rules"
    case optInRules = "opt_in_rules"
    case onlyRules = "only_rules"
    case reporter
    case strict
    case xcodeVersion = "xcode_version"
    case deploymentTarget = "deployment_target"
    case knownClasses = "known_classes"
    case knownValueTypes = "known_value_types"
    case index
    case dependencies
}
