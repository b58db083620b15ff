/// Finds the `.` separators of dotted type names (`Outer.Inner`).
///
/// `Character` search runs Unicode grapheme breaking on every step, thousands of
/// instructions per name. Names are almost always ASCII, where a `.` byte is a `.` character,
/// so those are searched as bytes (on the contiguous UTF-8 storage: iterating a substring's
/// `utf8` view element by element cost about as much as the grapheme search it replaced);
/// anything else keeps the exact `Character` semantics.
package enum DottedName {
    package static func firstDot(in name: Substring) -> String.Index? {
        switch asciiDot(in: name, last: false) {
        case .ascii(let offset): return offset.map { name.utf8.index(name.utf8.startIndex, offsetBy: $0) }
        case .notASCII: return name.firstIndex(of: ".")
        }
    }

    package static func lastDot(in name: Substring) -> String.Index? {
        switch asciiDot(in: name, last: true) {
        case .ascii(let offset): return offset.map { name.utf8.index(name.utf8.startIndex, offsetBy: $0) }
        case .notASCII: return name.lastIndex(of: ".")
        }
    }

    package static func firstDot(in name: String) -> String.Index? { firstDot(in: name[...]) }
    package static func lastDot(in name: String) -> String.Index? { lastDot(in: name[...]) }

    private enum Search { case ascii(Int?), notASCII }

    /// The UTF-8 offset of the first (or last) `.` if the name is ASCII.
    private static func asciiDot(in name: Substring, last: Bool) -> Search {
        let utf8 = name.utf8
        let found = utf8.withContiguousStorageIfAvailable { bytes -> Search in
            // One OR and one compare per byte: `enumerated()` with the tests in the loop cost
            // about 30 instructions a byte, on every name the index registers.
            var dot = -1
            var any: UInt8 = 0
            for offset in 0..<bytes.count {
                let byte = bytes[offset]
                any |= byte
                if byte == UInt8(ascii: "."), last || dot < 0 { dot = offset }
            }
            if any >= 0x80 { return .notASCII }
            return .ascii(dot < 0 ? nil : dot)
        }
        if let found { return found }
        if !utf8.allSatisfy({ $0 < 0x80 }) { return .notASCII }
        let index = last ? utf8.lastIndex(of: UInt8(ascii: ".")) : utf8.firstIndex(of: UInt8(ascii: "."))
        return .ascii(index.map { utf8.distance(from: utf8.startIndex, to: $0) })
    }
}
