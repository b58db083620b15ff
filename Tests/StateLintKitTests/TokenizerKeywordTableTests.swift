import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// The perfect-hash keyword table must find every spelling, wherever it sits in the buffer,
/// and nothing else: a wrong match turns a name into a keyword and breaks the structure pass.
@Suite struct TokenizerKeywordTableTests {
    private func lookup(_ text: String, prefix: String = "", suffix: String = "") -> Keyword {
        let bytes = Array((prefix + text + suffix).utf8)
        return bytes.withUnsafeBufferPointer {
            KeywordTable.shared.lookup($0, start: prefix.utf8.count, count: text.utf8.count)
        }
    }

    @Test func everySpellingMapsToItsKeyword() {
        for (index, spelling) in Keyword.spellings.enumerated() {
            let expected = Keyword(rawValue: UInt8(index + 1))
            // Near the end of the buffer (byte-by-byte packing) and far from it (8-byte loads).
            #expect(lookup(spelling) == expected, "\(spelling)")
            #expect(lookup(spelling, prefix: "x ", suffix: " = 1234567890123456789") == expected, "\(spelling)")
        }
    }

    @Test func nearMissesAreNotKeywords() {
        let padding = " + 12345678901234567890"
        for spelling in Keyword.spellings {
            for miss in [spelling + "s", String(spelling.dropLast()), spelling.uppercased(), "_" + spelling, spelling + "1"]
            where !Keyword.spellings.contains(miss) && !miss.isEmpty {
                #expect(lookup(miss) == .none, "\(miss)")
                #expect(lookup(miss, suffix: padding) == .none, "\(miss)")
            }
        }
        for name in ["Model", "model", "body", "onAppear", "internalState", "precedencegroups", "associatedtypeX",
                     "aVeryLongIdentifierName", "x", "é"] {
            #expect(lookup(name, suffix: padding) == .none, "\(name)")
        }
    }

    @Test func onlyTheWordsBytesCount() {
        // The bytes after the word differ; the answer must not.
        #expect(lookup("self", suffix: "ie") == .`self`)
        #expect(lookup("let", suffix: "ter and more bytes after it") == .let)
        #expect(lookup("extension", suffix: "Point") == .extension)
    }
}
