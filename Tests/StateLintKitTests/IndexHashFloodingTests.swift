import Foundation
import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// Type names come from the code under review, so a pull request can pick names that collide.
/// The name tables hash with a process-keyed SipHash (`KeyedByteHash`): names crafted against
/// the old unkeyed FNV-1a must stay linear to index, and equal names must still hash equal in
/// every file and on every thread.
@Suite struct IndexHashFloodingTests {
    /// The hash the tables used before, FNV-1a, mixed as `NameTable` mixed it before masking.
    /// The table now masks its hash directly, so given this it places names where it did.
    static func legacyMixedHash(_ name: [UInt8]) -> UInt64 {
        (legacyHash(name) &* 0x9E37_79B9_7F4A_7C15) >> 32
    }

    static func legacySlot(_ name: [UInt8], mask: Int) -> Int { Int(truncatingIfNeeded: legacyMixedHash(name)) & mask }

    static func legacyHash(_ name: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// `count` distinct type-like names (`T` and seven letters) that all fall in slot `slot`
    /// of a `mask + 1`-slot table under the legacy hash, found by brute force.
    static func collidingNames(count: Int, mask: Int, slot: Int = 0) -> [[UInt8]] {
        var names: [[UInt8]] = []
        var counter = 0
        while names.count < count {
            var name: [UInt8] = [UInt8(ascii: "T")]
            var rest = counter
            for _ in 0..<7 {
                name.append(UInt8(ascii: "a") + UInt8(rest % 26))
                rest /= 26
            }
            counter += 1
            if legacySlot(name, mask: mask) == slot { names.append(name) }
        }
        return names
    }

    /// The names one after another in one buffer, as the index keeps them, with their ranges.
    static func arena(_ names: [[UInt8]]) -> (bytes: [UInt8], ranges: [Range<Int>]) {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for name in names {
            ranges.append(bytes.count..<(bytes.count + name.count))
            bytes += name
        }
        return (bytes, ranges)
    }

    /// Adds every name (as a class) with the hash `hash` gives it; returns the table.
    static func table(_ names: [[UInt8]], hash: ([UInt8]) -> UInt64) -> NameTable {
        let (bytes, ranges) = arena(names)
        var table = NameTable()
        table.reserveCapacity(names.count)
        bytes.withUnsafeBufferPointer { arena in
            for (name, range) in zip(names, ranges) {
                table.add(start: range.lowerBound, length: range.count, hash: hash(name), .referenceType, in: arena)
            }
        }
        return table
    }

    static func keyedHash(_ name: [UInt8]) -> UInt64 { name.withUnsafeBufferPointer { NameTable.hash($0) } }

    @Test func namesCraftedAgainstTheOldHashStayLinear() {
        let count = 512
        // `reserveCapacity(512)` makes 1024 slots: the names collide in all ten slot bits.
        let mask = 1023
        let names = Self.collidingNames(count: count, mask: mask)
        #expect(Set(names).count == count)
        #expect(names.allSatisfy { Self.legacySlot($0, mask: mask) == 0 })

        // Under the old hash they form one run: the k-th insertion probes about k slots.
        let flooded = Self.table(names, hash: Self.legacyMixedHash)
        #expect(flooded.count == count)
        #expect(flooded.probeCount >= count * count / 4, "legacy probes: \(flooded.probeCount)")

        // Under the keyed hash the same names spread out: a few probes each.
        let keyed = Self.table(names, hash: Self.keyedHash)
        #expect(keyed.count == count)
        #expect(keyed.probeCount <= 6 * count, "keyed probes: \(keyed.probeCount)")

        // And every name is still found, with its kind.
        let (bytes, _) = Self.arena(names)
        bytes.withUnsafeBufferPointer { arena in
            for name in names {
                name.withUnsafeBufferPointer { name in
                    #expect(keyed.state(name, hash: NameTable.hash(name), in: arena) == NameTable.reference)
                }
            }
            let missing = Array("Tmissing".utf8)
            missing.withUnsafeBufferPointer { name in
                #expect(keyed.state(name, hash: NameTable.hash(name), in: arena) == NameTable.empty)
            }
        }
    }

    @Test func growingTablesStayLinearToo() {
        // No reserved capacity: the table doubles from 16 slots, rehashing as it goes. Names
        // crafted against the final size's slot bits still cost a few probes each.
        let count = 512
        let names = Self.collidingNames(count: count, mask: 1023)
        let (bytes, ranges) = Self.arena(names)
        var table = NameTable()
        bytes.withUnsafeBufferPointer { arena in
            for (name, range) in zip(names, ranges) {
                table.add(start: range.lowerBound, length: range.count, hash: Self.keyedHash(name), .valueType, in: arena)
            }
        }
        #expect(table.count == count)
        #expect(table.probeCount <= 8 * count, "probes: \(table.probeCount)")
    }

    @Test func collidingTypeNamesResolveThroughTheIndex() {
        // The same names declared in a project: every one is indexed and resolves.
        let names = Self.collidingNames(count: 300, mask: 1023).map { String(decoding: $0, as: UTF8.self) }
        let source = names.enumerated().map { n, name in
            n % 2 == 0 ? "final class \(name) {}" : "enum Outer\(n) { struct \(name) {} }"
        }.joined(separator: "\n")
        let file = SourceFile(path: "Flood.swift", text: source)
        let index = ProjectIndex(summaries: [TypeDeclarationSummary(FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes)))])
        for (n, name) in names.enumerated() {
            #expect(index.lookup(name) == (n % 2 == 0 ? .referenceType : .valueType), "\(name)")
        }
        #expect(index.lookup("Tzzzzzzz") == nil)
    }

    /// Summaries are made on worker threads and merged into one index: the hash one thread
    /// stores must be the hash another computes for the same name.
    @Test func equalNamesHashEqualOnEveryThread() {
        let source = "final class SharedModel {}\nenum Feature { struct SharedModel {} }"
        let expected = Array("SharedModel".utf8).withUnsafeBufferPointer { NameTable.hash($0) }
        let threads = 8
        let hashes = HashLog()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            let file = SourceFile(path: "F.swift", text: source)
            let structure = FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes))
            let summary = TypeDeclarationSummary(structure)
            let code = structure.code
            // `SharedModel`, `Feature`, `Feature.SharedModel`; then the rules' member tables
            // hash the two `SharedModel` tokens with the same function.
            var found = summary.entries.map(\.hash)
            for k in code.tokens.indices where code.string(k) == "SharedModel" { found.append(code.byteHash(k)) }
            hashes.append(found)
        }
        let all = hashes.all
        #expect(all.count == threads)
        let first = all[0]
        #expect(first.count == 5)
        #expect([first[0], first[3], first[4]] == [expected, expected, expected])
        #expect(first[2] == Array("Feature.SharedModel".utf8).withUnsafeBufferPointer { NameTable.hash($0) })
        #expect(first[1] != expected)
        #expect(all.allSatisfy { $0 == first })
    }

    @Test func keyedHashSeparatesNearNames() {
        // Not a proof of anything cryptographic: equal bytes equal, the obvious neighbours not.
        let names = ["Model", "Modem", "model", "Model ", "", "M", "Models", "ledoM"].map { Array($0.utf8) }
        let hashes = names.map(Self.keyedHash)
        #expect(Set(hashes).count == names.count)
        #expect(names.map(Self.keyedHash) == hashes)
    }
}

