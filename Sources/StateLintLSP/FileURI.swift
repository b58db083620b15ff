import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// `file:` URIs and the paths they name (RFC 8089, as editors write them: `file:///a/b%20c`).
enum FileURI {
    /// The absolute, normalised path of a `file:` URI on this machine, or nil for any other
    /// URI (`untitled:`, a remote host) or one whose escapes are not UTF-8.
    static func path(of uri: String) -> String? {
        let scheme = "file://"
        guard uri.count > scheme.count, uri.prefix(scheme.count).lowercased() == scheme else { return nil }
        var rest = Substring(uri.dropFirst(scheme.count))
        // An authority: empty (`file:///path`) or `localhost`.
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let authority = rest[..<slash]
        guard authority.isEmpty || authority.lowercased() == "localhost" else { return nil }
        rest = rest[slash...]
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        guard let decoded = percentDecoded(rest) else { return nil }
        return FileDiscovery.absolute(decoded, relativeTo: "/")
    }

    /// The `file:` URI of an absolute path: every byte but unreserved characters and `/` escaped.
    static func uri(ofPath path: String) -> String {
        var out = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        guard UTF8Validation.firstInvalidOffset(in: bytes) == nil, !bytes.contains(0) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
