import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Finds the Swift sources of dependency checkouts, which are read for type declarations only.
///
/// A checkout is walked like the project (links not followed, so link loops end; build
/// products and hidden folders skipped), without the folders whose types no app creates:
/// tests, examples, demos, benchmarks and documentation catalogs (`*.docc` holds tutorial
/// code). Their sample `class AppModel`s would otherwise decide names the app never imports.
public enum DependencyDiscovery {
    /// Relative to each dependency folder; a pattern matching a folder skips all below it.
    public static let skippedPatterns: [GlobPattern] = [
        "**/*Tests", "**/Test", "**/Examples", "**/Example", "**/Demo", "**/Demos", "**/Samples", "**/Sample",
        "**/Benchmarks", "**/Benchmark", "**/Snippets", "**/*.docc",
        // Manifests declare the package, not its types (some add helper types of their own).
        "**/Package.swift", "**/Package@swift-*.swift",
    ].compactMap { try? GlobPattern($0) }

    /// The Swift files in `folders`, each once (folders may overlap), and the folders that
    /// could not be listed.
    public static func files(in folders: [String], jobs: Int = 1) -> FileDiscovery.Result {
        var result = FileDiscovery.Result()
        var seen: Set<String> = []
        for folder in folders {
            let found = FileDiscovery(rootDirectory: folder, excluded: skippedPatterns).files(under: [folder], jobs: jobs)
            result.files += folders.count == 1 ? found.files : found.files.filter { seen.insert($0).inserted }
            result.errors += found.errors
        }
        return result
    }
}
