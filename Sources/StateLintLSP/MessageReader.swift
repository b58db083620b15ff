import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// Reads the LSP base protocol from a file descriptor: header lines (`Content-Length: N`, then
/// an empty line), then exactly N bytes of body.
///
/// Bad input never ends the stream: a malformed header is reported and skipped, up to the next
/// `Content-Length:` header (see `resumePoint`). A length above `maximumBodySize` is reported at
/// once and not trusted either: what follows is read past, never kept, up to the next header.
/// Waiting for the announced bytes would wait forever on a length that is a mistake (`1e12`
/// after a few bytes) and swallow every message sent meanwhile; a real body that large is
/// JSON, in which a header line (`Content-Length: N` then a line break) cannot appear.
final class MessageReader {
    enum Event: Equatable {
        case message([UInt8])
        /// The header could not be understood (the reader has moved past it).
        case malformedHeader(String)
        /// A body of this many bytes (the decimal digits announced) was refused: more than the
        /// limit. The reader has moved on to the next header.
        case tooLarge(String)
        case endOfInput
    }

    /// A header block is a line or two; anything longer is not a header.
    static let maximumHeaderSize = 8192
    private static let marker = Array("content-length:".utf8)

    let maximumBodySize: Int
    private let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private var scratch = [UInt8](repeating: 0, count: 1 << 16)
    /// The first byte of `buffer` not yet consumed.
    private var start = 0
    private var reachedEnd = false
    /// After a malformed header: looking for the next `Content-Length:`.
    private var resynchronising = false

    init(fileDescriptor: Int32, maximumBodySize: Int = 64 << 20) {
        self.fileDescriptor = fileDescriptor
        self.maximumBodySize = maximumBodySize
    }

    func next() -> Event {
        while true {
            if resynchronising {
                guard skipToMarker() else {
                    if reachedEnd || !fill() { return .endOfInput }
                    continue
                }
                resynchronising = false
            }
            if let (headerEnd, bodyStart) = headerBounds() {
                switch Self.contentLength(inHeader: Array(buffer[start..<headerEnd])) {
                case .failure(let problem):
                    start = resumePoint(afterLineAt: start + problem.line, headerEnd: headerEnd, bodyStart: bodyStart)
                    resynchronising = true
                    return .malformedHeader(problem.reason)
                case .success(let digits):
                    start = bodyStart
                    guard digits.count <= Self.maximumLengthDigits, let length = Int(digits), length <= maximumBodySize else {
                        resynchronising = true
                        return .tooLarge(digits)
                    }
                    guard let body = readBody(length) else { return .endOfInput }
                    return .message(body)
                }
            }
            if buffer.count - start > Self.maximumHeaderSize {
                start += 1
                resynchronising = true
                return .malformedHeader("no end of header within \(Self.maximumHeaderSize) bytes")
            }
            if reachedEnd || !fill() {
                guard buffer[start...].contains(where: { !Self.isBlank($0) }) else { return .endOfInput }
                start = buffer.count
                return .malformedHeader("the input ended inside a message header")
            }
        }
    }

    /// Longer lengths (without leading zeros) are refused unread: beyond any limit an `Int` holds.
    private static let maximumLengthDigits = 18

    private struct HeaderProblem: Error {
        let reason: String
        /// Where the line at fault starts, relative to the header's start.
        let line: Int
    }

