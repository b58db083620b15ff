import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
/// `Content-Length:` (see `resumePoint`); a body above `maximumBodySize` is reported and read
/// past in small chunks, never allocated.
final class MessageReader {
    enum Event: Equatable {
        case message([UInt8])
        /// The header could not be understood (the reader has moved past it).
        case malformedHeader(String)
        /// A body of this many bytes was announced, more than the limit; it was skipped.
        case tooLarge(Int)
        case endOfInput
    }

    /// A header block is a line or two; anything longer is not a header.
    static let maximumHeaderSize = 8192
    private static let marker = Array("content-length:".utf8)

    let maximumBodySize: Int
    private let fileDescriptor: Int32
    private var buffer: [UInt8] = []
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
                    start = resumePoint(afterBadHeaderEndingAt: headerEnd, bodyStart: bodyStart)
                    resynchronising = true
                    return .malformedHeader(problem.reason)
                case .success(let length):
                    start = bodyStart
                    if length > maximumBodySize {
                        skip(length)
                        return .tooLarge(length)
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

    private struct HeaderProblem: Error { let reason: String }

    /// The value of the one `Content-Length` header among `header`'s lines.
    private static func contentLength(inHeader header: [UInt8]) -> Result<Int, HeaderProblem> {
        var length: Int?
        for rawLine in header.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var line = rawLine
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.isEmpty { continue }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(HeaderProblem(reason: "header line without `:`"))
            }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
                return .failure(HeaderProblem(reason: "invalid header name"))
            }
            let value = line[(colon + 1)...].drop(while: isBlank).reversed().drop(while: isBlank).reversed()
            guard name.count == 14, String(decoding: name, as: UTF8.self).lowercased() == "content-length" else { continue }
            guard !value.isEmpty, value.count <= 18, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let parsed = Int(String(decoding: value, as: UTF8.self)) else {
                return .failure(HeaderProblem(reason: "Content-Length is not a whole number"))
            }
            if let length, length != parsed {
                return .failure(HeaderProblem(reason: "two different Content-Length headers"))
            }
            length = parsed
        }
        guard let length else { return .failure(HeaderProblem(reason: "no Content-Length header")) }
        return .success(length)
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

    /// Where to look for the next message after a bad header block: a `Content-Length:` in the
    /// middle of one of its lines is the next message's header (the bad one lacked its empty
    /// line, so its body ran into it); otherwise the search starts after the block.
    private func resumePoint(afterBadHeaderEndingAt headerEnd: Int, bodyStart: Int) -> Int {
        let marker = Self.marker
        var index = start + 1
        while index + marker.count <= headerEnd {
            if buffer[index - 1] != UInt8(ascii: "\n"), matchesMarker(at: index) { return index }
            index += 1
        }
        return bodyStart
    }

    private func matchesMarker(at index: Int) -> Bool {
        let marker = Self.marker
        guard index + marker.count <= buffer.count else { return false }
        for offset in 0..<marker.count where buffer[index + offset] | 0x20 != marker[offset] | 0x20 { return false }
        return true
    }

    /// Moves `start` to the next `Content-Length:` (any case); without one, drops all but the
    /// bytes that could begin it.
    private func skipToMarker() -> Bool {
        let marker = Self.marker
        var index = start
        while index + marker.count <= buffer.count {
            if matchesMarker(at: index) {
                start = index
                compact()
                return true
            }
            index += 1
        }
        start = max(start, buffer.count - (marker.count - 1))
        compact()
        return false
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

    /// Reads past `length` bytes without keeping them.
    private func skip(_ length: Int) {
        let buffered = min(length, buffer.count - start)
        start += buffered
        compact()
        var remaining = length - buffered
        var scratch = [UInt8](repeating: 0, count: 1 << 16)
        while remaining > 0 {
            let count = scratch.withUnsafeMutableBytes { raw in
                Self.readRetrying(fileDescriptor, raw.baseAddress!, min(remaining, raw.count))
            }
            if count <= 0 { reachedEnd = true; return }
            remaining -= count
        }
    }

    /// Reads what is available (up to 64 KB) onto the end of `buffer`; false at the end of input.
    private func fill() -> Bool {
        compact()
        let chunk = 1 << 16
        let oldCount = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        let count = buffer.withUnsafeMutableBytes { raw in
            Self.readRetrying(fileDescriptor, raw.baseAddress! + oldCount, chunk)
        }
        buffer.removeLast(chunk - max(0, count))
        if count <= 0 { reachedEnd = true; return false }
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
