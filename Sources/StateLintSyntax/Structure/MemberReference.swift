/// `value.member` written in a file, where `value` is a name that is not `self` and not a type
/// (`logView.setSource`, `screen?.model`): recorded by the structure pass as it meets each `.`,
/// for `MemberReferences` (the model layer) to keep those that may name a view's member.
package struct MemberReference: Sendable {
    /// `MemberNameHash` of the member's name.
    package let nameHash: UInt32
    /// The innermost type or extension around it (its declaration index), or -1.
    package let enclosingType: Int32
    /// Byte offset of the member's name.
    package let offset: UInt32
    /// Arguments follow the name (`value.load(from: url)`, `value.load { … }`): it cannot call a
    /// method without parameters.
    package var passesArguments = false
}

/// A 32-bit hash of a name's bytes, the same in every process: the first and last eight bytes
/// (overlapping for short names) and the length, mixed by multiplies.
package enum MemberNameHash {
    @inline(__always)
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt32 {
        let length = end - start
        var head: UInt64 = 0, tail: UInt64 = 0
        if length >= 8, let base = bytes.baseAddress {
            head = littleEndianWord(base + start)
            tail = littleEndianWord(base + end - 8)
        } else {
            var position = start
            while position < end {
                head = head << 8 | UInt64(bytes[position])
                position &+= 1
            }
        }
        let mixed = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(length) &* 0x1656_67B1_9E37_79F9
        return UInt32(truncatingIfNeeded: mixed >> 32 ^ mixed)
    }

    package static func hash(_ name: String) -> UInt32 {
        Array(name.utf8).withUnsafeBufferPointer { hash($0, 0, $0.count) }
    }
}