    /// The value of the one `Content-Length` header among `header`'s lines: its decimal digits,
    /// without leading zeros (any number of them: a length too large is refused by the caller).
    private static func contentLength(inHeader header: [UInt8]) -> Result<String, HeaderProblem> {
        var length: String?
        for rawLine in header.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var line = rawLine
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.isEmpty { continue }
            let lineStart = line.startIndex
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(HeaderProblem(reason: "header line without `:`", line: lineStart))
            }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
                return .failure(HeaderProblem(reason: "invalid header name", line: lineStart))
            }
            let value = line[(colon + 1)...].drop(while: isBlank).reversed().drop(while: isBlank).reversed()
            guard name.count == 14, String(decoding: name, as: UTF8.self).lowercased() == "content-length" else { continue }
            guard !value.isEmpty, value.allSatisfy(isDigit) else {
                return .failure(HeaderProblem(reason: "Content-Length is not a whole number", line: lineStart))
            }
            let digits = String(decoding: value.drop { $0 == UInt8(ascii: "0") }, as: UTF8.self)
            let parsed = digits.isEmpty ? "0" : digits
            if let length, length != parsed {
                return .failure(HeaderProblem(reason: "two different Content-Length headers", line: lineStart))
            }
            length = parsed
        }
        guard let length else { return .failure(HeaderProblem(reason: "no Content-Length header", line: 0)) }
        return .success(length)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }

    /// RFC 7230 token characters, the only ones a header name may use.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Where the header block ends (before its empty line) and the body starts, if buffered.
    /// Lines end in CRLF as the protocol says; a bare LF is accepted too.
    private func headerBounds() -> (Int, Int)? {
        var index = start
        let end = min(buffer.count, start + Self.maximumHeaderSize + 4)
        while index < end {
            if buffer[index] == UInt8(ascii: "\n") {
                if index + 1 < buffer.count, buffer[index + 1] == UInt8(ascii: "\n") { return (index, index + 2) }
                if index + 2 < buffer.count, buffer[index + 1] == UInt8(ascii: "\r"), buffer[index + 2] == UInt8(ascii: "\n") {
                    return (index, index + 3)
                }
            }
            index += 1
        }
        return nil
    }

    /// Where to look for the next message after a bad header block whose line at fault starts
    /// at `badLine`: the first `Content-Length` header after that line's start. One in the middle
    /// of a line is the next message's header (the bad one lacked its empty line, so its body
    /// ran into it); one at the start of a later line is the next message's header after a
    /// stray line (a line of text, or JSON sent without a header). Otherwise the search starts
    /// after the block.
    private func resumePoint(afterLineAt badLine: Int, headerEnd: Int, bodyStart: Int) -> Int {
        var index = badLine
        while let newline = nextLineBreak(from: index), newline <= headerEnd {
            if let header = lengthHeader(endingAt: newline), header > badLine { return header }
            index = newline + 1
        }
        return bodyStart
    }

    /// Moves `start` to the next `Content-Length` header; without one, drops all but the bytes
    /// that could begin one. A header line ends with a line break, so the search goes from line
    /// break to line break (`memchr`: a refused body of many megabytes is read past here).
    private func skipToMarker() -> Bool {
        var index = start
        while let newline = nextLineBreak(from: index) {
            if let header = lengthHeader(endingAt: newline) {
                start = header
                compact()
                return true
            }
            index = newline + 1
        }
        // A header whose line break is still to come starts in the last few bytes.
        start = max(index, buffer.count - Self.maximumHeaderSize)
        compact()
        return false
    }

    private func nextLineBreak(from index: Int) -> Int? {
        guard index < buffer.count else { return nil }
        return buffer.withUnsafeBytes { bytes in
            memchr(bytes.baseAddress! + index, Int32(UInt8(ascii: "\n")), bytes.count - index)
                .map { bytes.baseAddress!.distance(to: UnsafeRawPointer($0)) }
        }
    }

    /// Where the `Content-Length` header whose line ends at the line break `newline` starts
    /// (the name in any case, a colon, digits, blanks around them, a CR), if it is one.
    private func lengthHeader(endingAt newline: Int) -> Int? {
        var k = newline - 1
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        if k >= start, buffer[k] == UInt8(ascii: "\r") { k -= 1 }
        while k >= start, isBlank(buffer[k]) { k -= 1 }
        let digitsEnd = k
        while k >= start, Self.isDigit(buffer[k]) { k -= 1 }
        guard k < digitsEnd else { return nil }
        while k >= start, isBlank(buffer[k]) { k -= 1 }
        let marker = Self.marker
        let first = k - marker.count + 1
        guard first >= start else { return nil }
        for offset in 0..<marker.count where buffer[first + offset] | 0x20 != marker[offset] | 0x20 { return nil }
        return first
    }

    /// Exactly `length` bytes: what is buffered, then read straight into the body.
    private func readBody(_ length: Int) -> [UInt8]? {
        let buffered = min(length, buffer.count - start)
        var body = [UInt8](repeating: 0, count: length)
        body.withUnsafeMutableBufferPointer { destination in
            buffer.withUnsafeBufferPointer { source in
                if buffered > 0 {
                    destination.baseAddress!.update(from: source.baseAddress! + start, count: buffered)
                }
            }
        }
        start += buffered
        compact()
        var filled = buffered
        while filled < length {
            let count = body.withUnsafeMutableBytes { raw in
                Self.readRetrying(fileDescriptor, raw.baseAddress! + filled, length - filled)
            }
            if count <= 0 { reachedEnd = true; return nil }
            filled += count
        }
        return body
    }

    /// Reads what is available (up to 64 KB) onto the end of `buffer`; false at the end of input.
    private func fill() -> Bool {
        compact()
        // Read into `scratch`, then copied in one go: a refused body passes through here.
        let count = scratch.withUnsafeMutableBytes { raw in Self.readRetrying(fileDescriptor, raw.baseAddress!, raw.count) }
        if count <= 0 { reachedEnd = true; return false }
        scratch.withUnsafeBufferPointer { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
        return true
    }

    private func compact() {
        guard start > 0 else { return }
        buffer.removeFirst(start)
        start = 0
    }

    private static func readRetrying(_ descriptor: Int32, _ destination: UnsafeMutableRawPointer, _ count: Int) -> Int {
        while true {
            let result = read(descriptor, destination, count)
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }
}
