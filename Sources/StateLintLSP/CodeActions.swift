import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// The code actions for findings of one linted document version (`textDocument/codeAction`):
/// each finding's own fix, "Disable `<rule>` for this line", and "Fix all StateLint findings
/// in this file" (`source.fixAll.statelint`).
struct CodeActions {
    static let fixAllKind = "source.fixAll.statelint"
    static let quickFixKind = "quickfix"

    /// A file an edit applies to, with the text its byte offsets refer to.
    struct EditTarget {
        let uri: String
        /// The open document's version, nil for a file on disk.
        let version: Int?
        let bytes: [UInt8]
        let lineStarts: [Int]
    }

    let linted: DocumentStore.LintedVersion
    let encoding: PositionEncoding
    /// Whether edits are sent as versioned `documentChanges` (else as `changes`).
    let documentChanges: Bool
    let codeDescription: Bool
    /// The text of another file a fix edits: an open document, or the file on disk.
    let otherFile: (String) -> EditTarget?

    private var document: TextDocument { linted.document }

    /// Actions for the findings on the lines of `range`, and the file's fix-all, keeping the
    /// kinds `only` asks for (all when nil).
    func actions(for range: LSPRange, only: [String]?) -> [LSPJSON] {
        func wanted(_ kind: String) -> Bool {
            guard let only else { return true }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        var fixes: [LSPJSON] = []
        var disables: [LSPJSON] = []
        for finding in linted.findings where finding.start.line - 1 <= range.end.line && finding.end.line - 1 >= range.start.line {
            let diagnostic = Diagnostics.diagnostic(finding, in: document, encoding: encoding, codeDescription: codeDescription)
            if wanted(Self.quickFixKind), let fix = finding.fix, let edit = workspaceEdit(of: [fix]) {
                fixes.append(["title": .string(fix.summary), "kind": .string(Self.quickFixKind),
                              "diagnostics": [diagnostic], "isPreferred": true, "edit": edit])
            }
            if wanted(Self.quickFixKind), let edit = disableEdit(for: finding) {
                disables.append(["title": .string("Disable `\(finding.ruleID)` for this line"), "kind": .string(Self.quickFixKind),
                                 "diagnostics": [diagnostic], "edit": edit])
            }
        }
        var actions = fixes + disables
        if wanted(Self.fixAllKind), let fixAll = fixAllAction() { actions.append(fixAll) }
        return actions
    }

    /// Every finding's fix in one edit, in source order, leaving out a fix that cannot be applied
    /// with those before it (the next run of the linter reports what is left): `FixApplier`'s
    /// selection, as `statelint --fix` makes it.
    private func fixAllAction() -> LSPJSON? {
        let fixed = linted.findings.filter { $0.fix.map { !$0.edits.isEmpty } ?? false }
        guard let selection = selection(of: fixed.map(\.fix)) else { return nil }
        let applied = zip(fixed, selection.outcomes).filter { $0.1 == .applied }.map(\.0)
        guard !applied.isEmpty, let edit = workspaceEdit(selection) else { return nil }
        return ["title": "Fix all StateLint findings in this file", "kind": .string(Self.fixAllKind),
                "diagnostics": .array(applied.map { Diagnostics.diagnostic($0, in: document, encoding: encoding, codeDescription: codeDescription) }),
                "edit": edit]
    }

    // MARK: Disable for this line

    private static let suppressibleRuleIDs = Set(RuleRegistry.all.map { $0.description.id })

    /// Inserts `// statelint:disable:next <rule>` above the finding's line, indented like it and
    /// ended like it; when the line above already is such a directive, adds the rule to it.
    /// Only rules directives can name get one (problems with directives themselves cannot
    /// be suppressed).
    private func disableEdit(for finding: Finding) -> LSPJSON? {
        guard Self.suppressibleRuleIDs.contains(finding.ruleID) else { return nil }
        let bytes = document.bytes
        let line = finding.start.line - 1
        guard line >= 0, line < document.lineStarts.count else { return nil }
        if line > 0, let end = directiveIDsEnd(onLine: line - 1) {
            let position = document.position(ofOffset: end, encoding: encoding)
            return workspaceEdit(uri: document.uri, version: document.version,
                                 edits: [textEdit(LSPRange(start: position, end: position), " " + finding.ruleID)])
        }
        let content = document.contentRange(ofLine: line)
        let indent = bytes[content].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let text = String(decoding: indent, as: UTF8.self) + "// statelint:disable:next \(finding.ruleID)" + lineEnding(ofLine: line)
        let start = LSPPosition(line: line, character: 0)
        return workspaceEdit(uri: document.uri, version: document.version, edits: [textEdit(LSPRange(start: start, end: start), text)])
    }

    /// Where the rule ids of a `// statelint:disable:next …` line comment alone on `line` end
    /// (before a ` - reason`), or nil when the line is something else: the line read by the
    /// directive parser the engine uses.
    private func directiveIDsEnd(onLine line: Int) -> Int? {
        let content = document.contentRange(ofLine: line)
        let lineBytes = Array(document.bytes[content])
        let tokens = Tokenizer.tokenize(lineBytes).filter { !($0.kind == .space) }
        guard tokens.count == 1, tokens[0].kind == .lineComment else { return nil }
        let parsed = Directive.parse(SourceFile(path: document.path, bytes: lineBytes), tokens: tokens)
        guard parsed.directives.count == 1, let directive = parsed.directives.first, directive.action == .disableNext,
              let last = directive.ruleIDRanges.last else { return nil }
        return content.lowerBound + last.upperBound
    }

    /// The line's own terminator; for a last line without one, the line above's; else LF.
    private func lineEnding(ofLine line: Int) -> String {
        for candidate in [line, line - 1] where candidate >= 0 {
            let content = document.contentRange(ofLine: candidate)
            let next = candidate + 1 < document.lineStarts.count ? document.lineStarts[candidate + 1] : document.bytes.count
            if next > content.upperBound { return String(decoding: document.bytes[content.upperBound..<next], as: UTF8.self) }
        }
        return "\n"
    }

    // MARK: Edits

    /// The fixes' `FixApplier` selection on the texts they edit (this document's, and other open
    /// documents' or files'), or nil when one of those texts cannot be had.
    private func selection(of fixes: [Fix?]) -> FixApplier.Selection? {
        var files: [String: [UInt8]] = [document.path: document.bytes]
        for fix in fixes {
            for edit in fix?.edits ?? [] where files[edit.path] == nil {
                guard let target = otherFile(edit.path) else { return nil }
                files[edit.path] = target.bytes
            }
        }
        return FixApplier.select(fixes, in: files)
    }

    /// One fix (or several) as a `WorkspaceEdit`, or nil when `FixApplier` would not apply
    /// all of them: such a fix is not offered.
    private func workspaceEdit(of fixes: [Fix]) -> LSPJSON? {
        guard let selection = selection(of: fixes), selection.outcomes.allSatisfy({ $0 == .applied }) else { return nil }
        return workspaceEdit(selection)
    }

    /// The selection's edits as a `WorkspaceEdit`: their ranges in each file's positions, their
    /// replacements in each file's line endings.
    private func workspaceEdit(_ selection: FixApplier.Selection) -> LSPJSON? {
        var files: [(target: EditTarget, edits: [LSPJSON])] = []
        for path in selection.edits.keys.sorted() {
            let target = path == document.path
                ? EditTarget(uri: document.uri, version: document.version, bytes: document.bytes, lineStarts: document.lineStarts)
                : otherFile(path)
            guard let target else { return nil }
            let edits = selection.edits[path]!.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
            files.append((target, edits.map { edit in
                let range = LSPRange(
                    start: TextDocument.position(ofOffset: edit.range.lowerBound, in: target.bytes, lineStarts: target.lineStarts, encoding: encoding),
                    end: TextDocument.position(ofOffset: edit.range.upperBound, in: target.bytes, lineStarts: target.lineStarts, encoding: encoding))
                return textEdit(range, String(decoding: edit.replacement, as: UTF8.self))
            }))
        }
        guard !files.isEmpty else { return nil }
        if documentChanges {
            return ["documentChanges": .array(files.map { file in
                ["textDocument": ["uri": .string(file.target.uri), "version": file.target.version.map { .int($0) } ?? .null],
                 "edits": .array(file.edits)]
            })]
        }
        return ["changes": .object(Dictionary(files.map { ($0.target.uri, LSPJSON.array($0.edits)) }, uniquingKeysWith: { first, _ in first }))]
    }

    private func workspaceEdit(uri: String, version: Int, edits: [LSPJSON]) -> LSPJSON {
        if documentChanges {
            return ["documentChanges": [["textDocument": ["uri": .string(uri), "version": .int(version)], "edits": .array(edits)]]]
        }
        return ["changes": [uri: .array(edits)]]
    }

    private func textEdit(_ range: LSPRange, _ newText: String) -> LSPJSON {
        ["range": range.json, "newText": .string(newText)]
    }
}
