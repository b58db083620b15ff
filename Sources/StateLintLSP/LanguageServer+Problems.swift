import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// Problems the editor is told about in a message (a broken `.linter.yml`, files that cannot be
/// read): each once for each state of the configuration it was found with.
extension LanguageServer {
    /// A change to `.linter.yml` is met twice (by the lint that notices it, then by the indexing
    /// its reload starts) and a save without a change reloads too: neither shows a problem
    /// again; the file broken again after a fix does. A problem found before the workspace
    /// folder was indexed names the file as later ones do (`LintBackend.setWorkspaceFolders`).
    func showProblem(_ problem: String, configurationState: String?) {
        let message = "StateLint: \(problem)"
        connection.showOnce(message, key: configurationState.map { message + "\u{0}" + $0 })
    }
}
