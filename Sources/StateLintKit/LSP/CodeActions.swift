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
            if wanted(Self.quickFixKind), let fix = finding.fix, let edit = workspaceEdit(fix.edits) {
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

    /// Every finding's fix in one edit, in source order, leaving out a fix that overlaps one
    /// already taken (the next run of the linter reports what is left).
    private func fixAllAction() -> LSPJSON? {
        var taken: [TextEdit] = []
        var fixed: [Finding] = []
        for finding in linted.findings {
            guard let fix = finding.fix, !fix.edits.isEmpty, workspaceEdit(fix.edits) != nil else { continue }
            if fix.edits.contains(where: { edit in taken.contains { Self.conflict(edit, $0) } }) { continue }
            taken += fix.edits
            fixed.append(finding)
        }
        guard !fixed.isEmpty, let edit = workspaceEdit(taken) else { return nil }
        return ["title": "Fix all StateLint findings in this file", "kind": .string(Self.fixAllKind),
                "diagnostics": .array(fixed.map { Diagnostics.diagnostic($0, in: document, encoding: encoding, codeDescription: codeDescription) }),
                "edit": edit]
    }

    /// Whether two edits of one file cannot both be applied: their ranges overlap, or they
    /// start at the same offset (two insertions there have no defined order).
    static func conflict(_ a: TextEdit, _ b: TextEdit) -> Bool {
        guard a.path == b.path else { return false }
        if a.range.lowerBound == b.range.lowerBound { return true }
        return a.range.lowerBound < b.range.upperBound && b.range.lowerBound < a.range.upperBound
    }

    // MARK: Disable for this line

    private static let directivePrefix = Array("// statelint:disable:next ".utf8)
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

    /// Where the rule ids of a `// statelint:disable:next …` comment alone on `line` end (before
    /// a ` - reason`), or nil when the line is something else.
    private func directiveIDsEnd(onLine line: Int) -> Int? {
        let bytes = document.bytes
        let content = document.contentRange(ofLine: line)
        let start = bytes[content].firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? content.upperBound
        guard bytes[start..<content.upperBound].starts(with: Self.directivePrefix) else { return nil }
        let ids = start + Self.directivePrefix.count
        var end = content.upperBound
        let reason = Array(" - ".utf8)
        if ids < end, let dash = (ids..<end).first(where: { bytes[$0..<min(end, $0 + 3)].elementsEqual(reason) }) { end = dash }
        while end > ids, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return end > ids ? end : nil
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

    /// The fix's edits as a `WorkspaceEdit`, or nil when one of them does not fit its file's
    /// text (outside it, or splitting a UTF-8 sequence or a CRLF): such a fix is not offered.
    private func workspaceEdit(_ edits: [TextEdit]) -> LSPJSON? {
        var files: [(path: String, target: EditTarget, edits: [LSPJSON])] = []
        for edit in edits {
            let index: Int
            if let known = files.firstIndex(where: { $0.path == edit.path }) {
                index = known
            } else if edit.path == document.path {
                let target = EditTarget(uri: document.uri, version: document.version, bytes: document.bytes, lineStarts: document.lineStarts)
                files.append((edit.path, target, []))
                index = files.count - 1
            } else if let target = otherFile(edit.path) {
                files.append((edit.path, target, []))
                index = files.count - 1
            } else {
                return nil
            }
            let target = files[index].target
            guard Self.fits(edit.range, in: target.bytes) else { return nil }
            let range = LSPRange(
                start: TextDocument.position(ofOffset: edit.range.lowerBound, in: target.bytes, lineStarts: target.lineStarts, encoding: encoding),
                end: TextDocument.position(ofOffset: edit.range.upperBound, in: target.bytes, lineStarts: target.lineStarts, encoding: encoding))
            files[index].edits.append(textEdit(range, edit.replacement))
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

    /// Whether a byte range lies in `bytes` with both ends on character boundaries.
    static func fits(_ range: Range<Int>, in bytes: [UInt8]) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return false }
        for offset in [range.lowerBound, range.upperBound] where offset > 0 && offset < bytes.count {
            if bytes[offset] & 0xC0 == 0x80 { return false }  // inside a UTF-8 sequence
            if bytes[offset] == 0x0A && bytes[offset - 1] == 0x0D { return false }  // inside a CRLF
        }
        return true
    }
}
