import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// Why a message body is not JSON, with the byte offset where it goes wrong.
public struct LSPJSONError: Error, Sendable, Equatable, CustomStringConvertible {
    public let offset: Int
    public let reason: String
    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

/// A strict RFC 8259 parser over UTF-8 bytes: one value, then only whitespace.
///
/// Nesting is limited (`maximumDepth`), so a body of millions of `[` is an error rather than a
/// stack overflow; the body must be valid UTF-8 (checked once, up front).
public enum LSPJSONParser {
    /// LSP messages nest a dozen levels at most.
    public static let maximumDepth = 256

    public static func parse(_ bytes: [UInt8]) throws(LSPJSONError) -> LSPJSON {
        if let bad = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw LSPJSONError(offset: bad, reason: "not valid UTF-8")
        }
        let result: Result<LSPJSON, LSPJSONError> = bytes.withUnsafeBufferPointer { buffer in
            var cursor = Cursor(bytes: buffer)
            do throws(LSPJSONError) {
                cursor.skipWhitespace()
                let value = try cursor.value(depth: 0)
                cursor.skipWhitespace()
                guard cursor.index == buffer.count else { throw cursor.error("unexpected text after the value") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        func error(_ reason: String) -> LSPJSONError { LSPJSONError(offset: index, reason: reason) }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(LSPJSONError) -> LSPJSON {
            guard let byte = current else { throw error("unexpected end of input") }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw error("unexpected character")
            }
        }

        mutating func literal(_ word: StaticString) throws(LSPJSONError) {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw error("unexpected end of input") }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
                throw error("unexpected character")
            }
            index += count
        }

        mutating func object(depth: Int) throws(LSPJSONError) -> LSPJSON {
            guard depth <= LSPJSONParser.maximumDepth else { throw error("nested deeper than \(LSPJSONParser.maximumDepth) levels") }
            index += 1  // {
            var members: [String: LSPJSON] = [:]
            skipWhitespace()
            if current == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
                let key = try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw error("expected `:`") }
                index += 1
                skipWhitespace()
                members[key] = try value(depth: depth)
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"): index += 1; return .object(members)
                case nil: throw error("unexpected end of input")
                default: throw error("expected `,` or `}`")
                }
            }
        }

        mutating func array(depth: Int) throws(LSPJSONError) -> LSPJSON {
            guard depth <= LSPJSONParser.maximumDepth else { throw error("nested deeper than \(LSPJSONParser.maximumDepth) levels") }
            index += 1  // [
            var items: [LSPJSON] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                skipWhitespace()
                items.append(try value(depth: depth))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"): index += 1; return .array(items)
                case nil: throw error("unexpected end of input")
                default: throw error("expected `,` or `]`")
                }
            }
        }

        /// A string starting at the opening quote. Runs without escapes are copied in one go:
        /// a document's text is one long string.
        mutating func string() throws(LSPJSONError) -> String {
            index += 1  // "
            var decoded: [UInt8] = []
            var runStart = index
            while true {
                guard index < bytes.count else { throw error("unterminated string") }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text: String
                    if decoded.isEmpty {
                        text = String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
                    } else {
                        decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                        text = String(decoding: decoded, as: UTF8.self)
                    }
                    index += 1
                    return text
                }
                if byte < 0x20 { throw error("control character in a string (escape it)") }
                guard byte == UInt8(ascii: "\\") else { index += 1; continue }
                if decoded.isEmpty { decoded.reserveCapacity(index - runStart + 16) }
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                guard let escaped = current else { throw error("unterminated string") }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"): appendScalar(try unicodeEscape(), to: &decoded)
                default:
                    index -= 1
                    throw error("unknown escape `\\\(Character(Unicode.Scalar(escaped)))`")
                }
                runStart = index
            }
        }

        /// The scalar of `\uXXXX` (the `\u` already read), joining a surrogate pair; a lone
        /// surrogate becomes U+FFFD, as JavaScript clients would display it.
        mutating func unicodeEscape() throws(LSPJSONError) -> Unicode.Scalar {
            let first = try hexQuad()
            if (0xD800...0xDBFF).contains(first), index + 1 < bytes.count,
               bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                let save = index
                index += 2
                let second = try hexQuad()
                if (0xDC00...0xDFFF).contains(second) {
                    return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) ?? "\u{FFFD}"
                }
                index = save  // not a pair: the second escape stands on its own
            }
            return Unicode.Scalar(first) ?? "\u{FFFD}"
        }

        mutating func hexQuad() throws(LSPJSONError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw error("unterminated `\\u` escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error("`\\u` needs four hexadecimal digits")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        func appendScalar(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
            UTF8.encode(scalar) { out.append($0) }
        }

        mutating func number() throws(LSPJSONError) -> LSPJSON {
            let start = index
            var isInteger = true
            if current == UInt8(ascii: "-") { index += 1 }
            guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { throw error("expected a digit") }
            if first == UInt8(ascii: "0") {
                index += 1
            } else {
                skipDigits()
            }
            if current == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                guard skipDigits() > 0 else { throw error("expected a digit after `.`") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                isInteger = false
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard skipDigits() > 0 else { throw error("expected a digit in the exponent") }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if isInteger, let value = Int(text) { return .int(value) }
            guard let value = Double(text) else { throw LSPJSONError(offset: start, reason: "number out of range") }
            return .double(value)
        }

        @discardableResult
        mutating func skipDigits() -> Int {
            let start = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - start
        }
    }
}
