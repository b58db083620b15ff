import StateLintSyntax

/// What one file declares about types: the input of the project-wide index, small enough
/// to keep for every file of a large project.
public struct TypeDeclarationSummary: Sendable {
    /// A class, actor, struct or enum; or an extension that makes the extended type a class
    /// (`extension Model: ObservableObject`). Protocols and other extensions say nothing
    /// about a type's kind, so they are left out (no name is made for them).
    ///
    /// The name (`Outer.Inner` for nested types, else the simple name; for an extension, the
    /// extended type as written) is bytes in the summary's `names`, hashed here on the worker
    /// thread: see `qualifiedName(of:)`.
    public struct Entry: Sendable, Hashable {
        package let start: Int32
        package let length: Int32
        /// `NameTable.hash` of the name's bytes.
        package let hash: UInt64
        package let isASCII: Bool
        public let kind: Declaration.Kind
        /// False when the name has no `.` for certain (a type outside any declaration): the
        /// index then registers it without searching it for suffixes.
        package let mayBeDotted: Bool
    }
    public struct Alias: Sendable, Hashable {
        public let qualifiedName: String
        /// The aliased type without generic arguments, e.g. `Store` for `Store<Feature>`.
        public let target: String
    }
    public var entries: [Entry] = []
    public var aliases: [Alias] = []
    /// The headers of the types, protocols and extensions that name something after `:` or are
    /// `@Observable`, for `ConformanceIndex`.
    public var headers: [TypeHeader] = []
    /// The declaration index of each header, for `header(ofDeclaration:)`.
    package var headerDeclarations: [Int32] = []
    /// `NameTable.hash` of each header's name, made on the worker thread: `restricted(toNames:)`
    /// picks a target's headers by it without touching the others.
    package var headerHashes: [UInt64] = []
    /// The entries' names, one after another: one buffer per file instead of a `String` each.
    package var names: [UInt8] = []
    /// The last name of each generic class, actor, struct or enum (`Store` of `class Store<State>`):
    /// a type written without its generic arguments is not spelled out.
    public var genericTypeNames: [String] = []

    public init() {}

    public init(_ structure: FileStructure) {
        entries.reserveCapacity(structure.typeLikeCount)
        // Room for typical names, so the buffer is not regrown several times per file.
        names.reserveCapacity(structure.typeLikeCount * 32)
        let declarations = structure.declarations
        for index in declarations.indices {
            // Most declarations are members: one byte compared, without copying the whole
            // declaration out of the array first.
            let kind = declarations[index].kind
            guard kind.isTypeLike || kind == .typealias else { continue }
            let declaration = declarations[index]
            if kind.isTypeLike, let header = TypeHeader(structure, declaration: index) {
                headers.append(header)
                headerDeclarations.append(Int32(index))
                // The name of a class, struct, enum or actor is hashed once, for its entry (below).
                if !Self.hasEntry(kind) {
                    var name = header.name
                    headerHashes.append(name.withUTF8 { NameTable.hash($0) })
                }
            }
            switch kind {
            case .class, .struct, .enum, .actor:
                let start = names.count
                structure.appendQualifiedName(of: index, to: &names)
                addEntry(from: start, kind: declaration.kind, mayBeDotted: declaration.parent != nil)
                if headerDeclarations.last == Int32(index) { headerHashes.append(entries[entries.count - 1].hash) }
                let afterName = declaration.nameEndToken + 1
                if structure.code.kind(afterName) == .operator, structure.code.text(afterName, is: "<") {
                    genericTypeNames.append(structure.code.string(declaration.nameEndToken))
                }
            case .extension:
                // The protocols require a class.
                guard structure.inherits(index, "ObservableObject") || structure.inherits(index, "AnyObject")
                        || structure.inherits(index, "Combine.ObservableObject") else { continue }
                let start = names.count
                structure.appendName(of: index, to: &names)
                addEntry(from: start, kind: .extension, mayBeDotted: declaration.nameEndToken != declaration.nameToken)
            case .typealias:
                guard let target = declaration.typeAnnotation,
                      let (name, _) = TypeNames.qualifiedName(at: target.lowerBound, in: structure.code) else { continue }
                aliases.append(Alias(qualifiedName: structure.qualifiedName(of: index), target: name))
            default:
                continue
            }
        }
    }

