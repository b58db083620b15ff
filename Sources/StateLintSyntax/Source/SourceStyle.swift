/// How a file is written — its line ending, its indentation unit and each line's indentation —
/// so a fix's replacement text looks like the code around it. Rules get it from
/// `RuleContext.style(of:)` and build replacements with `\n`, `indentation(ofLine:)` and
/// `indentation.unit`; the applier writes each `\n` as `lineEnding`.
///
/// Made once per file with facts, from its line table, and kept after the file's bytes are
/// gone: one byte per line.
public struct SourceStyle: Sendable {
    public enum LineEnding: String, Sendable, Hashable {
        case lf = "\n", crlf = "\r\n", cr = "\r"
    }

    public enum Indentation: Sendable, Hashable {
        case tabs
        case spaces(Int)

        /// One level of indentation as text.
        public var unit: String {
            switch self {
            case .tabs: return "\t"
            case .spaces(let count): return String(repeating: " ", count: count)
            }
        }
    }

    /// The file's most common line break (the file's first one on a tie, else LF, CRLF, CR);
    /// LF when it has none.
    public let lineEnding: LineEnding
    /// Tabs if more lines are indented with tabs than with spaces; else the most common step
    /// between the indentation of neighbouring lines (4 spaces when nothing tells).
    public let indentation: Indentation
    public let hasByteOrderMark: Bool
    /// Per line, its leading blanks: a count of spaces, or of tabs (`tabFlag` set); `mixed`
    /// for anything else, which `mixedIndents` then holds.
    private let lineIndents: [UInt8]
    private let mixedIndents: [Int: String]

    public static let defaultIndentation = Indentation.spaces(4)
    /// For a file nothing is known about: LF and four spaces.
    public static let `default` = SourceStyle(lineEnding: .lf, indentation: defaultIndentation)

    private static let tabFlag: UInt8 = 0x80
    private static let mixed: UInt8 = 0xFF

    package init(lineEnding: LineEnding, indentation: Indentation) {
        self.lineEnding = lineEnding
        self.indentation = indentation
        hasByteOrderMark = false
        lineIndents = []
        mixedIndents = [:]
    }

    public init(_ file: SourceFile) {
        self.init(bytes: file.bytes, lineStarts: file.lineStarts.map { Int32(truncatingIfNeeded: $0) })
    }

