/// Paths as the user sees them: relative to the working directory when they lie inside it.
///
/// Made once per run: the working directory's prefix is compared as bytes, since this runs for
/// every linted file (the report's file list) and every finding.
struct DisplayPaths {
    /// The working directory with a trailing `/`.
    private let prefix: String
    private let prefixBytes: [UInt8]

    init(workingDirectory: String) {
        prefix = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        prefixBytes = Array(prefix.utf8)
    }

    func callAsFunction(_ path: String) -> String {
        guard path.utf8.first == UInt8(ascii: "/") else {
            return path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        }
        // The prefix ends in `/`, so what follows it starts on a scalar boundary.
        let rest = path.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.count > prefixBytes.count,
                  prefixBytes.withUnsafeBufferPointer({ bytes.starts(with: $0) }) else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[prefixBytes.count...]), as: UTF8.self)
        }
        if let rest = rest ?? nil { return rest }
        // The Unicode-aware comparison, for a prefix spelled with other but equivalent scalars.
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
