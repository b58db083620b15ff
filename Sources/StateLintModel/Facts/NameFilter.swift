import StateLintSyntax

/// The names an extension's code may use, as a Bloom filter of 1,024 bits: what a fix asks of
/// a part of a view in another file, whose code was not scanned for the view's properties.
/// "No" is certain (the code never writes the name, `$name` or `_name` bare or after `self.`);
/// "maybe" is what a fix must take as "yes". The hash is FNV-1a, unkeyed: names chosen to
/// collide only make a fix be refused, and the answers are the same on every run.
public struct NameFilter: Sendable {
    private var words = [UInt64](repeating: 0, count: 16)

    /// The names written in `range` of `code` as a value of its own or after `self.`.
    package init(code: CodeTokens, range: ClosedRange<Int>) {
        for k in range where code.kind(k) == .identifier {
            if code.kind(k - 1) == .period && code.keyword(k - 2) != .`self` { continue }
            let token = code[k]
            insert(code.file.bytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[token.start..<token.end])) })
        }
    }

    /// Whether code may write `name`, `$name` or `_name`.
    public func mayUse(_ name: String) -> Bool {
        [name, "$" + name, "_" + name].contains { spelling in
            Array(spelling.utf8).withUnsafeBufferPointer { contains(Self.hash($0)) }
        }
    }

    private mutating func insert(_ hash: UInt64) {
        let (a, b) = Self.bits(hash)
        words[a >> 6] |= 1 << UInt64(a & 63)
        words[b >> 6] |= 1 << UInt64(b & 63)
    }

    private func contains(_ hash: UInt64) -> Bool {
        let (a, b) = Self.bits(hash)
        return words[a >> 6] & (1 << UInt64(a & 63)) != 0 && words[b >> 6] & (1 << UInt64(b & 63)) != 0
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// Two positions from one hash (its low and high bits).
    private static func bits(_ hash: UInt64) -> (Int, Int) {
        (Int(hash & 1023), Int((hash >> 32) & 1023))
    }
}
