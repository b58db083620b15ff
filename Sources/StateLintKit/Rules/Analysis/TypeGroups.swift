/// The type declarations of one file numbered by the name their members are grouped under
/// (a struct and the extensions of it share a number), so rules collect members by a small
/// integer instead of hashing a name string for every member.
///
/// A file declares a handful of types, so names are compared on their tokens' bytes against
/// each group found so far, without making strings; past `searchLimit` groups a dictionary
/// by name takes over, so a file with thousands of types stays linear.
struct TypeGroups {
    /// For each declaration, its group; -1 for declarations that are not types.
    private let groups: [Int32]
    /// Each group's name, as the first declaration of the group spells it (and its hash, for
    /// an ASCII token).
    private let keys: [(key: Key, hash: UInt64?)]
    private let code: CodeTokens?
    /// Whether a type other than an extension has a `.` in its name token (a raw identifier):
    /// only then do the two ways of grouping (see `init`) differ.
    let hasDottedName: Bool

    static var searchLimit: Int { 32 }

    /// A group name: the text of one token, or (a non-ASCII dotted name) a string.
    private enum Key {
        case token(Int, isASCII: Bool)
        case string(String)
    }

    /// No groups.
    init() {
        groups = []
        keys = []
        code = nil
        hasDottedName = false
    }

    /// Groups types by their name's last component (`Inner` for `extension Outer.Inner`);
    /// with `lastComponentOfEveryName` false a type other than an extension groups under its
    /// name token as written, dots and all.
    init(_ structure: FileStructure, lastComponentOfEveryName: Bool) {
        let code = structure.code
        let tokens = code.tokens, bytes = code.file.bytes
        var groups = [Int32](repeating: -1, count: structure.declarations.count)
        // Each group's name, and its hash if an ASCII token. A file declares a handful of
        // types: room for them up front rather than a reallocation per doubling.
        var keys: [(key: Key, hash: UInt64?)] = []
        keys.reserveCapacity(8)
        var numbers: [String: Int32]?
        var hasDottedName = false
        for (index, declaration) in structure.declarations.enumerated() where declaration.kind.isTypeLike {
            if declaration.kind != .extension, bytes[tokens[declaration.nameToken].range].contains(UInt8(ascii: ".")) {
                hasDottedName = true
            }
            let key = Self.key(index, declaration, tokens, bytes,
                              lastComponent: lastComponentOfEveryName || declaration.kind == .extension, structure)
            var number: Int32?
            // Hashes of ASCII names rule out most groups without comparing bytes (only searches
            // use them: past `searchLimit` the dictionary decides).
            let hash = numbers == nil ? Self.asciiHash(key, code) : nil
            if numbers == nil {
                for group in keys.indices where (hash == nil || keys[group].hash == nil || hash == keys[group].hash)
                    && Self.equal(keys[group].key, key, code) {
                    number = Int32(group)
                    break
                }
                if number == nil && keys.count == Self.searchLimit {
                    var byName: [String: Int32] = [:]
                    for (group, (key, _)) in keys.enumerated() where byName[Self.text(key, code)] == nil { byName[Self.text(key, code)] = Int32(group) }
                    numbers = byName
                }
            }
            if numbers != nil { number = numbers![Self.text(key, code)] }
            if let number {
                groups[index] = number
            } else {
                let number = Int32(keys.count)
                if numbers != nil { numbers![Self.text(key, code)] = number }
                keys.append((key, hash))
                groups[index] = number
            }
        }
        self.groups = groups
        self.keys = keys
        self.code = code
        self.hasDottedName = hasDottedName
    }

    var count: Int { keys.count }

    /// The group of the type declaration at `declaration`, or nil if it is not a type.
    func group(of declaration: Int) -> Int? {
        guard declaration < groups.count else { return nil }
        let group = groups[declaration]
        return group < 0 ? nil : Int(group)
    }

    /// The name of a group.
    func name(_ group: Int) -> String { Self.text(keys[group].key, code!) }

    private static func key(_ index: Int, _ declaration: Declaration, _ tokens: [Token], _ bytes: [UInt8],
                            lastComponent: Bool, _ structure: FileStructure) -> Key {
        let last = declaration.nameEndToken
        let range = tokens[last].range
        guard lastComponent else { return .token(last, isASCII: structure.code.isASCII(last)) }
        // The last token is the last component when it has no `.` and (so that `Character`
        // and byte search for the separating `.` agree) the whole name is ASCII.
        if !bytes[range].contains(UInt8(ascii: ".")) {
            if Self.isASCII(bytes, tokens[declaration.nameToken].start..<range.upperBound) { return .token(last, isASCII: true) }
            if declaration.nameToken == last { return .token(last, isASCII: false) }
        }
        return .string(StateLintKit.lastComponent(structure.name(of: index)))
    }

    private static func isASCII(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        for index in range where bytes[index] >= 0x80 { return false }
        return true
    }

    private static func asciiHash(_ key: Key, _ code: CodeTokens) -> UInt64? {
        guard case .token(let k, true) = key else { return nil }
        return code.byteHash(k)
    }

    private static func equal(_ a: Key, _ b: Key, _ code: CodeTokens) -> Bool {
        // Identical bytes are equal strings; different ASCII bytes are different strings.
        if case .token(let x, let xASCII) = a, case .token(let y, let yASCII) = b {
            if code.sameBytes(x, y) { return true }
            if xASCII && yASCII { return false }
        }
        return text(a, code) == text(b, code)
    }

    private static func text(_ key: Key, _ code: CodeTokens) -> String {
        switch key {
        case .token(let k, _): return code.string(k)
        case .string(let string): return string
        }
    }
}
