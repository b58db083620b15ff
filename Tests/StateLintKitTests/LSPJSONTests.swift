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

@Suite("LSP JSON")
struct LSPJSONTests {
    @Test("parses every kind of value")
    func parsesValues() throws {
        let value = try LSPJSONParser.parse(Array(#" {"a": [1, -2, 3.5, 1e3, true, false, null], "b": {"c": "d"}, "e": ""} "#.utf8))
        #expect(value == ["a": [1, -2, .double(3.5), .double(1000), true, false, nil], "b": ["c": "d"], "e": ""])
        #expect(value["a"]?.arrayValue?[3].intValue == 1000)
        #expect(value["a"]?.arrayValue?[2].intValue == nil)
        #expect(value["missing"] == nil)
    }

    @Test("string escapes, surrogate pairs and lone surrogates")
    func stringEscapes() throws {
        let parsed = try LSPJSONParser.parse(Array(#""q\" b\\ s\/ n\n t\t r\r b\b f\f \u00e9 \ud83d\ude00 \ud800x""#.utf8))
        #expect(parsed == .string("q\" b\\ s/ n\n t\t r\r b\u{8} f\u{C} é 😀 \u{FFFD}x"))
        // Raw multi-byte text passes through unchanged.
        #expect(try LSPJSONParser.parse(Array("\"é😀\u{2028}\"".utf8)) == .string("é😀\u{2028}"))
    }

    @Test("serialises compactly with sorted keys, escaping as the JSON reporter does")
    func serialises() throws {
        let value: LSPJSON = ["b": [1, .double(2.5), nil, true], "a": .string("line\nbreak \"quote\" \u{1} \u{2028}")]
        let text = String(decoding: value.serialized(), as: UTF8.self)
        #expect(text == #"{"a":"line\nbreak \"quote\" \u0001 \u2028","b":[1,2.5,null,true]}"#)
        #expect(try LSPJSONParser.parse(value.serialized()) == value)
        #expect(String(decoding: LSPJSON.double(.nan).serialized(), as: UTF8.self) == "null")
        // Foundation's parser agrees that the output is JSON.
        #expect((try? JSONSerialization.jsonObject(with: Data(value.serialized()))) != nil)
    }

    @Test("round-trips text with every kind of character")
    func roundTrips() throws {
        let text = "tab\t nul\u{0} del\u{7F} é 日本 😀 \u{2029} \\ \" /"
        let value: LSPJSON = ["text": .string(text)]
        #expect(try LSPJSONParser.parse(value.serialized())["text"]?.stringValue == text)
    }

    @Test("rejects what is not JSON, saying where", arguments: [
        ("", "unexpected end of input"),
        ("{", "expected a string key"),
        (#"{"a" 1}"#, "expected `:`"),
        (#"{"a": 1,}"#, "expected a string key"),
        ("[1 2]", "expected `,` or `]`"),
        ("[1,]", "unexpected character"),
        (#""abc"#, "unterminated string"),
        ("\"a\u{1}b\"", "control character"),
        (#""\x""#, "unknown escape"),
        (#""\u12G4""#, "four hexadecimal digits"),
        ("01", "unexpected text after the value"),
        ("1.", "expected a digit after"),
        ("-", "expected a digit"),
        ("tru", "unexpected end of input"),
        ("nul1", "unexpected character"),
        ("{} {}", "unexpected text after the value"),
        ("'a'", "unexpected character"),
    ])
    func rejects(input: String, reason: String) {
        #expect(throws: LSPJSONError.self) { try LSPJSONParser.parse(Array(input.utf8)) }
        do {
            _ = try LSPJSONParser.parse(Array(input.utf8))
        } catch {
            #expect(error.reason.contains(reason), "\(input): \(error)")
            #expect(error.offset >= 0 && error.offset <= input.utf8.count)
        }
    }

    @Test("invalid UTF-8 is an error, not replaced silently")
    func invalidUTF8() {
        #expect(throws: LSPJSONError(offset: 2, reason: "not valid UTF-8")) {
            try LSPJSONParser.parse([UInt8(ascii: "\""), UInt8(ascii: "a"), 0xFF, UInt8(ascii: "\"")])
        }
    }

    @Test("deep nesting is an error, not a stack overflow")
    func deepNesting() {
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(throws: LSPJSONError.self) { try LSPJSONParser.parse(deep) }
        let limit = LSPJSONParser.maximumDepth
        let allowed = Array(String(repeating: "[", count: limit).utf8) + Array(String(repeating: "]", count: limit).utf8)
        #expect((try? LSPJSONParser.parse(allowed)) != nil)
        let tooDeep = Array(String(repeating: "[", count: limit + 1).utf8) + Array(String(repeating: "]", count: limit + 1).utf8)
        #expect(throws: LSPJSONError.self) { try LSPJSONParser.parse(tooDeep) }
    }

    @Test("numbers: integers stay integers, the rest are doubles")
    func numbers() throws {
        #expect(try LSPJSONParser.parse(Array("9223372036854775807".utf8)) == .int(Int.max))
        #expect(try LSPJSONParser.parse(Array("92233720368547758070".utf8)) == .double(9.223372036854775807e19))
        #expect(try LSPJSONParser.parse(Array("-0.25e-2".utf8)) == .double(-0.0025))
        #expect(try LSPJSONParser.parse(Array("1e999".utf8)) == .double(.infinity))
    }
}
