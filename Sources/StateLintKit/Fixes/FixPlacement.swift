/// Places fix edits in their file while it is in memory: each edit gets its line and column,
/// and its replacement's line breaks become the file's own (see `SourceStyle`), so reports
/// give edits exactly as they would be applied, without reading the file again.
enum FixPlacement {
    /// `fixes` with every edit in `file` placed (edits in other files are left as they are).
    static func place(_ fixes: [Fix?], in file: SourceFile) -> [Fix?] {
        let placed = place(fixes.flatMap { $0?.edits ?? [] }, in: file)
        var next = 0
        return fixes.map { fix in
            guard var fix else { return nil }
            for index in fix.edits.indices {
                fix.edits[index] = placed[next]
                next += 1
            }
            return fix
        }
    }

    /// `edits` with those in `file` placed, in one pass over the file for the positions.
    static func place(_ edits: [TextEdit], in file: SourceFile) -> [TextEdit] {
        var offsets: [Int] = []
        var needsLineEnding = false
        for edit in edits where edit.path == file.path {
            offsets.append(edit.range.lowerBound)
            offsets.append(edit.range.upperBound)
            needsLineEnding = needsLineEnding || edit.replacement.utf8.contains { $0 == 0x0A || $0 == 0x0D }
        }
        guard !offsets.isEmpty else { return edits }
        let locations = file.locations(ofOffsets: offsets)
        let ending = needsLineEnding ? SourceStyle.lineEnding(of: file.bytes) : .lf
        var next = 0
        return edits.map { edit in
            guard edit.path == file.path else { return edit }
            var placed = edit
            placed.start = locations[next]
            placed.end = locations[next + 1]
            if needsLineEnding {
                placed.replacement = String(decoding: SourceStyle.normalizingLineBreaks(Array(edit.replacement.utf8), to: ending), as: UTF8.self)
            }
            next += 2
            return placed
        }
    }
}
