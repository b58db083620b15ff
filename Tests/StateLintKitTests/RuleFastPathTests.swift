import Testing
@testable import StateLintKit

/// The shortcuts of `state_inline_class_init`: initial values without `(` or `{` are no
/// creation (`CreationResolver.mayCreate`), and an initializer's `_name` is matched against the
/// view's `@State` names by bytes, ruling names out on their first ASCII character, with the
/// string comparison kept for non-ASCII spellings.
@Suite struct RuleFastPathTests {
    private func structure(_ source: String) -> FileStructure {
        let file = SourceFile(path: "View.swift", text: source)
        return FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes))
    }

    @Test func valuesWithoutCallOrClosureCreateNothing() {
        let code = structure("let a = false\nlet b = .all\nlet c = \"\"\nlet d = [1, 2]\n").code
        for start in 0..<code.count { #expect(CreationResolver.creation(in: start..<(start + 1), code: code, declaredType: nil) == nil) }
    }

    /// A trailing closure may start just past the range (`endsAfterTrailingClosures` reads from
    /// its end): the `(`/`{` test includes that token.
    @Test func aBraceJustPastTheRangeStillCounts() {
        let code = structure("Model { 1 }").code
        #expect(CreationResolver.mayCreate(0, 1, code))
        #expect(CreationResolver.creation(in: 0..<1, code: code, declaredType: nil)?.typeName == "Model")
        #expect(!CreationResolver.mayCreate(0, 0, code))
    }

    private func initializerHits(stateName: String, storage: String, extraStates: Int = 0) -> Int {
        let extra = (0..<extraStates).map { "    @State private var count\($0) = 0\n" }.joined()
        let source = """
        import SwiftUI
        final class Model {}
        struct FirstView: View {
            @State private var \(stateName): Model
        \(extra)    @Binding var count: Int
            init(count: Binding<Int>) {
                _ = 1
                self._count = count
                \(storage) = State(initialValue: Model())
            }
            var body: some View { Text("x") }
        }
        """
        return RuleHarness.findings([("View.swift", source)], rules: [StateInlineClassInitRule.description.id]).count
    }

    @Test func storageNamesMatchOnBytes() {
        #expect(initializerHits(stateName: "model", storage: "_model") == 1)
        #expect(initializerHits(stateName: "model", storage: "_modem") == 0)
        #expect(initializerHits(stateName: "model", storage: "_mode") == 0)
        #expect(initializerHits(stateName: "cmodel", storage: "_model") == 0)
        // Past `NamedMembers.searchLimit` properties, the dictionary by name.
        #expect(initializerHits(stateName: "model", storage: "_model", extraStates: 20) == 1)
        #expect(initializerHits(stateName: "model", storage: "_modem", extraStates: 20) == 0)
    }

    /// Equal as strings, different bytes: the first-character shortcut must not rule them out.
    @Test func nonASCIISpellingsStillCompareAsStrings() {
        // KELVIN SIGN is canonically equivalent to `K`; `ç` to `c` + COMBINING CEDILLA.
        #expect(initializerHits(stateName: "\u{212A}model", storage: "_Kmodel") == 1)
        #expect(initializerHits(stateName: "Kmodel", storage: "_\u{212A}model") == 1)
        #expect(initializerHits(stateName: "\u{E7}ount", storage: "_c\u{327}ount") == 1)
        #expect(initializerHits(stateName: "c\u{327}ount", storage: "_\u{E7}ount") == 1)
        #expect(initializerHits(stateName: "\u{E7}ount", storage: "_count") == 0)
    }
}
