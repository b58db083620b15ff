import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// What `stat` says of a file that changes when its content does: size, modification time to
/// the nanosecond, and inode (an editor's atomic save replaces the file).
public struct FileStamp: Sendable, Hashable {
    package let size: Int64
    package let seconds: Int
    package let nanoseconds: Int
    package let inode: UInt64

    /// Nil when `path` cannot be stat'ed (gone).
    public init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        size = Int64(info.st_size)
        let modified = info.modificationTime
        seconds = Int(modified.tv_sec)
        nanoseconds = Int(modified.tv_nsec)
        inode = UInt64(info.st_ino)
    }
}
