#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The entries of one folder via `opendir`/`readdir`, typed from `d_type` where the file
/// system provides it (falling back to `lstat`), so walking a large tree costs one system
/// call per folder rather than one per file. Symbolic links are reported as `.other`.
struct DirectoryEntries {
    enum Kind { case directory, regularFile, other }

    #if canImport(Glibc)
    private typealias Handle = OpaquePointer
    #else
    private typealias Handle = UnsafeMutablePointer<DIR>
    #endif

    private let path: String
    private let directory: Handle

    init?(_ path: String) {
        guard let directory = opendir(path) else { return nil }
        self.path = path
        self.directory = directory
    }

    /// Every entry except `.` and `..`; closes the folder.
    func list() -> [(name: String, kind: Kind)] {
        defer { closedir(directory) }
        var entries: [(String, Kind)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            entries.append((name, kind(Int32(entry.pointee.d_type), name: name)))
        }
        return entries
    }

    private func kind(_ type: Int32, name: String) -> Kind {
        switch type {
        case Int32(DT_DIR): return .directory
        case Int32(DT_REG): return .regularFile
        case Int32(DT_UNKNOWN):
            var info = stat()
            guard lstat(path + "/" + name, &info) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return .directory
            case S_IFREG: return .regularFile
            default: return .other
            }
        default:
            return .other
        }
    }
}
