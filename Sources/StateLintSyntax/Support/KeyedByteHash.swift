/// The hash of names used as hash-table keys (`NameTable`, `CodeTokens.byteHash`): SipHash-1-3
/// under a key drawn at random once per process.
///
/// The names come from the code being linted, so a pull request can choose them. With an
/// unkeyed hash (FNV-1a before) names that collide can be found offline, and then every one
/// lands in the same run of a linear-probing table: quadratic indexing in CI. SipHash is built
/// to resist that when the key is secret; 1-3 rounds are what Swift's own `Hasher` uses.
///
/// One key for the whole process (a lazily initialised global, the same on every thread), so
/// equal bytes hash equal in every file and on every worker. It is not stable across runs:
/// never store or print these hashes, and never let output depend on a table's slot order.
package enum KeyedByteHash {
    /// The process's key, from the system's random source on first use.
    package static let key: (UInt64, UInt64) = {
        var random = SystemRandomNumberGenerator()
        return (random.next(), random.next())
    }()

    /// SipHash-1-3 of `bytes` under the process key.
    @inline(__always)
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        SipHash.hash(bytes, key: key, compressionRounds: 1, finalizationRounds: 3)
    }
}

/// SipHash (Aumasson and Bernstein, 2012) with a choice of round counts: 2-4 is the reference
/// function (its published test vectors check this code), 1-3 the faster variant.
package enum SipHash {
    @inline(__always)
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>, key: (UInt64, UInt64),
                     compressionRounds: Int, finalizationRounds: Int) -> UInt64 {
        var state = State(key: key)
        let count = bytes.count
        let wholeWords = count & ~7
        if let base = bytes.baseAddress {
            var offset = 0
            while offset < wholeWords {
                state.compress(littleEndianWord(base + offset), rounds: compressionRounds)
                offset &+= 8
            }
        }
        // The last 0-7 bytes, little-endian, with the length's low byte on top.
        var last = UInt64(truncatingIfNeeded: count) << 56
        var shift: UInt64 = 0
        for offset in wholeWords..<count {
            last |= UInt64(bytes[offset]) << shift
            shift &+= 8
        }
        state.compress(last, rounds: compressionRounds)
        return state.finalize(rounds: finalizationRounds)
    }

    private struct State {
        package var v0, v1, v2, v3: UInt64

        @inline(__always)
        package init(key: (UInt64, UInt64)) {
            v0 = key.0 ^ 0x736f_6d65_7073_6575
            v1 = key.1 ^ 0x646f_7261_6e64_6f6d
            v2 = key.0 ^ 0x6c79_6765_6e65_7261
            v3 = key.1 ^ 0x7465_6462_7974_6573
        }

        @inline(__always)
        package mutating func compress(_ word: UInt64, rounds: Int) {
            v3 ^= word
            for _ in 0..<rounds { round() }
            v0 ^= word
        }

        @inline(__always)
        package mutating func finalize(rounds: Int) -> UInt64 {
            v2 ^= 0xff
            for _ in 0..<rounds { round() }
            return v0 ^ v1 ^ v2 ^ v3
        }

        @inline(__always)
        package mutating func round() {
            v0 &+= v1; v1 = rotate(v1, 13); v1 ^= v0; v0 = rotate(v0, 32)
            v2 &+= v3; v3 = rotate(v3, 16); v3 ^= v2
            v0 &+= v3; v3 = rotate(v3, 21); v3 ^= v0
            v2 &+= v1; v1 = rotate(v1, 17); v1 ^= v2; v2 = rotate(v2, 32)
        }

        @inline(__always)
        package func rotate(_ x: UInt64, _ bits: UInt64) -> UInt64 { (x << bits) | (x >> (64 - bits)) }
    }
}
