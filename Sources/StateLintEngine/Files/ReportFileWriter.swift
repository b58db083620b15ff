import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintRules

/// Writes report and baseline files so a failed or interrupted run never leaves a partial
/// file: the bytes go to a temporary file in the destination's folder, then `rename` moves it
/// into place in one step. The temporary file is listed with `--fix`'s (`FixTemporaryFiles`),
/// so Ctrl-C, SIGTERM or SIGHUP meanwhile removes it too (`FixInterrupts`). Existing FIFOs and
/// devices (`/dev/stdout`, `/dev/null`) are written directly instead, since renaming over them
/// would replace the device node.
package enum ReportFileWriter {
    package struct WriteError: Error, CustomStringConvertible {
        package let description: String
    }

    package static func write(_ text: String, to path: String, temporaryFiles: FixTemporaryFiles = .shared) throws(WriteError) {
        if path.hasSuffix(".swift") {
            throw WriteError(description: "refusing to write over a Swift source file; StateLint never modifies sources")
        }
        var info = stat()
        if stat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw WriteError(description: "is a directory") }
            if type != S_IFREG { return try writeDirectly(Array(text.utf8), to: path) }
        }
        if temporaryFiles === FixTemporaryFiles.shared { FixInterrupts.installOnce() }
        let temporary = FixTemporaryFiles.path(beside: path)
        let fd = temporaryFiles.create(temporary, mode: 0o644)
        guard fd >= 0 else { throw WriteError(description: errno == EINTR ? "interrupted" : errnoText()) }
        do throws(WriteError) {
            try writeAll(Array(text.utf8), to: fd)
            guard close(fd) == 0 else { throw WriteError(description: errnoText()) }
        } catch {
            temporaryFiles.remove(temporary)
            throw error
        }
        guard temporaryFiles.rename(temporary, over: path) else {
            let reason = errnoText()
            temporaryFiles.remove(temporary)
            throw WriteError(description: reason)
        }
    }

    /// Appends to `path`, creating it if needed (GitHub's step summary file).
    package static func append(_ text: String, to path: String) throws(WriteError) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(description: errnoText()) }
        defer { close(fd) }
        try writeAll(Array(text.utf8), to: fd)
    }

    private static func writeDirectly(_ bytes: [UInt8], to path: String) throws(WriteError) {
        // O_NONBLOCK: opening a FIFO nobody reads fails (ENXIO) instead of waiting forever.
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw WriteError(description: errnoText()) }
        defer { close(fd) }
        try writeAll(bytes, to: fd)
    }

    package static func writeAll(_ bytes: [UInt8], to fd: Int32) throws(WriteError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(fd, buffer.baseAddress! + written, bytes.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { usleep(1000); continue }  // a full pipe opened non-blocking
                throw WriteError(description: errnoText())
            }
            written += count
        }
    }

    package static func errnoText() -> String { String(cString: strerror(errno)) }
}
