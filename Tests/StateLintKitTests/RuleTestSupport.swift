@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// Lints in-memory Swift sources the way `LintEngine` does (project index from every file,
/// then the rules and directives per file), without touching the file system.
enum RuleHarness {
    /// Where a finding starts: rule id, 1-based line and UTF-8 byte column.
    struct Hit: Hashable, CustomStringConvertible, Comparable {
        let path: String
        let ruleID: String
        let line: Int
        let column: Int
        var description: String { "\(path):\(line):\(column) \(ruleID)" }
        static func < (a: Hit, b: Hit) -> Bool { (a.path, a.line, a.column, a.ruleID) < (b.path, b.line, b.column, b.ruleID) }
    }

    /// Lints `files` (path → source) with the rules `ruleIDs` (all lifecycle rules when nil).
    /// `superfluous_disable_command` in `ruleIDs` turns on directive problems.
    static func findings(_ files: [(path: String, source: String)], rules ruleIDs: [String]? = nil,
                         knownClasses: [String] = [], knownValueTypes: [String] = [],
                         options: [String: [String: RuleOptionValue]] = [:], xcode27: Bool = false) -> [Finding] {
        let superfluousID = SuperfluousDisableCommand.description.id
        let ids = ruleIDs ?? RuleRegistry.all.map { $0.description.id }
        let rules = RuleRegistry.all.filter { ids.contains($0.description.id) }.map { type in
            LintEngine.ConfiguredRule(rule: type.init(configuration: configuration(type.description.id, options[type.description.id])),
                                      severity: .warning)
        }
        var engineOptions = LintEngine.Options()
        engineOptions.knownClasses = knownClasses
        engineOptions.knownValueTypes = knownValueTypes
        engineOptions.stateMakesInitialValueOnce = xcode27
        let engine = LintEngine(rules: rules, directiveSeverity: ids.contains(superfluousID) ? .warning : nil, options: engineOptions)
        return engine.lint(files.map { ($0.path, Array($0.source.utf8)) }).findings
    }

    /// Findings of one file as hits.
    static func hits(_ source: String, rules: [String]? = nil, knownClasses: [String] = [],
                     options: [String: [String: RuleOptionValue]] = [:]) -> [Hit] {
        findings([("View.swift", source)], rules: rules, knownClasses: knownClasses, options: options).map(hit)
    }

    static func hit(_ finding: Finding) -> Hit {
        Hit(path: finding.path, ruleID: finding.ruleID, line: finding.start.line, column: finding.start.column)
    }

    private static func configuration(_ id: String, _ options: [String: RuleOptionValue]?) -> RuleConfiguration? {
        guard let options else { return nil }
        return RuleConfiguration(id: id, severity: .warning, isEnabled: true, options: options)
    }

    // MARK: `↓` markers

    static let marker = "↓"

    /// The source without `↓` markers, and the byte offset in it of every marker.
    static func removingMarkers(_ marked: String) -> (source: String, offsets: [Int]) {
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        let markerBytes = Array(marker.utf8)
        let input = Array(marked.utf8)
        var i = 0
        while i < input.count {
            if i + markerBytes.count <= input.count, input[i..<(i + markerBytes.count)].elementsEqual(markerBytes) {
                offsets.append(bytes.count)
                i += markerBytes.count
            } else {
                bytes.append(input[i])
                i += 1
            }
        }
        return (String(decoding: bytes, as: UTF8.self), offsets)
    }

    /// The expected hits for markers at `offsets` in `source`.
    static func expectedHits(_ source: String, offsets: [Int], ruleID: String, path: String = "View.swift") -> [Hit] {
        let file = SourceFile(path: path, text: source)
        return offsets.map { offset in
            let location = file.location(ofOffset: offset)
            return Hit(path: path, ruleID: ruleID, line: location.line, column: location.column)
        }.sorted()
    }

    /// Lints a marked single-file example and returns (expected, actual) hits for `ruleID`.
    static func check(marked: String, rule ruleID: String, rules: [String]? = nil, knownClasses: [String] = [])
        -> (expected: [Hit], actual: [Hit]) {
        let (source, offsets) = removingMarkers(marked)
        let actual = hits(source, rules: rules ?? [ruleID], knownClasses: knownClasses).sorted()
        return (expectedHits(source, offsets: offsets, ruleID: ruleID), actual)
    }
}
