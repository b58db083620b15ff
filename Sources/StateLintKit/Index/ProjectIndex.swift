/// What one file declares about types: the input of the project-wide index, small enough
/// to keep for every file of a large project.
public struct TypeDeclarationSummary: Sendable {
    public struct Entry: Sendable, Hashable {
        /// `Outer.Inner` for nested types, else the simple name.
        public let qualifiedName: String
        public let kind: Declaration.Kind
        public let inheritance: [String]
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
        for (index, declaration) in structure.declarations.enumerated() {
            switch declaration.kind {
            case .class, .struct, .enum, .actor, .protocol, .extension:
                let name = declaration.kind == .extension ? declaration.name : structure.qualifiedName(of: index)
                entries.append(Entry(qualifiedName: name, kind: declaration.kind, inheritance: declaration.inheritance))
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
/// Built from every file's `TypeDeclarationSummary`. A simple name declared as a class in
/// one place and a value type in another is ambiguous and resolves to nothing (precision
/// first); its qualified spellings still resolve.
public struct ProjectIndex: Sendable {
    private var kinds: [String: TypeKind] = [:]
    private var ambiguous: Set<String> = []

    public init() {}

    public init(summaries: [TypeDeclarationSummary]) {
        // Protocols the project declares as class-bound through `ObservableObject`/`AnyObject`
        // are not tracked: only concrete declarations and conformances count.
        var classConformers: Set<String> = []
        for summary in summaries {
            for entry in summary.entries {
                switch entry.kind {
                case .class, .actor: register(entry.qualifiedName, .referenceType)
                case .struct, .enum: register(entry.qualifiedName, .valueType)
                case .extension:
                    // `extension Model: ObservableObject` makes Model a class (the protocol requires one).
                    if entry.inheritance.contains(where: { Self.classOnlyProtocols.contains($0) }) {
                        classConformers.insert(entry.qualifiedName)
                    }
                default: break
                }
            }
        }
        for name in classConformers where kinds[name] == nil { register(name, .referenceType) }
        // Typealiases, resolved through each other a few levels deep.
        var pending = summaries.flatMap(\.aliases)
        for _ in 0..<4 where !pending.isEmpty {
            pending = pending.filter { alias in
                guard let kind = lookup(alias.target) else { return true }
                register(alias.qualifiedName, kind)
                return false
            }
        }
    }

    static let classOnlyProtocols: Set<String> = ["ObservableObject", "Combine.ObservableObject", "AnyObject"]

    private mutating func register(_ qualifiedName: String, _ kind: TypeKind) {
        add(qualifiedName, kind)
        // Also by every suffix: `A.B.C` is known as `B.C` and `C` too.
        var rest = Substring(qualifiedName)
        while let dot = rest.firstIndex(of: ".") {
            rest = rest[rest.index(after: dot)...]
            add(String(rest), kind)
        }
    }

    private mutating func add(_ name: String, _ kind: TypeKind) {
        guard !ambiguous.contains(name) else { return }
        if let existing = kinds[name], existing != kind {
            kinds[name] = nil
            ambiguous.insert(name)
        } else {
            kinds[name] = kind
        }
    }

    /// The kind of a type name as the project declares it, or nil if unknown or ambiguous.
    public func lookup(_ name: String) -> TypeKind? { kinds[name] }

    public var count: Int { kinds.count }
}
