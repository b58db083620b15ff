import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The entries of one folder, typed from `d_type` where the file system provides it (falling
/// back to `fstatat` without following links), so walking a large tree costs a few system
/// calls per folder rather than one per file. Symbolic links are `.link` (never followed);
/// regular files not named `*.swift` are `.other` (checked on the raw name, before making a String).
/// A FIFO, socket or device named `*.swift` is `.special`: never opened, but reported.
///
/// A folder can be opened relative to its parent's descriptor, so the kernel looks up one name
/// instead of walking the folder's whole path again. On Linux the entries are read with
/// `getdents64` straight from the descriptor: `opendir`/`fdopendir` add an `fstat` and (for
/// `fdopendir`) two `fcntl` calls per folder, and a 32 KiB buffer each.
package struct DirectoryEntries {
    package enum Kind { case directory, swiftFile, special, link, other }

    /// The open folder; valid until `closeFolder()`: open subfolders relative to it.
    package let descriptor: Int32

    /// Opens `path` (or `name` inside the open folder `parent`, when given); nil with `errno`
    /// set when it cannot be listed. A name inside a parent is not followed if it is a link
    /// (one may have replaced the folder since the parent was listed); a path given by the
    /// user is, as before.
    package init?(_ path: String, name: String? = nil, in parent: Int32? = nil) {
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK
        let fd = if let parent, let name { openat(parent, name, flags | O_NOFOLLOW) } else { open(path, flags) }
        guard fd >= 0 else { return nil }
        descriptor = fd
    }

    package func closeFolder() { _ = systemClose(descriptor) }

    /// Every entry except `.` and `..`, read through `buffer` (reused from folder to folder).
    /// Nil with `errno` set when the folder cannot be read. The folder stays open.
    package func list(buffer: DirectoryBuffer) -> [(name: String, kind: Kind)]? {
        // Labelled as returned: an unlabelled tuple array is converted element by element.
        var entries: [(name: String, kind: Kind)] = []
        let fd = descriptor
        let complete = buffer.forEachEntry(of: fd) { name, length, entryType in
            let type = Int32(entryType)
            if name[0] == UInt8(ascii: "."), length == 1 || (length == 2 && name[1] == UInt8(ascii: ".")) { return }
            // Most entries are regular files: skip the ones that are not Swift unread.
            if type == Int32(DT_REG), !Self.hasSwiftSuffix(name, length) { return }
            let text = String(decoding: UnsafeBufferPointer(start: name, count: length), as: UTF8.self)
            entries.append((text, Self.kind(type, name: text, in: fd)))
        }
        return complete ? entries : nil
    }

    private static func hasSwiftSuffix(_ name: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        length >= 6 && memcmp(name + length - 6, ".swift", 6) == 0
    }

    private static func kind(_ type: Int32, name: String, in fd: Int32) -> Kind {
        let isSwift = name.utf8.count >= 6 && name.utf8.suffix(6).elementsEqual(".swift".utf8)
        switch type {
        case Int32(DT_DIR): return .directory
        case Int32(DT_REG): return .swiftFile
        case Int32(DT_FIFO), Int32(DT_SOCK), Int32(DT_CHR), Int32(DT_BLK): return isSwift ? .special : .other
        case Int32(DT_LNK): return .link
        case Int32(DT_UNKNOWN):
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return .directory
            case S_IFREG: return isSwift ? .swiftFile : .other
            case S_IFLNK: return .link
            default: return isSwift ? .special : .other
            }
        default:
            return .other
        }
    }
}

/// Reads folder entries from a descriptor: with `getdents64` into one reused buffer where the
/// C library has it (glibc 2.30+: `getdents64Function`), else through `fdopendir`/`readdir`.
package struct DirectoryBuffer {
    private static let getdents64 = getdents64Function
    /// The bytes of `dirent.d_name`: 256 in glibc, 1024 in Darwin (where a name may have up to
    /// 1023); the name ends with a NUL within them.
    private static let nameCapacity = MemoryLayout.size(ofValue: dirent().d_name)

    private let bytes: UnsafeMutableRawPointer
    package static let size = 32 << 10
    /// False: always list through `readdir`, as where `getdents64` is missing (tests).
    package let usesGetEntries: Bool

    package init(usesGetEntries: Bool = true) {
        self.usesGetEntries = usesGetEntries && Self.getdents64 != nil
        bytes = UnsafeMutableRawPointer.allocate(byteCount: Self.size, alignment: 8)
    }

    package func deallocate() { bytes.deallocate() }

    /// Calls `body(name, length, d_type)` for each entry of the folder open as `fd`; false
    /// (with `errno` set) if reading it failed.
    package func forEachEntry(of fd: Int32, _ body: (UnsafePointer<UInt8>, Int, UInt8) -> Void) -> Bool {
        guard usesGetEntries, let getdents64 = Self.getdents64 else { return forEachEntryOfDirectoryStream(fd, body) }
        while true {
            let count = getdents64(fd, bytes, Self.size)
            if count == 0 { return true }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            // struct linux_dirent64: d_ino (8 bytes), d_off (8), d_reclen (2), d_type (1), d_name.
            var offset = 0
            while offset < count {
                let record = bytes + offset
                let length = Int(record.load(fromByteOffset: 16, as: UInt16.self))
                let type = record.load(fromByteOffset: 18, as: UInt8.self)
                let name = UnsafePointer((record + 19).assumingMemoryBound(to: UInt8.self))
                body(name, strlen(name), type)
                offset += length
            }
        }
    }

    /// The portable way: a directory stream on a duplicate of `fd` (closing the stream closes
    /// its descriptor, and the caller still owns `fd`).
    private func forEachEntryOfDirectoryStream(_ fd: Int32, _ body: (UnsafePointer<UInt8>, Int, UInt8) -> Void) -> Bool {
        let copy = dup(fd)
        guard copy >= 0 else { return false }
        guard let stream = fdopendir(copy) else {
            let failure = errno
            _ = systemClose(copy)
            errno = failure
            return false
        }
        defer { closedir(stream) }
        errno = 0
        while let entry = readdir(stream) {
            let type = entry.pointee.d_type
            withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: UInt8.self, capacity: Self.nameCapacity) { body($0, strlen($0), type) }
            }
        }
        return errno == 0
    }
}
