import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// Findings as LSP diagnostics (`textDocument/publishDiagnostics`).
enum Diagnostics {
    /// Where each rule's page is read on the web (`codeDescription`).
    static func documentationURL(ofRule id: String) -> String {
        RuleDocumentation.url(for: id)
    }

    /// The `publishDiagnostics` params for `findings` of the linted `document`.
    static func publishParams(_ document: TextDocument, findings: [Finding], encoding: PositionEncoding,
                              codeDescription: Bool) -> LSPJSON {
        [
            "uri": .string(document.uri),
            "version": .int(document.version),
            "diagnostics": .array(findings.map { diagnostic($0, in: document, encoding: encoding, codeDescription: codeDescription) }),
        ]
    }

    /// The empty list that clears a closed document's diagnostics (no version: it has none).
    static func clearParams(uri: String) -> LSPJSON {
        ["uri": .string(uri), "diagnostics": []]
    }

    static func diagnostic(_ finding: Finding, in document: TextDocument, encoding: PositionEncoding,
                           codeDescription: Bool) -> LSPJSON {
        var members: [String: LSPJSON] = [
            "range": range(of: finding, in: document, encoding: encoding).json,
            "severity": .int(finding.severity == .error ? 1 : 2),
            "source": "statelint",
            "code": .string(finding.ruleID),
            "message": .string(finding.message),
        ]
        if codeDescription {
            members["codeDescription"] = ["href": .string(documentationURL(ofRule: finding.ruleID))]
        }
        return .object(members)
    }

    /// The finding's range in the client's encoding (StateLint counts UTF-8 byte columns).
    static func range(of finding: Finding, in document: TextDocument, encoding: PositionEncoding) -> LSPRange {
        LSPRange(start: document.position(of: finding.start, encoding: encoding),
                 end: document.position(of: finding.end, encoding: encoding))
    }
}
