import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The classes `statelint migrate` looks at: every class of the project that conforms to
/// `ObservableObject` (directly, in an extension, through a superclass or a protocol refining
/// it), and the reasons found in the class and its uses that keep one as it is.
package struct MigrationCandidates {
    package struct Candidate {
        package let name: String
        /// The class declaration: file and declaration index.
        package let file: Int
        package let declaration: Int
        /// Where `ObservableObject` is written after `:`: the class itself or an extension.
        package var conformances: [(file: Int, declaration: Int, entry: Int)] = []
        /// The `@Published` properties' names.
        package var published: Set<String> = []
        /// The class body and its extensions' bodies, by file.
        package var scopes: [(file: Int, body: ClosedRange<Int>)] = []
        /// Whether it is declared under the paths asked for.
        package var isRequested = true
    }

    package var candidates: [Candidate] = []
    /// Reasons that keep a class, by name, in the order found.
    package var reasons: [String: [String]] = [:]

    package static let protocolNames: Set<String> = ["ObservableObject", "Combine.ObservableObject"]
    /// Attributes of a stored property that are no property wrapper.
    private static let plainAttributes: Set<String> = [
        "Published", "MainActor", "ObservationIgnored", "IBOutlet", "IBInspectable", "NSCopying", "GKInspectable",
    ]

    package mutating func refuse(_ name: String, _ reason: String) {
        if !(reasons[name] ?? []).contains(reason) { reasons[name, default: []].append(reason) }
    }

    package init(_ files: [MigrationSource], requested: (String) -> Bool) {
        // Type declarations by simple name.
        var classes: [String: [(file: Int, declaration: Int)]] = [:]
        var extensions: [String: [(file: Int, declaration: Int)]] = [:]
        var protocols: [String: [String]] = [:]
        for (f, file) in files.enumerated() {
            for (d, declaration) in file.declarations.enumerated() {
                switch declaration.kind {
                case .class: classes[file.structure.name(of: d), default: []].append((f, d))
                case .extension:
                    let name = file.structure.name(of: d)
                    extensions[String(name.split(separator: ".").last ?? Substring(name)), default: []].append((f, d))
                case .protocol: protocols[file.structure.name(of: d)] = file.structure.inheritance(of: d)
                default: break
                }
            }
        }
        // Protocols that refine `ObservableObject`, at any depth.
        var refining: Set<String> = []
        var grew = true
        while grew {
            grew = false
            for (name, parents) in protocols where !refining.contains(name)
            && parents.contains(where: { Self.protocolNames.contains($0) || refining.contains($0) }) {
                refining.insert(name)
                grew = true
            }
        }
        func inheritance(_ place: (file: Int, declaration: Int)) -> [String] {
            files[place.file].structure.inheritance(of: place.declaration)
        }
        // Which classes conform, and how.
        var direct: [String: [(file: Int, declaration: Int, entry: Int)]] = [:]
        var throughProtocol: [String: String] = [:]
        for (name, places) in classes {
            for place in places + (extensions[name] ?? []) {
                for (entry, inherited) in inheritance(place).enumerated() {
                    if Self.protocolNames.contains(inherited) { direct[name, default: []].append((place.file, place.declaration, entry)) }
                    if refining.contains(inherited) { throughProtocol[name] = inherited }
                }
            }
        }
        func superclass(_ name: String) -> String? {
            guard let place = classes[name]?.first, let first = inheritance(place).first,
                  let last = first.split(separator: ".").last.map(String.init), classes[last] != nil else { return nil }
            return last
        }
        func conforms(_ name: String, depth: Int = 0) -> Bool {
            if direct[name] != nil || throughProtocol[name] != nil { return true }
            guard depth < 32, let parent = superclass(name) else { return false }
            return conforms(parent, depth: depth + 1)
        }
        var subclasses: [String: [String]] = [:]
        for name in classes.keys.sorted() { if let parent = superclass(name) { subclasses[parent, default: []].append(name) } }

        for name in classes.keys.sorted() where conforms(name) {
            let places = classes[name]!
            let place = places[0]
            var candidate = Candidate(name: name, file: place.file, declaration: place.declaration)
            candidate.isRequested = places.contains { requested(files[$0.file].path) }
            candidate.conformances = direct[name] ?? []
            if places.count > 1 { refuse(name, "several classes are named `\(name)`") }
            if let through = throughProtocol[name] {
                refuse(name, "it conforms to `ObservableObject` through `\(through)`, a protocol refining it")
            }
            if let parent = superclass(name), conforms(parent) {
                refuse(name, "its superclass `\(parent)` is an `ObservableObject`")
            }
            if let children = subclasses[name] {
                refuse(name, "it has subclasses (" + children.map { "`\($0)`" }.joined(separator: ", ") + ")")
            }
            let file = files[place.file]
            if let body = file.declarations[place.declaration].body { candidate.scopes.append((place.file, body)) }
            for ext in extensions[name] ?? [] {
                if let body = files[ext.file].declarations[ext.declaration].body { candidate.scopes.append((ext.file, body)) }
            }
            for member in file.structure.members(of: place.declaration) where file.declarations[member].kind == .variable {
                let property = file.code.string(file.declarations[member].nameToken)
                if file.structure.modifiers(of: member).contains(.lazy) {
                    refuse(name, "it has `lazy var \(property)`, which `@Observable` does not allow")
                }
                for attribute in file.structure.attributes(of: member) {
                    let attributeName = file.structure.attributeName(attribute)
                    if attributeName == "Published" {
                        candidate.published.insert(property)
                        if attribute.arguments != nil { refuse(name, "`@Published` of `\(property)` has arguments") }
                    } else if let first = attributeName.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"),
                              !Self.plainAttributes.contains(attributeName) {
                        refuse(name, "its property `\(property)` has the property wrapper `@\(attributeName)`")
                    }
                }
            }
            candidates.append(candidate)
        }
        scanPublishers(files)
        scanConstraints(files)
    }

    /// `$property` publishers and `objectWillChange`, anywhere in the project.
    private mutating func scanPublishers(_ files: [MigrationSource]) {
        let known = MigrationTypeNames(candidates: Set(candidates.map(\.name)), files: files)
        for (f, file) in files.enumerated() {
            let code = file.code
            for k in 0..<code.count where code.kind(k) == .identifier {
                let first = file.bytes[code[k].start]
                let isMember = code.kind(k - 1) == .period
                if first == UInt8(ascii: "$") {
                    let property = String(code.string(k).dropFirst())
                    for candidate in candidates where candidate.published.contains(property) {
                        let inside = candidate.scopes.contains { $0.file == f && $0.body.contains(k) }
                        if isMember || inside {
                            refuse(candidate.name, "its publisher `$\(property)` is used at \(file.place(k))")
                        }
                    }
                } else if first == UInt8(ascii: "o"), code.text(k, is: "objectWillChange") {
                    if let owner = candidates.first(where: { $0.scopes.contains { $0.file == f && $0.body.contains(k) } }),
                       !isMember || code.keyword(k - 2) == .self {
                        refuse(owner.name, "its `objectWillChange` is used at \(file.place(k))")
                        continue
                    }
                    var type: String?
                    if isMember, code.kind(k - 2) == .identifier {
                        type = file.typeOfName(code.string(k - 2), near: k, knownTypes: known)
                    }
                    for candidate in candidates where type == nil || type == candidate.name {
                        refuse(candidate.name, type == nil
                               ? "`objectWillChange` is used at \(file.place(k)) on a value StateLint cannot type"
                               : "its `objectWillChange` is used at \(file.place(k))")
                    }
                }
            }
        }
    }

    /// `ObservableObject` written anywhere but after a class's, extension's or protocol's `:`
    /// (`T: ObservableObject`, `any ObservableObject`, `some ObservableObject`): a migrated class
    /// could no longer be passed there, and StateLint cannot tell which classes are.
    private mutating func scanConstraints(_ files: [MigrationSource]) {
        for file in files {
            var inherited: Set<Int> = []
            for (d, declaration) in file.declarations.enumerated() where declaration.kind.isTypeLike {
                for start in file.structure.inheritanceStarts(of: d) {
                    inherited.insert(start)
                    if file.code.kind(start + 1) == .period { inherited.insert(start + 2) }
                }
            }
            let code = file.code
            for k in 0..<code.count where code.kind(k) == .identifier && code.text(k, is: "ObservableObject") && !inherited.contains(k) {
                // `Combine.ObservableObject` after `:` starts at `Combine`.
                if code.kind(k - 1) == .period, inherited.contains(k - 2) { continue }
                if code.kind(k - 1) == .keyword, code.keyword(k - 1) == .import { continue }
                for candidate in candidates {
                    refuse(candidate.name, "`ObservableObject` is used as a generic constraint or existential at \(file.place(k)), where a migrated class could no longer go")
                }
            }
        }
    }
}
