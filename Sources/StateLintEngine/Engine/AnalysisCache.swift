import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel

/// Phase 1's analyses kept between runs of one engine configuration, reused for a file whose
/// bytes, position and role are the same: `statelint migrate` lints its project again after
/// each round of rewrites, where most files are as they were. The language server keeps its
/// analyses the same way (`ProjectSession`): facts do not depend on the run.
package final class AnalysisCache: @unchecked Sendable {
    private struct Entry {
        let bytes: [UInt8]
        let file: FileID
        let role: LintEngine.FileRole
        let analysed: LintEngine.Analysed
        let summary: TypeDeclarationSummary
    }

    private var entries: [String: Entry] = [:]
    /// Files tokenized before the first run (`statelint migrate` reads every file first).
    private var seeds: [String: (structure: FileStructure, comments: [Token])] = [:]
    private let lock = NSLock()

    package init() {}

    func analysis(of path: String, bytes: [UInt8], file: FileID, role: LintEngine.FileRole) -> (LintEngine.Analysed, TypeDeclarationSummary)? {
        lock.lock()
        let entry = entries[path]
        lock.unlock()
        guard let entry, entry.file == file, entry.role == role, entry.bytes == bytes else { return nil }
        // A run's target assignment (app folders found in it) is the run's own: start afresh.
        entry.analysed.facts.targets = TargetID.restOnly
        return (entry.analysed, entry.summary)
    }

    /// Structures made elsewhere, for the first analysis of their files.
    package func seed(_ files: [(structure: FileStructure, comments: [Token])]) {
        lock.lock()
        for file in files { seeds[file.structure.code.file.path] = file }
        lock.unlock()
    }

    /// A seeded structure of exactly these bytes (taken: a file is analysed once from it).
    func seededStructure(of path: String, bytes: [UInt8]) -> (structure: FileStructure, comments: [Token])? {
        lock.lock()
        let seed = seeds.removeValue(forKey: path)
        lock.unlock()
        guard let seed, seed.structure.code.file.bytes == bytes else { return nil }
        return seed
    }

    func store(_ analysed: LintEngine.Analysed, summary: TypeDeclarationSummary, of path: String, bytes: [UInt8],
               file: FileID, role: LintEngine.FileRole) {
        lock.lock()
        entries[path] = Entry(bytes: bytes, file: file, role: role, analysed: analysed, summary: summary)
        lock.unlock()
    }
}
