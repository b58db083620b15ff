/// The properties or methods of one view type, found by the token that names them.
///
/// A view has a handful of each, so they are kept as a list searched from the end (a later
/// declaration hides an earlier one of the same name) comparing token bytes: no string is made
/// or hashed. Past `searchLimit` members (generated views have dozens of `@State`
/// properties) a hash table of the names' bytes takes over, so a view with thousands of
/// properties stays linear; only names that are not ASCII, whose `String` equality is more
/// than byte equality, are compared as strings, through a dictionary built when first needed.
struct NamedMembers<Member> {
    private(set) var entries: [(nameToken: Int, isASCIIName: Bool, member: Member)] = []
    /// Past `searchLimit`: for each ASCII name, 1 + the index of its last entry, placed by the
    /// hash of the name's bytes (open addressing; 0 is an empty slot). Empty below the limit.
    private var table: [Int32] = []
    private var hasNonASCIIName = false
    /// Past `searchLimit`: the dictionary by name, for lookups that compare strings.
    private var strings: StringIndex?

    static var searchLimit: Int { 16 }

    mutating func reserveCapacity(_ count: Int) { entries.reserveCapacity(count) }

    mutating func append(_ member: Member, nameToken: Int, in code: CodeTokens) {
        let isASCII = Self.isASCII(nameToken, in: code)
        entries.append((nameToken, isASCII, member))
        if !isASCII { hasNonASCIIName = true }
        guard entries.count > Self.searchLimit else { return }
        // A filled dictionary describes the entries before this one, and may be shared with a
        // copy of this value: start an empty one of our own (an unfilled one can be kept).
        if strings?.isFilled != false { strings = StringIndex() }
        if table.count < 2 * entries.count {
            rebuildTable(in: code)
        } else if isASCII {
            insert(entries.count - 1, in: code)
        }
    }

    /// The member the name token at `k` refers to, matching names as `String` equality does.
    func member(named k: Int, in code: CodeTokens) -> Member? {
        if !table.isEmpty {
            // Bytes decide unless a non-ASCII name is involved (`K` equals a Kelvin sign `K`).
            if !hasNonASCIIName && Self.isASCII(k, in: code) { return lookUp(k, in: code) }
            return stringIndex(in: code)[code.string(k)]
        }
        var tokenIsASCII: Bool?
        for entry in entries.reversed() {
            // Identical bytes are equal strings; different bytes can be only if one is not ASCII.
            if code.sameBytes(k, entry.nameToken) { return entry.member }
            if tokenIsASCII == nil { tokenIsASCII = Self.isASCII(k, in: code) }
            if entry.isASCIIName && tokenIsASCII == true { continue }
            if code.string(k) == code.string(entry.nameToken) { return entry.member }
        }
        return nil
    }

    // MARK: Hash table

    private mutating func rebuildTable(in code: CodeTokens) {
        var size = 64
        while size < 4 * entries.count { size *= 2 }
        table = [Int32](repeating: 0, count: size)
        for index in entries.indices where entries[index].isASCIIName { insert(index, in: code) }
    }

    /// Puts entry `index` in its name's slot, replacing an earlier entry of the same name.
    private mutating func insert(_ index: Int, in code: CodeTokens) {
        let token = entries[index].nameToken
        let mask = table.count - 1
        var slot = Self.hash(token, in: code) & mask
        while table[slot] != 0 {
            if code.sameBytes(token, entries[Int(table[slot]) - 1].nameToken) { break }
            slot = (slot + 1) & mask
        }
        table[slot] = Int32(index + 1)
    }

    private func lookUp(_ k: Int, in code: CodeTokens) -> Member? {
        let mask = table.count - 1
        var slot = Self.hash(k, in: code) & mask
        while table[slot] != 0 {
            let entry = entries[Int(table[slot]) - 1]
            if code.sameBytes(k, entry.nameToken) { return entry.member }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private static func hash(_ k: Int, in code: CodeTokens) -> Int {
        let hash = code.byteHash(k)
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    // MARK: String comparison

    /// The dictionary by name, filled by the first lookup that needs it. A class, so that a
    /// lookup (which does not mutate) can keep it; a copy that appends gets its own, and
    /// `count` tells which entries it was filled from.
    private final class StringIndex {
        var byName: [String: Member] = [:]
        var count = -1
        var isFilled: Bool { count >= 0 }
    }

    private func stringIndex(in code: CodeTokens) -> [String: Member] {
        let strings = self.strings!  // made with the table
        if strings.count != entries.count {
            var byName: [String: Member] = [:]
            for entry in entries { byName[code.string(entry.nameToken)] = entry.member }
            strings.byName = byName
            strings.count = entries.count
        }
        return strings.byName
    }

    private static func isASCII(_ k: Int, in code: CodeTokens) -> Bool { code.isASCII(k) }
}
