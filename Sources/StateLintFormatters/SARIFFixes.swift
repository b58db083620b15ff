import StateLintSyntax
import StateLintRules
import StateLintEngine

/// A finding's fix as a SARIF `fix` object: one `artifactChange` per file, one `replacement`
/// per edit. Each `deletedRegion` gives the edit's byte range (`byteOffset`, `byteLength`) and,
/// when its lines' text is known, the same range as lines and UTF-16 columns, matching the
/// run's `columnKind`. An insertion is an empty region.
extension SARIFFormatter {
    package static func fix(_ fix: Fix, findingPath: String, findingLocation: JSONValue, lines: SourceLineMemo,
                    base: String, workingDirectory: String) -> JSONValue {
        var files: [String] = []
        var editsByFile: [String: [TextEdit]] = [:]
        for edit in fix.edits {
            if editsByFile[edit.path] == nil { files.append(edit.path) }
            editsByFile[edit.path, default: []].append(edit)
        }
        let changes: [JSONValue] = files.map { path in
            let location = path == findingPath ? findingLocation
                : artifactLocation(ReportPaths.relative(path, to: base, workingDirectory: workingDirectory))
            return .object([
                ("artifactLocation", location),
                ("replacements", .array((editsByFile[path] ?? []).map { edit in
                    .object([
                        ("deletedRegion", deletedRegion(edit, lines: lines)),
                        ("insertedContent", .object([("text", .string(edit.replacement))])),
                    ])
                })),
            ])
        }
        return .object([
            ("description", .object([("text", .string(fix.summary))])),
            ("artifactChanges", .array(changes)),
        ])
    }

    package static func deletedRegion(_ edit: TextEdit, lines: SourceLineMemo) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let start = edit.start, let end = edit.end,
           let startColumn = lines.utf16Column(byteColumn: start.column, path: edit.path, line: start.line),
           let endColumn = lines.utf16Column(byteColumn: end.column, path: edit.path, line: end.line) {
            members = [("startLine", .int(start.line)), ("startColumn", .int(startColumn)),
                       ("endLine", .int(end.line)), ("endColumn", .int(endColumn))]
        }
        members += [("byteOffset", .int(edit.range.lowerBound)), ("byteLength", .int(edit.range.count))]
        return .object(members)
    }
}
