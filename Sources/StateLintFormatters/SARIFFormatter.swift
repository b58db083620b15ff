import StateLintSyntax
import StateLintRules
import StateLintEngine

/// SARIF 2.1.0 as GitHub code scanning accepts it (`upload-sarif`).
///
/// Columns: our findings carry UTF-8 byte columns, but SARIF viewers (GitHub's included)
/// count UTF-16 code units. The run declares `"columnKind": "utf16CodeUnits"` and every
/// column is converted using the line's text. When the text is not available the region
/// names whole lines only, because a byte column would be wrong on non-ASCII lines.
///
/// Paths inside the base (`GITHUB_WORKSPACE`, else the working directory) are relative,
/// percent-encoded URI references against `%SRCROOT%`; paths outside it are `file://` URIs.
public struct SARIFFormatter: OutputFormatter {
    public static let name = "sarif"
    public static let summary = "SARIF 2.1.0, for GitHub code scanning"
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// The `partialFingerprints` key; versioned so a future algorithm can coexist.
    public static let fingerprintKey = "statelintFingerprint/v1"
    package static let baseID = "%SRCROOT%"

    public init() {}

    public func format(_ findings: [Finding], context: ReportContext) -> String {
        let base = ReportPaths.gitHubBase(context)
        let rules = Self.ruleDescriptors(context.rules, findings: findings)
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil { ruleIndex[rule.id] = index }
        let paths = ReportPaths.relativePaths(of: findings, to: base, workingDirectory: context.workingDirectory)
        let fingerprints = FindingFingerprints.compute(findings, context: context, relativePaths: paths)
        var locations: [String: JSONValue] = [:]
        for (original, relative) in paths { locations[original] = Self.artifactLocation(relative) }

        let lines = SourceLineMemo(context.sourceLines)
        let results = zip(findings, fingerprints).map { finding, fingerprint in
            result(for: finding, fingerprint: fingerprint, ruleIndex: ruleIndex[finding.ruleID],
                   location: locations[finding.path] ?? Self.artifactLocation(finding.path), lines: lines,
                   base: base, workingDirectory: context.workingDirectory)
        }
        let driver: JSONValue = .object([
            ("name", .string("statelint")),
            ("version", .string(context.toolVersion)),
            ("informationUri", .string(StateLintVersion.informationURI)),
            ("rules", .array(rules.map(Self.descriptor(for:)))),
        ])
        let run: JSONValue = .object([
            ("tool", .object([("driver", driver)])),
            ("originalUriBaseIds", .object([
                (Self.baseID, .object([("uri", .string(ReportPaths.fileURI(absolutePath: base, isDirectory: true)))])),
            ])),
            ("columnKind", .string("utf16CodeUnits")),
            ("results", .array(results)),
        ])
        return JSONValue.object([
            ("$schema", .string(Self.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).rendered()
    }

    /// The known rules in context order, then any rule ids only seen in findings, so every
    /// result can point at a descriptor.
    package static func ruleDescriptors(_ known: [RuleDescription], findings: [Finding]) -> [RuleDescription] {
        let knownIDs = Set(known.map(\.id))
        let unknownIDs = Set(findings.map(\.ruleID)).subtracting(knownIDs).sorted()
        return known + unknownIDs.map { id in
            RuleDescription(id: id, name: id, summary: "Rule \(id).", rationale: "Rule \(id).")
        }
    }

    package static func descriptor(for rule: RuleDescription) -> JSONValue {
        .object([
            ("id", .string(rule.id)),
            ("name", .string(pascalCase(rule.id))),
            ("shortDescription", .object([("text", .string(rule.name))])),
            ("fullDescription", .object([("text", .string(rule.summary))])),
            ("help", .object([("text", .string(rule.rationale))])),
            ("defaultConfiguration", .object([
                ("enabled", .bool(rule.enabledByDefault)),
                ("level", .string(rule.defaultSeverity.rawValue)),
            ])),
        ])
    }

    /// SARIF recommends an identifier-like Pascal-case `name`: `missing_nil_guard` → `MissingNilGuard`.
    package static func pascalCase(_ id: String) -> String {
        id.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private func result(for finding: Finding, fingerprint: String, ruleIndex: Int?, location: JSONValue,
                        lines: SourceLineMemo, base: String, workingDirectory: String) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("ruleId", .string(finding.ruleID))]
        if let ruleIndex { members.append(("ruleIndex", .int(ruleIndex))) }
        members += [
            ("level", .string(finding.severity.rawValue)),
            ("message", .object([("text", .string(finding.message))])),
            ("locations", .array([.object([("physicalLocation", .object([
                ("artifactLocation", location),
                ("region", region(for: finding, lines: lines)),
            ]))])])),
            ("partialFingerprints", .object([(Self.fingerprintKey, .string(fingerprint))])),
        ]
        if let fix = finding.fix {
            members.append(("fixes", .array([Self.fix(fix, findingPath: finding.path, findingLocation: location, lines: lines,
                                                      base: base, workingDirectory: workingDirectory)])))
        }
        return .object(members)
    }

    /// `relative` is the path as `ReportPaths.relative` returns it: absolute when outside the base.
    package static func artifactLocation(_ relative: String) -> JSONValue {
        if relative.hasPrefix("/") {
            return .object([("uri", .string(ReportPaths.fileURI(absolutePath: relative, isDirectory: false)))])
        }
        return .object([("uri", .string(ReportPaths.uriReference(relative))), ("uriBaseId", .string(baseID))])
    }

    /// Lines and columns clamped to SARIF's minimum of 1 and to end >= start, so malformed
    /// findings still give a valid log.
    package func region(for finding: Finding, lines: SourceLineLookup) -> JSONValue {
        region(for: finding, lines: SourceLineMemo(lines))
    }

    package func region(for finding: Finding, lines: SourceLineMemo) -> JSONValue {
        let startLine = max(1, finding.start.line)
        let endLine = max(startLine, finding.end.line)
        guard let startColumn = lines.utf16Column(byteColumn: max(1, finding.start.column), path: finding.path, line: finding.start.line),
              var endColumn = lines.utf16Column(byteColumn: max(1, finding.end.column), path: finding.path,
                                                line: endLine == finding.start.line ? finding.start.line : endLine)
        else {
            return .object([("startLine", .int(startLine)), ("endLine", .int(endLine))])
        }
        if endLine == startLine { endColumn = max(endColumn, startColumn) }
        return .object([
            ("startLine", .int(startLine)),
            ("startColumn", .int(startColumn)),
            ("endLine", .int(endLine)),
            ("endColumn", .int(endColumn)),
        ])
    }
}