    /// From the file's bytes and the offset of each line start (`lineStarts[0] == 0`), as
    /// `LineIndex` keeps them.
    /// Without `readingIndentation` only the line ending and the BOM are read: the indentation
    /// is the default and every line's is "" (a pass over every line's blanks costs about 5% of
    /// a run, for files no fix inserts lines into).
    package init(bytes: [UInt8], lineStarts starts: [Int32], readingIndentation: Bool = true) {
        hasByteOrderMark = Self.hasByteOrderMark(bytes)
        lineEnding = Self.lineEnding(bytes, lineStarts: starts)
        guard readingIndentation else {
            indentation = Self.defaultIndentation
            lineIndents = []
            mixedIndents = [:]
            return
        }
        var indents = [UInt8](repeating: 0, count: starts.count)
        var mixed: [Int: String] = [:]
        var tabLines = 0, spaceLines = 0
        var steps = [Int](repeating: 0, count: 9)
        var previousWidth = 0
        let skipsMark = hasByteOrderMark
        // Every line of every file with facts passes here: raw buffers, no per-byte bounds checks.
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                for line in 0..<starts.count {
                    let start = line == 0 && skipsMark ? 3 : Int(starts[line])
                    let end = line + 1 < starts.count ? Int(starts[line + 1]) : bytes.count
                    var first = start
                    var tabs = 0
                    // Eight spaces at a time first: most indentation is spaces.
                    while first &+ 8 <= end, littleEndianWord(bytes.baseAddress! + first) == byteRepeated &* 0x20 { first &+= 8 }
                    while first < end {
                        let byte = bytes[first]
                        if byte == UInt8(ascii: "\t") { tabs += 1 } else if byte != UInt8(ascii: " ") { break }
                        first += 1
                    }
                    let width = first - start
                    if tabs == 0 && width < 0x80 {
                        indents[line] = UInt8(width)
                    } else if tabs == width && width < 0x7F {
                        indents[line] = Self.tabFlag | UInt8(width)
                    } else {
                        indents[line] = Self.mixed
                        mixed[line] = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<first]), as: UTF8.self)
                    }
                    // Blank lines and block-comment continuations (` * text`, one space in) say
                    // nothing about the code's indentation.
                    guard first < end, bytes[first] != 0x0A, bytes[first] != 0x0D, bytes[first] != UInt8(ascii: "*") else { continue }
                    if width > 0 {
                        if bytes[start] == UInt8(ascii: "\t") { tabLines += 1 } else { spaceLines += 1 }
                    }
                    let step = width - previousWidth
                    if step > 0 && step < steps.count && tabs == 0 { steps[step] += 1 }
                    previousWidth = width
                }
            }
        }
        lineIndents = indents
        mixedIndents = mixed
        if tabLines > spaceLines {
            indentation = .tabs
        } else {
            // The most frequent step; on a tie the smaller one.
            let best = steps.indices.dropFirst().max { steps[$0] < steps[$1] || (steps[$0] == steps[$1] && $0 > $1) } ?? 4
            indentation = steps[best] == 0 ? Self.defaultIndentation : .spaces(best)
        }
    }

    /// The blanks (spaces and tabs) line `line` (1-based) starts with; "" for a line that does
    /// not exist. A byte-order mark is not indentation.
    public func indentation(ofLine line: Int) -> String {
        guard line >= 1, line <= lineIndents.count else { return "" }
        let packed = lineIndents[line - 1]
        if packed == Self.mixed { return mixedIndents[line - 1] ?? "" }
        let count = Int(packed & ~Self.tabFlag)
        return String(repeating: packed & Self.tabFlag != 0 ? "\t" : " ", count: count)
    }

    /// `text` with every line break (LF, CRLF or CR) written as this file's line ending.
    public func normalizingLineBreaks(_ text: String) -> String {
        String(decoding: Self.normalizingLineBreaks(Array(text.utf8), to: lineEnding), as: UTF8.self)
    }

    package static func normalizingLineBreaks(_ bytes: [UInt8], to ending: LineEnding) -> [UInt8] {
        guard bytes.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return bytes }
        let breakBytes = Array(ending.rawValue.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D || byte == 0x0A {
                out += breakBytes
                index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            } else {
                out.append(byte)
                index += 1
            }
        }
        return out
    }

    package static func hasByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// The most common line ending, from the byte (or two) before each line start.
    package static func lineEnding(_ bytes: [UInt8], lineStarts: [Int32]) -> LineEnding {
        var lf = 0, crlf = 0, cr = 0
        var first: LineEnding?
        for start32 in lineStarts.dropFirst() {
            let start = Int(start32)
            let ending: LineEnding = bytes[start - 1] == 0x0D ? .cr : (start >= 2 && bytes[start - 2] == 0x0D ? .crlf : .lf)
            switch ending {
            case .lf: lf += 1
            case .crlf: crlf += 1
            case .cr: cr += 1
            }
            if first == nil { first = ending }
        }
        guard let first else { return .lf }
        let counts: [LineEnding: Int] = [.lf: lf, .crlf: crlf, .cr: cr]
        let most = max(lf, crlf, cr)
        if counts[first] == most { return first }
        return [LineEnding.lf, .crlf, .cr].first { counts[$0] == most } ?? first
    }

    /// The line ending of `bytes` (a file not yet given a line table).
    package static func lineEnding(of bytes: [UInt8]) -> LineEnding {
        lineEnding(bytes, lineStarts: SourceFile.computeLineStarts32(bytes))
    }
}
