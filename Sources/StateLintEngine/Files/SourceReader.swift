import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Why a file could not be linted. The run goes on with the other files.
public struct FileReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "\(path): error: \(reason)" }

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// Reads source files with one `read` into a preallocated buffer, refusing what is not a
/// regular file (FIFOs, devices, directories) so a stray path can never block the run.
public enum SourceReader {
    /// Why a FIFO, socket or device is not read, named or found in a folder.
    package static let notRegularFile = "not a regular file (a FIFO, socket or device); skipped"

    /// Files larger than this are refused: no real Swift source comes near it.
    public static let maximumFileSize = 64 << 20

    public static func read(_ path: String) throws(FileReadError) -> [UInt8] {
        try read(path, below: nil)
    }

    /// Reads `path`, opened by its part below `directory` when it lies there (the kernel then
    /// looks up fewer path components: a third of the time of opening a file went there).
    package static func read(_ path: String, below directory: WorkingDirectory?,
                     maximumSize: Int = maximumFileSize) throws(FileReadError) -> [UInt8] {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
        let fd = path.withCString { full in
            let skipped = directory?.prefixLength(of: full) ?? 0
            return open(full + skipped, flags)
        }
        guard fd >= 0 else { throw FileReadError(path: path, reason: "cannot open file: \(errnoDescription())") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileReadError(path: path, reason: "cannot stat file: \(errnoDescription())") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw FileReadError(path: path, reason: (info.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : notRegularFile)
        }
        let size = Int(info.st_size)
        guard size <= maximumSize else {
            throw FileReadError(path: path, reason: "file is \(size / (1 << 20)) MiB, over the \(maximumSize >> 20) MiB limit for Swift sources; skipped")
        }
        // Filled by `read`, so not zeroed first; `count` is what was read (less if the file shrank).
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let got = systemRead(fd, buffer.baseAddress! + count, size - count)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if got == 0 { return }  // the file shrank while we read it
                count += got
            }
        }
        if failure != 0 { throw FileReadError(path: path, reason: "cannot read file: \(String(cString: strerror(failure)))") }
        return bytes
    }

    /// Checks that `bytes` are text StateLint can lint: UTF-8 without NUL bytes.
    public static func validateText(_ bytes: [UInt8], path: String) throws(FileReadError) {
        if let nul = firstNUL(in: bytes, within: 8192) {
            let location = SourceFile(path: path, bytes: Array(bytes.prefix(nul + 1))).location(ofOffset: nul)
            throw FileReadError(path: path, reason: "binary file (NUL byte at \(location)); skipped")
        }
        if let bad = UTF8Validation.firstInvalidOffset(in: bytes) {
            let location = SourceFile(path: path, bytes: Array(bytes.prefix(bad + 1))).location(ofOffset: bad)
            throw FileReadError(path: path, reason: "not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) at \(location)); skipped")
        }
    }

    /// memchr rather than a generic element-by-element search: this runs on every file.
    private static func firstNUL(in bytes: [UInt8], within limit: Int) -> Int? {
        bytes.withUnsafeBytes { buffer -> Int? in
            guard let base = buffer.baseAddress,
                  let found = memchr(base, 0, min(limit, buffer.count)) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    private static func errnoDescription() -> String {
        String(cString: strerror(errno))
    }
}
