import StateLintSyntax
import StateLintIndex

/// How a type's code uses a few of its properties (`PropertyUses`), in one pass over its body
/// comparing each identifier's bytes with those names: no `String` is made per token.
package struct UseScanner {
    package let code: CodeTokens
    /// The property names, without `$` or `_`.
    package let names: [String]

    package func uses(in body: ClosedRange<Int>) -> [String: PropertyUses] {
        let wanted = names.map { Array($0.utf8) }
        // Bit n: some name (or `$name`/`_name`) has n bytes; and the possible first bytes. Most
        // identifiers fail these two tests.
        var lengths: UInt64 = 0
        var firstBytes = [Bool](repeating: false, count: 256)
        firstBytes[Int(UInt8(ascii: "$"))] = true
        firstBytes[Int(UInt8(ascii: "_"))] = true
        for name in wanted {
            if name.count < 63 { lengths |= (1 << UInt64(name.count)) | (1 << UInt64(name.count + 1)) }
            if let first = name.first { firstBytes[Int(first)] = true }
        }
        let anyLength = wanted.contains { $0.count >= 63 }
        var found: [String: PropertyUses] = [:]
        let bytes = code.file.bytes
        let references = ReferenceReader(code: code)
        for k in body where code.kind(k) == .identifier {
            let token = code[k]
            let first = bytes[token.start]
            guard firstBytes[Int(first)], anyLength || (token.length < 64 && lengths & (1 << UInt64(token.length)) != 0)
            else { continue }
            // `$name` and `_name` are the name with one more byte in front.
            let prefixed = first == UInt8(ascii: "$") || first == UInt8(ascii: "_")
            guard let index = wanted.firstIndex(where: { name in
                Self.spells(token, name, skippingFirst: false, bytes) || (prefixed && Self.spells(token, name, skippingFirst: true, bytes))
            }) else { continue }
            let isPrefixed = token.length == wanted[index].count + 1
            var uses = found[names[index]] ?? PropertyUses()
            // `var name = …` declares; `name = …` (or `self.name = …`, `_name = …`) assigns.
            let isAssigned = code.kind(k + 1) == .operator && code.text(k + 1, is: "=")
                && code.keyword(k - 1) != .var && code.keyword(k - 1) != .let
            if isAssigned, references.reference(endingAt: k) != nil, !isPrefixed || first == UInt8(ascii: "_") {
                uses.assignments += 1
            } else if isPrefixed && first == UInt8(ascii: "$") {
                if code.kind(k + 1) != .period { uses.usesWholeProjection = true }
            } else if isPrefixed {
                uses.readsStorage = true
            } else if readsMember(after: k), references.reference(endingAt: k) != nil {
                uses.readsMembers = true
            }
            found[names[index]] = uses
        }
        return found
    }

    /// Whether the token's bytes (after its first byte, with `skippingFirst`) are `name`'s.
    private static func spells(_ token: Token, _ name: [UInt8], skippingFirst: Bool, _ bytes: [UInt8]) -> Bool {
        let offset = skippingFirst ? 1 : 0
        guard token.length == name.count + offset else { return false }
        for index in 0..<name.count where bytes[token.start + offset + index] != name[index] { return false }
        return true
    }

    /// Whether `name.member` or `name?.member` at `k` reads a property of the value (a call
    /// `name.load()` reads nothing the view shows).
    private func readsMember(after k: Int) -> Bool {
        var dot = k + 1
        if code.kind(dot) == .operator, code.text(dot, is: "?") || code.text(dot, is: "!") { dot += 1 }
        guard code.kind(dot) == .period, code.kind(dot + 1) == .identifier else { return false }
        return code.kind(dot + 2) != .leftParen
    }
}
