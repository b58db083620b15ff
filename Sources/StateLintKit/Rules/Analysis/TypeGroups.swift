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
    /// Each group's name, as the first declaration of the group spells it. Plain values (no
    /// string inside), so that freeing the table per file is one deallocation, not a walk
    /// destroying each element.
    private let keys: [Key]
    /// The names that are not one token's text (non-ASCII dotted names): rare, usually empty.
    private let strings: [String]
    /// Whether a type other than an extension has a `.` in its name token (a raw identifier):
    /// only then do the two ways of grouping (see `init`) differ.
    let hasDottedName: Bool

    /// High: with the hashes ruling out most groups, comparing against a hundred costs less
    /// than the dictionary, which makes and hashes a string of every name.
    static var searchLimit: Int { 128 }

    /// A group name: the text of token `source`, or (a negative `source`) `strings[-1 - source]`.
    private struct Key {
        let source: Int
        let isASCII: Bool
        /// The hash of an ASCII token's bytes (see `CodeTokens.byteHash`), else nil.
        var hash: UInt64?
    }

    /// No groups.
    init() {
        groups = []
        keys = []
        strings = []
        hasDottedName = false
    }

    /// Groups types by their name's last component (`Inner` for `extension Outer.Inner`);
    /// with `lastComponentOfEveryName` false a type other than an extension groups under its
    /// name token as written, dots and all.
    init(_ structure: FileStructure, lastComponentOfEveryName: Bool) {
        let code = structure.code
        let tokens = code.tokens, bytes = code.file.bytes
        var groups = [Int32](repeating: -1, count: structure.declarations.count)
        // A file declares a handful of types: room for them up front rather than a
        // reallocation per doubling.
        var keys: [Key] = []
        keys.reserveCapacity(8)
        var strings: [String] = []
        var numbers: [String: Int32]?
        var hasDottedName = false
        for (index, declaration) in structure.declarations.enumerated() where declaration.kind.isTypeLike {
            if declaration.kind != .extension, bytes[tokens[declaration.nameToken].range].contains(UInt8(ascii: ".")) {
                hasDottedName = true
            }
            var key = Self.key(index, declaration, tokens, bytes,
                               lastComponent: lastComponentOfEveryName || declaration.kind == .extension, structure, &strings)
            var number: Int32?
            // Hashes of ASCII names rule out most groups without comparing bytes (only searches
            // use them: past `searchLimit` the dictionary decides).
            if numbers == nil {
                key.hash = Self.asciiHash(key, code)
                for group in keys.indices where (key.hash == nil || keys[group].hash == nil || key.hash == keys[group].hash)
                    && Self.equal(keys[group], key, code, strings) {
                    number = Int32(group)
                    break
                }
                if number == nil && keys.count == Self.searchLimit {
                    var byName: [String: Int32] = [:]
                    for (group, key) in keys.enumerated() where byName[Self.text(key, code, strings)] == nil {
                        byName[Self.text(key, code, strings)] = Int32(group)
                    }
                    numbers = byName
                }
            }
            if numbers != nil { number = numbers![Self.text(key, code, strings)] }
            if let number {
                groups[index] = number
            } else {
                let number = Int32(keys.count)
                if numbers != nil { numbers![Self.text(key, code, strings)] = number }
                keys.append(key)
                groups[index] = number
            }
        }
        self.groups = groups
        self.keys = keys
        self.strings = strings
        self.hasDottedName = hasDottedName
    }

    var count: Int { keys.count }

    /// The group of the type declaration at `declaration`, or nil if it is not a type.
    func group(of declaration: Int) -> Int? {
        guard declaration < groups.count else { return nil }
        let group = groups[declaration]
        return group < 0 ? nil : Int(group)
    }

    /// The name of a group; `code` is the file's (the one the groups were made from).
    func name(_ group: Int, in code: CodeTokens) -> String { Self.text(keys[group], code, strings) }

    private static func key(_ index: Int, _ declaration: Declaration, _ tokens: [Token], _ bytes: [UInt8],
                            lastComponent: Bool, _ structure: FileStructure, _ strings: inout [String]) -> Key {
        let last = declaration.nameEndToken
        let range = tokens[last].range
        guard lastComponent else { return Key(source: last, isASCII: structure.code.isASCII(last)) }
        // The last token is the last component when it has no `.` and (so that `Character`
        // and byte search for the separating `.` agree) the whole name is ASCII.
        if !bytes[range].contains(UInt8(ascii: ".")) {
            if Self.isASCII(bytes, tokens[declaration.nameToken].start..<range.upperBound) { return Key(source: last, isASCII: true) }
            if declaration.nameToken == last { return Key(source: last, isASCII: false) }
        }
        strings.append(StateLintKit.lastComponent(structure.name(of: index)))
        return Key(source: -strings.count, isASCII: false)
    }

    private static func isASCII(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        for index in range where bytes[index] >= 0x80 { return false }
        return true
    }

    private static func asciiHash(_ key: Key, _ code: CodeTokens) -> UInt64? {
        guard key.source >= 0 && key.isASCII else { return nil }
        return code.byteHash(key.source)
    }

    private static func equal(_ a: Key, _ b: Key, _ code: CodeTokens, _ strings: [String]) -> Bool {
        // Identical bytes are equal strings; different ASCII bytes are different strings.
        if a.source >= 0 && b.source >= 0 {
            if code.sameBytes(a.source, b.source) { return true }
            if a.isASCII && b.isASCII { return false }
        }
        return text(a, code, strings) == text(b, code, strings)
    }

    private static func text(_ key: Key, _ code: CodeTokens, _ strings: [String]) -> String {
        key.source >= 0 ? code.string(key.source) : strings[-1 - key.source]
    }
}
