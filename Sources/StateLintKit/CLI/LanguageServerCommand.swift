import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `statelint lsp`: the language server on standard input and output. Nothing else may write
/// to standard output while it runs (it carries the protocol); `--jobs` limits indexing threads.
enum LanguageServerCommand {
    static func run(_ options: CommandLineOptions, command: StateLintCommand) -> Int32 {
        // Paths and lint options mean nothing here; silently ignoring them would mislead.
        var accepted = CommandLineOptions()
        accepted.command = .lsp
        accepted.jobs = options.jobs
        guard options == accepted else {
            return command.fail("`statelint lsp` takes no paths and no options but --stdio and --jobs",
                                hint: "the editor sends the files; .linter.yml is found for each of them")
        }
        // An editor that quits without `exit` closes the pipe: a write must fail, not kill us.
        signal(SIGPIPE, SIG_IGN)
        let backend = EngineBackend(jobs: options.jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        return LanguageServer(input: STDIN_FILENO, output: STDOUT_FILENO, backend: backend).run()
    }
}
