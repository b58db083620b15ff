/// The parsed catalog: its text as bytes, one record per entry, and hash tables over those
/// bytes. Parsing makes no `String` per entry and no `[String: TypeKind]`: the catalog is parsed
/// at every start-up, and per-entry strings were most of that cost.
struct FrameworkCatalogStorage: Sendable {
    /// One `class` or `value` line; the name is `bytes[nameStart ..< nameStart + nameLength]`.
    struct Record: Sendable {
        var nameStart: Int32
        var nameLength: Int32
        var line: Int32
        var column: Int32
        var module: Int32
        var kind: TypeKind
        var isImmutable: Bool

        var nameRange: Range<Int> { Int(nameStart)..<Int(nameStart + nameLength) }
    }

    /// The catalog text: the arena every table slot and record points into.
    let bytes: [UInt8]
    let records: [Record]
    /// The modules that have a section, in catalog order.
    let moduleNames: [String]
    /// Every entry's kind, by name.
    let kinds: NameTable
    /// The `class … immutable` entries (state `reference`), by name.
    let immutableClasses: NameTable
    /// The module names, by name (state `value`, which means only "present").
    let modules: NameTable

    static let empty = FrameworkCatalogStorage(bytes: [], records: [], moduleNames: [], kinds: NameTable(),
                                               immutableClasses: NameTable(), modules: NameTable())

    /// The name of a record as a `String` (made only when asked for, as `entries` does).
    func name(of record: Record) -> String {
        String(decoding: bytes[record.nameRange], as: UTF8.self)
    }
}