    /// The header made for the declaration at `index`, if it has one (a binary search: the
    /// headers are in declaration order).
    package func header(ofDeclaration index: Int) -> TypeHeader? {
        var low = 0, high = headerDeclarations.count
        while low < high {
            let middle = (low + high) / 2
            if Int(headerDeclarations[middle]) < index { low = middle + 1 } else { high = middle }
        }
        return low < headerDeclarations.count && Int(headerDeclarations[low]) == index ? headers[low] : nil
    }

    private mutating func addEntry(from start: Int, kind: Declaration.Kind, mayBeDotted: Bool) {
        let (hash, isASCII) = names.withUnsafeBufferPointer { names in
            let name = UnsafeBufferPointer(rebasing: names[start...])
            return (NameTable.hash(name), ProjectIndex.isASCII(name))
        }
        entries.append(Entry(start: Int32(truncatingIfNeeded: start), length: Int32(truncatingIfNeeded: names.count - start),
                             hash: hash, isASCII: isASCII, kind: kind, mayBeDotted: mayBeDotted))
    }

    /// A class, struct, enum or actor: a declaration with an entry of its own name.
    private static func hasEntry(_ kind: Declaration.Kind) -> Bool {
        kind == .class || kind == .struct || kind == .enum || kind == .actor
    }

    /// Whether it declares nothing the index keeps.
    public var isEmpty: Bool { entries.isEmpty && aliases.isEmpty && headers.isEmpty }

    /// Only the declarations and headers of the names hashed in `hashes` (`NameTable.hash` of
    /// the qualified name): what a target's overlay index needs (see `TypeScopes`).
    public func restricted(toNames hashes: Set<UInt64>) -> TypeDeclarationSummary {
        var kept = TypeDeclarationSummary()
        kept.genericTypeNames = genericTypeNames
        for entry in entries where hashes.contains(entry.hash) {
            let start = kept.names.count
            kept.names += nameBytes(of: entry)
            kept.addEntry(from: start, kind: entry.kind, mayBeDotted: entry.mayBeDotted)
        }
        guard !kept.entries.isEmpty || !headers.isEmpty else { return kept }
        for position in headerHashes.indices where hashes.contains(headerHashes[position]) {
            let header = headers[position]
            // A class, struct, enum or actor has an entry of its name: none kept, none contested.
            if Self.hasEntry(header.kind) && kept.entries.isEmpty { continue }
            kept.headers.append(header)
            kept.headerDeclarations.append(headerDeclarations[position])
            kept.headerHashes.append(headerHashes[position])
        }
        return kept
    }

    private func nameBytes(of entry: Entry) -> ArraySlice<UInt8> {
        names[Int(entry.start)..<Int(entry.start + entry.length)]
    }

    /// The entry's name as `FileStructure.qualifiedName(of:)` (or `name(of:)`) spells it.
    public func qualifiedName(of entry: Entry) -> String {
        names.withUnsafeBufferPointer { String(decoding: $0[Int(entry.start)..<Int(entry.start + entry.length)], as: UTF8.self) }
    }
}

/// Which names the linted project declares as classes and which as value types.
///
/// Built from every file's `TypeDeclarationSummary`. Every type is known by its full dotted
/// name (`Settings.Model`) and by each shorter suffix (`Model`). A full name wins over a suffix,
/// so a top-level `class Model` is not hidden by a nested `struct Settings.Model`. A name that
/// means a class in one place and a value type in another at the same level is ambiguous and
/// resolves to nothing (precision first); its qualified spellings still resolve.
///
/// Names are kept as bytes (`NameTable`) while every registered name is ASCII, where `String`
/// equality is byte equality. The first non-ASCII name moves everything to `String` tables,
/// which compare as `String` does (canonical equivalence); see `lookup(_:)` for the other
/// direction, a non-ASCII name looked up among ASCII ones.
public struct ProjectIndex: Sendable {
    /// The bytes of every name in `exact`, `suffixes` and the builder's conformers.
    private var names: [UInt8] = []
    /// Full dotted names as declared.
    private var exact = NameTable()
    /// Proper suffixes of full names: `B.C` and `C` for `A.B.C`.
    private var suffixes = NameTable()
    /// The `String` tables, once a non-ASCII name has been registered (then the byte tables
    /// are no longer used).
    private var strings: StringTables?
    /// Which types conform to `ObservableObject` and the SwiftUI protocols, and which are `@Observable`.
    public internal(set) var conformances = ConformanceIndex()
    /// The last names of the generic types declared (`TypeDeclarationSummary.genericTypeNames`).
    public internal(set) var genericTypeNames: Set<String> = []
    /// Typealias name (qualified, and its last component) → target, for aliases whose target the
    /// project does not declare.
    public internal(set) var externalAliases: [String: String] = [:]

