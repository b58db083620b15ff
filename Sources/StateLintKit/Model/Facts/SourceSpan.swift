/// A stretch of one file: the UTF-8 byte range rules report at and fixes edit. Lines and
/// columns come from the file's `LineIndex` when a finding is made.
public struct SourceSpan: Sendable, Hashable {
    /// The file, as the engine was given it.
    public let path: String
    public let range: Range<Int>

    init(path: String, range: Range<Int>) {
        self.path = path
        self.range = range
    }

    /// The span of code tokens `first...last` of `code`.
    init(_ code: CodeTokens, _ first: Int, _ last: Int) {
        self.init(path: code.file.path, range: code[first].start..<code[max(first, last)].end)
    }
}

/// The byte offset of every line start of one file, kept with its facts so that positions can
/// be computed after the file's bytes are gone. Four bytes a line.
public struct LineIndex: Sendable {
    private let starts: [Int32]
    private let byteCount: Int

    init(_ file: SourceFile) {
        starts = file.lineStarts.map { Int32(truncatingIfNeeded: $0) }
        byteCount = file.bytes.count
    }

    /// Line and UTF-8 column of a byte offset (clamped to the file), as `SourceFile` counts them.
    public func location(ofOffset offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, byteCount))
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(starts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        return SourceLocation(line: low + 1, column: offset - Int(starts[low]) + 1)
    }
}
