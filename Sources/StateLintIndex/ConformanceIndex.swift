import StateLintSyntax

/// Which of the project's types conform to `ObservableObject`, to Observation's `Observable`
/// (or swift-perception's `Perceptible`) or to a SwiftUI protocol — directly, through an
/// extension in any file, through a superclass, or through a protocol of the project that
/// refines one — and which classes are `@Observable` (or `@Perceptible`, or SwiftData `@Model`s).
///
/// Built once per run from every file's `TypeHeader`s; every type's conformances are worked
/// out up front, so lookups during the rules are dictionary reads.
public struct ConformanceIndex: Sendable {
    /// The protocols the rules ask about.
    public struct Conformances: OptionSet, Sendable, Hashable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        public static let observableObject = Conformances(rawValue: 1 << 0)
        /// Observation's `Observable` (what `@Observable` adds), or swift-perception's
        /// `Perceptible`, its back-port: `@State` sees the object's changes.
        public static let observable = Conformances(rawValue: 1 << 14)

        /// The names of Observation's protocol and its back-port's, as written after `:`.
        package static let observableNames: Set<String> = ["Observable", "Observation.Observable", "Perceptible", "Perception.Perceptible"]

        /// The bit of a SwiftUI protocol.
        public init(_ swiftUIProtocol: SwiftUIProtocol) {
            let position = SwiftUIProtocol.allCases.firstIndex(of: swiftUIProtocol)!
            self.init(rawValue: 1 << (1 + UInt16(position)))
        }

        public func contains(_ swiftUIProtocol: SwiftUIProtocol) -> Bool { contains(Conformances(swiftUIProtocol)) }

        /// What naming `name` after `:` says by itself (`ObservableObject`, `SwiftUI.View`).
        package static func named(_ name: String) -> Conformances {
            byName[name] ?? []
        }

