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
        // Binary search for the last line start <= offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return SourceLocation(line: low + 1, column: offset - lineStarts[low] + 1)
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

    /// The text of a line (1-based), decoded leniently, without its terminator.
    public func lineText(_ line: Int) -> String {
        String(decoding: bytes[lineRange(line)], as: UTF8.self)
    }

    /// The text of a byte range, decoded leniently (invalid UTF-8 becomes U+FFFD).
    public func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    static func computeLineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBufferPointer { buf in
            var i = 0
            let n = buf.count
            while i < n {
                let b = buf[i]
                if b == 0x0A {
                    starts.append(i + 1)
                } else if b == 0x0D {
                    if i + 1 < n, buf[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                }
                i += 1
            }
        }
        return starts
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
    private let lock = NSLock()
    private var starts: [Int]?

    func starts(of bytes: [UInt8]) -> [Int] {
        lock.lock()
        defer { lock.unlock() }
        if let starts { return starts }
        let computed = SourceFile.computeLineStarts(bytes)
        starts = computed
        return computed
    }
}
