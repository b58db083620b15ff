import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The engine for one file at a time, outside a run over a file list: what an editor needs.
/// The caller keeps the other files' summaries (for the index) and facts (for views split over
/// files) and hands them back for each lint.
extension LintEngine {
    /// A linted file held in memory: its declarations, view facts and directives.
    public struct Document: Sendable {
        public let path: String
        public let summary: TypeDeclarationSummary
        public let facts: FileFacts
        package let directives: DirectiveFilter
    }

    /// Analyses the text of a file to lint (`file` numbers it among the caller's files).
    public func analyseDocument(path: String, file: FileID, bytes: [UInt8]) throws(FileReadError) -> Document {
        try SourceReader.validateText(bytes, path: path)
        var timings = Timings()
        let (analysed, summary) = Self.analyse(bytes, path: path, file: file, role: .linted, bodies: .all, keepsBytes: false, timings: &timings)
        return Document(path: path, summary: summary, facts: analysed.facts, directives: analysed.directives!)
    }

    /// The declarations and view facts of a file that is only indexed.
    public static func analyseIndexed(path: String, file: FileID, bytes: [UInt8]) -> (summary: TypeDeclarationSummary, facts: FileFacts) {
        var timings = Timings()
        let (analysed, summary) = analyse(bytes, path: path, file: file, role: .indexed, bodies: .all, keepsBytes: false, timings: &timings)
        return (summary, analysed.facts)
    }

    /// The findings of `document`, with its views merged with the parts in `related` (other
    /// files' facts) and types resolved in `index` (then `dependencies`).
    public func findings(in document: Document, related: [FileFacts], index: ProjectIndex,
                         dependencies: ProjectIndex = ProjectIndex()) -> [Finding] {
        let linted = FileAnalysis(path: document.path, isLinted: true,
                                  outcome: .success(Analysed(facts: document.facts, directives: document.directives, byteCount: 0)),
                                  timings: Timings())
        let others = related.map { facts in
            FileAnalysis(path: facts.path, isLinted: false,
                         outcome: .success(Analysed(facts: facts, directives: nil, byteCount: 0)), timings: Timings())
        }
        var timings = Timings()
        return findings(of: [linted] + others, scopes: TypeScopes(project: index, dependencies: dependencies), timings: &timings).findings
    }
}
