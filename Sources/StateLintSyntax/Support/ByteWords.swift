// Eight bytes at a time: loading a word and finding bytes in it (SWAR), for the scans that
// skip runs of plain bytes (indentation, string text, line search, UTF-8 validation).

/// The eight bytes at `pointer` as a little-endian `UInt64`, on any host.
///
/// A constant-size `memcpy` into a local, which LLVM always lowers to one unaligned load.
/// The standard library's `loadUnaligned(as:)` and `UInt64(littleEndian:)` are generic, and
/// inside the lint engine's large inlined per-file function the optimizer left both as
/// out-of-line calls (about 1% of a run); eight byte loads OR-ed together were merged into
/// one load in some places but left as four to eight loads and shifts in the name scan.
@inline(__always)
package func littleEndianWord(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    var word: UInt64 = 0
    _ = withUnsafeMutableBytes(of: &word) { memcpy($0.baseAddress!, pointer, 8) }
    #if _endian(little)
    return word
    #else
    return word.byteSwapped
    #endif
}

/// `littleEndianWord` at a byte offset from a raw pointer.
@inline(__always)
package func littleEndianWord(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
    littleEndianWord((base + offset).assumingMemoryBound(to: UInt8.self))
}

/// `0x01` in every byte: `byteRepeated * b` fills a word with byte `b`.
package let byteRepeated: UInt64 = 0x0101_0101_0101_0101

/// The high bit of each byte of `word` that is zero, and no other bit. Exact for every
/// byte (no borrow or carry crosses bytes), so any set bit, not only the lowest, is a match.
@inline(__always)
package func zeroBytes(_ word: UInt64) -> UInt64 {
    ~(((word & (byteRepeated &* 0x7F)) &+ byteRepeated &* 0x7F) | word) & (byteRepeated &* 0x80)
}
