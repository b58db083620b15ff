
/// A JSON document with object keys in the order they were written.
///
/// Our own writer instead of `JSONSerialization`/`JSONEncoder`: key order must be fixed
/// and documented, and escaping must cover U+2028/U+2029, which Foundation leaves raw.
/// It writes UTF-8 bytes, which is several times faster than appending to a `String`.
public indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// Pretty-printed with two-space indentation and a trailing newline.
    public func rendered() -> String {
        var out: [UInt8] = []
        write(to: &out, indent: 0)
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }

    /// On one line, without spaces and without a trailing newline (JSON Lines).
    public func renderedCompact() -> String {
        var out: [UInt8] = []
        writeCompact(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func writeCompact(to out: inout [UInt8]) {
        switch self {
        case .null, .bool, .int, .string:
            write(to: &out, indent: 0)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.writeCompact(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.writeCompact(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private func write(to out: inout [UInt8], indent: Int) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let value): out += (value ? "true" : "false").utf8
        case .int(let value): out += String(value).utf8
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let items):
            guard !items.isEmpty else { out += "[]".utf8; return }
            out += "[\n".utf8
            for (index, item) in items.enumerated() {
                Self.writeIndent(indent + 1, to: &out)
                item.write(to: &out, indent: indent + 1)
                out += (index < items.count - 1 ? ",\n" : "\n").utf8
            }
            Self.writeIndent(indent, to: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { out += "{}".utf8; return }
            out += "{\n".utf8
            for (index, member) in members.enumerated() {
                Self.writeIndent(indent + 1, to: &out)
                JSONValue.writeString(member.key, to: &out)
                out += ": ".utf8
                member.value.write(to: &out, indent: indent + 1)
                out += (index < members.count - 1 ? ",\n" : "\n").utf8
            }
            Self.writeIndent(indent, to: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeIndent(_ level: Int, to out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
    }

    /// `value` as a quoted, escaped JSON string.
    public static func quoted(_ value: String) -> String {
        var out: [UInt8] = []
        writeString(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// RFC 8259 string escaping, plus U+2028/U+2029 (UTF-8 E2 80 A8/A9) so the output is
    /// also valid JavaScript. Works on UTF-8 bytes: every byte that needs escaping is ASCII
    /// except that one sequence.
    package static func writeString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let needsWork = value.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0xE2 }
        guard needsWork else {
            out += value.utf8
            out.append(UInt8(ascii: "\""))
            return
        }
        var bytes = value.utf8.makeIterator()
        var pending: [UInt8] = []
        while let byte = pending.isEmpty ? bytes.next() : pending.removeFirst() {
            switch byte {
            case UInt8(ascii: "\""): out += "\\\"".utf8
            case UInt8(ascii: "\\"): out += "\\\\".utf8
            case 0x0A: out += "\\n".utf8
            case 0x0D: out += "\\r".utf8
            case 0x09: out += "\\t".utf8
            case 0x08: out += "\\b".utf8
            case 0x0C: out += "\\f".utf8
            case 0x00..<0x20: out += unicodeEscape(UInt32(byte)).utf8
            case 0xE2:
                // Look ahead for E2 80 A8 / E2 80 A9; anything else is copied unchanged.
                guard let second = bytes.next() else { out.append(byte); continue }
                guard second == 0x80, let third = bytes.next() else {
                    out.append(byte); pending.append(second); continue
                }
                if third == 0xA8 || third == 0xA9 {
                    out += unicodeEscape(third == 0xA8 ? 0x2028 : 0x2029).utf8
                } else {
                    out.append(byte); out.append(second); pending.append(third)
                }
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
