import StateLintSyntax

/// ASCII type names with one kind each (or ambiguous), keyed by their bytes: the storage of
/// `ProjectIndex`. The bytes live in the caller's buffer (`arena`: each file's summary
/// buffer appended whole, so a suffix is a slice of its full name) and are hashed once, by
/// the summary on the worker thread; a `[String: TypeKind]` made and SipHashed a `String`
/// per name and per suffix, and compared through each `String`'s storage on every probe.
///
/// Only for ASCII: there `String` equality is byte equality (see `ProjectIndex` for the rest).
package struct NameTable: Sendable {
    /// Slot states; a name given both kinds becomes `ambiguous` for good.
    package static let empty: UInt8 = 0
    package static let reference: UInt8 = 1
    package static let value: UInt8 = 2
    package static let ambiguous: UInt8 = 3

    private struct Slot {
        package var hash: UInt64 = 0
        package var start: Int32 = 0
        package var length: Int32 = 0
        package var state: UInt8 = NameTable.empty
    }

    /// Open addressing, linear probing; a power of two, at most half full.
    private var slots = [Slot](repeating: Slot(), count: 16)
    /// Names stored, and how many of them are ambiguous.
    package private(set) var count = 0
    package private(set) var ambiguousCount = 0
    /// Slots looked at by `add`, rehashing included: what stays linear in the names added
    /// however they were chosen (counted by a test, not timed).
    package private(set) var probeCount = 0

    package static func state(of kind: TypeKind) -> UInt8 { kind == .referenceType ? reference : value }

    package static func kind(of state: UInt8) -> TypeKind? {
        switch state {
        case reference: return .referenceType
        case value: return .valueType
        default: return nil
        }
    }

    /// What `hash` arguments must be: the process-keyed hash of the name's bytes, so names
    /// chosen to collide cannot be found offline (see `KeyedByteHash`).
    @inline(__always)
    package static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 { KeyedByteHash.hash(name) }

    package mutating func reserveCapacity(_ names: Int) {
        var capacity = slots.count
        while capacity < 2 * names { capacity *= 2 }
        if capacity > slots.count { rehash(capacity) }
    }

    /// The state of `name` (`empty` when unknown).
    package func state(_ name: UnsafeBufferPointer<UInt8>, hash: UInt64, in arena: UnsafeBufferPointer<UInt8>) -> UInt8 {
        guard let found = find(name, hash: hash, in: arena) else { return Self.empty }
        return slots[found].state
    }

    /// The slot holding `name`, or nil.
    private func find(_ name: UnsafeBufferPointer<UInt8>, hash: UInt64, in arena: UnsafeBufferPointer<UInt8>) -> Int? {
        let place = locate(name, hash: hash, in: arena)
        return place.found ? place.index : nil
    }

    /// The slot holding `name`, or else the empty slot that ends its probe sequence; and how
    /// many slots were looked at.
    private func locate(_ name: UnsafeBufferPointer<UInt8>, hash: UInt64,
                        in arena: UnsafeBufferPointer<UInt8>) -> (index: Int, found: Bool, probes: Int) {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var index = Self.start(hash, mask)
            var probes = 1
            while true {
                let slot = slots[index]
                if slot.state == Self.empty { return (index, false, probes) }
                if slot.hash == hash && Self.equal(slot, name, arena) { return (index, true, probes) }
                index = (index &+ 1) & mask
                probes &+= 1
            }
        }
    }

    /// Records `kind` for the name at `start..<start + length` in `arena` (which must keep
    /// those bytes); a second, different kind makes it ambiguous. Returns the name's state
    /// before the call (`empty` when it was new), so a caller that rejects duplicates probes once.
    @discardableResult
    package mutating func add(start: Int, length: Int, hash: UInt64, _ kind: TypeKind, in arena: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let state = Self.state(of: kind)
        let name = UnsafeBufferPointer(rebasing: arena[start..<(start + length)])
        var place = locate(name, hash: hash, in: arena)
        probeCount &+= place.probes
        if place.found {
            let existing = slots[place.index].state
            if existing != Self.ambiguous && existing != state {
                slots[place.index].state = Self.ambiguous
                ambiguousCount += 1
            }
            return existing
        }
        if 2 * (count + 1) > slots.count {
            rehash(2 * slots.count)
            place = locate(name, hash: hash, in: arena)
            probeCount &+= place.probes
        }
        slots[place.index] = Slot(hash: hash, start: Int32(truncatingIfNeeded: start),
                                  length: Int32(truncatingIfNeeded: length), state: state)
        count += 1
        return Self.empty
    }

    /// Every name with its state, in table order.
    package func forEach(in arena: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, UInt8) -> Void) {
        for slot in slots where slot.state != Self.empty {
            body(UnsafeBufferPointer(rebasing: arena[Int(slot.start)..<Int(slot.start + slot.length)]), slot.state)
        }
    }

    @inline(__always)
    private static func start(_ hash: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: hash) & mask  // every bit of a SipHash is as good as any other
    }

    @inline(__always)
    private static func equal(_ slot: Slot, _ name: UnsafeBufferPointer<UInt8>, _ stored: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(slot.length) == name.count else { return false }
        let start = Int(slot.start)
        for offset in 0..<name.count where stored[start &+ offset] != name[offset] { return false }
        return true
    }

    private mutating func insert(_ slot: Slot) {
        let mask = slots.count - 1
        var index = Self.start(slot.hash, mask)
        probeCount &+= 1
        while slots[index].state != Self.empty {
            index = (index &+ 1) & mask
            probeCount &+= 1
        }
        slots[index] = slot
    }

    private mutating func rehash(_ capacity: Int) {
        let old = slots
        slots = [Slot](repeating: Slot(), count: capacity)
        for slot in old where slot.state != Self.empty { insert(slot) }
    }
}
