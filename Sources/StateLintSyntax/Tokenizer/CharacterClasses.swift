/// Byte and code-point classes of the Swift lexical grammar.
///
/// ASCII goes through a 256-entry table; non-ASCII code points use the ranges the Swift
/// lexer uses (`isValidIdentifierStartCodePoint`, `isOperatorStartCodePoint`, …).
package enum CharacterClass {
    package static let identifierStart: UInt8 = 1
    package static let identifierContinue: UInt8 = 2
    package static let operatorCharacter: UInt8 = 4
    package static let digit: UInt8 = 8
    package static let horizontalSpace: UInt8 = 16
    package static let hexDigit: UInt8 = 32

    /// Flags for every byte value; bytes >= 0x80 have none (they are decoded as UTF-8).
    package static let ascii: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for b in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(b)] |= identifierStart | identifierContinue }
        for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(b)] |= identifierStart | identifierContinue }
        table[Int(UInt8(ascii: "_"))] |= identifierStart | identifierContinue
        table[Int(UInt8(ascii: "$"))] |= identifierContinue
        for b in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(b)] |= identifierContinue | digit | hexDigit }
        for b in UInt8(ascii: "a")...UInt8(ascii: "f") { table[Int(b)] |= hexDigit }
        for b in UInt8(ascii: "A")...UInt8(ascii: "F") { table[Int(b)] |= hexDigit }
        for b in "/=-+!*%<>&|^~?.".utf8 { table[Int(b)] |= operatorCharacter }
        for b in [UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C] { table[Int(b)] |= horizontalSpace }
        return table
    }()

    /// `ascii` as an immortal pointer: the scanner keeps it in a field so its hot loops do
    /// no lazy-global checks or bounds checks.
    package nonisolated(unsafe) static let asciiTable: UnsafePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        pointer.initialize(from: ascii, count: 256)
        return UnsafePointer(pointer)
    }()

    package static func isIdentifierContinue(_ c: UInt32) -> Bool {
        if c < 0x80 { return ascii[Int(c)] & identifierContinue != 0 }
        // C11/C++ annex ranges, as the Swift lexer allows them.
        return c == 0x00A8 || c == 0x00AA || c == 0x00AD || c == 0x00AF
            || (c >= 0x00B2 && c <= 0x00B5) || (c >= 0x00B7 && c <= 0x00BA)
            || (c >= 0x00BC && c <= 0x00BE) || (c >= 0x00C0 && c <= 0x00D6)
            || (c >= 0x00D8 && c <= 0x00F6) || (c >= 0x00F8 && c <= 0x00FF)
            || (c >= 0x0100 && c <= 0x167F) || (c >= 0x1681 && c <= 0x180D)
            || (c >= 0x180F && c <= 0x1FFF) || (c >= 0x200B && c <= 0x200D)
            || (c >= 0x202A && c <= 0x202E) || (c >= 0x203F && c <= 0x2040)
            || c == 0x2054 || (c >= 0x2060 && c <= 0x206F)
            || (c >= 0x2070 && c <= 0x218F) || (c >= 0x2460 && c <= 0x24FF)
            || (c >= 0x2776 && c <= 0x2793) || (c >= 0x2C00 && c <= 0x2DFF)
            || (c >= 0x2E80 && c <= 0x2FFF) || (c >= 0x3004 && c <= 0x3007)
            || (c >= 0x3021 && c <= 0x302F) || (c >= 0x3031 && c <= 0x303F)
            || (c >= 0x3040 && c <= 0xD7FF) || (c >= 0xF900 && c <= 0xFD3D)
            || (c >= 0xFD40 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFE44)
            || (c >= 0xFE47 && c <= 0xFFF8)
            // Every supplementary plane except each plane's last two code points.
            || (c >= 0x10000 && c <= 0xEFFFD && (c & 0xFFFF) <= 0xFFFD)
    }

    package static func isIdentifierStart(_ c: UInt32) -> Bool {
        if c < 0x80 { return ascii[Int(c)] & identifierStart != 0 }
        guard isIdentifierContinue(c) else { return false }
        // Combining marks may continue but not start an identifier.
        return !((c >= 0x0300 && c <= 0x036F) || (c >= 0x1DC0 && c <= 0x1DFF)
            || (c >= 0x20D0 && c <= 0x20FF) || (c >= 0xFE20 && c <= 0xFE2F))
    }

    package static func isOperatorStart(_ c: UInt32) -> Bool {
        if c < 0x80 { return ascii[Int(c)] & operatorCharacter != 0 }
        return (c >= 0x00A1 && c <= 0x00A7)
            || c == 0x00A9 || c == 0x00AB || c == 0x00AC || c == 0x00AE
            || c == 0x00B0 || c == 0x00B1 || c == 0x00B6 || c == 0x00BB
            || c == 0x00BF || c == 0x00D7 || c == 0x00F7
            || c == 0x2016 || c == 0x2017 || (c >= 0x2020 && c <= 0x2027)
            || (c >= 0x2030 && c <= 0x203E) || (c >= 0x2041 && c <= 0x2053)
            || (c >= 0x2055 && c <= 0x205E) || (c >= 0x2190 && c <= 0x23FF)
            || (c >= 0x2500 && c <= 0x2775) || (c >= 0x2794 && c <= 0x2BFF)
            || (c >= 0x2E00 && c <= 0x2E7F) || (c >= 0x3001 && c <= 0x3003)
            || (c >= 0x3008 && c <= 0x3030)
    }

    package static func isOperatorContinue(_ c: UInt32) -> Bool {
        if isOperatorStart(c) { return true }
        // Combining characters and variation selectors.
        return (c >= 0x0300 && c <= 0x036F) || (c >= 0x1DC0 && c <= 0x1DFF)
            || (c >= 0x20D0 && c <= 0x20FF) || (c >= 0xFE00 && c <= 0xFE0F)
            || (c >= 0xFE20 && c <= 0xFE2F) || (c >= 0xE0100 && c <= 0xE01EF)
    }
}

/// Decodes one UTF-8 scalar at `i`. Returns nil for an invalid or truncated sequence
/// (overlong forms, surrogates and values past U+10FFFF included).
@inline(__always)
package func decodeScalar(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> (scalar: UInt32, length: Int)? {
    let n = b.count
    let b0 = UInt32(b[i])
    if b0 < 0x80 { return (b0, 1) }
    func cont(_ k: Int) -> UInt32? {
        guard i + k < n else { return nil }
        let c = UInt32(b[i + k])
        return c & 0xC0 == 0x80 ? c & 0x3F : nil
    }
    if b0 >= 0xC2 && b0 <= 0xDF {
        guard let c1 = cont(1) else { return nil }
        return ((b0 & 0x1F) << 6 | c1, 2)
    }
    if b0 >= 0xE0 && b0 <= 0xEF {
        guard let c1 = cont(1), let c2 = cont(2) else { return nil }
        let v = (b0 & 0x0F) << 12 | c1 << 6 | c2
        guard v >= 0x800, !(v >= 0xD800 && v <= 0xDFFF) else { return nil }
        return (v, 3)
    }
    if b0 >= 0xF0 && b0 <= 0xF4 {
        guard let c1 = cont(1), let c2 = cont(2), let c3 = cont(3) else { return nil }
        let v = (b0 & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
        guard v >= 0x10000, v <= 0x10FFFF else { return nil }
        return (v, 4)
    }
    return nil
}
