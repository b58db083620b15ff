import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The edits that migrate one class: the class itself (`@Observable`, without `ObservableObject`
/// and `@Published`, `import Observation` where needed) and every use of it in the project.
package struct ClassMigration {
    package var edits: [TextEdit] = []
    /// `@StateObject` properties turned into `@State` that the lazily owned rewrite must take
    /// (Xcode 26 and earlier): file path and the offset of the initial value, in the original bytes.
    package var lazilyOwned: [(path: String, offset: Int, place: String)] = []
    package var refusals: [String] = []
}

package enum MigrationRewrites {
    // MARK: The class

    package static func classEdits(_ candidate: MigrationCandidates.Candidate, _ files: [MigrationSource]) -> [TextEdit] {
        var edits: [TextEdit] = []
        let file = files[candidate.file]
        let declaration = file.declarations[candidate.declaration]
        let start = file.code[declaration.startToken].start
        if let indentation = file.indentationBefore(start) {
            edits.append(file.edit(start..<start, "@Observable\n" + indentation))
        } else {
            edits.append(file.edit(start..<start, "@Observable "))
        }
        for conformance in candidate.conformances {
            if let edit = removal(ofEntry: conformance.entry, of: conformance.declaration, in: files[conformance.file]) { edits.append(edit) }
        }
        for member in file.structure.members(of: candidate.declaration) where file.declarations[member].kind == .variable {
            for attribute in file.structure.attributes(of: member) where file.structure.attributeName(attribute) == "Published" {
                edits.append(file.deletion(of: attribute))
            }
        }
        if let edit = importObservation(file) { edits.append(edit) }
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
            if file.enclosingType(of: k) == nil { lastImport = TypeNames.qualifiedNameEnd(at: k + 1, in: code).map { $0 - 1 } }
        }
        if let lastImport { return file.edit(code[lastImport].end..<code[lastImport].end, "\nimport Observation") }
        guard code.count > 0 else { return nil }
        var start = code[0].start
        while start > 0, file.bytes[start - 1] != 0x0A, file.bytes[start - 1] != 0x0D { start -= 1 }
        if SourceStyle.hasByteOrderMark(file.bytes) { start = max(start, 3) }
        return file.edit(start..<start, "import Observation\n\n")
    }

    // MARK: The uses

    /// The property-wrapper uses and `.environmentObject(_:)` calls of every candidate, by class
    /// name; reasons for classes StateLint cannot tell apart go to `refuseAll`.
    package static func uses(_ candidates: MigrationCandidates, _ files: [MigrationSource], xcodeMajor: Int?)
        -> (byClass: [String: ClassMigration], refuseAll: [String], environmentRead: Set<String>) {
        let known = MigrationTypeNames(candidates: Set(candidates.candidates.map(\.name)), files: files)
        var byClass: [String: ClassMigration] = [:]
        var refuseAll: [String] = []
        var environmentRead: Set<String> = []
        let modern = (xcodeMajor ?? 0) >= 27
        for (f, file) in files.enumerated() {
            let structure = file.structure
            for (d, declaration) in file.declarations.enumerated() where declaration.kind == .variable {
                for attribute in structure.attributes(of: d) {
                    let wrapper = structure.attributeName(attribute)
                    guard wrapper == "StateObject" || wrapper == "ObservedObject" || wrapper == "EnvironmentObject" else { continue }
                    let name = file.code.string(declaration.nameToken)
                    let place = file.place(declaration.nameToken)
                    guard let type = file.declaredType(ofVariable: d, knownTypes: known) else {
                        refuseAll.append("the type of `@\(wrapper) var \(name)` at \(place) is not written where StateLint can read it")
                        continue
                    }
                    guard known.contains(type) else { continue }
                    if wrapper == "EnvironmentObject" { environmentRead.insert(type) }
                    var migration = byClass[type] ?? ClassMigration()
                    defer { byClass[type] = migration }
                    if attribute.arguments != nil {
                        migration.refusals.append("`@\(wrapper)(…) var \(name)` at \(place) has arguments")
                        continue
                    }
                    let owner = declaration.parent.map { structure.name(of: $0) }
                    let projection = owner.flatMap { projectionUse(of: name, in: $0, files) }
                    switch wrapper {
                    case "StateObject":
                        if let initializer = declaration.initializer, !initializer.isEmpty {
                            migration.edits.append(file.edit(file.range(of: attribute), "@State"))
                            if !modern {
                                migration.lazilyOwned.append((file.path, file.code[initializer.lowerBound].start, place))
                            }
                        } else if modern {
                            migration.edits.append(file.edit(file.range(of: attribute), "@State"))
                            for k in wrapperInitializers("StateObject", of: name, in: file) {
                                migration.edits.append(file.edit(file.code[k].range, "State"))
                                migration.edits.append(file.edit(file.code[k + 2].range, "initialValue"))
                            }
                        } else {
                            migration.refusals.append("`@StateObject var \(name)` at \(place) is created in `init`, which only Xcode 27's `@State` makes once (set `xcode_version` or pass `--xcode-version 27`)")
                        }
                    case "ObservedObject":
                        // `@ObservedObject var m = X()`: the view makes the object, so it owns it (and
                        // re-made it on every init): it becomes owned state, like a `@StateObject`.
                        if let initializer = declaration.initializer, !initializer.isEmpty {
                            migration.edits.append(file.edit(file.range(of: attribute), "@State"))
                            if !modern {
                                migration.lazilyOwned.append((file.path, file.code[initializer.lowerBound].start, place))
                            }
                        } else if projection != nil {
                            migration.edits.append(file.edit(file.range(of: attribute), "@Bindable"))
                        } else {
                            migration.edits.append(file.deletion(of: attribute))
                        }
                        for k in wrapperInitializers("ObservedObject", of: name, in: file) {
                            migration.edits += plainValue(at: k, of: name, in: file)
                        }
                    default:  // EnvironmentObject
                        if let projection {
                            migration.refusals.append("`$\(name)` of `@EnvironmentObject var \(name)` is used at \(projection)")
                            continue
                        }
                        guard let annotation = declaration.typeAnnotation, !annotation.isEmpty, declaration.initializer == nil else {
                            migration.refusals.append("`@EnvironmentObject var \(name)` at \(place) has no plain type annotation")
                            continue
                        }
                        let typeText = file.code.file.text(file.code[annotation.lowerBound].start..<file.code[annotation.upperBound - 1].end)
                        migration.edits.append(file.edit(file.range(of: attribute), "@Environment(\(typeText).self)"))
                        migration.edits.append(file.edit(file.code[declaration.nameToken].end..<file.code[annotation.upperBound - 1].end, ""))
                    }
                }
            }
            _ = f
        }
        // `.environmentObject(x)` → `.environment(x)` where `x` is known to be the class.
        var unknownCalls: [String] = []
        for file in files {
            for call in file.structure.environmentCalls where call.name == "environmentObject" {
                guard let type = file.typeOfExpression(call.argument, knownTypes: known) else {
                    unknownCalls.append("`.environmentObject(…)` at \(file.place(call.nameToken)) passes a value StateLint cannot type")
                    continue
                }
                guard known.contains(type) else { continue }
                byClass[type, default: ClassMigration()].edits.append(file.edit(file.code[call.nameToken].range, "environment"))
            }
        }
        for name in environmentRead {
            byClass[name, default: ClassMigration()].refusals += unknownCalls
        }
        return (byClass, refuseAll, environmentRead)
    }

    /// Where `$name.…` is used in a type named `owner` (any of its parts), or nil.
    private static func projectionUse(of name: String, in owner: String, _ files: [MigrationSource]) -> String? {
        let projected = "$" + name
        for file in files {
            let code = file.code
            for k in 0..<code.count where code.kind(k) == .identifier && code[k].length == projected.utf8.count && file.text(k, projected) {
                if let type = file.enclosingType(of: k), file.structure.name(of: type).split(separator: ".").last.map(String.init) == owner {
                    return file.place(k)
                }
            }
        }
        return nil
    }

    /// The `Wrapper` tokens of `_name = Wrapper(wrappedValue: …)` (or `self._name = …`) in `file`.
    private static func wrapperInitializers(_ wrapper: String, of name: String, in file: MigrationSource) -> [Int] {
        let code = file.code
        var found: [Int] = []
        for k in 2..<max(2, code.count) where code.kind(k) == .identifier && file.text(k, wrapper) {
            guard code.kind(k + 1) == .leftParen, file.text(k + 2, "wrappedValue"), code.kind(k + 3) == .colon,
                  file.text(k - 1, "="), file.text(k - 2, "_" + name) else { continue }
            found.append(k)
        }
        return found
    }

    /// `_name = ObservedObject(wrappedValue: value)` → `self.name = value`.
    private static func plainValue(at k: Int, of name: String, in file: MigrationSource) -> [TextEdit] {
        let code = file.code
        guard let close = code.partner(of: k + 1) else { return [] }
        let target = code.kind(k - 3) == .period ? name : "self." + name
        return [file.edit(code[k - 2].range, target),
                file.edit(code[k].start..<code[k + 4].start, ""),
                file.edit(code[close].range, "")]
    }
}
