import Foundation

/// One source file as bytes, plus the table that turns byte offsets into positions.
///
/// Positions are 1-based lines and 1-based UTF-8 byte columns, as the Swift compiler
/// counts them. A line ends at LF, CRLF or a lone CR.
public struct SourceFile: Sendable {
    /// The path as given by the user (or `--stdin-path`), used in output.
    public let path: String
    public let bytes: [UInt8]
    private let lines: LineTable

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.lines = LineTable()
    }

    /// Byte offset of the first byte of every line; `lineStarts[0] == 0`. Computed on first
    /// use: most linted files have no finding and never need a position.
    public var lineStarts: [Int] { lines.starts(of: bytes) }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    public var lineCount: Int { lineStarts.count }

    /// Line and column of a byte offset. Offsets past the end clamp to the end of the file.
    public func location(ofOffset offset: Int) -> SourceLocation {
        let lineStarts = self.lineStarts
        let offset = max(0, min(offset, bytes.count))
        let line = Self.line(containing: offset, lineStarts: lineStarts)
        return SourceLocation(line: line + 1, column: offset - lineStarts[line] + 1)
    }

    /// The byte range of line `line` (1-based) without its terminator.
    public func lineRange(_ line: Int) -> Range<Int> {
        let lineStarts = self.lineStarts
        guard line >= 1, line <= lineStarts.count else { return bytes.count..<bytes.count }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The UTF-8 byte order mark some editors put before line 1. It is not code: the tokenizer
    /// reads it as whitespace, and a finding's identity (baseline entry, fingerprint) leaves it
    /// out as it leaves out the indentation.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The bytes of line `line` (`lineBytes`) without a byte order mark starting line 1.
    public static func withoutByteOrderMark(_ lineBytes: [UInt8], line: Int) -> [UInt8] {
        line == 1 && lineBytes.starts(with: byteOrderMark) ? Array(lineBytes.dropFirst(byteOrderMark.count)) : lineBytes
    }

    /// The text of a line (1-based), decoded leniently, without its terminator.
    public func lineText(_ line: Int) -> String {
        String(decoding: bytes[lineRange(line)], as: UTF8.self)
    }

    /// The text of a byte range, decoded leniently (invalid UTF-8 becomes U+FFFD).
    public func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Line and column of each offset, in the order given. Without the line table (not yet
    /// computed), one forward scan up to the largest offset, so a file that needs a few
    /// positions never builds the table (the engine locates every rule violation this way).
    public func locations(ofOffsets offsets: [Int]) -> [SourceLocation] {
        guard !offsets.isEmpty else { return [] }  // most files: no violation, nothing to locate
        if lines.computedStarts() != nil { return offsets.map { location(ofOffset: $0) } }
        let count = bytes.count
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = [SourceLocation](repeating: SourceLocation(line: 1, column: 1), count: offsets.count)
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var line = 1, lineStart = 0, position = 0
            for index in order {
                let target = max(0, min(offsets[index], count))
                while true {
                    let lineBreak = Self.nextLineBreak(base, from: position, end: target)
                    if lineBreak == target { break }
                    position = lineBreak + 1
                    // In CRLF the LF ends the line, so an offset at the LF stays on the CR's line.
                    if base.load(fromByteOffset: lineBreak, as: UInt8.self) == 0x0D, lineBreak + 1 < count,
                       base.load(fromByteOffset: lineBreak + 1, as: UInt8.self) == 0x0A { continue }
                    line += 1
                    lineStart = position
                }
                position = target
                result[index] = SourceLocation(line: line, column: target - lineStart + 1)
            }
        }
        return result
    }

    package static func computeLineStarts(_ bytes: [UInt8]) -> [Int] {
        lineStarts(of: bytes, as: Int.self)
    }

    /// The index (0-based) of the line holding `offset`: the last line start at or before it,
    /// by binary search over a line table (`lineStarts[0] == 0`). One function per table type:
    /// called from other modules, a generic one ran unspecialised (every finding's position).
    package static func line(containing offset: Int, lineStarts: [Int32]) -> Int {
        searchLine(containing: offset, lineStarts: lineStarts)
    }

    package static func line(containing offset: Int, lineStarts: [Int]) -> Int {
        searchLine(containing: offset, lineStarts: lineStarts)
    }

    @inline(__always)
    private static func searchLine<Offset: BinaryInteger>(containing offset: Int, lineStarts: [Offset]) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(lineStarts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The same table in four bytes a line, for what is kept after the file is gone. Without any
    /// CR in the file (the usual case), found with `memchr`, which scans far faster than a loop.
    package static func computeLineStarts32(_ bytes: [UInt8]) -> [Int32] {
        bytes.withUnsafeBytes { buffer -> [Int32] in
            guard let base = buffer.baseAddress, memchr(base, 0x0D, buffer.count) == nil else {
                return lineStarts(of: bytes, as: Int32.self)
            }
            var starts: [Int32] = [0]
            starts.reserveCapacity(buffer.count / 32 + 1)
            var position = 0
            while position < buffer.count, let found = memchr(base + position, 0x0A, buffer.count - position) {
                position = base.distance(to: UnsafeRawPointer(found)) + 1
                starts.append(Int32(truncatingIfNeeded: position))
            }
            return starts
        }
    }

    private static func lineStarts<Offset: FixedWidthInteger>(of bytes: [UInt8], as: Offset.Type) -> [Offset] {
        var starts: [Offset] = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            var index = 0
            while true {
                index = nextLineBreak(base, from: index, end: count)
                if index == count { break }
                if buffer[index] == 0x0D, index + 1 < count, buffer[index + 1] == 0x0A { index += 1 }
                starts.append(Offset(truncatingIfNeeded: index + 1))
                index += 1
            }
        }
        return starts
    }

    /// The offset of the first CR or LF in `from..<end`, or `end`. Lines average a few dozen
    /// bytes, so it tests 8 bytes at a time (`zeroBytes` of the word XOR each line break).
    @inline(__always)
    package static func nextLineBreak(_ base: UnsafeRawPointer, from start: Int, end: Int) -> Int {
        var index = start
        while index + 8 <= end {
            let word = littleEndianWord(base, index)
            let found = zeroBytes(word ^ (byteRepeated &* 0x0A)) | zeroBytes(word ^ (byteRepeated &* 0x0D))
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < end {
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            if byte == 0x0A || byte == 0x0D { return index }
            index += 1
        }
        return end
    }
}

/// A 1-based line and 1-based UTF-8 byte column.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// The line-start table of one file, computed once on first use (thread-safe: a file's
/// values may be shared by the threads that format reports).
private final class LineTable: @unchecked Sendable {
    /// One lock for every table: most files never need theirs, and a lock per file cost an
    /// allocation and its set-up for each of them. It guards only reading and storing the
    /// table, never computing one, so threads working on different files do not wait.
    private static let lock = NSLock()
    private var starts: [Int]?

    package func starts(of bytes: [UInt8]) -> [Int] {
        if let starts = computedStarts() { return starts }
        // Two threads asking at once may both compute it; the first stored table wins.
        let computed = SourceFile.computeLineStarts(bytes)
        let lock = Self.lock
        lock.lock()
        defer { lock.unlock() }
        if let starts { return starts }
        starts = computed
        return computed
    }

    /// The table if something already asked for it, without computing it.
    package func computedStarts() -> [Int]? {
        let lock = Self.lock
        lock.lock()
        defer { lock.unlock() }
        return starts
    }
}
