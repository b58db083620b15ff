import StateLintSyntax

/// Where a file names a member through a receiver other than `self` (`logView.setSource(…)`,
/// `screen.model`, `makeView().configure()`): for each member name, its first such place.
///
/// What the lazily owned rewrite asks before it turns a view's method into one that does nothing
/// while the object is nil: whether anything outside the view may call it on a view value. Kept
/// compact (a sorted array of 32-bit name hashes and offsets, one per name and file) because every
/// file of the project has one; a hash that collides only makes the rewrite more careful.
public struct MemberReferences: Sendable {
    /// `hash << 32 | offset`, sorted, one entry per name.
    private var entries: [UInt64] = []

    public init() {}

    /// The references in a file. One inside a type that declares a member of the same name is
    /// left out: `func load() { model.load() }` hands the call on, it does not call a view's.
    package init(structure: FileStructure) {
        let code = structure.code
        let declarations = structure.declarations
        // Each type's (or extension's) own member names, as hashes, made when first needed.
        var memberNames: [Int: Set<UInt32>] = [:]
        func names(of type: Int) -> Set<UInt32> {
            if let known = memberNames[type] { return known }
            var found: Set<UInt32> = []
            for member in structure.members(of: type) where declarations[member].kind == .function || declarations[member].kind == .variable {
                found.insert(Self.hash(code.file.bytes[code[declarations[member].nameToken].range]))
            }
            memberNames[type] = found
            return found
        }
        // The type bodies around the scan, innermost last.
        let typeBodies = declarations.indices.filter { declarations[$0].kind.isTypeLike && declarations[$0].body != nil }
        var nextType = 0
        var open: [Int] = []
        var found: [UInt64] = []
        let bytes = code.file.bytes
        var k = 1
        while k + 1 < code.count {
            defer { k += 1 }
            while let last = open.last, declarations[last].body!.upperBound < k { open.removeLast() }
            while nextType < typeBodies.count, declarations[typeBodies[nextType]].body!.lowerBound < k {
                open.append(typeBodies[nextType])
                nextType += 1
            }
            guard code.kind(k) == .period, code.kind(k + 1) == .identifier else { continue }
            let name = code[k + 1]
            // Members start in lowercase (`Outer.Inner` and enum cases `.Some` are not calls on a view).
            let first = bytes[name.start]
            guard first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") || first == UInt8(ascii: "_") else { continue }
            // A receiver written before the `.` (a name, a call, a subscript, `?`/`!`), not `self`.
            let receiver = code.kind(k - 1)
            guard receiver == .identifier || receiver == .rightParen || receiver == .rightBracket || receiver == .operator
                    && (code.text(k - 1, is: "?") || code.text(k - 1, is: "!")) else { continue }
            if code.keyword(k - 1) == .self || code.keyword(k - 2) == .self && receiver == .operator { continue }
            guard name.start <= Int(UInt32.max) else { continue }
            let hash = Self.hash(bytes[name.range])
            if let type = open.last, names(of: type).contains(hash) { continue }
            found.append(UInt64(hash) << 32 | UInt64(name.start))
        }
        found.sort()
        // One entry per name: its first offset.
        var unique: [UInt64] = []
        unique.reserveCapacity(found.count)
        for entry in found where unique.last.map({ $0 >> 32 != entry >> 32 }) ?? true {
            let line = code.file.location(ofOffset: Int(entry & 0xFFFF_FFFF)).line
            unique.append(entry & ~0xFFFF_FFFF | UInt64(UInt32(truncatingIfNeeded: line)))
        }
        entries = unique
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// The line of the first reference to a member named `name`, if the file has one.
    public func firstLine(ofMember name: String) -> Int? {
        let hash = UInt64(Self.hash(Array(name.utf8)[...]))
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle] >> 32 < hash { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count, entries[low] >> 32 == hash else { return nil }
        return Int(entries[low] & 0xFFFF_FFFF)
    }

    /// FNV-1a, 32 bits: the same for the same bytes in every process.
    private static func hash(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return hash
    }
}