        /// Every protocol name with and without its module: one lookup per inherited name.
        private static let byName: [String: Conformances] = {
            var names: [String: Conformances] = ["ObservableObject": .observableObject, "Combine.ObservableObject": .observableObject]
            for name in observableNames { names[name] = .observable }
            for (name, swiftUIProtocol) in SwiftUIProtocol.byName { names[name] = Conformances(swiftUIProtocol) }
            return names
        }()
    }

    /// What the headers of one type (its declaration and extensions) say.
    public struct Entry: Sendable {
        fileprivate let name: String
        package fileprivate(set) var inheritance: [String] = []
        public fileprivate(set) var isObservable = false
        public fileprivate(set) var conformances: Conformances = []
        fileprivate var state = State.pending

        fileprivate enum State: Sendable { case pending, inProgress, done }
    }

    /// The entries, and where each qualified name's is.
    private var entries: [Entry] = []
    private var slots: [String: Int] = [:]
    /// Last name component → the qualified names ending in it, for the nested ones.
    private var nestedByLastComponent: [String: [String]] = [:]
    /// The types that have types nested in them: only inside those is a scoped lookup made.
    private var enclosingNames: Set<String> = []
    /// Typealias qualified name → target.
    private var aliases: [String: String] = [:]
    /// The last name components of the classes that are `ObservableObject`s and not `@Observable`
    /// (and of the typealiases of them): a name not in it needs no lookup.
    public private(set) var legacyObservableObjectNames: Set<String> = []

    /// For a target's index: what the whole project's index says of an inherited name that this
    /// one's types do not declare (a base class in another target).
    private var fallback: [ConformanceIndex] = []

    public init() {}

    public init(headers: [TypeHeader], aliases: [TypeDeclarationSummary.Alias], fallback: ConformanceIndex? = nil) {
        if let fallback { self.fallback = [fallback] }
        for alias in aliases where self.aliases[alias.qualifiedName] == nil { self.aliases[alias.qualifiedName] = alias.target }
        // About one entry per header: the tables are not regrown (and rehashed) a dozen times.
        entries.reserveCapacity(headers.count)
        slots.reserveCapacity(headers.count)
        for header in headers where header.kind != .extension { add(header, as: header.name) }
        for header in headers where header.kind == .extension { add(header, as: resolve(header.name, inScope: nil) ?? header.name) }
        // Inherited names repeat across a project (`Identifiable`, `Codable`, a base class): what
        // each means is worked out once, unless a nested type may shadow it.
        var meanings: [String: InheritedName] = [:]
        for slot in entries.indices { computeConformances(of: slot, meanings: &meanings) }
        for (name, slot) in slots where entries[slot].conformances.contains(.observableObject)
            && !entries[slot].conformances.contains(.observable) {
            legacyObservableObjectNames.insert(lastComponent(name))
        }
        for (alias, target) in self.aliases where legacyObservableObjectNames.contains(lastComponent(target)) {
            legacyObservableObjectNames.insert(lastComponent(alias))
        }
    }

    private mutating func add(_ header: TypeHeader, as name: String) {
        let slot: Int
        if let existing = slots[name] {
            slot = existing
        } else {
            slot = entries.count
            entries.append(Entry(name: name))
            slots[name] = slot
            if let dot = DottedName.lastDot(in: name) {
                nestedByLastComponent[String(name[name.index(after: dot)...]), default: []].append(name)
                var prefix = name[..<dot]
                while true {
                    enclosingNames.insert(String(prefix))
                    guard let outer = DottedName.lastDot(in: prefix) else { break }
                    prefix = prefix[..<outer]
                }
            }
        }
        // Most types have one header: its list is shared, not copied.
        if entries[slot].inheritance.isEmpty {
            entries[slot].inheritance = header.inheritance
        } else {
            entries[slot].inheritance += header.inheritance
        }
        if header.isObservable { entries[slot].isObservable = true }
    }

    /// The entry of the type `name` written inside the type `scope`, if the project declares it.
    public func entry(for name: String, inScope scope: String?) -> Entry? {
        resolve(name, inScope: scope).flatMap { slots[$0] }.map { entries[$0] }
    }

    /// The conformances of the type `name` written inside `scope`; what the name itself says
    /// for a type the project does not declare (`View`).
    public func conformances(of name: String, inScope scope: String?) -> Conformances {
        guard let resolved = resolve(name, inScope: scope) else { return Conformances.named(name) }
        return slots[resolved].map { entries[$0].conformances } ?? []
    }

    /// The qualified name of the project type `name` means inside `scope`: the types nested in
    /// the scope first (innermost first), then the top level, then without a module prefix,
    /// then the only nested type whose last component it is. Typealiases are followed.
    package func resolve(_ name: String, inScope scope: String?) -> String? {
        var name = name
        for _ in 0..<4 {
            guard let target = aliases[name] else { break }
            name = target
        }
        if let scope, !enclosingNames.isEmpty {
            var prefix = scope[...]
            while !prefix.isEmpty {
                if enclosingNames.contains(String(prefix)) {
                    let candidate = prefix + "." + name
                    if slots[candidate] != nil { return candidate }
                }
                guard let dot = DottedName.lastDot(in: prefix) else { break }
                prefix = prefix[..<dot]
            }
        }
        if slots[name] != nil { return name }
        if let dot = DottedName.firstDot(in: name) {
            let rest = String(name[name.index(after: dot)...])
            if slots[rest] != nil { return rest }
        }
        if !nestedByLastComponent.isEmpty, let only = nestedByLastComponent[lastComponent(name)], only.count == 1,
           only[0].hasSuffix("." + name) {
            return only[0]
        }
        return nil
    }

    /// Whether `name` may mean a different type inside some scope than at the top level: only a
    /// name that is (or aliases) the last component of a nested type can.
    private func mayDependOnScope(_ name: String) -> Bool {
        guard !nestedByLastComponent.isEmpty else { return false }
        return aliases[name] != nil || nestedByLastComponent[lastComponent(name)] != nil
    }

    /// What a name after `:` means, the same in every scope it is written in, or `scoped`.
    private enum InheritedName {
        /// A protocol of SwiftUI's or Combine's, which says all there is to say.
        case known(Conformances)
        /// The project type it is (nil: none).
        case project(Int?)
        /// A name a nested type may shadow (`mayDependOnScope`): resolved where it is written.
        case scoped
    }

    private func meaning(of inherited: String) -> InheritedName {
        let named = Conformances.named(inherited)
        // A project's own `Observable` (a protocol or class of that name) is not Observation's.
        if named == .observable, resolve(inherited, inScope: nil) != nil {
            return mayDependOnScope(inherited) ? .scoped : .project(resolve(inherited, inScope: nil).flatMap { slots[$0] })
        }
        if !named.isEmpty { return .known(named) }
        if mayDependOnScope(inherited) { return .scoped }
        return .project(resolve(inherited, inScope: nil).flatMap { slots[$0] })
    }

    /// Depth-first, each type once; a cycle (`class A: B`, `class B: A`) contributes nothing more.
    @discardableResult
    private mutating func computeConformances(of slot: Int, meanings: inout [String: InheritedName]) -> Conformances {
        guard entries[slot].state == .pending else { return entries[slot].conformances }
        entries[slot].state = .inProgress
        // `@Observable` conforms the class to `Observable`, and so its subclasses.
        var result: Conformances = entries[slot].isObservable ? .observable : []
        for inherited in entries[slot].inheritance {
            let meaning: InheritedName
            if let known = meanings[inherited] {
                meaning = known
            } else {
                meaning = self.meaning(of: inherited)
                meanings[inherited] = meaning
            }
            let resolved: Int?
            switch meaning {
            case .known(let conformances):
                result.formUnion(conformances)
                continue
            case .project(let type):
                resolved = type
            case .scoped:
                let name = entries[slot].name
                let scope = DottedName.lastDot(in: name).map { String(name[..<$0]) }
                resolved = resolve(inherited, inScope: scope).flatMap { slots[$0] }
            }
            if let resolved {
                if resolved != slot { result.formUnion(computeConformances(of: resolved, meanings: &meanings)) }
            } else if let fallback = fallback.first {
                result.formUnion(fallback.conformances(of: inherited, inScope: nil))
            }
        }
        entries[slot].conformances = result
        entries[slot].state = .done
        return result
    }
}
