import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes LSP base-protocol messages (`Content-Length` header, then the JSON body) to a file
/// descriptor. Safe to call from any thread: each message is written whole, under a lock.
final class MessageWriter: @unchecked Sendable {
    private let fileDescriptor: Int32
    private let lock = NSLock()
    private var isBroken = false

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Sends one message; false once the other end has gone away (nothing more is written).
    @discardableResult
    func send(_ message: LSPJSON) -> Bool {
        let body = message.serialized()
        var framed = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        framed += body
        lock.lock()
        defer { lock.unlock() }
        guard !isBroken else { return false }
        var written = 0
        while written < framed.count {
            let count = framed.withUnsafeBytes { raw in
                write(fileDescriptor, raw.baseAddress! + written, framed.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                isBroken = true
                return false
            }
            written += count
        }
        return true
    }
}
