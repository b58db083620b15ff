// Runs of bytes the scanner steps over: name characters and blanks. Free functions over a
// base pointer and the class table, so callers holding those in locals keep them there.

/// The end of the run of ASCII identifier characters from `start`.
///
/// Names average eight bytes here: while eight bytes remain, test them without the bounds
/// check and loop step between bytes (three instructions a byte instead of six).
@inline(__always)
func asciiIdentifierEnd(_ base: UnsafePointer<UInt8>, _ table: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int {
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

/// The end of the run of spaces, tabs and form feeds from `start`.
///
/// Indentation is a quarter of a typical file's bytes: eight spaces per step while eight
/// bytes remain, then the table for tabs and the last few bytes.
@inline(__always)
func blankRunEnd(_ base: UnsafePointer<UInt8>, _ table: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int {
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
