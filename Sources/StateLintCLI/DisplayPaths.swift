import StateLintSyntax
import StateLintIndex
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// Paths as the user sees them: relative to the working directory when they lie inside it.
///
/// Made once per run: the working directory's prefix is compared as bytes, since this runs for
/// every linted file (the report's file list) and every finding.
struct DisplayPaths {
    private let directory: WorkingDirectory?

    init(workingDirectory: String) {
        directory = WorkingDirectory(workingDirectory)
    }

    func callAsFunction(_ path: String) -> String {
        guard path.utf8.first == UInt8(ascii: "/") else {
            return path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        }
        // An absolute path can lie only below an absolute working directory.
        guard let directory else { return path }
        // The prefix ends in `/`, so what follows it starts on a scalar boundary.
        let rest = path.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            let skipped = directory.prefixLength(of: bytes)
            guard skipped > 0 else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[skipped...]), as: UTF8.self)
        }
        if let rest = rest ?? nil { return rest }
        // The Unicode-aware comparison, for a prefix spelled with other but equivalent scalars.
        let prefix = directory.prefix
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
