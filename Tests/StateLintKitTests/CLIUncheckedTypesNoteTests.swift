import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// The stderr note about possible findings whose types nothing knows.
@Suite struct CLIUncheckedTypesNoteTests {
    @Test func namesThatLookLikeTypesQualify() {
        for name in ["Model", "SessionStore", "Pkg.Model", "Über", "APIClient", "Styles", "KeyChain"] {
            #expect(UncheckedTypesNote.isWorthNaming(name), "\(name)")
        }
        // Functions, generic parameters, `Self`, and conventional value types.
        for name in ["makeModel", "model", "_Model", "T", "Pkg.T", "Self", "FancyButtonStyle", "BadgeModifier",
                     "RoundedShape", "UserID", "ParseOptions", "PreferenceKey", "RowKind", "Pkg.ThemeStyle", "é"] {
            #expect(!UncheckedTypesNote.isWorthNaming(name), "\(name)")
        }
        // The suffix alone is a name like any other.
        #expect(UncheckedTypesNote.isWorthNaming("Style") && UncheckedTypesNote.isWorthNaming("Key"))
    }

    @Test func theLineNamesTheMostFrequentFiveAndCountsTheRest() throws {
        let unchecked = ["Cart": 2, "Player": 1, "Router": 1, "SessionStore": 4, "APIClient": 3, "Zoo": 1, "Alpha": 1,
                         "makeModel": 9, "CardStyle": 5]
        let line = try #require(UncheckedTypesNote.line(unchecked, suggestResolve: false))
        #expect(line.hasPrefix("statelint: note: 13 possible findings were not checked: StateLint does not know whether "
                               + "these 7 types are classes: SessionStore (4×), APIClient (3×), Cart (2×), Alpha, Player, 2 more. "))
        #expect(line.contains("pass --dependencies DIR (Xcode: --derived-data DIR)"))
        #expect(line.contains("known_classes or known_value_types in .linter.yml"))
        #expect(line.hasSuffix("--show-unresolved lists every unknown type."))
        #expect(!line.contains("swift package resolve"))
        #expect(!line.contains("makeModel") && !line.contains("CardStyle"))
        #expect(!line.contains("\n"), "one line")
    }

    @Test func singularWordingAndTheResolveHint() throws {
        let line = try #require(UncheckedTypesNote.line(["Model": 1], suggestResolve: true))
        #expect(line.hasPrefix("statelint: note: 1 possible finding was not checked: StateLint does not know whether this type is a class: Model. "))
        #expect(line.contains("To check them, run `swift package resolve` so .build/checkouts exists, or pass --dependencies DIR"))
    }

    @Test func nothingWorthNamingMeansNoLine() {
        #expect(UncheckedTypesNote.line([:], suggestResolve: true) == nil)
        #expect(UncheckedTypesNote.line(["makeThing": 3, "T": 1, "RowStyle": 2], suggestResolve: true) == nil)
    }

    @Test func controlAndBidiCharactersInNamesAreEscaped() throws {
        let line = try #require(UncheckedTypesNote.line(["Evil\u{202E}Name": 1], suggestResolve: false))
        #expect(line.contains("Evil\\u{202E}Name") && !line.contains("\u{202E}"))
    }
}
