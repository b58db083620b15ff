import Foundation
import StateLintSyntax

/// The temporary files `--fix` writes beside the files it fixes
/// (`.Name.swift.statelint-fix-PID-N.tmp`), kept in one list so that an interrupted run removes
/// those it has (see `FixInterrupts`), and found by name so that a later run removes those a
/// killed run left.
///
/// Creating, renaming and removing one happen under the list's lock, and once `removeAll()` has
/// run no new one is created: a file made just as the run is interrupted cannot outlive it.
package final class FixTemporaryFiles: @unchecked Sendable {
    /// The process's list (tests make their own).
    package static let shared = FixTemporaryFiles()

    private let lock = NSLock()
    private var live: Set<String> = []
    private var stopped = false

    package init() {}

    package static let marker = ".statelint-fix-"

    /// The temporary file's path for `path`, named after this process.
    package static func path(beside path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        return (folder.isEmpty ? "" : folder + "/") + ".\(name)\(marker)\(getpid())-\(UInt32.random(in: 0 ... .max)).tmp"
    }

    /// Creates `temporary` (exclusively, not through a link) and lists it; -1 with `errno` set
    /// when it cannot be created, `EINTR` once the run is being interrupted.
    /// `mode`: before the umask (a report is `0o644`; a fixed file takes its original's later).
    package func create(_ temporary: String, mode: mode_t = 0o600) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else {
            errno = EINTR
            return -1
        }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        if fd >= 0 { live.insert(temporary) }
        return fd
    }

    /// Moves `temporary` over `path`; false with `errno` set when that fails (it stays listed).
    package func rename(_ temporary: String, over path: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else {
            errno = EINTR
            return false
        }
        guard systemRename(temporary, path) == 0 else { return false }
        live.remove(temporary)
        return true
    }

    /// Removes `temporary` (a write that failed).
    package func remove(_ temporary: String) {
        lock.lock()
        defer { lock.unlock() }
        unlink(temporary)
        live.remove(temporary)
    }

    /// Removes every listed file and lets no new one be made or renamed: the run is ending.
    /// Returns how many were removed.
    @discardableResult
    package func removeAll() -> Int {
        lock.lock()
        defer { lock.unlock() }
        stopped = true
        let count = live.count
        for temporary in live { unlink(temporary) }
        live.removeAll()
        return count
    }

    /// The files in the folders of `files` named as this writer names them by a process that
    /// no longer runs (killed before it could remove them), removed; their paths.
    package static func sweep(besideFiles files: [String]) -> [String] {
        sweep(folders: Set(files.map { ($0 as NSString).deletingLastPathComponent }))
    }

    package static func sweep(folders: Set<String>) -> [String] {
        var removed: [String] = []
        for folder in folders.sorted() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names {
                guard let pid = writer(ofName: name), pid != getpid(), !isRunning(pid) else { continue }
                let path = (folder.hasSuffix("/") ? folder : folder + "/") + name
                var info = stat()
                guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, unlink(path) == 0 else { continue }
                removed.append(path)
            }
        }
        return removed
    }

    /// The process id in a name made by `path(beside:)`: `.NAME.statelint-fix-PID-N.tmp`.
    package static func writer(ofName name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp"), let range = name.range(of: marker, options: .backwards),
              range.lowerBound > name.index(after: name.startIndex) else { return nil }
        let numbers = name[range.upperBound..<name.index(name.endIndex, offsetBy: -4)].split(separator: "-", omittingEmptySubsequences: false)
        guard numbers.count == 2, numbers.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }),
              UInt32(numbers[1]) != nil, let pid = pid_t(numbers[0]), pid > 0 else { return nil }
        return pid
    }

    /// Whether a process with this id exists (one of another user's counts: it may be writing).
    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
