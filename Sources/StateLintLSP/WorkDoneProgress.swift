import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// Server-initiated work-done progress for indexing: `window/workDoneProgress/create`, then
/// `$/progress` begin, reports and end on that token.
///
/// Nothing is sent for a token until the client has answered the create request (nothing at
/// all if it refused, or does not support progress). If the work finished before the answer
/// came, begin and end are sent together then, so every token that was created is ended.
final class WorkDoneProgress: @unchecked Sendable {
    private let connection: Connection
    private let token: String
    private let title: String
    private let lock = NSLock()
    private var state = State.waitingForClient
    private var percentage = 0
    private var message: String?
    private var finishedMessage: String?
    private var lastReport = DispatchTime.now()

    private enum State { case waitingForClient, reporting, refused }

    private static let counterLock = NSLock()
    nonisolated(unsafe) private static var counter = 0

    /// Asks the client for a token; with `enabled` false (the client has no progress UI) every
    /// call is a no-op.
    init(connection: Connection, title: String, enabled: Bool) {
        self.connection = connection
        self.title = title
        Self.counterLock.lock()
        Self.counter += 1
        token = "statelint-progress-\(Self.counter)"
        Self.counterLock.unlock()
        guard enabled else {
            state = .refused
            return
        }
        connection.request("window/workDoneProgress/create", ["token": .string(token)]) { [self] answer in
            lock.lock()
            defer { lock.unlock() }
            guard case .success = answer else {
                state = .refused
                return
            }
            state = .reporting
            var begin: [String: LSPJSON] = ["kind": "begin", "title": .string(title), "cancellable": false,
                                            "percentage": .int(percentage)]
            if let message { begin["message"] = .string(message) }
            send(.object(begin))
            if let finishedMessage { sendEnd(finishedMessage) }
        }
    }

    /// `done` of `total` items; reported at most every 100 ms.
    func report(done: Int, total: Int, message text: String) {
        lock.lock()
        defer { lock.unlock() }
        percentage = total > 0 ? min(100, done * 100 / total) : 100
        message = text
        let now = DispatchTime.now()
        guard state == .reporting, finishedMessage == nil,
              now.uptimeNanoseconds - lastReport.uptimeNanoseconds >= 100_000_000 else { return }
        lastReport = now
        send(["kind": "report", "message": .string(text), "percentage": .int(percentage)])
    }

    func finish(message text: String) {
        lock.lock()
        defer { lock.unlock() }
        guard finishedMessage == nil else { return }
        finishedMessage = text
        if state == .reporting { sendEnd(text) }
    }

    private func sendEnd(_ text: String) {
        send(["kind": "end", "message": .string(text)])
    }

    private func send(_ value: LSPJSON) {
        connection.notify("$/progress", ["token": .string(token), "value": value])
    }
}
