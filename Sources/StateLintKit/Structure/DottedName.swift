/// Finds the `.` separators of dotted type names (`Outer.Inner`).
///
/// `Character` search runs Unicode grapheme breaking on every step, thousands of
/// instructions per name. Names are almost always ASCII, where a `.` byte is a `.` character,
/// so those are searched as bytes; anything else keeps the exact `Character` semantics.
enum DottedName {
    static func firstDot(in name: Substring) -> String.Index? {
        let utf8 = name.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) { return utf8.firstIndex(of: UInt8(ascii: ".")) }
        return name.firstIndex(of: ".")
    }

    static func lastDot(in name: Substring) -> String.Index? {
        let utf8 = name.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) { return utf8.lastIndex(of: UInt8(ascii: ".")) }
        return name.lastIndex(of: ".")
    }

    static func firstDot(in name: String) -> String.Index? { firstDot(in: name[...]) }
    static func lastDot(in name: String) -> String.Index? { lastDot(in: name[...]) }
}
