import StateLintSyntax
import StateLintIndex
import StateLintModel

/// How serious a finding is. `error` findings make the run fail (exit 1).
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case warning
    case error

    public static func < (a: Severity, b: Severity) -> Bool {
        a == .warning && b == .error
    }
}
