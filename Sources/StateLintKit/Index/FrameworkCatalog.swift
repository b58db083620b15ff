/// Whether a type has reference or value semantics.
public enum TypeKind: Sendable, Hashable {
    /// A class or an actor.
    case referenceType
    /// A struct or an enum.
    case valueType
}

/// Which Apple framework and standard-library type names are classes and which are value types.
///
/// A name in neither list is unknown, and rules must treat unknown as "no finding".
///
/// Module prefixes: when the first component of a name is a module the catalog has a section
/// for (`Foundation`, `SwiftUI`, `Swift`, ...), `kind(of:)` drops it and looks up the rest;
/// otherwise it looks up the name as written. The parser rejects entries that start with a
/// module name, so this never hides an entry. The prefix is not checked against the section
/// the type is listed in, because frameworks re-export each other (`Foundation.Date` is
/// declared in `FoundationEssentials`, and `SwiftUI.Date` compiles too).
public struct FrameworkCatalog: Sendable {
    /// One line of the catalog.
    public struct Entry: Sendable, Hashable {
        public let name: String
        public let kind: TypeKind
        /// The `module` section the entry is listed in.
        public let module: String
        /// Where the name starts in the catalog text.
        public let location: SourceLocation
    }

    /// Every entry in catalog order.
    public let entries: [Entry]
    /// The modules that have a section, in catalog order.
    public let moduleNames: [String]
    private let kindsByName: [String: TypeKind]
    private let knownModules: Set<String>

    /// The catalog compiled into StateLint (`FrameworkCatalogData.swift`).
    ///
    /// The embedded text is checked by the test suite, so parsing cannot fail in a released
    /// build; should it ever, the catalog is empty, which only makes rules report less.
    public static let builtIn: FrameworkCatalog =
        (try? FrameworkCatalog(parsing: frameworkCatalogText)) ?? FrameworkCatalog(entries: [], moduleNames: [])

    /// Parses catalog text in the format documented in `FrameworkCatalogData.swift`.
    /// - Throws: `FrameworkCatalogError` with the line and column of the first problem.
    public init(parsing text: String) throws(FrameworkCatalogError) {
        let parsed = try FrameworkCatalogParser.parse(text)
        self.init(entries: parsed.entries, moduleNames: parsed.moduleNames)
    }

    private init(entries: [Entry], moduleNames: [String]) {
        self.entries = entries
        self.moduleNames = moduleNames
        self.knownModules = Set(moduleNames)
        var kinds: [String: TypeKind] = [:]
        kinds.reserveCapacity(entries.count)
        for entry in entries { kinds[entry.name] = entry.kind }
        self.kindsByName = kinds
    }

    /// The kind of a type name such as `JSONDecoder`, `Foundation.JSONDecoder`, `Namespace.ID`
    /// or `Set<String>` (generic arguments are ignored), or nil when the catalog does not know it.
    public func kind(of name: Substring) -> TypeKind? {
        // Concrete String/Substring overloads rather than one generic: a generic entry point is
        // not specialized across modules and measured ~3x slower on this hot path.
        if name.utf8.contains(UInt8(ascii: "<")) {
            return lookUp(FrameworkCatalog.removingGenericArguments(name)[...])
        }
        return lookUp(name)
    }

    /// The kind of a type name; see `kind(of:)` for `Substring`.
    public func kind(of name: String) -> TypeKind? {
        kind(of: name[...])
    }

    /// All reference type names, sorted.
    public var classNames: [String] { names(of: .referenceType) }

    /// All value type names, sorted.
    public var valueTypeNames: [String] { names(of: .valueType) }

    private func names(of kind: TypeKind) -> [String] {
        entries.lazy.filter { $0.kind == kind }.map(\.name).sorted()
    }

    private func lookUp(_ name: Substring) -> TypeKind? {
        // One hash lookup per call: a name that starts with a known module is never listed
        // with that prefix, so only the rest is looked up.
        if let dot = name.utf8.firstIndex(of: UInt8(ascii: ".")), knownModules.contains(String(name[..<dot])) {
            return kindsByName[String(name[name.index(after: dot)...])]
        }
        return kindsByName[String(name)]
    }

    /// `Dictionary<String, [Int]>.Index` -> `Dictionary.Index`.
    static func removingGenericArguments(_ name: Substring) -> String {
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
