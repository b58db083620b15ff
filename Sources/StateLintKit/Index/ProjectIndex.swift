/// What one file declares about types: the input of the project-wide index, small enough
/// to keep for every file of a large project.
public struct TypeDeclarationSummary: Sendable {
    /// A class, actor, struct or enum; or an extension that makes the extended type a class
    /// (`extension Model: ObservableObject`). Protocols and other extensions say nothing
    /// about a type's kind, so they are left out (no name is made for them).
    public struct Entry: Sendable, Hashable {
        /// `Outer.Inner` for nested types, else the simple name; for an extension, the
        /// extended type as written.
        public let qualifiedName: String
        public let kind: Declaration.Kind
        /// False when the name has no `.` for certain (a type outside any declaration): the
        /// index then registers it without searching it for suffixes.
        let mayBeDotted: Bool
    }
    public struct Alias: Sendable, Hashable {
        public let qualifiedName: String
        /// The aliased type without generic arguments, e.g. `Store` for `Store<Feature>`.
        public let target: String
    }
    public var entries: [Entry] = []
    public var aliases: [Alias] = []

    public init() {}

    public init(_ structure: FileStructure) {
        entries.reserveCapacity(structure.typeLikeCount)
        for (index, declaration) in structure.declarations.enumerated() {
            switch declaration.kind {
            case .class, .struct, .enum, .actor:
                entries.append(Entry(qualifiedName: structure.qualifiedName(of: index), kind: declaration.kind,
                                     mayBeDotted: declaration.parent != nil))
            case .extension:
                // The protocols require a class.
                guard structure.inherits(index, "ObservableObject") || structure.inherits(index, "AnyObject")
                        || structure.inherits(index, "Combine.ObservableObject") else { continue }
                entries.append(Entry(qualifiedName: structure.name(of: index), kind: .extension,
                                     mayBeDotted: declaration.nameEndToken != declaration.nameToken))
            case .typealias:
                guard let target = declaration.typeAnnotation,
                      let (name, _) = TypeNames.qualifiedName(at: target.lowerBound, in: structure.code) else { continue }
                aliases.append(Alias(qualifiedName: structure.qualifiedName(of: index), target: name))
            default:
                continue
            }
        }
    }
}

/// Which names the linted project declares as classes and which as value types.
///
/// Built from every file's `TypeDeclarationSummary`. Every type is known by its full dotted
/// name (`Settings.Model`) and by each shorter suffix (`Model`). A full name wins over a suffix,
/// so a top-level `class Model` is not hidden by a nested `struct Settings.Model`. A name that
/// means a class in one place and a value type in another at the same level is ambiguous and
/// resolves to nothing (precision first); its qualified spellings still resolve.
public struct ProjectIndex: Sendable {
    /// Full dotted names as declared.
    private var exact = KindTable()
    /// Proper suffixes of full names: `B.C` and `C` for `A.B.C`.
    private var suffixes = KindTable()

    public init() {}

    public init(summaries: [TypeDeclarationSummary]) {
        var builder = Builder()
        for (position, summary) in summaries.enumerated() { builder.add(summary, position: position) }
        self = builder.build()
    }

    /// Builds the index one file's summary at a time, in any order, so the engine can fold
    /// each file in as soon as it is analysed (on the worker threads) instead of all at the end.
    public struct Builder: Sendable {
        private var index = ProjectIndex()
        // Protocols the project declares as class-bound through `ObservableObject`/`AnyObject`
        // are not tracked: only concrete declarations and conformances count.
        private var classConformers: Set<String> = []
        /// Each file's typealiases with its position: they resolve in file order.
        private var aliases: [(position: Int, aliases: [TypeDeclarationSummary.Alias])] = []

        public init() {}

        /// A builder with room for about `typeCount` full names, so the tables are not
        /// regrown (rehashing every name) while the files come in.
        public init(reservingCapacity typeCount: Int) {
            index.exact.kinds.reserveCapacity(typeCount)
        }

        /// Adds the summary of the file at `position` in the file list. Registering a name
        /// does not depend on the order of files, only typealias resolution does (see `build`).
        public mutating func add(_ summary: TypeDeclarationSummary, position: Int) {
            for entry in summary.entries {
                switch entry.kind {
                case .class, .actor: index.register(entry.qualifiedName, .referenceType, mayBeDotted: entry.mayBeDotted)
                case .struct, .enum: index.register(entry.qualifiedName, .valueType, mayBeDotted: entry.mayBeDotted)
                case .extension:
                    // `extension Model: ObservableObject` makes Model a class (the protocol requires one).
                    classConformers.insert(entry.qualifiedName)
                default: break
                }
            }
            if !summary.aliases.isEmpty { aliases.append((position, summary.aliases)) }
        }

        public func build() -> ProjectIndex {
            var index = self.index
            for name in classConformers where index.lookup(name) == nil { index.register(name, .referenceType) }
            // Typealiases, resolved through each other a few levels deep, in file order.
            var pending = aliases.sorted { $0.position < $1.position }.flatMap(\.aliases)
            for _ in 0..<4 where !pending.isEmpty {
                pending = pending.filter { alias in
                    guard let kind = index.lookup(alias.target) else { return true }
                    index.register(alias.qualifiedName, kind)
                    return false
                }
            }
            return index
        }
    }

    private mutating func register(_ qualifiedName: String, _ kind: TypeKind, mayBeDotted: Bool = true) {
        exact.add(qualifiedName, kind)
        guard mayBeDotted else { return }
        var rest = Substring(qualifiedName)
        while let dot = DottedName.firstDot(in: rest) {
            rest = rest[rest.index(after: dot)...]
            suffixes.add(String(rest), kind)
        }
    }

    /// The kind of a type name as the project declares it, or nil if unknown or ambiguous.
    public func lookup(_ name: String) -> TypeKind? {
        if exact.isKnown(name) { return exact.kinds[name] }
        return suffixes.kinds[name]
    }

    /// The kind of `name` as written inside the type `scope` (`Outer.Inner`): Swift looks in
    /// the enclosing types first, innermost first, then at the top level.
    public func lookup(_ name: String, inScope scope: String) -> TypeKind? {
        var prefix = Substring(scope)
        while !prefix.isEmpty {
            let candidate = String(prefix) + "." + name
            if exact.isKnown(candidate) { return exact.kinds[candidate] }
            guard let dot = DottedName.lastDot(in: prefix) else { break }
            prefix = prefix[..<dot]
        }
        return lookup(name)
    }

    public var count: Int { exact.kinds.count + suffixes.kinds.count }
}

/// Names with one kind each; a name given both kinds becomes ambiguous for good.
private struct KindTable: Sendable {
    var kinds: [String: TypeKind] = [:]
    var ambiguous: Set<String> = []

    func isKnown(_ name: String) -> Bool { kinds[name] != nil || ambiguous.contains(name) }

    mutating func add(_ name: String, _ kind: TypeKind) {
        // One hash of the name in the common case: few names are ever ambiguous.
        guard ambiguous.isEmpty || !ambiguous.contains(name) else { return }
        if let existing = kinds.updateValue(kind, forKey: name), existing != kind {
            kinds[name] = nil
            ambiguous.insert(name)
        }
    }
}
