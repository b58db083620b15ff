import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Places fix edits in their files: each edit gets its line and column, and its replacement's
/// line breaks become the file's own (see `SourceStyle`), so reports give edits exactly as
/// they would be applied, without reading any file again. The engine does it where the
/// positions are known: the file in memory (directives), or its `LineIndex` (rules).
package enum FixPlacement {
    /// What placing an edit needs of its file.
    package struct Layout {
        package let locate: (Int) -> SourceLocation
        package let lineEnding: SourceStyle.LineEnding

        package init(lines: LineIndex, lineEnding: SourceStyle.LineEnding) {
            locate = { lines.location(ofOffset: $0) }
            self.lineEnding = lineEnding
        }

        package init(locate: @escaping (Int) -> SourceLocation, lineEnding: SourceStyle.LineEnding) {
            self.locate = locate
            self.lineEnding = lineEnding
        }
    }

    /// `edits` placed by their file's layout; an edit in a file without one is left as it is.
    package static func place(_ edits: [TextEdit], layout: (String) -> Layout?) -> [TextEdit] {
        edits.map { edit in
            guard let file = layout(edit.path) else { return edit }
            var placed = edit
            placed.start = file.locate(edit.range.lowerBound)
            placed.end = file.locate(edit.range.upperBound)
            if edit.replacement.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
                placed.replacement = String(decoding: SourceStyle.normalizingLineBreaks(Array(edit.replacement.utf8), to: file.lineEnding),
                                            as: UTF8.self)
            }
            return placed
        }
    }

    /// `edits` with those in `file` placed.
    package static func place(_ edits: [TextEdit], in file: SourceFile) -> [TextEdit] {
        let needsLineEnding = edits.contains { $0.path == file.path && $0.replacement.utf8.contains { $0 == 0x0A || $0 == 0x0D } }
        let layout = Layout(locate: { file.location(ofOffset: $0) },
                            lineEnding: needsLineEnding ? SourceStyle.lineEnding(of: file.bytes) : .lf)
        return place(edits) { $0 == file.path ? layout : nil }
    }
}
