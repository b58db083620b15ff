import StateLintSyntax
import StateLintIndex
import StateLintModel

/// One rule's effective settings.
public struct RuleConfiguration: Sendable, Equatable {
    public var id: String
    public var severity: Severity
    public var isEnabled: Bool
    /// Every option the rule declares, with its effective value.
    public var options: [String: RuleOptionValue]

    public init(id: String, severity: Severity, isEnabled: Bool, options: [String: RuleOptionValue]) {
        self.id = id
        self.severity = severity
        self.isEnabled = isEnabled
        self.options = options
    }

    public func bool(_ name: String) -> Bool? { options[name]?.boolValue }
    public func int(_ name: String) -> Int? { options[name]?.intValue }
    public func string(_ name: String) -> String? { options[name]?.stringValue }
    public func stringList(_ name: String) -> [String]? { options[name]?.stringListValue }
}
