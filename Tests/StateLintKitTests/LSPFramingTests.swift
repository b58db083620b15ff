import Foundation
import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// The base protocol's framing, read from a real pipe.
@Suite("LSP framing")
struct LSPFramingTests {
    /// Writes `input` to a pipe (on another thread, so large input cannot block), closes it,
    /// and returns every event the reader sees up to the end of input.
    func events(_ input: [UInt8], limit: Int = 1 << 20) -> [MessageReader.Event] {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            input.withUnsafeBytes { raw in
                var written = 0
                while written < raw.count {
                    let count = write(writer.fileDescriptor, raw.baseAddress! + written, min(raw.count - written, 7_000))
                    if count <= 0 { break }
                    written += count
                }
            }
            try? writer.close()
            done.signal()
        }
        let reader = MessageReader(fileDescriptor: pipe.fileHandleForReading.fileDescriptor, maximumBodySize: limit)
        var events: [MessageReader.Event] = []
        while true {
            let event = reader.next()
            events.append(event)
            if event == .endOfInput || events.count > 100 { break }
        }
        done.wait()
        return events
    }

    func framed(_ body: String) -> [UInt8] {
        Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    @Test("messages back to back, split across reads, with other headers")
    func backToBack() {
        let big = String(repeating: "x", count: 100_000)
        let input = framed("{}") + Array("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n[]".utf8)
            + framed("\"\(big)\"")
        #expect(events(input) == [.message(Array("{}".utf8)), .message(Array("[]".utf8)),
                                  .message(Array("\"\(big)\"".utf8)), .endOfInput])
    }

    @Test("a header that ends lines with LF alone is accepted")
    func bareLineFeeds() {
        #expect(events(Array("Content-Length: 2\n\n{}".utf8)) == [.message(Array("{}".utf8)), .endOfInput])
    }

    @Test("a malformed header is reported and the next message still read", arguments: [
        "Content-Length: abc\r\n\r\n{}",
        "Content-Type: text\r\n\r\n{}",
        "Content-Length 2\r\n\r\n{}",
        "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
        "{\"jsonrpc\":\"2.0\"}\r\n\r\n",
    ])
    func malformedHeader(bad: String) {
        let seen = events(Array(bad.utf8) + framed("[1]"))
        #expect(seen.count >= 3)
        guard case .malformedHeader = seen.first else {
            Issue.record("expected a malformed header first, got \(seen)")
            return
        }
        #expect(seen.suffix(2) == [.message(Array("[1]".utf8)), .endOfInput])
    }

    @Test("a header missing its empty line: the following message is found again")
    func truncatedHeader() {
        // The first message's header lacks the blank line, so its body runs into the next header.
        let seen = events(Array("Content-Length: 2\r\n{}".utf8) + framed("[2]"))
        #expect(seen.first.map { if case .malformedHeader = $0 { true } else { false } } == true)
        #expect(seen.suffix(2) == [.message(Array("[2]".utf8)), .endOfInput])
    }

    @Test("input that ends inside a header or a body")
    func endsEarly() {
        #expect(events(Array("Content-Len".utf8)) == [.malformedHeader("the input ended inside a message header"), .endOfInput])
        #expect(events(Array("Content-Length: 10\r\n\r\n{}".utf8)) == [.endOfInput])
        #expect(events(Array("\r\n".utf8)) == [.endOfInput])
    }

    @Test("a body over the limit is skipped, not kept, and reading goes on")
    func tooLarge() {
        let huge = String(repeating: "a", count: 50 << 20)  // 50 MB
        let seen = events(framed(huge) + framed("{}"), limit: 1 << 20)
        #expect(seen == [.tooLarge("52428800"), .message(Array("{}".utf8)), .endOfInput])
    }

    @Test("a stray line before a header: reported, and the message after it read", arguments: [
        "garbage\r\n",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\"}\r\n",
        "X-Note: fine\r\nno colon here\n",
    ])
    func strayLine(line: String) {
        let seen = events(Array(line.utf8) + framed("[1]") + framed("[2]"))
        #expect(seen.count == 4, "\(seen)")
        guard case .malformedHeader = seen.first else {
            Issue.record("expected a malformed header first, got \(seen)")
            return
        }
        #expect(seen.dropFirst() == [.message(Array("[1]".utf8)), .message(Array("[2]".utf8)), .endOfInput])
    }

    @Test("lengths past the limit, or past any number, are refused as too large; leading zeros are fine")
    func lengthsAsWritten() {
        let after = framed("[1]")
        #expect(events(Array("Content-Length: 9223372036854775807\r\n\r\n{}".utf8) + after)
                == [.tooLarge("9223372036854775807"), .message(Array("[1]".utf8)), .endOfInput])
        #expect(events(Array("Content-Length: 000184467440737095516160\r\n\r\n".utf8) + after)
                == [.tooLarge("184467440737095516160"), .message(Array("[1]".utf8)), .endOfInput])
        #expect(events(Array("Content-Length: 0003\r\n\r\n[0]".utf8)) == [.message(Array("[0]".utf8)), .endOfInput])
        #expect(events(Array("Content-Length: 00\r\n\r\n".utf8) + after) == [.message([]), .message(Array("[1]".utf8)), .endOfInput])
        #expect(events(Array("Content-Length: -2\r\n\r\n".utf8) + after).first
                == .malformedHeader("Content-Length is not a whole number"))
    }

    /// A refused body is read past up to the next header, which JSON text cannot fake: inside a
    /// string a line break is written `\r\n`, not as the bytes.
    @Test("a refused body's text that spells a header is not taken for one")
    func refusedBodySpellingAHeader() {
        let body = #"{"text":"Content-Length: 5\r\n\r\n[9,9]","pad":""# + String(repeating: "x", count: 200) + #""}"#
        let seen = events(framed(body) + framed("[1]"), limit: 100)
        #expect(seen == [.tooLarge("\(body.utf8.count)"), .message(Array("[1]".utf8)), .endOfInput])
    }

    /// `Content-Length: 1000000000000` and a few bytes, the stream left open: refused at once,
    /// not after a wait for the bytes, and the next message is read when it comes.
    @Test("a huge length with little data is answered without waiting for it")
    func hugeLengthOnAnOpenStream() throws {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        defer { try? writer.close() }
        let box = ReaderBox(MessageReader(fileDescriptor: pipe.fileHandleForReading.fileDescriptor))
        func next() -> MessageReader.Event? {
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                box.event = box.reader.next()
                done.signal()
            }
            // A generous watchdog: a reader that waits for a trillion bytes never returns.
            guard done.wait(timeout: .now() + 30) == .success else { return nil }
            return box.event
        }
        writer.write(Data("Content-Length: 1000000000000\r\n\r\n{\"id\":1}".utf8))
        #expect(next() == .tooLarge("1000000000000"))
        writer.write(Data(framed("[1]")))
        #expect(next() == .message(Array("[1]".utf8)))
    }

    @Test("a header longer than any real one is refused")
    func endlessHeader() {
        let seen = events(Array(("X-Padding: " + String(repeating: "p", count: 20_000) + "\r\n\r\n").utf8) + framed("{}"))
        #expect(seen.first == .malformedHeader("no end of header within \(MessageReader.maximumHeaderSize) bytes"))
        #expect(seen.suffix(2) == [.message(Array("{}".utf8)), .endOfInput])
    }

    @Test("the writer frames each message with its byte length")
    func writer() throws {
        let pipe = Pipe()
        let writer = MessageWriter(fileDescriptor: pipe.fileHandleForWriting.fileDescriptor)
        writer.send(["text": "é😀"])
        writer.send([1])
        #expect(writer.flush())
        try pipe.fileHandleForWriting.close()
        let written = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(written == "Content-Length: 17\r\n\r\n{\"text\":\"é😀\"}Content-Length: 3\r\n\r\n[1]")
    }
}

/// The reader and what it read last, handed to one reading thread at a time.
private final class ReaderBox: @unchecked Sendable {
    let reader: MessageReader
    var event: MessageReader.Event?
    init(_ reader: MessageReader) { self.reader = reader }
}
