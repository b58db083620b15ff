import StateLintSyntax

/// The parsed catalog: its text as bytes, one record per entry, and hash tables over those
/// bytes. Parsing makes no `String` per entry and no `[String: TypeKind]`: the catalog is parsed
/// at every start-up, and per-entry strings were most of that cost.
package struct FrameworkCatalogStorage: Sendable {
    /// One `class` or `value` line; the name is `bytes[nameStart ..< nameStart + nameLength]`.
    package struct Record: Sendable {
        package var nameStart: Int32
        package var nameLength: Int32
        package var line: Int32
        package var column: Int32
        package var module: Int32
        package var kind: TypeKind
        package var isImmutable: Bool

        package var nameRange: Range<Int> { Int(nameStart)..<Int(nameStart + nameLength) }
    }

    /// The catalog text: the arena every table slot and record points into.
    package let bytes: [UInt8]
    package let records: [Record]
    /// The modules that have a section, in catalog order.
    package let moduleNames: [String]
    /// Every entry's kind, by name.
    package let kinds: NameTable
    /// The `class … immutable` entries (state `reference`), by name.
    package let immutableClasses: NameTable
    /// The module names, by name (state `value`, which means only "present").
    package let modules: NameTable

    package static let empty = FrameworkCatalogStorage(bytes: [], records: [], moduleNames: [], kinds: NameTable(),
                                               immutableClasses: NameTable(), modules: NameTable())

    /// The name of a record as a `String` (made only when asked for, as `entries` does).
    package func name(of record: Record) -> String {
        String(decoding: bytes[record.nameRange], as: UTF8.self)
    }
}
