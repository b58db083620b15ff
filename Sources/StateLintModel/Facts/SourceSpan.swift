import StateLintSyntax
import StateLintIndex

/// One file of a run, by number: spans name their file this way (a path would be copied, and
/// reference-counted, with every fact). `RuleContext.path(of:)` gives the path back.
public struct FileID: Sendable, Hashable {
    public let index: Int32

    public init(_ index: Int) {
        self.index = Int32(truncatingIfNeeded: index)
    }
}

/// A stretch of one file: the UTF-8 byte range rules report at and fixes edit. Lines and
/// columns come from the file's `LineIndex` when a finding is made.
public struct SourceSpan: Sendable, Hashable {
    public let file: FileID
    public let range: Range<Int>

    package init(file: FileID, range: Range<Int>) {
        self.file = file
        self.range = range
    }

    /// The span of code tokens `first...last` of `code`.
    package init(_ file: FileID, _ code: CodeTokens, _ first: Int, _ last: Int) {
        self.init(file: file, range: code[first].start..<code[max(first, last)].end)
    }

    /// The same file, from the start of `self` to the end of `other`.
    package func through(_ other: SourceSpan) -> SourceSpan {
        SourceSpan(file: file, range: range.lowerBound..<max(range.lowerBound, other.range.upperBound))
    }
}

/// The byte offset of every line start of one file, kept with its facts so that positions can
/// be computed after the file's bytes are gone. Four bytes a line.
public struct LineIndex: Sendable {
    package let starts: [Int32]
    private let byteCount: Int

    package init(_ file: SourceFile) {
        starts = SourceFile.computeLineStarts32(file.bytes)
        byteCount = file.bytes.count
    }

    /// The byte offset where line `line` (1-based) starts.
    public func start(ofLine line: Int) -> Int {
        Int(starts[max(0, min(line, starts.count) - 1)])
    }

    /// Line and UTF-8 column of a byte offset (clamped to the file), as `SourceFile` counts them.
    public func location(ofOffset offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, byteCount))
        let line = SourceFile.line(containing: offset, lineStarts: starts)
        return SourceLocation(line: line + 1, column: offset - Int(starts[line]) + 1)
    }
}
