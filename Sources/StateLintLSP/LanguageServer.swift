import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// `statelint lsp`: a Language Server (LSP 3.17) speaking JSON-RPC over a pair of file
/// descriptors (standard input and output for an editor; pipes in tests).
///
/// Threads: `run()` reads and dispatches messages in order on the calling thread, and answers
/// what needs no engine at once; linting and code actions run in order on `engineQueue`, and
/// indexing on `indexQueue` beside them, so an opened document is linted at once with what
/// is indexed so far, and again when the indexing is done. Malformed input is
/// answered with a JSON-RPC error and never stops the server; only `exit` or the end of the
/// input does.
public final class LanguageServer: @unchecked Sendable {
    public struct Options: Sendable {
        /// Larger message bodies are refused at once, and read past up to the next message
        /// header without being held in memory.
        public var maximumMessageSize = 64 << 20
        public init() {}
    }

    private let reader: MessageReader
    let connection: Connection
    let backend: any LintBackend
    let documents = DocumentStore()
    let engineQueue = DispatchQueue(label: "statelint.lsp.engine", qos: .userInitiated)
    let indexQueue = DispatchQueue(label: "statelint.lsp.index", qos: .utility)
    private(set) var scheduler: LintScheduler!

    // Set by `initialize`, before any work reaches the engine queue; read-only afterwards.
    private(set) var encoding = PositionEncoding.utf16
    private(set) var client = ClientCapabilities()
    /// The workspace folders' paths; changed on the engine queue only.
    var folders: [String] = []

    /// Set when the server stops: indexing still queued is skipped.
    let stopping = Flag()

    private enum Lifecycle { case waitingForInitialize, running, shutDown }
    private var lifecycle = Lifecycle.waitingForInitialize

    public init(input: Int32, output: Int32, backend: any LintBackend, options: Options = Options()) {
        reader = MessageReader(fileDescriptor: input, maximumBodySize: options.maximumMessageSize)
        connection = Connection(writer: MessageWriter(fileDescriptor: output))
        self.backend = backend
        scheduler = LintScheduler(queue: engineQueue) { [weak self] path in self?.lintNow(path) }
    }

    /// Serves until `exit` or the end of the input. Returns the exit status: 0 after `shutdown`,
    /// else 1, as the protocol asks.
    public func run() -> Int32 {
        while true {
            switch reader.next() {
            case .endOfInput:
                stop()
                return lifecycle == .shutDown ? 0 : 1
            case .malformedHeader(let reason):
                connection.fail(nil, .parseError("malformed message header: \(reason)"))
            case .tooLarge(let size):
                connection.fail(nil, .invalidRequest("a message of \(size) bytes (its Content-Length) was refused: the maximum message size is \(reader.maximumBodySize) bytes; reading goes on at the next message header"))
            case .message(let body):
                if let status = handle(body) { return status }
            }
        }
    }

    /// One message; an exit status when it was `exit`.
    private func handle(_ body: [UInt8]) -> Int32? {
        let message: IncomingMessage
        do {
            message = try IncomingMessage(try LSPJSONParser.parse(body))
        } catch let error as LSPJSONError {
            connection.fail(nil, .parseError(error.description))
            return nil
        } catch let error as IncomingMessage.Invalid {
            connection.fail(error.id, error.error)
            return nil
        } catch {
            connection.fail(nil, .parseError("\(error)"))
            return nil
        }
        switch message {
        case .response(let id, let result, let error):
            connection.receivedResponse(id: id, result: result, error: error)
        case .notification(let method, let params):
            return handleNotification(method, params)
        case .request(let id, let method, let params):
            handleRequest(id, method, params)
        }
        return nil
    }

    private func handleRequest(_ id: RequestID, _ method: String, _ params: LSPJSON) {
        switch lifecycle {
        case .waitingForInitialize where method != "initialize":
            connection.fail(id, ResponseError(code: ResponseError.serverNotInitializedCode,
                                              message: "`\(method)` before `initialize`: the server is not initialized yet"))
            return
        case .shutDown:
            connection.fail(id, .invalidRequest("`\(method)` after `shutdown`: only `exit` is accepted now"))
            return
        default:
            break
        }
        do throws(InvalidParams) {
            switch method {
            case "initialize": try initialize(id, params)
            case "shutdown":
                lifecycle = .shutDown
                stopping.set()
                // After the answers to every request already queued.
                engineQueue.async { [connection] in connection.respondToShutdown(id) }
            case "textDocument/codeAction": try codeAction(id, params)
            default:
                connection.fail(id, ResponseError(code: ResponseError.methodNotFoundCode, message: "unknown method `\(method)`"))
            }
        } catch {
            connection.fail(id, .invalidParams("`\(method)`: \(error.message)"))
        }
    }

