import StateLintSyntax

/// The ASCII string a name equals under `String` comparison, for looking a non-ASCII name up
/// among ASCII bytes (`ProjectIndex`).
///
/// `String` equality is canonical equivalence. An ASCII string is its own decomposition, so
/// a string equals one exactly when every scalar decomposes to ASCII: ASCII itself, or one
/// of the few scalars whose canonical decomposition is a single ASCII character (multi-scalar
/// decompositions always include a combining mark).
package enum ASCIIFolding {
    /// Non-ASCII scalars that decompose to one ASCII character (a test checks every scalar).
    package static let singletons: [UInt32: UInt8] = [
        0x037E: UInt8(ascii: ";"),  // GREEK QUESTION MARK
        0x1FEF: UInt8(ascii: "`"),  // GREEK VARIA
        0x212A: UInt8(ascii: "K"),  // KELVIN SIGN
    ]

    /// The ASCII string equal to `name`, or nil if there is none.
    package static func fold(_ name: String) -> String? {
        var bytes: [UInt8] = []
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                bytes.append(UInt8(truncatingIfNeeded: scalar.value))
            } else if let byte = singletons[scalar.value] {
                bytes.append(byte)
            } else {
                return nil
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
