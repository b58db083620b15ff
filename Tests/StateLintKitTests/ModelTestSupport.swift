@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// Builds the view model's pieces from source text, as the engine does.
enum ModelHarness {
    static func structure(_ source: String, path: String = "View.swift") -> FileStructure {
        let file = SourceFile(path: path, text: source)
        return FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes))
    }

    static func facts(_ source: String, path: String = "View.swift") -> FileFacts {
        FactExtractor(structure: structure(source, path: path), file: FileID(0)).facts()
    }

    /// The views of a project made of `files` (path, source).
    static func views(_ files: [(path: String, source: String)]) -> [SwiftUIView] {
        let structures = files.map { structure($0.source, path: $0.path) }
        let index = ProjectIndex(summaries: structures.map(TypeDeclarationSummary.init))
        let facts = structures.enumerated().map { FactExtractor(structure: $1, file: FileID($0)).facts() }
        return ProjectViews(files: facts, index: index).views
    }

    static func view(_ name: String, in files: [(path: String, source: String)]) -> SwiftUIView? {
        views(files).first { $0.name == name }
    }

    /// What `expression` (all of its tokens) evaluates to.
    static func value(_ expression: String) -> ValueFacts {
        let code = structure(expression).code
        return ValueReader(code: code, file: FileID(0)).value(in: 0..<code.count)
    }

    /// The created type of `expression`, if it is a creation (nil for `.init()`'s).
    static func createdType(_ expression: String) -> String? {
        value(expression).creation?.writtenType
    }

    /// The nil knowledge of a condition (all of `condition`'s tokens).
    static func knowledge(_ condition: String) -> ConditionReader.Knowledge {
        let code = structure(condition).code
        return ConditionReader(code: code).knowledge(of: 0..<code.count)
    }
}
