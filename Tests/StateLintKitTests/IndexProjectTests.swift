import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

@Suite struct IndexProjectTests {
    static func index(_ sources: String...) -> ProjectIndex {
        ProjectIndex(summaries: sources.map { source in
            let file = SourceFile(path: "F.swift", text: source)
            return TypeDeclarationSummary(FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes)))
        })
    }

    @Test func fullNamesWinOverSuffixes() {
        let index = Self.index("final class Model {}", "enum Settings { struct Model {} }")
        #expect(index.lookup("Model") == .referenceType)
        #expect(index.lookup("Settings.Model") == .valueType)
    }

    @Test func suffixesAloneAreAmbiguousWhenKindsDisagree() {
        let index = Self.index("enum A { final class Model {} }", "enum B { struct Model {} }")
        #expect(index.lookup("Model") == nil)
        #expect(index.lookup("A.Model") == .referenceType)
        #expect(index.lookup("B.Model") == .valueType)
    }

    @Test func topLevelNamesDeclaredWithBothKindsAreAmbiguous() {
        let index = Self.index("final class Model {}", "struct Model {}")
        #expect(index.lookup("Model") == nil)
    }

    @Test func scopedLookupPrefersTheInnermostEnclosingType() {
        let index = Self.index("""
        struct Model {}
        struct Feature {
            final class Model {}
            struct Screen {}
        }
        """)
        #expect(index.lookup("Model", inScope: "Feature.Screen") == .referenceType)
        #expect(index.lookup("Model", inScope: "Other") == .valueType)
        let resolver = TypeResolver(project: index, knownValueTypes: ["Model"])
        #expect(resolver.kind(of: "Model", inScope: "Feature") == .valueType, "configured names win")
    }

    @Test func inheritedNamesResolveInTheScopeTheyAreWrittenIn() {
        // Resolutions are shared between types where the scope cannot change them: `Base` can
        // (a nested type has that name), `ObservableObject`-ness must follow each scope.
        let index = Self.index("""
        class Base: ObservableObject {}
        class Early: Base {}
        enum Feature {
            class Base: CustomStringConvertible { var description: String { "" } }
            class Model: Base {}
            enum CodingKeys: String, CodingKey { case a }
        }
        enum Other {
            class Sub: Base {}
        }
        class Late: Base {}
        """)
        let conformances = index.conformances
        #expect(conformances.conformances(of: "Early", inScope: nil).contains(.observableObject))
        #expect(!conformances.conformances(of: "Feature.Model", inScope: nil).contains(.observableObject))
        #expect(conformances.conformances(of: "Other.Sub", inScope: nil).contains(.observableObject))
        #expect(conformances.conformances(of: "Late", inScope: nil).contains(.observableObject))
        #expect(conformances.legacyObservableObjectNames == ["Base", "Early", "Sub", "Late"], "last components")
    }

    @Test func observableIsReadWithOrWithoutItsModule() {
        let index = Self.index("""
        @Observable final class A: ObservableObject {}
        @Observation.Observable final class B: ObservableObject {}
        @MainActor final class C: ObservableObject {}
        """)
        #expect(index.conformances.legacyObservableObjectNames == ["C"])
    }

    @Test func aliasesAndExtensionConformancesMakeClasses() {
        let index = Self.index("""
        final class Store<F> {}
        typealias AppStore = Store<Int>
        typealias Again = AppStore
        final class Legacy {}
        struct Plain {}
        extension Legacy: ObservableObject {}
        """)
        #expect(index.lookup("AppStore") == .referenceType)
        #expect(index.lookup("Again") == .referenceType)
        #expect(index.lookup("Legacy") == .referenceType)
        #expect(index.lookup("Plain") == .valueType)
    }

    @Test func onlyClassOnlyConformancesOfExtensionsMakeClasses() {
        let index = Self.index("""
        struct Declared {}
        extension A: Combine.ObservableObject {}
        extension B: Equatable, AnyObject {}
        extension C: Observable, ObservableObjectLike {}
        extension D: Foo.ObservableObject {}
        extension Declared: ObservableObject {}
        """)
        #expect(index.lookup("A") == .referenceType)
        #expect(index.lookup("B") == .referenceType)
        #expect(index.lookup("C") == nil)
        #expect(index.lookup("D") == nil)
        // A declaration wins over a conformance.
        #expect(index.lookup("Declared") == .valueType)
        // Summaries name only what the index registers: no protocols, no other extensions.
        let file = SourceFile(path: "F.swift", text: "protocol P {}\nextension X: P {}\nextension Y: ObservableObject {}")
        let summary = TypeDeclarationSummary(FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes)))
        #expect(summary.entries.map(summary.qualifiedName(of:)) == ["Y"])
    }

    /// A summary's header hashes are its headers' names hashed, in order, whether the hash was
    /// made for the header (protocols, extensions) or taken from its type's entry; and
    /// restricting it keeps exactly the headers of the names asked for.
    @Test func headerHashesAreTheHeadersNames() {
        let file = SourceFile(path: "F.swift", text: """
        protocol P: AnyObject {}
        final class Café: P {}
        enum Outer { struct Inner: Codable {} }
        extension Outer.Inner: Hashable {}
        struct Plain {}
        @Observable final class Model {}
        actor Worker: P {}
        """)
        let summary = TypeDeclarationSummary(FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes)))
        func hash(_ name: String) -> UInt64 {
            var name = name
            return name.withUTF8 { NameTable.hash($0) }
        }
        #expect(summary.headers.map(\.name) == ["P", "Café", "Outer.Inner", "Outer.Inner", "Model", "Worker"])
        #expect(summary.headerHashes == summary.headers.map { hash($0.name) })
        let kept = summary.restricted(toNames: [hash("Outer.Inner"), hash("Worker")])
        #expect(kept.headers.map(\.name) == ["Outer.Inner", "Outer.Inner", "Worker"])
        #expect(kept.headerHashes == kept.headers.map { hash($0.name) })
    }

    /// Top-level names skip the suffix search; nested ones must still register their suffixes.
    @Test func nestedNamesRegisterTheirSuffixes() {
        let index = Self.index("""
        enum Outer { final class Inner { struct Leaf {} } }
        func make() { final class Local {} }
        struct Top {}
        """)
        #expect(index.lookup("Inner") == .referenceType)
        #expect(index.lookup("Inner.Leaf") == .valueType)
        #expect(index.lookup("Leaf") == .valueType)
        #expect(index.lookup("Local") == .referenceType)
        #expect(index.lookup("Top") == .valueType)
        #expect(index.lookup("Outer.Inner.Leaf") == .valueType)
    }

    @Test func dotsAreFoundAsCharactersWhateverTheSpelling() {
        #expect(DottedName.firstDot(in: "Outer.Middle.Inner").map { "Outer.Middle.Inner"[$0...] } == ".Middle.Inner")
        #expect(DottedName.lastDot(in: "Outer.Middle.Inner").map { "Outer.Middle.Inner"[$0...] } == ".Inner")
        #expect(DottedName.lastDot(in: "Plain") == nil)
        #expect(lastComponent("Outer.Inner") == "Inner")
        #expect(lastComponent("Café.Menü") == "Menü")
        // A `.` carrying a combining mark is another character: not a separator.
        #expect(DottedName.lastDot(in: "A.\u{301}B") == nil)
        #expect(lastComponent("A.B.\u{301}C") == "B.\u{301}C")
    }
}
