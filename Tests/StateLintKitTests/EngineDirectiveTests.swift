import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

@Suite struct EngineDirectiveTests {
    /// Directives are found by looking for the marker right after the comment's opener and any
    /// blanks (not by searching each comment): anything else before it is not a directive.
    @Test func onlyCommentsStartingWithTheMarkerAreDirectives() {
        let source = """
        // statelint:disable a
        //\t  statelint:enable a
        //statelint:disable:next b
        /* statelint:disable:this c */
        // see statelint:disable d
        /// statelint:disable e
        /** statelint:disable f */
        // statelint
        // statelint; disable g
        let s = "// statelint:disable h"
        /*statelint:enable a, b - reason */
        """
        let file = SourceFile(path: "a.swift", text: source)
        let (directives, malformed) = Directive.parse(file, tokens: Tokenizer.scanCode(file.bytes).comments)
        #expect(directives.map(\.line) == [1, 2, 3, 4, 11])
        #expect(directives.map(\.ruleIDs) == [["a"], ["a"], ["b"], ["c"], ["a", "b"]])
        #expect(malformed.isEmpty)
    }

    @Test func markerAfterBlanksChecksOnlyTheStart() {
        let marker = Array("statelint:".utf8)
        func start(_ text: String) -> Int? {
            let bytes = Array(text.utf8)
            return Directive.markerAfterBlanks(marker, in: bytes, 0..<bytes.count)
        }
        #expect(start("// statelint:x") == 3)
        #expect(start("//statelint:") == 2)
        #expect(start("// \t statelint:x") == 5)
        #expect(start("// statelint") == nil)
        #expect(start("// x statelint:x") == nil)
        #expect(start("//   ") == nil)
    }
}
