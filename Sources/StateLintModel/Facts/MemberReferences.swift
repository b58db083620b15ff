import StateLintSyntax

/// Where a file names a member through a value it names (`logView.setSource(…)`,
/// `screen?.model`), not `self` and not a type: for each member name, its first such place.
///
/// What the lazily owned rewrite asks before it turns a view's method into one that does nothing
/// while the object is nil: whether anything outside the view may call it on a view value. Kept
/// compact (a sorted array of 32-bit name hashes and byte offsets, one per name and file) because
/// every file of the project has one; a hash that collides only makes the rewrite more careful.
public struct MemberReferences: Sendable {
    /// `hash << 32 | passesArguments << 31 | offset`, sorted: per name, the first reference that
    /// passes no arguments (`value.load()`, `value.load`) and the first that does, in that order.
    private var entries: [UInt64] = []
    private static let passesArguments: UInt64 = 1 << 31

    public init() {}

    /// The references the structure pass found (`FileStructure.memberReferences`). One inside a
    /// type that declares a member of the same name is left out: `func load() { model.load() }`
    /// hands the call on, it does not call a view's.
    package init(structure: FileStructure) {
        let references = structure.memberReferences
        guard !references.isEmpty else { return }
        let code = structure.code
        let declarations = structure.declarations
        // `type << 32 | name hash` of each member function and property of the file's types, and
        // a 64-bit filter of their hashes that most references fail at once.
        var declared: [UInt64] = []
        var filter: UInt64 = 0
        code.file.bytes.withUnsafeBufferPointer { bytes in
            for declaration in declarations where declaration.kind == .function || declaration.kind == .variable {
                guard let parent = declaration.parent, declarations[parent].kind.isTypeLike else { continue }
                let token = code[declaration.nameToken]
                let hash = MemberNameHash.hash(bytes, token.start, token.end)
                declared.append(UInt64(parent) << 32 | UInt64(hash))
                filter |= 1 << UInt64(hash & 63)
            }
        }
        declared.sort()
        var found: [UInt64] = []
        found.reserveCapacity(references.count)
        for reference in references {
            if reference.enclosingType >= 0, filter & (1 << UInt64(reference.nameHash & 63)) != 0,
               Self.contains(declared, UInt64(reference.enclosingType) << 32 | UInt64(reference.nameHash)) {
                continue
            }
            // Offsets stay below 2^31: `SourceReader` refuses files over 64 MiB.
            found.append(UInt64(reference.nameHash) << 32 | (reference.passesArguments ? Self.passesArguments : 0)
                         | UInt64(reference.offset & 0x7FFF_FFFF))
        }
        found.sort()
        var unique: [UInt64] = []
        unique.reserveCapacity(found.count)
        for entry in found where unique.last.map({ $0 >> 31 != entry >> 31 }) ?? true { unique.append(entry) }
        entries = unique
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// The byte offset of the first reference to a member named `name`, if the file has one;
    /// `withoutArguments`: only those that could call a method without parameters.
    public func firstOffset(ofMember name: String, withoutArguments: Bool = false) -> Int? {
        let hash = UInt64(MemberNameHash.hash(name))
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle] >> 32 < hash { low = middle + 1 } else { high = middle }
        }
        // The name's first entry passes no arguments if any of its references does not.
        guard low < entries.count, entries[low] >> 32 == hash,
              !withoutArguments || entries[low] & Self.passesArguments == 0 else { return nil }
        return Int(entries[low] & 0x7FFF_FFFF)
    }

    /// Binary search of a sorted array.
    private static func contains(_ sorted: [UInt64], _ value: UInt64) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == value
    }
}
