// Runs of bytes the scanner steps over: name characters and blanks. Free functions over a
// base pointer and the class table, so callers holding those in locals keep them there.

/// The end of the run of ASCII identifier characters from `start`.
///
/// While eight bytes remain, test them without the bounds check and loop step between bytes
/// (three instructions a byte instead of six). Names of up to 16 bytes mostly take
/// `TokenScanner.scanASCIIName`'s bitwise path instead.
@inline(__always)
package func asciiIdentifierEnd(_ base: UnsafePointer<UInt8>, _ table: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int {
    var j = start
    @inline(__always) func continues(_ k: Int) -> Bool {
        table[Int(base[k])] & CharacterClass.identifierContinue != 0
    }
    while j &+ 8 <= count {
        guard continues(j) else { return j }
        guard continues(j &+ 1) else { return j &+ 1 }
        guard continues(j &+ 2) else { return j &+ 2 }
        guard continues(j &+ 3) else { return j &+ 3 }
        guard continues(j &+ 4) else { return j &+ 4 }
        guard continues(j &+ 5) else { return j &+ 5 }
        guard continues(j &+ 6) else { return j &+ 6 }
        guard continues(j &+ 7) else { return j &+ 7 }
        j &+= 8
    }
    while j < count, continues(j) { j &+= 1 }
    return j
}

/// The high bit of each byte of `word` that is not an ASCII letter or digit, and no other bit.
///
/// Bitwise on the whole word (SWAR). For a byte `x` below 0x80, `x + (0x80 - low)` has its
/// high bit set exactly when `x >= low`, and `x + (0x7F - high)` when `x > high`, with no
/// carry into the next byte; `x | 0x20` folds `A-Z` onto `a-z` and nothing else onto them.
/// `_` and `$` also continue a name but are rare inside one: callers check the byte found.
@inline(__always)
package func letterOrDigitStopBytes(_ word: UInt64) -> UInt64 {
    let highBits = byteRepeated &* 0x80
    let x = word & ~highBits
    @inline(__always) func inRange(_ x: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
        (x &+ byteRepeated &* (0x80 - low)) & ~(x &+ byteRepeated &* (0x7F - high))
    }
    let letter = inRange(x | byteRepeated &* 0x20, 0x61, 0x7A)
    let digit = inRange(x, 0x30, 0x39)
    return ((letter | digit) & ~word & highBits) ^ highBits
}

/// The low `count` bytes of a word set, the others clear (`count` in `0 ..< 8`).
@inline(__always)
package func lowBytesMask(_ count: Int) -> UInt64 {
    (1 &<< UInt64(truncatingIfNeeded: 8 &* count)) &- 1
}

/// The end of the run of spaces, tabs and form feeds from `start`.
///
/// Indentation is a quarter of a typical file's bytes: eight spaces per step while eight
/// bytes remain, then the table for tabs and the last few bytes.
@inline(__always)
package func blankRunEnd(_ base: UnsafePointer<UInt8>, _ table: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int {
    var j = start
    let spaces: UInt64 = 0x2020_2020_2020_2020
    while j &+ 8 <= count {
        let other = littleEndianWord(base + j) ^ spaces
        if other != 0 {
            j &+= other.trailingZeroBitCount &>> 3
            break
        }
        j &+= 8
    }
    while j < count, table[Int(base[j])] & CharacterClass.horizontalSpace != 0 { j &+= 1 }
    return j
}
