#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The entries of one folder via `opendir`/`readdir`, typed from `d_type` where the file
/// system provides it (falling back to `lstat`), so walking a large tree costs one system
/// call per folder rather than one per file. Symbolic links are reported as `.other`, and so
/// are regular files not named `*.swift` (checked on the raw name, before making a String).
struct DirectoryEntries {
    enum Kind { case directory, swiftFile, other }

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
        // Labelled as returned: an unlabelled tuple array is converted element by element.
        var entries: [(name: String, kind: Kind)] = []
        while let entry = readdir(directory) {
            let type = Int32(entry.pointee.d_type)
            let listed: (String, Kind)? = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: UInt8.self, capacity: 256) { name -> (String, Kind)? in
                    let length = strlen(name)
                    if name[0] == UInt8(ascii: "."), length == 1 || (length == 2 && name[1] == UInt8(ascii: ".")) { return nil }
                    // Most entries are regular files: skip the ones that are not Swift unread.
                    if type == Int32(DT_REG), !Self.hasSwiftSuffix(name, length) { return nil }
                    let text = String(decoding: UnsafeBufferPointer(start: name, count: length), as: UTF8.self)
                    return (text, kind(type, name: text))
                }
            }
            if let listed { entries.append(listed) }
        }
        return entries
    }

    private static func hasSwiftSuffix(_ name: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        length >= 6 && memcmp(name + length - 6, ".swift", 6) == 0
    }

    private func kind(_ type: Int32, name: String) -> Kind {
        switch type {
        case Int32(DT_DIR): return .directory
        case Int32(DT_REG): return .swiftFile
        case Int32(DT_UNKNOWN):
            var info = stat()
            guard lstat(path + "/" + name, &info) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return .directory
            case S_IFREG: return name.utf8.count >= 6 && name.utf8.suffix(6).elementsEqual(".swift".utf8) ? .swiftFile : .other
            default: return .other
            }
        default:
            return .other
        }
    }
}
