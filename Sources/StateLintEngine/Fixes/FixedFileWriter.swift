import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Writes a fixed source file over the original, atomically: the bytes go to a temporary file
/// in the same folder, which takes the original's permissions (and owner, where the process
/// may set it), and `rename` puts it in place in one step. Just before the rename the file is
/// read again: if its bytes are no longer those that were linted (an editor saved it, a
/// formatter ran), nothing is written.
///
/// Refused rather than written: a symbolic link (writing would replace the link, or write
/// somewhere its path does not say: fix the target instead), a file with several hard links
/// (the rename would leave the other names unfixed), a read-only file (the rename would go
/// round the permission its owner set: vendored code, a checkout locked by its version
/// control), and anything not a regular file. `--diff` asks `check(_:)` first, so its patch
/// holds exactly what `--fix` writes.
///
/// The temporary file is listed in `FixTemporaryFiles`, so a run interrupted while it exists
/// removes it (`FixInterrupts`), and one killed outright leaves it for the next `--fix` to sweep.
public enum FixedFileWriter {
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case changedOnDisk
        case symbolicLink
        case hardLinks(Int)
        /// The file's permission bits (no write permission for this process).
        case readOnly(mode: UInt32)
        case notRegularFile
        case io(String)

        public var description: String {
            switch self {
            case .changedOnDisk: return "it changed on disk since it was read"
            case .symbolicLink: return "it is a symbolic link; StateLint does not write through links (fix the file it points to)"
            case .hardLinks(let count): return "it has \(count) hard links; replacing it would leave the other names unfixed"
            case .readOnly(let mode):
                let octal = String(mode, radix: 8)
                return "it is read-only (mode \(String(repeating: "0", count: max(0, 4 - octal.count)) + octal)); StateLint does not write over a file without write permission (make it writable to fix it)"
            case .notRegularFile: return "it is not a regular file"
            case .io(let reason): return reason
            }
        }
    }

    /// Replaces the file at `path`, whose bytes must still be `original`, with `bytes`.
    public static func write(_ bytes: [UInt8], to path: String, replacing original: [UInt8]) throws(Failure) {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .io("cannot stat: \(ReportFileWriter.errnoText())") }
        try checkWritable(info, path)
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = FixTemporaryFiles.path(beside: path)
        let fd = FixTemporaryFiles.shared.create(temporary)
        guard fd >= 0 else { throw .io("cannot create a temporary file beside it: \(ReportFileWriter.errnoText())") }
        do throws(Failure) {
            do { try ReportFileWriter.writeAll(bytes, to: fd) } catch { throw .io("cannot write: \(error)") }
            // Owner first: changing it may clear set-id bits that the mode then restores. Not
            // being allowed to give the file away (not root) is expected: it stays ours.
            if info.st_uid != geteuid() || info.st_gid != getegid() { _ = fchown(fd, info.st_uid, info.st_gid) }
            guard fchmod(fd, info.st_mode & 0o7777) == 0 else { throw .io("cannot set permissions: \(ReportFileWriter.errnoText())") }
            guard fsync(fd) == 0 else { throw .io("cannot flush: \(ReportFileWriter.errnoText())") }
        } catch {
            close(fd)
            FixTemporaryFiles.shared.remove(temporary)
            throw error
        }
        guard close(fd) == 0 else {
            let reason = ReportFileWriter.errnoText()
            FixTemporaryFiles.shared.remove(temporary)
            throw .io("cannot write: \(reason)")
        }
        do throws(Failure) {
            try checkUnchanged(path, original: original, identity: info)
        } catch {
            FixTemporaryFiles.shared.remove(temporary)
            throw error
        }
        guard FixTemporaryFiles.shared.rename(temporary, over: path) else {
            let reason = ReportFileWriter.errnoText()
            FixTemporaryFiles.shared.remove(temporary)
            throw .io("cannot replace it: \(reason)")
        }
        syncFolder(folder.isEmpty ? "." : folder)
    }

    /// Whether `write` would write the file at `path` as it is now (it may still find the file
    /// changed when it writes).
    public static func check(_ path: String) throws(Failure) {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .io("cannot stat: \(ReportFileWriter.errnoText())") }
        try checkWritable(info, path)
    }

    private static func checkWritable(_ info: stat, _ path: String) throws(Failure) {
        switch info.st_mode & S_IFMT {
        case S_IFLNK: throw .symbolicLink
        case S_IFREG: break
        default: throw .notRegularFile
        }
        if info.st_nlink > 1 { throw .hardLinks(Int(info.st_nlink)) }
        // No write bit at all (root may write anyway, but the owner said no), or none for us.
        if info.st_mode & 0o222 == 0 || (faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0 && errno == EACCES) {
            throw .readOnly(mode: UInt32(info.st_mode & 0o7777))
        }
    }

    /// The file at `path` is still the one first seen (same inode, not a link now) and still
    /// holds exactly `original`.
    private static func checkUnchanged(_ path: String, original: [UInt8], identity: stat) throws(Failure) {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ELOOP { throw .symbolicLink }
            if errno == ENOENT { throw .changedOnDisk }
            throw .io("cannot read it again: \(ReportFileWriter.errnoText())")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io("cannot stat: \(ReportFileWriter.errnoText())") }
        guard info.st_dev == identity.st_dev, info.st_ino == identity.st_ino, Int(info.st_size) == original.count else {
            throw .changedOnDisk
        }
        var current = [UInt8](repeating: 0, count: original.count + 1)  // one more: a file that grew
        var count = 0
        while count < current.count {
            let got = current.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .io("cannot read it again: \(ReportFileWriter.errnoText())")
            }
            if got == 0 { break }
            count += got
        }
        guard count == original.count, current[0..<count].elementsEqual(original) else { throw .changedOnDisk }
    }

    /// Makes the rename durable; a folder that cannot be opened or synced is not an error.
    private static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
