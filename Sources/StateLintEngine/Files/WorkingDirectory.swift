import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// A working directory as a prefix (`/a/b/`): how much of a path below it can be dropped,
/// to open the file by the shorter relative path (`SourceReader`) or to show it relative
/// (`DisplayPaths`). Compared as bytes.
package struct WorkingDirectory: Sendable {
    /// The directory with a trailing `/`.
    package let prefix: String
    private let prefixBytes: [UInt8]

    /// The process's current working directory, or nil when it cannot be read. Taken once per
    /// run: nothing in StateLint changes the working directory.
    package static func current() -> WorkingDirectory? {
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        return WorkingDirectory(String(cString: path))
    }

    /// Nil for a relative path.
    package init?(_ path: String) {
        guard path.hasPrefix("/") else { return nil }
        prefix = path.hasSuffix("/") ? path : path + "/"
        prefixBytes = Array(prefix.utf8)
    }

    /// How many leading bytes of the absolute path `path` name this directory, leaving a
    /// relative path to the same file; 0 when `path` does not lie below it.
    package func prefixLength(of path: UnsafeBufferPointer<UInt8>) -> Int {
        guard path.count > prefixBytes.count,
              prefixBytes.withUnsafeBufferPointer({ path.starts(with: $0) }) else { return 0 }
        return prefixBytes.count
    }

    /// `prefixLength(of:)` for a NUL-terminated path.
    package func prefixLength(of path: UnsafePointer<CChar>) -> Int {
        prefixLength(of: UnsafeBufferPointer(start: UnsafeRawPointer(path).assumingMemoryBound(to: UInt8.self), count: strlen(path)))
    }
}