    private struct StringTables: Sendable {
        package var exact = KindTable()
        package var suffixes = KindTable()
    }

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
        private var classConformers = NameTable()  // bytes in `index.names`
        private var otherClassConformers: Set<String> = []
        /// Each file's typealiases with its position: they resolve in file order.
        private var aliases: [(position: Int, aliases: [TypeDeclarationSummary.Alias])] = []
        /// Every file's type headers, for the conformance index.
        private var headers: [TypeHeader] = []

        public init() {}

        /// A builder with room for about `typeCount` full names, so the tables are not
        /// regrown (rehashing every name) while the files come in.
        public init(reservingCapacity typeCount: Int) {
            index.exact.reserveCapacity(typeCount)
            index.suffixes.reserveCapacity(typeCount / 4)
            index.names.reserveCapacity(typeCount * 20)
            // Room for three headers per file (`typeCount` is about four names per file; real
            // projects have two to three): growing by doubling copied them all a dozen times.
            headers.reserveCapacity(typeCount * 3 / 4)
        }

        /// Adds the summary of the file at `position` in the file list. Registering a name
        /// does not depend on the order of files, only typealias resolution does (see `build`).
        public mutating func add(_ summary: TypeDeclarationSummary, position: Int) {
            // The file's names, appended at once: the tables point into them.
            let base = index.names.count
            index.names.append(contentsOf: summary.names)
            for entry in summary.entries {
                let start = base + Int(entry.start)
                let kind: TypeKind
                switch entry.kind {
                case .class, .actor: kind = .referenceType
                case .struct, .enum: kind = .valueType
                case .extension:
                    // `extension Model: ObservableObject` makes Model a class (the protocol requires one).
                    if entry.isASCII {
                        index.names.withUnsafeBufferPointer { arena in
                            _ = classConformers.add(start: start, length: Int(entry.length), hash: entry.hash, .referenceType, in: arena)
                        }
                    } else {
                        otherClassConformers.insert(summary.qualifiedName(of: entry))
                    }
                    continue
                default: continue
                }
                if entry.isASCII {
                    index.register(start: start, length: Int(entry.length), hash: entry.hash, kind, mayBeDotted: entry.mayBeDotted)
                } else {
                    index.register(summary.qualifiedName(of: entry), kind, mayBeDotted: entry.mayBeDotted)
                }
            }
            if !summary.aliases.isEmpty { aliases.append((position, summary.aliases)) }
            headers += summary.headers
            if !summary.genericTypeNames.isEmpty { index.genericTypeNames.formUnion(summary.genericTypeNames) }
        }

        /// The finished index. Typealiases whose target the project does not declare resolve
        /// through `aliasFallback` (the dependencies' index), so `typealias AppStore = Store`
        /// of a package's `Store` class is a class too.
        /// `conformanceFallback` answers for inherited names no header here declares (a target's
        /// index falls back on the project's).
        public func build(aliasFallback: ProjectIndex? = nil, conformanceFallback: ConformanceIndex? = nil) -> ProjectIndex {
            var builder = self
            return builder.finish(aliasFallback: aliasFallback, conformanceFallback: conformanceFallback)
        }

