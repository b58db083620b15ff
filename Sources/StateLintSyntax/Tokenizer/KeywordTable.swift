/// Finds the `Keyword` for an identifier's bytes without building a `String`.
///
/// Words of up to 16 bytes are packed into two little-endian `UInt64`s (zero-padded, so the
/// pair also encodes the length: identifiers hold no NUL bytes). A perfect hash, whose
/// multiplier `init` searches for, sends each keyword to its own slot, so a lookup is one
/// hash and one comparison, with no probing. Anything longer than 16 bytes cannot be a keyword.
///
/// A struct of immortal pointers (built once, never freed or written after `init`), so the
/// scanner holds a copy and `lookup` can be `@_transparent` (not allowed in a class).
package struct KeywordTable: @unchecked Sendable {
    private static let slotBits = 10
    private static let slotCount = 1 << slotBits
    /// Per slot, the index + 1 of the word that hashes there, or 0.
    private let slots = UnsafeMutablePointer<UInt8>.allocate(capacity: slotCount)
    // Per word index + 1 (0 is the never-matching empty entry). Immortal buffers: the
    // table lives as long as the process, so no bounds or uniqueness checks.
    private let lows: UnsafeMutablePointer<UInt64>
    private let highs: UnsafeMutablePointer<UInt64>
    private let values: UnsafeMutablePointer<Keyword>
    private let multiplier: UInt64
    /// Per first byte, bit `n` set when a keyword of `n` bytes starts with it: most names
    /// (`Text`, `Model`, `padding`) stop here without being loaded and hashed.
    private let lengthsByFirstByte = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)

    package static let shared = KeywordTable()

    private init() {
        let words = Keyword.spellings.map { Array($0.utf8) }
        precondition(words.count < 255 && words.allSatisfy { (1...16).contains($0.count) })
        lows = .allocate(capacity: words.count + 1)
        highs = .allocate(capacity: words.count + 1)
        values = .allocate(capacity: words.count + 1)
        lows[0] = 0
        highs[0] = 0
        values[0] = .none
        lengthsByFirstByte.initialize(repeating: 0, count: 256)
        var packed: [(UInt64, UInt64)] = []
        for (index, bytes) in words.enumerated() {
            let (low, high) = KeywordTable.pack(bytes, 0, bytes.count)
            packed.append((low, high))
            lows[index + 1] = low
            highs[index + 1] = high
            values[index + 1] = Keyword(rawValue: UInt8(index + 1)) ?? .none
            lengthsByFirstByte[Int(bytes[0])] |= 1 << UInt32(bytes.count)
        }
        multiplier = KeywordTable.findMultiplier(packed, into: slots)
    }

    /// The first multiplier (from a fixed sequence, so every run agrees) under which no two
    /// words share a slot; fills `slots` for it. 81 words in 1,024 slots: ~1 in 24 works.
    private static func findMultiplier(_ packed: [(UInt64, UInt64)], into slots: UnsafeMutablePointer<UInt8>) -> UInt64 {
        var candidate: UInt64 = 0x9E37_79B9_7F4A_7C15
        while true {
            slots.initialize(repeating: 0, count: slotCount)
            var collides = false
            for (index, (low, high)) in packed.enumerated() {
                let slot = slotOf(low, high, candidate)
                if slots[slot] != 0 { collides = true; break }
                slots[slot] = UInt8(index + 1)
            }
            if !collides { return candidate }
            candidate = candidate &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 | 1
        }
    }

    @inline(__always)
    private static func slotOf(_ low: UInt64, _ high: UInt64, _ multiplier: UInt64) -> Int {
        let mixed = (low ^ (high &* 0xC2B2_AE3D_27D4_EB4F)) &* multiplier
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits))
    }

    @inline(__always)
    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> (UInt64, UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var i = 0
        while i < count && i < 8 {
            low |= UInt64(bytes[start + i]) << (8 * UInt64(i))
            i += 1
        }
        while i < count {
            high |= UInt64(bytes[start + i]) << (8 * UInt64(i - 8))
            i += 1
        }
        return (low, high)
    }

    private static func pack(_ bytes: [UInt8], _ start: Int, _ count: Int) -> (UInt64, UInt64) {
        bytes.withUnsafeBufferPointer { pack($0, start, count) }
    }

    /// `pack` with two unaligned 8-byte loads; needs 16 readable bytes from `start`.
    @inline(__always)
    private static func load(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> (UInt64, UInt64) {
        let word = bytes.baseAddress! + start
        let low = littleEndianWord(word)
        if count <= 8 {
            return (count == 8 ? low : low & lowBytesMask(count), 0)
        }
        let high = littleEndianWord(word + 8)
        return (low, count == 16 ? high : high & lowBytesMask(count - 8))
    }

    /// The keyword whose bytes, packed as `pack` does (little-endian, zero-padded), are
    /// `low` and `high`, or `.none`. No branch: any pair hashes to some slot, and only the
    /// word stored there can compare equal.
    @_transparent
    package func lookup(packedLow low: UInt64, high: UInt64) -> Keyword {
        let word = Int(slots[KeywordTable.slotOf(low, high, multiplier)])
        return lows[word] == low && highs[word] == high ? values[word] : .none
    }

    /// The keyword spelled by `bytes[start..<start+count]`, or `.none`.
    @_transparent  // inlined into the scan loop: `@inline(__always)` was left a call per name
    package func lookup(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, count: Int) -> Keyword {
        guard count >= 1, count <= 16, lengthsByFirstByte[Int(bytes[start])] & (1 &<< UInt32(count)) != 0 else { return .none }
        let (low, high) = start + 16 <= bytes.count
            ? KeywordTable.load(bytes, start, count)
            : KeywordTable.pack(bytes, start, count)
        return lookup(packedLow: low, high: high)
    }
}
