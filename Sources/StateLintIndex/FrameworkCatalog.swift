import StateLintSyntax

/// Whether a type has reference or value semantics.
public enum TypeKind: Sendable, Hashable {
    /// A class or an actor.
    case referenceType
    /// A struct or an enum.
    case valueType
}

/// Which Apple framework and standard-library type names are classes and which are value types,
/// and which classes hold immutable data.
///
/// A name in neither list is unknown, and rules must treat unknown as "no finding".
///
/// Module prefixes: when the first component of a name is a module the catalog has a section
/// for (`Foundation`, `SwiftUI`, `Swift`, ...), lookups drop it and look up the rest; otherwise
/// they look up the name as written. The parser rejects entries that start with a module name,
/// so this never hides an entry. The prefix is not checked against the section the type is
/// listed in, because frameworks re-export each other (`Foundation.Date` is declared in
/// `FoundationEssentials`, and `SwiftUI.Date` compiles too).
public struct FrameworkCatalog: Sendable {
    /// One line of the catalog.
    public struct Entry: Sendable, Hashable {
        public let name: String
        public let kind: TypeKind
        /// A class whose instances are immutable data (`class UIImage immutable`).
        public let isImmutable: Bool
        /// The `module` section the entry is listed in.
        public let module: String
        /// Where the name starts in the catalog text.
        public let location: SourceLocation
    }

    private let storage: FrameworkCatalogStorage

    /// The catalog compiled into StateLint (`FrameworkCatalogData.swift`).
    ///
    /// The embedded text is checked by the test suite, so parsing cannot fail in a released
    /// build; should it ever, the catalog is empty, which only makes rules report less.
    public static let builtIn: FrameworkCatalog =
        (try? FrameworkCatalog(parsing: frameworkCatalogText)) ?? FrameworkCatalog(storage: .empty)

    /// Parses catalog text in the format documented in `FrameworkCatalogData.swift`.
    /// - Throws: `FrameworkCatalogError` with the line and column of the first problem.
    public init(parsing text: String) throws(FrameworkCatalogError) {
        self.init(storage: try FrameworkCatalogParser.parse(text))
    }

    private init(storage: FrameworkCatalogStorage) {
        self.storage = storage
    }

    /// Every entry in catalog order. Made on each call (for tests and tools, not for lookups).
    public var entries: [Entry] {
        storage.records.map { record in
            Entry(name: storage.name(of: record), kind: record.kind, isImmutable: record.isImmutable,
                  module: storage.moduleNames[Int(record.module)],
                  location: SourceLocation(line: Int(record.line), column: Int(record.column)))
        }
    }

    /// The modules that have a section, in catalog order.
    public var moduleNames: [String] { storage.moduleNames }

    /// All reference type names, sorted.
    public var classNames: [String] { names(of: .referenceType) }

    /// All value type names, sorted.
    public var valueTypeNames: [String] { names(of: .valueType) }

    private func names(of kind: TypeKind) -> [String] {
        storage.records.lazy.filter { $0.kind == kind }.map(storage.name(of:)).sorted()
    }

    /// The kind of a type name such as `JSONDecoder`, `Foundation.JSONDecoder`, `Namespace.ID`
    /// or `Set<String>` (generic arguments are ignored), or nil when the catalog does not know it.
    public func kind(of name: Substring) -> TypeKind? {
        // Concrete String/Substring overloads rather than one generic: a generic entry point is
        // not specialized across modules and measured ~3x slower on this hot path.
        NameTable.kind(of: state(of: name, in: storage.kinds))
    }

    /// The kind of a type name; see `kind(of:)` for `Substring`.
    public func kind(of name: String) -> TypeKind? {
        kind(of: name[...])
    }

    /// Whether `name` is a class listed as `immutable`: its instances are immutable data, so
    /// making a new one loses no state. Names resolve as in `kind(of:)`.
    public func isImmutableClass(_ name: Substring) -> Bool {
        state(of: name, in: storage.immutableClasses) == NameTable.reference
    }

    /// Whether `name` is a class listed as `immutable`; see `isImmutableClass(_:)` for `Substring`.
    public func isImmutableClass(_ name: String) -> Bool {
        isImmutableClass(name[...])
    }

    /// The state of `name` in `table` (a table over the catalog's bytes), after dropping
    /// generic arguments and a leading module name.
    private func state(of name: Substring, in table: NameTable) -> UInt8 {
        // The tables compare bytes; a non-ASCII name can still equal an ASCII one as a `String`.
        if name.utf8.contains(where: { $0 >= 0x80 }) {
            guard let folded = ASCIIFolding.fold(String(name)) else { return NameTable.empty }
            return state(of: folded[...], in: table)
        }
        if name.utf8.contains(UInt8(ascii: "<")) {
            return plainState(of: FrameworkCatalog.removingGenericArguments(name)[...], in: table)
        }
        return plainState(of: name, in: table)
    }

    private func plainState(of name: Substring, in table: NameTable) -> UInt8 {
        var name = name
        return name.withUTF8 { written in
            storage.bytes.withUnsafeBufferPointer { arena in
                // One table probe for the name: a name that starts with a known module is never
                // listed with that prefix, so only the rest is looked up.
                var lookedUp = written
                if let dot = written.firstIndex(of: UInt8(ascii: ".")) {
                    let first = UnsafeBufferPointer(rebasing: written[..<dot])
                    if storage.modules.state(first, hash: NameTable.hash(first), in: arena) != NameTable.empty {
                        lookedUp = UnsafeBufferPointer(rebasing: written[(dot + 1)...])
                    }
                }
                return table.state(lookedUp, hash: NameTable.hash(lookedUp), in: arena)
            }
        }
    }

    /// `Dictionary<String, [Int]>.Index` -> `Dictionary.Index`.
    package static func removingGenericArguments(_ name: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        var depth = 0
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ">"): depth = max(0, depth - 1)
            default: if depth == 0 { bytes.append(byte) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
