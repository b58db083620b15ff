import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The classes `statelint migrate` looks at: every class of the project that conforms to
/// `ObservableObject` (directly, in an extension, through a superclass or a protocol refining
/// it), and the reasons found in the class itself that keep one as it is (its uses are
/// `MigrationUses`).
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
        /// A SwiftData `@Model` class, already `Observable`.
        package var isSwiftDataModel = false
        /// Stored properties `@Observable` cannot track (`lazy var`, another property wrapper), by
        /// declaration index: they get `@ObservationIgnored`.
        package var ignoredProperties: [Int] = []
        /// The protocols refining `ObservableObject` it conforms through: it migrates with every
        /// other class that conforms through them (`ProtocolGroup`).
        package var groups: Set<String> = []
    }

    /// A protocol of the project that refines `ObservableObject` directly (`protocol
    /// ListModel: ObservableObject`), and the classes that conform through it: they migrate
    /// together or not at all, and the protocol then refines `Observable` instead.
    package struct ProtocolGroup {
        package let name: String
        package let file: Int
        package let declaration: Int
        /// Where `ObservableObject` is written after its `:`.
        package let entry: Int
        package var members: [String] = []
    }

    package var candidates: [Candidate] = []
    /// `ObservableObject` and the project's protocols refining it, by last name.
    package var observableProtocols: Set<String> = ["ObservableObject"]
    /// The protocols whose classes migrate as a group, by name.
    package var groups: [String: ProtocolGroup] = [:]
    /// Reasons that keep a class, by name, in the order found.
    package var reasons: [String: [String]] = [:]

    package static let protocolNames: Set<String> = ["ObservableObject", "Combine.ObservableObject"]
    /// Attributes of a stored property that are no property wrapper.
    private static let plainAttributes: Set<String> = [
        "Published", "MainActor", "ObservationIgnored", "IBOutlet", "IBInspectable", "NSCopying", "GKInspectable",
        "objc", "nonobjc", "available", "discardableResult", "preconcurrency", "Sendable", "inlinable", "usableFromInline",
    ]

    package mutating func refuse(_ name: String, _ reason: String) {
        if !(reasons[name] ?? []).contains(reason) { reasons[name, default: []].append(reason) }
    }

    package init(_ files: [MigrationSource], requested: (String) -> Bool) {
        // Type declarations by simple name.
        var classes: [String: [(file: Int, declaration: Int)]] = [:]
        var extensions: [String: [(file: Int, declaration: Int)]] = [:]
        var protocols: [String: [String]] = [:]
        var protocolPlaces: [String: [(file: Int, declaration: Int)]] = [:]
        for (f, file) in files.enumerated() {
            for (d, declaration) in file.declarations.enumerated() {
                switch declaration.kind {
                case .class: classes[file.structure.name(of: d), default: []].append((f, d))
                case .extension:
                    let name = file.structure.name(of: d)
                    extensions[String(name.split(separator: ".").last ?? Substring(name)), default: []].append((f, d))
                case .protocol:
                    protocols[file.structure.name(of: d)] = file.structure.inheritance(of: d)
                    protocolPlaces[file.structure.name(of: d), default: []].append((f, d))
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
        // Those declared once that name `ObservableObject` themselves (once) can migrate as a
        // group; one refining it through another protocol keeps its classes.
        for name in refining.sorted() {
            guard let places = protocolPlaces[name], places.count == 1, let place = places.first else { continue }
            let entries = inheritance(place).enumerated().filter { Self.protocolNames.contains($0.element) }
            guard entries.count == 1, let entry = entries.first?.offset else { continue }
            groups[name] = ProtocolGroup(name: name, file: place.file, declaration: place.declaration, entry: entry)
        }
        // Which classes conform, and how.
        var direct: [String: [(file: Int, declaration: Int, entry: Int)]] = [:]
        var throughProtocol: [String: String] = [:]
        var grouped: [String: Set<String>] = [:]
        for (name, places) in classes {
            for place in places + (extensions[name] ?? []) {
                for (entry, inherited) in inheritance(place).enumerated() {
                    if Self.protocolNames.contains(inherited) { direct[name, default: []].append((place.file, place.declaration, entry)) }
                    if refining.contains(inherited) {
                        if groups[inherited] != nil { grouped[name, default: []].insert(inherited) } else { throughProtocol[name] = inherited }
                    }
                }
            }
        }
        func superclass(_ name: String) -> String? {
            guard let place = classes[name]?.first, let first = inheritance(place).first,
                  let last = first.split(separator: ".").last.map(String.init), classes[last] != nil else { return nil }
            return last
        }
        func conforms(_ name: String, depth: Int = 0) -> Bool {
            if direct[name] != nil || throughProtocol[name] != nil || grouped[name] != nil { return true }
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
                refuse(name, "it conforms to `ObservableObject` through `\(through)`, a protocol that refines it through another protocol or is declared more than once")
            }
            candidate.groups = grouped[name] ?? []
            for group in candidate.groups.sorted() { groups[group]?.members.append(name) }
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
            // A SwiftData model is `Observable` through `@Model`: it only drops `ObservableObject`.
            candidate.isSwiftDataModel = file.structure.attributes(of: place.declaration).contains { file.structure.attributeName($0) == "Model" }
            for member in file.structure.members(of: place.declaration) where file.declarations[member].kind == .variable {
                let property = file.code.string(file.declarations[member].nameToken)
                let modifiers = file.structure.modifiers(of: member)
                var ignored = modifiers.contains(.lazy)
                for attribute in file.structure.attributes(of: member) {
                    let attributeName = file.structure.attributeName(attribute)
                    if attributeName == "Published" {
                        candidate.published.insert(property)
                        if attribute.arguments != nil { refuse(name, "`@Published` of `\(property)` has arguments") }
                    } else if attributeName == "ObservationIgnored" {
                        ignored = false
                        break
                    } else if let first = attributeName.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"),
                              !Self.plainAttributes.contains(attributeName) {
                        ignored = true  // another property wrapper: `@Observable` cannot take it
                    }
                }
                // The class never published these (neither a `lazy var` nor another wrapper can be
                // `@Published`), so `@ObservationIgnored` keeps what views saw, and lets them compile.
                if ignored, !candidate.isSwiftDataModel, !modifiers.contains(.static), !modifiers.contains(.class) {
                    candidate.ignoredProperties.append(member)
                }
            }
            candidates.append(candidate)
        }
        observableProtocols = refining.union(["ObservableObject"])
    }
}