        /// `build`, taking the tables out of the builder (left empty) instead of copying them:
        /// registering the conformers and typealiases into tables the builder still shared
        /// copied every table first (megabytes, for a large project).
        public mutating func finish(aliasFallback: ProjectIndex? = nil, conformanceFallback: ConformanceIndex? = nil) -> ProjectIndex {
            var index = self.index
            self.index = ProjectIndex()
            var conformers: [String] = []
            index.names.withUnsafeBufferPointer { arena in
                classConformers.forEach(in: arena) { name, _ in conformers.append(String(decoding: name, as: UTF8.self)) }
            }
            conformers += otherClassConformers
            // Registering one may decide whether another is looked up as known: a fixed order
            // (the table's slot order changes with the process's hash key, a `Set`'s too).
            conformers.sort()
            for name in conformers where index.lookup(name) == nil { index.register(name, .referenceType) }
            // Typealiases, resolved through each other a few levels deep, in file order.
            let allAliases = aliases.sorted { $0.position < $1.position }.flatMap(\.aliases)
            index.conformances = ConformanceIndex(headers: headers, aliases: allAliases, fallback: conformanceFallback)
            var pending = allAliases
            for _ in 0..<4 where !pending.isEmpty {
                pending = pending.filter { alias in
                    let fallback = index.declares(alias.target) ? nil : aliasFallback?.lookup(alias.target)
                    guard let kind = index.lookup(alias.target) ?? fallback else { return true }
                    index.register(alias.qualifiedName, kind)
                    return false
                }
            }
            // Aliases of types the project does not declare (`typealias Cache = NSCache<…>`):
            // the resolver looks their targets up in the catalog and the configuration.
            for alias in pending {
                for name in [alias.qualifiedName, lastComponent(alias.qualifiedName)] where index.externalAliases[name] == nil {
                    index.externalAliases[name] = alias.target
                }
            }
            return index
        }
    }

    /// Registers the ASCII name at `start..<start + length` in `names` (with its
    /// `NameTable.hash`) and its suffixes.
    private mutating func register(start: Int, length: Int, hash: UInt64, _ kind: TypeKind, mayBeDotted: Bool) {
        let end = start + length
        guard strings == nil else {
            let name = names.withUnsafeBufferPointer { String(decoding: $0[start..<end], as: UTF8.self) }
            register(name, kind, mayBeDotted: mayBeDotted)
            return
        }
        names.withUnsafeBufferPointer { arena in
            exact.add(start: start, length: length, hash: hash, kind, in: arena)
            guard mayBeDotted else { return }
            for offset in start..<end where arena[offset] == UInt8(ascii: ".") {
                let suffix = UnsafeBufferPointer(rebasing: arena[(offset + 1)..<end])
                suffixes.add(start: offset + 1, length: suffix.count, hash: NameTable.hash(suffix), kind, in: arena)
            }
        }
    }

    private mutating func register(_ qualifiedName: String, _ kind: TypeKind, mayBeDotted: Bool = true) {
        if strings == nil {
            var name = qualifiedName
            let start = names.count
            let hash: UInt64? = name.withUTF8 { bytes in
                guard Self.isASCII(bytes) else { return nil }
                names.append(contentsOf: bytes)
                return NameTable.hash(bytes)
            }
            if let hash {
                register(start: start, length: names.count - start, hash: hash, kind, mayBeDotted: mayBeDotted)
                return
            }
            moveToStrings()
        }
        strings!.exact.add(qualifiedName, kind)
        guard mayBeDotted else { return }
        var rest = Substring(qualifiedName)
        while let dot = DottedName.firstDot(in: rest) {
            rest = rest[rest.index(after: dot)...]
            strings!.suffixes.add(String(rest), kind)
        }
    }

    /// Copies the byte tables into `String` tables, for the first non-ASCII name.
    private mutating func moveToStrings() {
        var tables = StringTables()
        names.withUnsafeBufferPointer { arena in
            exact.forEach(in: arena) { name, state in tables.exact.set(String(decoding: name, as: UTF8.self), state: state) }
            suffixes.forEach(in: arena) { name, state in tables.suffixes.set(String(decoding: name, as: UTF8.self), state: state) }
        }
        strings = tables
        exact = NameTable()
        suffixes = NameTable()
    }

    /// The kind of a type name as the project declares it, or nil if unknown or ambiguous.
    public func lookup(_ name: String) -> TypeKind? {
        NameTable.kind(of: state(of: name))
    }

    /// Whether the index has the name at all, with one kind or (ambiguously) both: a name the
    /// project declares hides what dependencies say about it, even when the project's own
    /// declarations disagree.
    public func declares(_ name: String) -> Bool {
        state(of: name) != NameTable.empty
    }

    /// `declares(_:)` for `name` as written inside the type `scope`.
    public func declares(_ name: String, inScope scope: String) -> Bool {
        state(of: name, inScope: scope) != NameTable.empty
    }

    /// True when no name was registered (the `String` tables exist only once one was).
    public var isEmpty: Bool { strings == nil && exact.count == 0 }

    /// The `NameTable` state of `name`: its exact entry, else its suffix entry.
    private func state(of name: String) -> UInt8 {
        if let strings { return strings.exact.isKnown(name) ? strings.exact.state(name) : strings.suffixes.state(name) }
        return Self.withASCIIBytes(of: name) { state(of: $0) } ?? NameTable.empty
    }

    /// Calls `body` with the ASCII bytes `name` equals as a `String`: its own bytes, or for a
    /// non-ASCII name the folded ones (only ASCII names are stored, and a non-ASCII name can
    /// equal one only through scalars that stand for an ASCII character, `K` for the Kelvin
    /// sign). Nil when no ASCII name equals it.
    private static func withASCIIBytes<R>(of name: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        var name = name
        if name.withUTF8({ isASCII($0) }) { return name.withUTF8(body) }
        guard var folded = ASCIIFolding.fold(name) else { return nil }
        return folded.withUTF8(body)
    }

    private func state(of bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let hash = NameTable.hash(bytes)
        return names.withUnsafeBufferPointer { arena in
            let state = exact.state(bytes, hash: hash, in: arena)
            if state != NameTable.empty { return state }
            return suffixes.state(bytes, hash: hash, in: arena)
        }
    }

    /// The state of ASCII `bytes` in `exact`.
    private func exactState(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        names.withUnsafeBufferPointer { exact.state(bytes, hash: NameTable.hash(bytes), in: $0) }
    }

    /// The kind of `name` as written inside the type `scope` (`Outer.Inner`): Swift looks in
    /// the enclosing types first, innermost first, then at the top level.
    public func lookup(_ name: String, inScope scope: String) -> TypeKind? {
        NameTable.kind(of: state(of: name, inScope: scope))
    }

    /// The `NameTable` state of `name` as written inside `scope` (see `lookup(_:inScope:)`).
    private func state(of name: String, inScope scope: String) -> UInt8 {
        var name = name
        var scope = scope
        if strings == nil, let found = scope.withUTF8({ scope in
            name.withUTF8 { name in
                Self.isASCII(scope) && Self.isASCII(name) ? stateASCII(of: name, inScope: scope) : nil
            }
        }) {
            return found
        }
        var prefix = Substring(scope)
        while !prefix.isEmpty {
            let candidate = String(prefix) + "." + name
            if let strings {
                if strings.exact.isKnown(candidate) { return strings.exact.state(candidate) }
            } else if let state = exactState(named: candidate), state != NameTable.empty {
                return state
            }
            guard let dot = DottedName.lastDot(in: prefix) else { break }
            prefix = prefix[..<dot]
        }
        return state(of: name)
    }

    /// `state(of:inScope:)` on ASCII names in the byte tables, without making the candidate
    /// `Strings`.
    private func stateASCII(of name: UnsafeBufferPointer<UInt8>, inScope scope: UnsafeBufferPointer<UInt8>) -> UInt8 {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scope.count + 1 + name.count) { candidate in
            _ = candidate.initialize(from: scope)
            var prefix = scope.count
            while prefix > 0 {
                candidate[prefix] = UInt8(ascii: ".")
                for offset in 0..<name.count { candidate[prefix + 1 + offset] = name[offset] }
                let bytes = UnsafeBufferPointer(rebasing: candidate[..<(prefix + 1 + name.count)])
                let state = exactState(bytes)
                if state != NameTable.empty { return state }
                var dot = prefix - 1
                while dot >= 0 && candidate[dot] != UInt8(ascii: ".") { dot -= 1 }
                guard dot >= 0 else { break }
                prefix = dot
            }
            return state(of: name)
        }
    }

    /// The state of `name` in the exact byte table, folding a non-ASCII name as `lookup(_:)`
    /// does; nil when it cannot equal an ASCII name.
    private func exactState(named name: String) -> UInt8? {
        Self.withASCIIBytes(of: name) { exactState($0) }
    }

    public var count: Int {
        if let strings { return strings.exact.kinds.count + strings.suffixes.kinds.count }
        return exact.count - exact.ambiguousCount + suffixes.count - suffixes.ambiguousCount
    }

    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var any: UInt8 = 0
        for byte in bytes { any |= byte }
        return any < 0x80
    }
}

/// Names with one kind each; a name given both kinds becomes ambiguous for good.
private struct KindTable: Sendable {
    package var kinds: [String: TypeKind] = [:]
    package var ambiguous: Set<String> = []

    package func isKnown(_ name: String) -> Bool { kinds[name] != nil || ambiguous.contains(name) }

    /// The name's `NameTable` state.
    package func state(_ name: String) -> UInt8 {
        if let kind = kinds[name] { return NameTable.state(of: kind) }
        return ambiguous.contains(name) ? NameTable.ambiguous : NameTable.empty
    }

    package mutating func add(_ name: String, _ kind: TypeKind) {
        // One hash of the name in the common case: few names are ever ambiguous.
        guard ambiguous.isEmpty || !ambiguous.contains(name) else { return }
        if let existing = kinds.updateValue(kind, forKey: name), existing != kind {
            kinds[name] = nil
            ambiguous.insert(name)
        }
    }

    /// Takes over a name's `NameTable` state.
    package mutating func set(_ name: String, state: UInt8) {
        if let kind = NameTable.kind(of: state) { kinds[name] = kind } else { ambiguous.insert(name) }
    }
}
