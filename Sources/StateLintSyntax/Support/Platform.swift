// Where the two C libraries StateLint builds against differ: glibc (Linux) and Darwin's
// libSystem (macOS). Every platform `#if` of the library is in this file; the rest of the code
// calls the names below. The C library itself is re-exported, so every module that imports
// StateLintSyntax sees `open`, `stat`, `errno` and the rest on either platform without an
// `#if` of its own. docs/platforms.md lists each Darwin spelling used here and the public
// Apple header and Swift code it was checked against.

#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("StateLint builds against glibc (Linux) or Darwin (macOS); see docs/platforms.md")
#endif

// MARK: System calls by a name no method shadows

// Inside a type that has a method `read`, `write`, `close` or `rename`, the bare name means the
// method; these reach the C function without naming its module (`Glibc.read`, `Darwin.read`).

/// `read(2)`.
@inlinable @inline(__always)
package func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// `write(2)`.
@inlinable @inline(__always)
package func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// `close(2)`.
@inlinable @inline(__always)
package func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

/// `rename(2)`.
@inlinable @inline(__always)
package func systemRename(_ from: String, _ to: String) -> Int32 {
    rename(from, to)
}

// MARK: Files

extension stat {
    /// When the file's data last changed: glibc's `st_mtim`, Darwin's `st_mtimespec`.
    @inlinable package var modificationTime: timespec {
        #if canImport(Glibc)
        st_mtim
        #else
        st_mtimespec
        #endif
    }
}

/// Linux's `getdents64(fd, buffer, size)`.
package typealias GetDirectoryEntries = @convention(c) (Int32, UnsafeMutableRawPointer, Int) -> Int

/// `getdents64` where the C library has it (glibc 2.30+), looked up by name: Swift does not see
/// its declaration, which needs `_GNU_SOURCE`. Nil on Darwin, where folders are listed with
/// `readdir`. Its records are `struct linux_dirent64` (see `DirectoryBuffer`).
package let getdents64Function: GetDirectoryEntries? = {
    #if canImport(Glibc)
    // RTLD_DEFAULT is a null handle in glibc.
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getdents64").map { unsafeBitCast($0, to: GetDirectoryEntries.self) }
    #else
    nil
    #endif
}()

// MARK: Signals

extension sigaction {
    /// The handler (nil is `SIG_DFL`). C code writes `sa_handler`, a macro Swift does not
    /// import, for a union member: glibc's `__sigaction_handler.sa_handler`, Darwin's
    /// `__sigaction_u.__sa_handler`.
    package var signalHandler: (@convention(c) (Int32) -> Void)? {
        get {
            #if canImport(Glibc)
            __sigaction_handler.sa_handler
            #else
            __sigaction_u.__sa_handler
            #endif
        }
        set {
            #if canImport(Glibc)
            __sigaction_handler.sa_handler = newValue
            #else
            __sigaction_u.__sa_handler = newValue
            #endif
        }
    }
}

// MARK: The process

/// `getrusage(RUSAGE_SELF)`: glibc declares `RUSAGE_SELF` as an enum case (the function takes
/// its raw value), Darwin as an `int`.
package func processResourceUsage() -> rusage {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return usage
}

#if canImport(Glibc)
/// glibc's `mallopt` and its parameters (<malloc.h>, which Swift's Glibc module does not import).
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
private let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
private let topPad: Int32 = -2  // M_TOP_PAD
private let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
#endif

/// For the `statelint` executable: glibc gives freed memory at the top of the heap back to the
/// system (past 128 KB) and page-faults it in again for the next file: a run over the
/// 4,000-file benchmark corpus took 3,000 minor faults, 2,250 with these settings and the same
/// peak RSS (untouched padding is not resident). `MALLOC_TRIM_THRESHOLD_` or `MALLOC_TOP_PAD_`
/// in the environment win.
///
/// Setting either turns off glibc's adaptive mmap threshold, which would leave every block from
/// 128 KB (the token buffers of a 32 KB file) to a fresh `mmap`, faulted in page by page and
/// unmapped per file: so the threshold is set too, to glibc's largest (32 MB). On the SDK
/// interfaces (64 files of 150 KB on average) that is 4,400 minor faults instead of 7,000.
///
/// Nothing on Darwin: its allocator has no such settings.
package func keepFreedHeapMemory() {
    #if canImport(Glibc)
    if getenv("MALLOC_TRIM_THRESHOLD_") == nil { _ = mallopt(trimThreshold, 256 << 20) }
    if getenv("MALLOC_TOP_PAD_") == nil { _ = mallopt(topPad, 16 << 20) }
    if getenv("MALLOC_MMAP_THRESHOLD_") == nil { _ = mallopt(mmapThreshold, 32 << 20) }
    #endif
}
