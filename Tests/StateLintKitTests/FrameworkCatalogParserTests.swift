import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

@Suite struct FrameworkCatalogParserTests {
    @Test func parsesEntriesWithModulesAndLocations() throws {
        let text = """
        # header comment

        module Kit   # trailing comment
          class Engine
        value Wheel.Spoke\t# nested
        module Other\r\nvalue Bolt
        module Kit
        class Crank
        """
        let catalog = try FrameworkCatalog(parsing: text)
        #expect(catalog.moduleNames == ["Kit", "Other"])
        #expect(catalog.entries.map(\.name) == ["Engine", "Wheel.Spoke", "Bolt", "Crank"])
        #expect(catalog.entries.map(\.module) == ["Kit", "Kit", "Other", "Kit"])
        #expect(catalog.entries[0].location == SourceLocation(line: 4, column: 9))
        #expect(catalog.entries[2].location == SourceLocation(line: 7, column: 7))
        #expect(catalog.kind(of: "Engine") == .referenceType)
        #expect(catalog.kind(of: "Kit.Wheel.Spoke") == .valueType)
        #expect(catalog.kind(of: "Other.Engine") == .referenceType)
        #expect(catalog.kind(of: "Wheel") == nil)
        #expect(catalog.kind(of: "Foundation.Engine") == nil)  // not a module of this catalog
    }

    @Test func emptyAndCommentOnlyTextGiveAnEmptyCatalog() throws {
        #expect(try FrameworkCatalog(parsing: "").entries.isEmpty)
        #expect(try FrameworkCatalog(parsing: "# nothing\n\n   \n").entries.isEmpty)
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        let text: String
        let line: Int
        let column: Int
        let messagePart: String
        var testDescription: String { text.debugDescription }
    }

