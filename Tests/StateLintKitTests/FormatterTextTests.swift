import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

@Suite struct FormatterTextTests {
    @Test func xcodeWritesOneLinePerFindingWithNoRawControls() {
        let findings = FormatterFixtures.findings
        let output = XcodeFormatter().format(findings, context: FormatterFixtures.context())
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == findings.count + 1)
        #expect(output.unicodeScalars.filter { TerminalText.needsEscape($0) && $0 != "\n" }.isEmpty)
        for (line, finding) in zip(lines, findings) {
            #expect(line.hasPrefix(TerminalText.visible(finding.path) + ":\(finding.start.line):\(finding.start.column): \(finding.severity.rawValue): "))
            #expect(line.hasSuffix("[\(finding.ruleID)]"))
        }
    }

    @Test func terminalEscapesShowControlsAndBidi() {
        #expect(TerminalText.visible("a\nb\rc\td") == "a\\nb\\rc\\td")
        #expect(TerminalText.visible("\u{1B}[31m") == "\\u{1B}[31m")
        #expect(TerminalText.visible("evil\u{202E}txt") == "evil\\u{202E}txt")
        #expect(TerminalText.visible("line\u{2028}sep\u{85}") == "line\\u{2028}sep\\u{85}")
        #expect(TerminalText.visible("Ünïcødé 😀 plain") == "Ünïcødé 😀 plain")
    }

    /// The check on UTF-8 bytes that lets most text through unscanned agrees with the scalar
    /// definition for every scalar up to U+2FFF and a few beyond, alone and between others.
    @Test func theByteCheckAgreesWithTheScalarDefinition() {
        let scalars = (0...0x2FFF).compactMap(Unicode.Scalar.init) + ["\u{FEFF}", "\u{1F600}", "\u{E0001}", "\u{10FFFF}"]
        for keepingLineBreaks in [false, true] {
            for scalar in scalars {
                let kept = keepingLineBreaks && (scalar == "\n" || scalar == "\r" || scalar == "\t")
                let expected = TerminalText.needsEscape(scalar) && !kept
                for text in [String(scalar), "…" + String(scalar) + "é"] {
                    let found = Array(text.utf8).withUnsafeBufferPointer { TerminalText.hasEscapedScalar($0, keepingLineBreaks: keepingLineBreaks) }
                    if found != expected { Issue.record("U+\(String(scalar.value, radix: 16)) in \(text.debugDescription)") }
                }
            }
        }
        #expect(TerminalText.visible("a\tb", keepingLineBreaks: true) == "a\tb")
        #expect(TerminalText.visible("`Task { … }` in `.onAppear`") == "`Task { … }` in `.onAppear`")
    }

    /// An RFC 4180 reader, to prove the writer's quoting round-trips.
    static func parseCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    let next = scalars.next()
                    if next == "\"" { field += "\"" } else { quoted = false; pending = next }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"": quoted = true
            case ",": row.append(field); field = ""
            case "\r":
                let next = scalars.next()
                if next == "\n" { row.append(field); rows.append(row); row = []; field = "" } else {
                    field += "\r"; pending = next
                }
            default: field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }

    @Test func csvRoundTripsThroughAnRFC4180Reader() {
        let findings = FormatterFixtures.findings
        let rows = Self.parseCSV(CSVFormatter().format(findings, context: FormatterFixtures.context()))
        #expect(rows.first == CSVFormatter.header)
        #expect(rows.count == findings.count + 1)
        for (row, finding) in zip(rows.dropFirst(), findings) {
            #expect(row == [finding.severity.rawValue, finding.ruleID, finding.path,
                            String(finding.start.line), String(finding.start.column),
                            String(finding.end.line), String(finding.end.column), finding.message])
        }
        #expect(Self.parseCSV(CSVFormatter().format([], context: FormatterFixtures.context())) == [CSVFormatter.header])
    }

    @Test func markdownCellsCannotBreakTheTableOrInjectHTML() {
        #expect(MarkdownText.cell("a|b") == "a\\|b")
        #expect(MarkdownText.cell("x\r\ny\nz") == "x<br>y<br>z")
        #expect(MarkdownText.cell("<img src=x>&") == "&lt;img src=x&gt;&amp;")
        #expect(MarkdownText.cell("*bold* `code` [link]") == "\\*bold\\* \\`code\\` \\[link\\]")
    }

    @Test func markdownReportCountsAndListsFindings() {
        let findings = FormatterFixtures.findings
        let text = MarkdownFormatter().format(findings, context: FormatterFixtures.context())
        #expect(text.contains("8 findings (3 errors, 5 warnings) in 7 files."))
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("| ") }.count == findings.count + 2)
        let empty = MarkdownFormatter().format([], context: FormatterFixtures.context(lintedFiles: ["a.swift"]))
        #expect(empty == "### StateLint\n\nNo findings in 1 file.\n")
    }

    @Test func summaryCountsPerRuleAndFileWithAlignedColumns() {
        let findings = FormatterFixtures.findings
        let text = SummaryFormatter().format(findings, context: FormatterFixtures.context())
        let lines = text.split(separator: "\n")
        #expect(lines.first == "8 findings (3 errors, 5 warnings) in 8 linted files")
        // state_class_default has 4 findings (2 errors), so it leads the rule table.
        let ruleHeader = lines.firstIndex { $0.hasPrefix("Rule") }
        #expect(ruleHeader != nil)
        if let ruleHeader {
            let top = lines[ruleHeader + 1].split(separator: " ")
            #expect(top == ["state_class_default", "4", "2", "2"])
            // Every row of a table has the header's width: the columns line up.
            let tableLines = lines[ruleHeader...].prefix { !$0.hasPrefix("File") }
            #expect(Set(tableLines.map(\.count)).count == 1)
        }
        #expect(text.contains("Sources/new\\nline.swift"))
        #expect(SummaryFormatter().format([], context: FormatterFixtures.context(lintedFiles: []))
            == "0 findings (0 errors, 0 warnings) in 0 linted files\n")
    }
}
