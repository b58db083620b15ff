/// How a file is written — its line ending and indentation unit — so a fix's replacement text
/// looks like the code around it. Rules build replacements with `\n` and
/// `indentation(ofLine:)` / `indentation.unit`; the applier turns each `\n` into `lineEnding`.
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
    private let file: SourceFile

    public static let defaultIndentation = Indentation.spaces(4)

    public init(_ file: SourceFile) {
        self.file = file
        lineEnding = Self.lineEnding(of: file.bytes)
        indentation = Self.indentation(of: file.bytes)
        hasByteOrderMark = Self.hasByteOrderMark(file.bytes)
    }

    /// The blanks (spaces and tabs) a line starts with; "" for a line that does not exist.
    public func indentation(ofLine line: Int) -> String {
        let range = file.lineRange(line)
        var end = range.lowerBound
        if line == 1 && hasByteOrderMark { end = min(range.upperBound, 3) }
        let start = end
        while end < range.upperBound, file.bytes[end] == UInt8(ascii: " ") || file.bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return file.text(start..<end)
    }

    /// `text` with every line break (LF, CRLF or CR) written as this file's line ending.
    public func normalizingLineBreaks(_ text: String) -> String {
        String(decoding: Self.normalizingLineBreaks(Array(text.utf8), to: lineEnding), as: UTF8.self)
    }

    static func normalizingLineBreaks(_ bytes: [UInt8], to ending: LineEnding) -> [UInt8] {
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

    static func hasByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    static func lineEnding(of bytes: [UInt8]) -> LineEnding {
        var counts: [LineEnding: Int] = [:]
        var first: LineEnding?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == 0x0A || byte == 0x0D else { continue }
            var ending = LineEnding.lf
            if byte == 0x0D {
                ending = index < bytes.count && bytes[index] == 0x0A ? .crlf : .cr
                if ending == .crlf { index += 1 }
            }
            counts[ending, default: 0] += 1
            if first == nil { first = ending }
        }
        guard let first else { return .lf }
        let most = counts.values.max() ?? 0
        if counts[first] == most { return first }
        return [LineEnding.lf, .crlf, .cr].first { counts[$0] == most } ?? first
    }

    /// Tabs against spaces by line count; the space unit is the most frequent positive step
    /// (1…8) between consecutive indented lines, ignoring blank lines and block-comment
    /// continuations (` * text`), whose one-space offset says nothing about the code.
    static func indentation(of bytes: [UInt8]) -> Indentation {
        var tabLines = 0, spaceLines = 0
        var steps = [Int](repeating: 0, count: 9)
        var previousWidth = 0
        var lineStart = hasByteOrderMark(bytes) ? 3 : 0
        while lineStart < bytes.count {
            var end = lineStart
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            var first = lineStart
            while first < end, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first += 1 }
            if first < end && bytes[first] != UInt8(ascii: "*") {
                let width = first - lineStart
                if width > 0 {
                    if bytes[lineStart] == UInt8(ascii: "\t") { tabLines += 1 } else { spaceLines += 1 }
                }
                let step = width - previousWidth
                if step > 0 && step < steps.count && bytes[lineStart] != UInt8(ascii: "\t") { steps[step] += 1 }
                previousWidth = width
            }
            lineStart = end + 1
        }
        if tabLines > spaceLines { return .tabs }
        let best = steps.indices.dropFirst().max { steps[$0] < steps[$1] || (steps[$0] == steps[$1] && $0 > $1) } ?? 4
        return steps[best] == 0 ? defaultIndentation : .spaces(best)
    }
}
