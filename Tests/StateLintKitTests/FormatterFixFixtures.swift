@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// Findings that carry fixes, on the awkward fixture files: replacements with quotes, line
/// breaks, markup and non-ASCII text, a deleted line, a fix over two files (one outside the
/// root), an insertion, an edit without known positions, and summaries that try to inject
/// GitHub commands.
enum FormatterFixFixtures {
    static let sources = FormatterFixtures.sources

    /// An edit of the first `needle` on `line` of `sources[file]`, placed as the engine places it.
    static func edit(file index: Int, line: Int, needle: String, _ replacement: String) -> TextEdit {
        let finding = FormatterFixtures.finding("r", .warning, "", file: index, line: line, needle: needle)
        let file = sources[index]
        let start = file.lineStarts[finding.start.line - 1] + finding.start.column - 1
        var edit = TextEdit(path: file.path, range: start..<(start + needle.utf8.count), replacement: replacement)
        edit.start = finding.start
        edit.end = finding.end
        return edit
    }

    /// Line `line` of `sources[file]` with its line ending.
    static func lineDeletion(file index: Int, line: Int) -> TextEdit {
        let file = sources[index]
        var edit = TextEdit(path: file.path, range: file.lineStarts[line - 1]..<file.lineStarts[line], replacement: "")
        edit.start = SourceLocation(line: line, column: 1)
        edit.end = SourceLocation(line: line + 1, column: 1)
        return edit
    }

    static let findings: [Finding] = {
        var found = [
            FormatterFixtures.finding("state_class_default", .warning, "Class in @State.", file: 0, line: 2, needle: "Model()"),
            FormatterFixtures.finding("missing_nil_guard", .warning, "Two files.", file: 1, line: 2, needle: "Model()"),
            FormatterFixtures.finding("state_class_default", .error, "A whole line.", file: 3, line: 2, needle: "Mödel()"),
            FormatterFixtures.finding("missing_teardown", .warning, "Unplaced edit.", file: 2, line: 1, needle: "model"),
            FormatterFixtures.finding("missing_teardown", .warning, "No fix.", file: 5, line: 1, needle: "Model()"),
        ]
        found[0].fix = Fix(summary: "Replace with \"nil\" & <markup>", edits: [
            edit(file: 0, line: 2, needle: "Model()", "nil // \"é\" 😀\n\t</x>&amp; \\ end"),
        ])
        var insertion = TextEdit(path: sources[6].path, range: 0..<0, replacement: "// inserted\n")
        insertion.start = SourceLocation(line: 1, column: 1)
        insertion.end = SourceLocation(line: 1, column: 1)
        found[1].fix = Fix(summary: "100% sure: %0A ::error file=x.swift,line=1::injected\nsecond line", edits: [
            edit(file: 1, line: 2, needle: "Model()", "Model?"), insertion,
        ])
        found[2].fix = Fix(summary: "Delete the line", edits: [lineDeletion(file: 3, line: 2)])
        found[3].fix = Fix(summary: "Rename", edits: [TextEdit(path: sources[2].path, range: 16..<21, replacement: "viewModel")])
        return found.sorted(by: Finding.isOrderedBefore)
    }()
}
