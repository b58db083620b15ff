import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// The byte tables of `ProjectIndex` against its `String` tables, which a non-ASCII name
/// switches it to: both must answer every lookup the same.
@Suite struct IndexNameTableTests {
    static let sources = [
        "final class Model {}\nenum Settings { struct Model {} }",
        "enum A { final class Inner { struct Leaf {} } }\nenum B { struct Inner {} }",
        "struct Feature { final class Store {}\n struct Screen { struct Store {} } }",
        "final class Legacy {}\nextension Legacy: ObservableObject {}\nextension Outer.Conformer: ObservableObject {}",
        "final class Box<T> {}\ntypealias IntBox = Box<Int>\ntypealias Again = IntBox",
        "struct Dup {}\nfinal class Dup {}\nactor Worker {}",
    ]
    static let names = ["Model", "Settings.Model", "Inner", "A.Inner", "B.Inner", "Leaf", "Inner.Leaf", "A.Inner.Leaf",
                        "Store", "Feature.Store", "Screen.Store", "Legacy", "Outer.Conformer", "Conformer", "IntBox",
                        "Again", "Box", "Dup", "Worker", "Missing", "", "A.", ".Inner"]
    static let scopes = ["", "Feature", "Feature.Screen", "A", "A.Inner", "Settings", "Other.Feature", ".A"]

    static func index(_ sources: [String]) -> ProjectIndex {
        ProjectIndex(summaries: sources.map { source in
            let file = SourceFile(path: "F.swift", text: source)
            return TypeDeclarationSummary(FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes)))
        })
    }

    @Test func byteAndStringTablesAgree() {
        let bytes = Self.index(Self.sources)
        // A non-ASCII type name moves the whole index to `String` tables.
        let strings = Self.index(Self.sources + ["struct Café {}"])
        #expect(strings.lookup("Café") == .valueType)
        #expect(strings.count == bytes.count + 1)
        for name in Self.names {
            #expect(bytes.lookup(name) == strings.lookup(name), "\(name)")
            for scope in Self.scopes {
                #expect(bytes.lookup(name, inScope: scope) == strings.lookup(name, inScope: scope), "\(name) in \(scope)")
            }
        }
        #expect(bytes.lookup("Model") == .referenceType)
        #expect(bytes.lookup("Store", inScope: "Feature.Screen") == .valueType)
        #expect(bytes.lookup("Store", inScope: "Feature") == .referenceType)
        #expect(bytes.lookup("Store") == nil)
        #expect(bytes.lookup("Dup") == nil)
        #expect(bytes.lookup("Conformer") == .referenceType)
        #expect(bytes.lookup("Again") == .referenceType)
    }

    @Test func nonASCIINamesCompareAsStrings() {
        // Byte tables, non-ASCII lookups: equal as `String` means found.
        let bytes = Self.index(["final class Key {}\nstruct Feature { struct Key {} }"])
        #expect(bytes.lookup("\u{212A}ey") == .referenceType)
        #expect(bytes.lookup("\u{212A}ey", inScope: "Feature") == .valueType)
        #expect(bytes.lookup("Key", inScope: "Fe\u{301}ature") == .referenceType)
        #expect(bytes.lookup("Kéy") == nil)
        // String tables: a decomposed spelling finds the precomposed one.
        let strings = Self.index(["final class Café {}\nstruct Menü { final class Item {} }"])
        #expect(strings.lookup("Cafe\u{301}") == .referenceType)
        #expect(strings.lookup("Item", inScope: "Menu\u{308}") == .referenceType)
        #expect(strings.lookup("Menü.Item") == .referenceType)
    }

    @Test func tablesGrowPastTheirFirstSize() {
        let source = (0..<300).map { "enum E\($0) { \($0 % 2 == 0 ? "final class" : "struct") T\($0) {} }" }.joined(separator: "\n")
        let index = Self.index([source])
        for n in 0..<300 {
            let kind: TypeKind = n % 2 == 0 ? .referenceType : .valueType
            #expect(index.lookup("T\(n)") == kind)
            #expect(index.lookup("E\(n).T\(n)") == kind)
            #expect(index.lookup("T\(n)", inScope: "E\(n)") == kind)
        }
        #expect(index.count == 900)
    }

    @Test func summaryNamesAreTheQualifiedNames() {
        let file = SourceFile(path: "F.swift", text: """
        enum Outer { struct Middle { final class Inner {} } }
        extension Outer.Middle { struct Added {} }
        func f() { struct Local {} }
        """)
        let structure = FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes))
        let summary = TypeDeclarationSummary(structure)
        let expected = structure.declarations.indices.filter { structure.declarations[$0].kind.isTypeLike
            && structure.declarations[$0].kind != .extension }.map(structure.qualifiedName(of:))
        #expect(summary.entries.map(summary.qualifiedName(of:)) == expected)
        #expect(expected.contains("Outer.Middle.Inner") && expected.contains("Outer.Middle.Added"))
    }

    /// Every scalar whose one-scalar string equals an ASCII character's is in the fold table.
    @Test func foldingKnowsEveryScalarThatEqualsASCII() {
        var ascii: [Int: UInt8] = [:]
        for byte in UInt8(0)..<0x80 { ascii[String(UnicodeScalar(byte)).hashValue] = byte }
        var found: [UInt32: UInt8] = [:]
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let string = String(scalar)
            if let byte = ascii[string.hashValue], string == String(UnicodeScalar(byte)) { found[value] = byte }
        }
        #expect(found == ASCIIFolding.singletons)
        #expect(ASCIIFolding.fold("\u{212A}ey") == "Key")
        #expect(ASCIIFolding.fold("Café") == nil)
    }
}
