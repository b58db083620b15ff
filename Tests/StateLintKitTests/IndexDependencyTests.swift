import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// Dependencies' declarations: used for names the project does not declare, never over the
/// project's own, and before the framework catalog.
@Suite struct IndexDependencyTests {
    static let index = IndexProjectTests.index

    static func resolver(project: [String], dependencies: [String], knownValueTypes: [String] = []) -> TypeResolver {
        TypeResolver(project: ProjectIndex(summaries: project.map(summary)),
                     dependencies: ProjectIndex(summaries: dependencies.map(summary)), knownValueTypes: knownValueTypes)
    }

    static func summary(_ source: String) -> TypeDeclarationSummary {
        let file = SourceFile(path: "F.swift", text: source)
        return TypeDeclarationSummary(FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes)))
    }

    @Test func dependencyClassesAreKnownWhenTheProjectDoesNotDeclareThem() {
        let types = Self.resolver(project: ["struct Screen {}"], dependencies: ["@Observable public final class Model {}"])
        #expect(types.kind(of: "Model") == .referenceType)
        #expect(types.kind(of: "Model", inScope: "Screen") == .referenceType)
        // Module-qualified, as `import Pkg` code may write it.
        #expect(types.kind(of: "Pkg.Model") == .referenceType)
        #expect(types.kind(of: "Missing") == nil)
    }

    @Test func theProjectsKindWinsOverTheDependencys() {
        let types = Self.resolver(project: ["struct Model {}"], dependencies: ["final class Model {}"])
        #expect(types.kind(of: "Model") == .valueType)
        #expect(types.kind(of: "Model", inScope: "Other") == .valueType)
        let reversed = Self.resolver(project: ["final class Model {}"], dependencies: ["struct Model {}"])
        #expect(reversed.kind(of: "Model") == .referenceType)
    }

    @Test func aProjectSuffixOrNestedTypeAlsoHidesTheDependencys() {
        // `Model` means the project's nested struct (a suffix), not the package's class.
        let types = Self.resolver(project: ["enum Settings { struct Model {} }"], dependencies: ["final class Model {}"])
        #expect(types.kind(of: "Model") == .valueType)
        // Inside `Feature`, its own nested class; elsewhere the dependency's struct.
        let scoped = Self.resolver(project: ["struct Feature { final class Row {} }"], dependencies: ["struct Row {}"])
        #expect(scoped.kind(of: "Row", inScope: "Feature") == .referenceType)
    }

    @Test func aNameTheProjectDeclaresWithBothKindsStaysUndecided() {
        // Precision first: the dependency's class must not settle the project's own conflict.
        let types = Self.resolver(project: ["final class Model {}", "struct Model {}"], dependencies: ["final class Model {}"])
        #expect(types.project.declares("Model"))
        #expect(types.project.lookup("Model") == nil)
        #expect(types.kind(of: "Model") == nil)
        #expect(types.kind(of: "Model", inScope: "Screen") == nil)
    }

    @Test func dependenciesWinOverTheCatalogAndConfigurationWinsOverBoth() {
        // The catalog says SwiftUI's `Color` is a value type; a package's own `Color` class decides.
        #expect(TypeResolver(project: ProjectIndex()).kind(of: "Color") == .valueType)
        let types = Self.resolver(project: [], dependencies: ["final class Color {}"])
        #expect(types.kind(of: "Color") == .referenceType)
        // Module-qualified catalog names still go to the catalog.
        #expect(types.kind(of: "SwiftUI.Color") == .valueType)
        let configured = Self.resolver(project: [], dependencies: ["final class Color {}"], knownValueTypes: ["Color"])
        #expect(configured.kind(of: "Color") == .valueType)
        #expect(configured.kind(of: "Color", inScope: "Screen") == .valueType)
    }

    @Test func projectTypealiasesResolveThroughDependencies() {
        var dependencies = ProjectIndex.Builder()
        dependencies.add(Self.summary("public final class Store<State, Action> {}"), position: 0)
        var project = ProjectIndex.Builder()
        project.add(Self.summary("typealias AppStore = Store<AppState, AppAction>\nstruct AppState {}"), position: 0)
        let index = project.build(aliasFallback: dependencies.build())
        #expect(index.lookup("AppStore") == .referenceType)
        // The dependency's own names stay out of the project's index.
        #expect(index.lookup("Store") == nil && !index.declares("Store"))
        #expect(project.build().lookup("AppStore") == nil, "without the fallback the alias is unknown")
    }

    @Test func declaresAndIsEmpty() {
        #expect(ProjectIndex().isEmpty)
        let index = Self.index("enum Outer { final class Inner {} }")
        #expect(!index.isEmpty)
        #expect(index.declares("Inner") && index.declares("Outer.Inner") && index.declares("Outer"))
        #expect(!index.declares("Other"))
        #expect(index.declares("Inner", inScope: "Outer") && !index.declares("Other", inScope: "Outer"))
        // Non-ASCII names move the index to its String tables; `declares` answers there too.
        let unicode = Self.index("final class Café {}", "final class Modèle {}", "struct Modèle {}")
        #expect(unicode.declares("Café") && unicode.declares("Modèle") && unicode.lookup("Modèle") == nil)
        #expect(!unicode.declares("Thé"))
        #expect(unicode.declares("Modèle", inScope: "Other"))
    }
}
