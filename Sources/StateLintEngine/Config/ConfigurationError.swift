import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Everything that can go wrong reading `.linter.yml`, `.xcode-version` or a `--config` path.
///
/// Each diagnostic prints as `path:line:column: error: message`, the format compilers and
/// editors already understand. The CLI prints `description` and exits with status 2.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable, Equatable {
    public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
        public var path: String
        /// `nil` when the problem is about the file as a whole (e.g. it does not exist).
        public var location: SourceLocation?
        public var message: String

        public init(path: String, location: SourceLocation?, message: String) {
            self.path = path
            self.location = location
            self.message = message
        }

        public var description: String {
            if let location { return "\(path):\(location.line):\(location.column): error: \(message)" }
            return "\(path): error: \(message)"
        }
    }

    /// At least one diagnostic, in file order.
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public init(path: String, location: SourceLocation?, message: String) {
        self.diagnostics = [Diagnostic(path: path, location: location, message: message)]
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

/// How user-supplied text is shown inside messages: in backticks, with control characters
/// escaped and long values shortened, so a hostile value cannot garble the terminal.
package enum Quoted {
    package static let maximumLength = 60

    package static func text(_ value: String) -> String {
        var result = ""
        var count = 0
        for scalar in value.unicodeScalars {
            if count == maximumLength { result += "…"; break }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value):
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return "`" + result + "`"
    }

    /// "; did you mean `x`?" or an empty string when nothing is close.
    package static func suggestion(for word: String, among candidates: [String]) -> String {
        guard let match = EditDistance.closestMatch(to: word, in: candidates) else { return "" }
        return "; did you mean `\(match)`?"
    }
}