    private func handleNotification(_ method: String, _ params: LSPJSON) -> Int32? {
        if method == "exit" {
            stop()
            return lifecycle == .shutDown ? 0 : 1
        }
        // Before `initialize` notifications are dropped; after `shutdown` only `exit` counts.
        guard lifecycle == .running else { return nil }
        do throws(InvalidParams) {
            switch method {
            case "initialized": startWorkspace()
            case "textDocument/didOpen": try didOpen(params)
            case "textDocument/didChange": try didChange(params)
            case "textDocument/didClose": try didClose(params)
            case "textDocument/didSave": try didSave(params)
            case "workspace/didChangeWatchedFiles": try didChangeWatchedFiles(params)
            case "workspace/didChangeWorkspaceFolders": try didChangeWorkspaceFolders(params)
            case "$/cancelRequest":
                guard let requestID = RequestID(try params.required("id")) else {
                    throw InvalidParams(message: "`id` must be an integer or a string")
                }
                connection.cancel(requestID)
            default:
                break  // unknown notifications are ignored, as the protocol asks
            }
        } catch {
            // A notification has no response: the client's log gets the reason.
            connection.log("statelint: ignored `\(method)`: \(error.message)", type: 1)
        }
        return nil
    }

    /// Lets the engine queue send what it has queued (the `shutdown` answer among it) for up to
    /// a second, then sends nothing more.
    private func stop() {
        let drained = DispatchSemaphore(value: 0)
        engineQueue.async { drained.signal() }
        _ = drained.wait(timeout: .now() + 1)
        stopping.set()
        connection.close()
    }

    private func initialize(_ id: RequestID, _ params: LSPJSON) throws(InvalidParams) {
        guard lifecycle == .waitingForInitialize else {
            connection.fail(id, .invalidRequest("`initialize` was already received"))
            return
        }
        guard case .object = params else { throw InvalidParams(message: "expected an object of params") }
        client = ClientCapabilities(params["capabilities"])
        encoding = PositionEncoding.negotiate(offered: client.positionEncodings)
        folders = WorkspaceFolders.roots(ofInitialize: params)
        backend.setWorkspaceFolders(folders)
        lifecycle = .running
        connection.respond(to: id, with: [
            "capabilities": [
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "codeActionProvider": ["codeActionKinds": [.string(CodeActions.quickFixKind), .string(CodeActions.fixAllKind)]],
                "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": true]],
            ],
            "serverInfo": ["name": "statelint", "version": .string(StateLintVersion.current)],
        ])
    }

    /// The document's current findings (linting it first if they are not), then its actions.
    /// Runs on the engine queue after every lint already scheduled.
    private func codeAction(_ id: RequestID, _ params: LSPJSON) throws(InvalidParams) {
        let uri = try params.documentURI()
        let range = try LSPRange(params.required("range"))
        let only = params["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
        let path = FileURI.path(of: uri)
        engineQueue.async { [self] in
            if connection.isCancelled(id) {
                connection.fail(id, ResponseError(code: ResponseError.requestCancelledCode, message: "cancelled"))
                return
            }
            guard let path, documents.document(path) != nil else {
                connection.respond(to: id, with: [])
                return
            }
            if documents.current(path) == nil { lintNow(path) }
            guard let linted = documents.current(path) else {
                connection.respond(to: id, with: [])
                return
            }
            let actions = CodeActions(linted: linted, encoding: encoding, documentChanges: client.documentChanges,
                                      codeDescription: client.codeDescription, otherFile: editTarget)
            connection.respond(to: id, with: .array(actions.actions(for: range, only: only)))
        }
    }

    /// Another file a fix edits: the open document's buffer, else the file on disk.
    private func editTarget(_ path: String) -> CodeActions.EditTarget? {
        if let open = documents.document(path) {
            return CodeActions.EditTarget(uri: open.uri, version: open.version, bytes: open.bytes, lineStarts: open.lineStarts)
        }
        guard let bytes = try? SourceReader.read(path) else { return nil }
        return CodeActions.EditTarget(uri: FileURI.uri(ofPath: path), version: nil, bytes: bytes,
                                      lineStarts: SourceFile.computeLineStarts(bytes))
    }

    /// Lints an open document's current text and publishes the result if the document is still
    /// at that version (a newer one is scheduled already). On the engine queue.
    func lintNow(_ path: String) {
        guard let document = documents.document(path) else { return }
        let report = backend.lint(path, text: document.bytes)
        if let problem = report.problem { showProblem(problem, configurationState: report.configurationState) }
        if report.configurationChanged { reloadConfiguration() }
        if let root = report.projectToIndex { indexInBackground([root]) }
        if report.typesChanged { scheduler.schedule(documents.openPaths.filter { $0 != path }) }
        documents.publishIfCurrent(document, findings: report.findings) { linted in
            connection.notify("textDocument/publishDiagnostics",
                              Diagnostics.publishParams(linted, findings: report.findings, encoding: encoding,
                                                        codeDescription: client.codeDescription))
        }
    }
}