    @Test(arguments: [
        BadCase(text: "module A\nklass Foo", line: 2, column: 1, messagePart: "expected `module`, `class` or `value`"),
        BadCase(text: "module A\nclass", line: 2, column: 6, messagePart: "expected a name"),
        BadCase(text: "module A\nclass Foo Bar", line: 2, column: 11, messagePart: "unexpected `Bar`"),
        BadCase(text: "class Foo", line: 1, column: 1, messagePart: "before the first `module`"),
        BadCase(text: "module A\nclass Foo\nclass Foo", line: 3, column: 7, messagePart: "duplicate entry `Foo` (already listed at line 2)"),
        BadCase(text: "module A\nclass Foo\nmodule B\nvalue Foo", line: 4, column: 7, messagePart: "listed as value here but as class at line 2"),
        BadCase(text: "module A\nvalue 9Lives", line: 2, column: 7, messagePart: "invalid type name"),
        BadCase(text: "module A\nvalue Foo..Bar", line: 2, column: 11, messagePart: "invalid type name"),
        BadCase(text: "module A\nvalue Foo.", line: 2, column: 11, messagePart: "invalid type name"),
        BadCase(text: "module A\nvalue Foo-Bar", line: 2, column: 10, messagePart: "invalid type name"),
        BadCase(text: "module A.B", line: 1, column: 9, messagePart: "invalid module name"),
        BadCase(text: "module A\n  value  F\u{F6}o", line: 2, column: 11, messagePart: "invalid type name"),
        BadCase(text: "module A\nvalue B.Foo\nmodule B", line: 2, column: 7, messagePart: "starts with the module name `B`"),
        BadCase(text: "module A\r\nclass Foo\r\nvalue Foo", line: 3, column: 7, messagePart: "as class at line 2"),
        BadCase(text: "module A\rclass Foo\rclass Foo", line: 3, column: 7, messagePart: "already listed at line 2"),
        BadCase(text: "module A\nvalue Foo immutable", line: 2, column: 11,
                messagePart: "`immutable` applies only to classes, but `Foo` is a value type"),
        BadCase(text: "module A\nclass Foo mutable", line: 2, column: 11, messagePart: "unexpected `mutable` after the name"),
        BadCase(text: "module A\nclass Foo Immutable", line: 2, column: 11, messagePart: "unexpected `Immutable`"),
        BadCase(text: "module A\nclass Foo immutable immutable", line: 2, column: 21,
                messagePart: "unexpected `immutable` after `immutable`"),
        BadCase(text: "module A immutable", line: 1, column: 10, messagePart: "unexpected `immutable` after the name"),
        BadCase(text: "module A\nclass Foo immutable\nvalue Foo", line: 3, column: 7, messagePart: "as class at line 2"),
        BadCase(text: "module A\nclass 9Lives immutable", line: 2, column: 7, messagePart: "invalid type name `9Lives`"),
    ])
    func malformedTextReportsLineAndColumn(_ bad: BadCase) {
        #expect {
            _ = try FrameworkCatalog(parsing: bad.text)
        } throws: { error in
            guard let error = error as? FrameworkCatalogError else { return false }
            return error.location == SourceLocation(line: bad.line, column: bad.column)
                && error.message.contains(bad.messagePart)
        }
    }

    @Test func errorDescriptionStartsWithLineAndColumn() {
        do {
            _ = try FrameworkCatalog(parsing: "module A\nstruct Foo")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "2:1: expected `module`, `class` or `value`, found `struct`")
        }
    }

    @Test func immutableMarksClassesAndResolvesLikeKindOf() throws {
        let catalog = try FrameworkCatalog(parsing: """
        module Kit
        class Image immutable
        class Canvas
        class Glyph\timmutable   # tab-separated, then a comment
        class Image.Variant immutable
        value Size
        module Other
        class Photo immutable#comment
        """)
        #expect(catalog.entries.map(\.isImmutable) == [true, false, true, true, false, true])
        #expect(catalog.entries.map(\.kind) == [.referenceType, .referenceType, .referenceType, .referenceType,
                                                 .valueType, .referenceType])
        for name in ["Image", "Kit.Image", "Other.Image", "Glyph", "Image.Variant", "Kit.Image.Variant",
                     "Image<Int>", "Photo", "Other.Photo"] {
            #expect(catalog.isImmutableClass(name), "\(name)")
        }
        for name in ["Canvas", "Size", "Variant", "Image.", "image", "Unknown", "Kit", "", "Foundation.Image"] {
            #expect(!catalog.isImmutableClass(name), "\(name)")
        }
        let source = "let thumbnail = Kit.Image()"
        let start = source.index(source.startIndex, offsetBy: 16)
        let end = source.index(source.endIndex, offsetBy: -2)
        #expect(catalog.isImmutableClass(source[start..<end]))
        #expect(catalog.kind(of: "Image") == .referenceType)  // `immutable` does not change the kind
    }

    @Test func nonASCIINamesMatchOnlyTheirASCIIEquals() throws {
        let catalog = try FrameworkCatalog(parsing: "module Kit\nclass Kilo immutable\nvalue Size")
        // KELVIN SIGN is canonically equivalent to K, so `String` equality says these are equal.
        #expect(catalog.kind(of: "\u{212A}ilo") == .referenceType)
        #expect(catalog.isImmutableClass("\u{212A}ilo"))
        #expect(catalog.kind(of: "K\u{00EF}lo") == nil)
        #expect(catalog.kind(of: "Kit.Si\u{0301}ze") == nil)
    }

    @Test func loneCarriageReturnsAndBlankLinesCountAsLines() throws {
        let catalog = try FrameworkCatalog(parsing: "module A\r\rclass Foo\r\n\nvalue Bar\r")
        #expect(catalog.entries.map(\.location) == [SourceLocation(line: 3, column: 7),
                                                     SourceLocation(line: 5, column: 7)])
    }

    @Test func genericArgumentsAreRemovedWithNesting() {
        #expect(FrameworkCatalog.removingGenericArguments("A<B<C>, D>.E") == "A.E")
        #expect(FrameworkCatalog.removingGenericArguments("Plain") == "Plain")
        #expect(FrameworkCatalog.removingGenericArguments("Odd>>") == "Odd")
    }
}
