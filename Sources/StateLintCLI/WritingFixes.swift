import StateLintSyntax
import StateLintEngine

/// What a command does before it writes files with `FixedFileWriter` (`--fix`, `migrate`): an
/// interruption then removes the temporary files being written (`FixInterrupts`), and those a
/// killed run left beside the files it may write are removed now, and named.
enum WritingFixes {
    static func prepare(besideFiles files: [String], environment: Environment, quiet: Bool, displayPath: DisplayPaths) {
        FixInterrupts.installOnce()
        for path in FixTemporaryFiles.sweep(besideFiles: files) where !quiet {
            environment.stderr.write("statelint: removed \(TerminalText.visible(displayPath(path))), left by an interrupted run\n")
        }
    }
}
