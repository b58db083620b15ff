/// The properties or methods of one view type, found by the token that names them.
///
/// A view has a handful of each, so they are kept as a list searched from the end (a later
/// declaration hides an earlier one of the same name) comparing token bytes: no string is made
/// or hashed. Past `searchLimit` members a dictionary by name takes over, so a view with
/// thousands of properties stays linear.
struct NamedMembers<Member> {
    private(set) var entries: [(nameToken: Int, isASCIIName: Bool, member: Member)] = []
    private var byName: [String: Member]?

    static var searchLimit: Int { 16 }

    mutating func append(_ member: Member, nameToken: Int, in code: CodeTokens) {
        entries.append((nameToken, Self.isASCII(nameToken, in: code), member))
        guard entries.count > Self.searchLimit else { return }
        if byName == nil {
            var index: [String: Member] = [:]
            for entry in entries { index[code.string(entry.nameToken)] = entry.member }
            byName = index
        } else {
            byName?[code.string(nameToken)] = member
        }
    }

    mutating func append(contentsOf other: NamedMembers, in code: CodeTokens) {
        for entry in other.entries { append(entry.member, nameToken: entry.nameToken, in: code) }
    }

    /// The member the name token at `k` refers to, matching names as `String` equality does.
    func member(named k: Int, in code: CodeTokens) -> Member? {
        if let byName { return byName[code.string(k)] }
        var tokenIsASCII: Bool?
        for entry in entries.reversed() {
            // Identical bytes are equal strings; different bytes can be only if one is not ASCII.
            if code.sameText(k, entry.nameToken) { return entry.member }
            if tokenIsASCII == nil { tokenIsASCII = Self.isASCII(k, in: code) }
            if entry.isASCIIName && tokenIsASCII == true { continue }
            if code.string(k) == code.string(entry.nameToken) { return entry.member }
        }
        return nil
    }

    private static func isASCII(_ k: Int, in code: CodeTokens) -> Bool {
        code.file.bytes[code[k].range].allSatisfy { $0 < 0x80 }
    }
}
