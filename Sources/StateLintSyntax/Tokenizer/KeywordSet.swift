/// A set of `Keyword`s as a 128-bit mask. Membership is a shift and a mask: no hashing and,
/// unlike a shared `Set`, no reference counting, which threads linting files in parallel
/// would otherwise contend on for every token.
package struct KeywordSet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    package init(_ keywords: [Keyword]) {
        for keyword in keywords {
            let bit = Int(keyword.rawValue)
            precondition(bit < 128, "KeywordSet holds keywords with raw values below 128")
            if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit - 64) }
        }
    }

    @inline(__always)
    package func contains(_ keyword: Keyword) -> Bool {
        let bit = Int(keyword.rawValue)
        return bit < 64 ? low & (1 << UInt64(bit)) != 0 : bit < 128 && high & (1 << UInt64(bit - 64)) != 0
    }
}
