import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// `statelint lsp`: the language server on standard input and output. Nothing else may write
/// to standard output while it runs (it carries the protocol).
public enum StandardIOServer {
    /// Serves until `exit` or the end of the input; `jobs` limits the indexing threads.
    public static func run(jobs: Int?) -> Int32 {
        // An editor that quits without `exit` closes the pipe: a write must fail, not kill us.
        signal(SIGPIPE, SIG_IGN)
        let backend = EngineBackend(jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        return LanguageServer(input: STDIN_FILENO, output: STDOUT_FILENO, backend: backend).run()
    }
}
