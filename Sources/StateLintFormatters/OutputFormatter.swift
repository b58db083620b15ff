import Foundation
import StateLintSyntax
import StateLintRules
import StateLintEngine

/// Everything a formatter may know about a run besides the findings themselves.
///
/// Formatters are pure: the same findings and context always give the same text,
/// so the run's clock and environment come in here instead of being read inside.
public struct ReportContext: Sendable {
    /// Written into JSON and SARIF; normally `StateLintVersion.current`.
    public var toolVersion: String
    /// Every known rule, in a stable order (SARIF's `rules` array is built from it).
    public var rules: [RuleDescription]
    /// Absolute directory that relative finding paths are relative to.
    public var workingDirectory: String
    /// The process environment; read for `GITHUB_WORKSPACE` and `CI_PROJECT_DIR`.
    public var environment: [String: String]
    /// Every file that was linted, so JUnit and checkstyle can list clean files too.
    public var lintedFiles: [String]
    /// Raw text of source lines, for SARIF columns and the stable fingerprints.
    public var sourceLines: SourceLineLookup
    /// When the run started; JUnit requires a timestamp.
    public var timestamp: Date

    public init(toolVersion: String = StateLintVersion.current,
                rules: [RuleDescription],
                workingDirectory: String,
                environment: [String: String] = [:],
                lintedFiles: [String] = [],
                sourceLines: SourceLineLookup = .unavailable,
                timestamp: Date) {
        self.toolVersion = toolVersion
        self.rules = rules
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.lintedFiles = lintedFiles
        self.sourceLines = sourceLines
        self.timestamp = timestamp
    }
}

/// Turns the sorted findings of one run into the text of one report format.
public protocol OutputFormatter: Sendable {
    /// The name users pass to `--reporter`; part of the public interface.
    static var name: String { get }
    /// One line for `statelint reporters`.
    static var summary: String { get }
    init()
    /// `findings` arrive sorted with `Finding.isOrderedBefore`; the result is the whole report.
    func format(_ findings: [Finding], context: ReportContext) -> String
}

/// Looks up formatters by their public name.
public enum OutputFormatterRegistry {
    public static let all: [any OutputFormatter.Type] = [
        XcodeFormatter.self,
        GitHubFormatter.self,
        JSONFormatter.self,
        SARIFFormatter.self,
        CheckstyleFormatter.self,
        JUnitFormatter.self,
        GitLabFormatter.self,
        MarkdownFormatter.self,
        SummaryFormatter.self,
        CSVFormatter.self,
        RDJSONFormatter.self,
        RDJSONLinesFormatter.self,
    ]

    /// The formatter called `name`, or nil for an unknown name (the CLI reports it with the list).
    public static func named(_ name: String) -> (any OutputFormatter)? {
        all.first { $0.name == name }.map { $0.init() }
    }

    /// The public names, in registry order, for help text and error messages.
    public static var names: [String] { all.map { $0.name } }
}
