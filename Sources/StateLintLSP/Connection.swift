import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// The server's side of the JSON-RPC connection: responses, notifications, requests to the
/// client with the handlers of their answers, and the ids the client has cancelled.
/// Used from the message loop and the lint queue alike, so every piece of state is locked.
final class Connection: @unchecked Sendable {
    typealias ResponseHandler = @Sendable (Result<LSPJSON, ResponseError>) -> Void

    private let writer: MessageWriter
    private let lock = NSLock()
    private var nextRequestNumber = 1
    private var pendingRequests: [RequestID: ResponseHandler] = [:]
    private var cancelledRequests: Set<RequestID> = []
    private var shownMessages: Set<String> = []
    /// Set by `exit`: nothing is written afterwards.
    private var isClosed = false
    /// Set with the answer to `shutdown`: only responses are written afterwards (work still
    /// running, such as indexing, says nothing more).
    private var isShutDown = false

    init(writer: MessageWriter) {
        self.writer = writer
    }

    func respond(to id: RequestID, with result: LSPJSON) {
        forget(id)
        send(OutgoingMessage.response(id: id, result: result))
    }

    func fail(_ id: RequestID?, _ error: ResponseError) {
        if let id { forget(id) }
        send(OutgoingMessage.error(id: id, error))
    }

    func notify(_ method: String, _ params: LSPJSON) {
        guard !shutDown else { return }
        send(OutgoingMessage.notification(method, params))
    }

    /// Answers `shutdown`; from then on only responses are sent.
    func respondToShutdown(_ id: RequestID) {
        lock.lock()
        isShutDown = true
        lock.unlock()
        respond(to: id, with: .null)
    }

    private var shutDown: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isShutDown
    }

    /// Sends a request to the client; `handler` gets its answer (on the message loop's thread).
    func request(_ method: String, _ params: LSPJSON, handler: @escaping ResponseHandler) {
        guard !shutDown else { return }
        lock.lock()
        let id = RequestID.string("statelint-\(nextRequestNumber)")
        nextRequestNumber += 1
        pendingRequests[id] = handler
        lock.unlock()
        send(OutgoingMessage.request(id: id, method, params))
    }

    /// The client answered one of the server's requests.
    func receivedResponse(id: RequestID, result: LSPJSON?, error: LSPJSON?) {
        lock.lock()
        let handler = pendingRequests.removeValue(forKey: id)
        lock.unlock()
        guard let handler else { return }
        if let error {
            handler(.failure(ResponseError(code: error["code"]?.intValue ?? ResponseError.internalErrorCode,
                                           message: error["message"]?.stringValue ?? "")))
        } else {
            handler(.success(result ?? .null))
        }
    }

    /// `$/cancelRequest`: a request not yet answered will be answered with `RequestCancelled`.
    func cancel(_ id: RequestID) {
        lock.lock()
        cancelledRequests.insert(id)
        lock.unlock()
    }

    func isCancelled(_ id: RequestID) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelledRequests.contains(id)
    }

    /// `window/logMessage` (type 1 error … 4 log): what editors put in the server's log.
    func log(_ message: String, type: Int = 3) {
        notify("window/logMessage", ["type": .int(type), "message": .string(message)])
    }

    /// `window/showMessage`, once per distinct `key` (by default the message itself).
    func showOnce(_ message: String, key: String? = nil, type: Int = 1) {
        lock.lock()
        let isNew = shownMessages.insert(key ?? message).inserted
        lock.unlock()
        if isNew { notify("window/showMessage", ["type": .int(type), "message": .string(message)]) }
    }

    /// Writes out what was sent (waiting up to a second), then sends nothing more.
    func close() {
        writer.flush(timeout: 1)
        lock.lock()
        isClosed = true
        lock.unlock()
    }

    private func forget(_ id: RequestID) {
        lock.lock()
        cancelledRequests.remove(id)
        lock.unlock()
    }

    private func send(_ message: LSPJSON) {
        lock.lock()
        let closed = isClosed
        lock.unlock()
        if !closed { writer.send(message) }
    }
}
