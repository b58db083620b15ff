import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// Writes LSP base-protocol messages (`Content-Length` header, then the JSON body) to a file
/// descriptor, in the order `send` was called, from any thread.
///
/// `send` never blocks on the descriptor: messages are written by a queue of their own, so a
/// client that is slow to read (or is itself busy writing to the server) cannot stall the
/// message loop or the lint queue while they hold a lock.
final class MessageWriter: @unchecked Sendable {
    private let fileDescriptor: Int32
    private let queue = DispatchQueue(label: "statelint.lsp.writer")
    /// Set on the writer queue once a write fails: the other end has gone away.
    private var isBroken = false

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    func send(_ message: LSPJSON) {
        let body = message.serialized()
        let framed = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        queue.async { [self] in write(framed) }
    }

    /// Waits (up to `timeout` seconds) until everything sent so far is written.
    @discardableResult
    func flush(timeout: Double = 5) -> Bool {
        let written = DispatchSemaphore(value: 0)
        queue.async { written.signal() }
        return written.wait(timeout: .now() + timeout) == .success
    }

    private func write(_ bytes: [UInt8]) {
        guard !isBroken else { return }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                systemWrite(fileDescriptor, raw.baseAddress! + written, bytes.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                isBroken = true
                return
            }
            written += count
        }
    }
}