/// What each thread found, collected under a lock.
private final class HashLog: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [[UInt64]] = []
    func append(_ hashes: [UInt64]) { lock.lock(); found.append(hashes); lock.unlock() }
    var all: [[UInt64]] { lock.lock(); defer { lock.unlock() }; return found }
}

/// The SipHash code checked against the reference function's published test vectors
/// (SipHash-2-4, key 00 01 … 0f, message 00 01 … n-1); `KeyedByteHash` runs the same code
/// with 1-3 rounds.
@Suite struct SipHashTests {
    static let key: (UInt64, UInt64) = (0x0706_0504_0302_0100, 0x0f0e_0d0c_0b0a_0908)

    static func sipHash24(length: Int) -> UInt64 {
        let message = (0..<length).map { UInt8($0) }
        return message.withUnsafeBufferPointer {
            SipHash.hash($0, key: key, compressionRounds: 2, finalizationRounds: 4)
        }
    }

    @Test func referenceVectors() {
        #expect(Self.sipHash24(length: 0) == 0x726f_db47_dd0e_0e31)
        #expect(Self.sipHash24(length: 15) == 0xa129_ca61_49be_45e5)
    }

    @Test func everyLengthUpToThreeWordsDiffers() {
        // The tail handling (0-7 bytes, length byte on top) at every length: no two equal.
        let hashes = (0..<24).map(Self.sipHash24)
        #expect(Set(hashes).count == hashes.count)
    }
}
