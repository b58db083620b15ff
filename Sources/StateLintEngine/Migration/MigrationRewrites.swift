import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The edits that migrate a class itself (`@Observable`, without `ObservableObject` and
/// `@Published`, `@ObservationIgnored` on what `@Observable` cannot track, `import Observation`
/// where needed), and helpers for its uses' rewrites.
package enum MigrationRewrites {
    // MARK: The class

    package static func classEdits(_ candidate: MigrationCandidates.Candidate, _ files: [MigrationSource]) -> [TextEdit] {
        var edits: [TextEdit] = []
        let file = files[candidate.file]
        let declaration = file.declarations[candidate.declaration]
        let start = file.code[declaration.startToken].start
        if candidate.isSwiftDataModel {
            // `@Model` makes it `Observable` already.
        } else if let indentation = file.indentationBefore(start) {
            edits.append(file.edit(start..<start, "@Observable\n" + indentation))
        } else {
            edits.append(file.edit(start..<start, "@Observable "))
        }
        for member in candidate.ignoredProperties {
            let memberStart = file.code[file.declarations[member].startToken].start
            edits.append(file.edit(memberStart..<memberStart, "@ObservationIgnored "))
        }
        for conformance in candidate.conformances {
            if let edit = removal(ofEntry: conformance.entry, of: conformance.declaration, in: files[conformance.file]) { edits.append(edit) }
        }
        for member in file.structure.members(of: candidate.declaration) where file.declarations[member].kind == .variable {
            for attribute in file.structure.attributes(of: member) where file.structure.attributeName(attribute) == "Published" {
                edits.append(file.deletion(of: attribute))
            }
        }
        if !candidate.isSwiftDataModel || !candidate.ignoredProperties.isEmpty, let edit = file.observationImport { edits.append(edit) }
        return edits
    }

    /// A group's protocol refines `Observable` (and stays class-bound, as `ObservableObject` made
    /// it) instead of `ObservableObject`: `protocol ListModel: AnyObject, Observable`.
    package static func protocolEdits(_ group: MigrationCandidates.ProtocolGroup, _ files: [MigrationSource]) -> [TextEdit] {
        let file = files[group.file]
        let starts = file.structure.inheritanceStarts(of: group.declaration)
        guard group.entry < starts.count, let after = TypeNames.qualifiedNameEnd(at: starts[group.entry], in: file.code) else { return [] }
        let code = file.code
        var edits = [file.edit(code[starts[group.entry]].start..<code[after - 1].end, "AnyObject, Observable")]
        if let edit = file.observationImport { edits.append(edit) }
        return edits
    }

    /// Removes the `entry`th name after `:` (with its comma, or the `:` when it is the only one).
    private static func removal(ofEntry entry: Int, of declaration: Int, in file: MigrationSource) -> TextEdit? {
        let starts = file.structure.inheritanceStarts(of: declaration)
        guard entry < starts.count, let after = TypeNames.qualifiedNameEnd(at: starts[entry], in: file.code) else { return nil }
        let code = file.code
        let first = starts[entry]
        if starts.count == 1 {
            guard code.kind(first - 1) == .colon else { return nil }
            return file.edit(code[first - 2].end..<code[after - 1].end, "")
        }
        if entry == 0 { return file.edit(code[first].start..<code[starts[1]].start, "") }
        guard code.kind(first - 1) == .comma else { return nil }
        return file.edit(code[first - 2].end..<code[after - 1].end, "")
    }

    /// `import Observation` after the last import, where the file imports neither SwiftUI nor Observation.
    package static func importObservation(_ file: MigrationSource) -> TextEdit? {
        let code = file.code
        var lastImport: Int?
        for k in 0..<code.count where code.keyword(k) == .import && code.kind(k + 1) == .identifier {
            if file.text(k + 1, "SwiftUI") || file.text(k + 1, "Observation") { return nil }
            if file.isTopLevel(k) { lastImport = TypeNames.qualifiedNameEnd(at: k + 1, in: code).map { $0 - 1 } }
        }
        if let lastImport { return file.edit(code[lastImport].end..<code[lastImport].end, "\nimport Observation") }
        guard code.count > 0 else { return nil }
        var start = code[0].start
        while start > 0, file.bytes[start - 1] != 0x0A, file.bytes[start - 1] != 0x0D { start -= 1 }
        if SourceStyle.hasByteOrderMark(file.bytes) { start = max(start, 3) }
        return file.edit(start..<start, "import Observation\n\n")
    }

    // MARK: Property wrappers set in `init`

    /// The `Wrapper` tokens of `_name = Wrapper(wrappedValue: …)` (or `self._name = …`) in `file`.
    package static func wrapperInitializers(_ wrapper: String, of name: String, in file: MigrationSource) -> [Int] {
        file.wrapperAssignments[.init(wrapper: wrapper, name: name)] ?? []
    }

    /// `_name = ObservedObject(wrappedValue: value)` → `self.name = value`.
    package static func plainValue(at k: Int, of name: String, in file: MigrationSource) -> [TextEdit] {
        let code = file.code
        guard let close = code.partner(of: k + 1) else { return [] }
        let target = code.kind(k - 3) == .period ? name : "self." + name
        return [file.edit(code[k - 2].range, target),
                file.edit(code[k].start..<code[k + 4].start, ""),
                file.edit(code[close].range, "")]
    }
}
