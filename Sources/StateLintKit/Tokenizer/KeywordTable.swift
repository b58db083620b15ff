/// Finds the `Keyword` for an identifier's bytes without building a `String`.
///
/// Words of up to 16 bytes are packed into two little-endian `UInt64`s and looked up in a
/// small open-addressing table; anything longer cannot be a keyword.
final class KeywordTable: @unchecked Sendable {
    private static let capacity = 256  // a power of two, well over twice the word count
    // Immortal buffers (the table lives as long as the process): no bounds or uniqueness checks.
    private let lows = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    private let highs = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    private let lengths = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    private let values = UnsafeMutablePointer<Keyword>.allocate(capacity: capacity)
    /// Whether a keyword starts with this byte: most type names (`Text`, `Model`) stop here.
    private let firstBytes = UnsafeMutablePointer<Bool>.allocate(capacity: 256)

    static let shared = KeywordTable()

    private init() {
        lows.initialize(repeating: 0, count: KeywordTable.capacity)
        highs.initialize(repeating: 0, count: KeywordTable.capacity)
        lengths.initialize(repeating: 0, count: KeywordTable.capacity)
        values.initialize(repeating: .none, count: KeywordTable.capacity)
        firstBytes.initialize(repeating: false, count: 256)
        for (index, spelling) in Keyword.spellings.enumerated() {
            guard let keyword = Keyword(rawValue: UInt8(index + 1)) else { continue }
            let bytes = Array(spelling.utf8)
            firstBytes[Int(bytes[0])] = true
            let (low, high) = KeywordTable.pack(bytes, 0, bytes.count)
            var slot = KeywordTable.slot(low, high, bytes.count)
            while lengths[slot] != 0 { slot = (slot + 1) & (KeywordTable.capacity - 1) }
            lows[slot] = low
            highs[slot] = high
            lengths[slot] = UInt8(bytes.count)
            values[slot] = keyword
        }
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
        let raw = UnsafeRawPointer(bytes.baseAddress! + start)
        let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        if count <= 8 {
            return (count == 8 ? low : low & ((1 << (8 * UInt64(count))) - 1), 0)
        }
        let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        return (low, count == 16 ? high : high & ((1 << (8 * UInt64(count - 8))) - 1))
    }

    @inline(__always)
    private static func slot(_ low: UInt64, _ high: UInt64, _ length: Int) -> Int {
        let mixed = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(length)
        return Int(truncatingIfNeeded: mixed >> 56) & (capacity - 1)
    }

    /// The keyword spelled by `bytes[start..<start+count]`, or `.none`.
    @inline(__always)
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, count: Int) -> Keyword {
        guard count >= 1, count <= 16, firstBytes[Int(bytes[start])] else { return .none }
        let (low, high) = start + 16 <= bytes.count
            ? KeywordTable.load(bytes, start, count)
            : KeywordTable.pack(bytes, start, count)
        var slot = KeywordTable.slot(low, high, count)
        while true {
            let length = lengths[slot]
            if length == 0 { return .none }
            if Int(length) == count && lows[slot] == low && highs[slot] == high { return values[slot] }
            slot = (slot + 1) & (KeywordTable.capacity - 1)
        }
    }
}
