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

/// A language-server client for tests: runs a `LanguageServer` in this process on pipes,
/// writes framed messages to it and collects every message it writes back.
///
/// Requests the server sends (`window/workDoneProgress/create`, `client/registerCapability`)
/// are answered with `null` unless `answersServerRequests` is false. Every wait has a timeout,
/// so a server that never answers fails the test instead of hanging it.
final class LSPTestClient: @unchecked Sendable {
    let server: LanguageServer
    private let toServer = Pipe()
    private let fromServer = Pipe()
    private let condition = NSCondition()
    private var received: [LSPJSON] = []
    private var taken: Set<Int> = []
    private var exitStatus: Int32?
    private var readerDone = false
    private var nextID = 1
    var answersServerRequests = true

    /// Generous: `swift test` runs suites in parallel on a shared, loaded machine.
    static let timeout: TimeInterval = 60

    init(backend: any LintBackend = EngineBackend(jobs: 2), options: LanguageServer.Options = LanguageServer.Options()) {
        server = LanguageServer(input: toServer.fileHandleForReading.fileDescriptor,
                                output: fromServer.fileHandleForWriting.fileDescriptor, backend: backend, options: options)
        let serverThread = Thread { [self] in
            let status = server.run()
            condition.lock()
            exitStatus = status
            condition.broadcast()
            condition.unlock()
        }
        serverThread.stackSize = 8 << 20
        serverThread.start()
        let readerThread = Thread { [self] in readMessages() }
        readerThread.start()
    }

    private func readMessages() {
        let reader = MessageReader(fileDescriptor: fromServer.fileHandleForReading.fileDescriptor, maximumBodySize: 1 << 30)
        while case .message(let body) = reader.next() {
            guard let message = try? LSPJSONParser.parse(body) else {
                Issue.record("the server wrote a body that is not JSON: \(String(decoding: body.prefix(200), as: UTF8.self))")
                continue
            }
            if answersServerRequests, message["method"] != nil, let id = message["id"] {
                sendJSON(["jsonrpc": "2.0", "id": id, "result": .null])
            }
            condition.lock()
            received.append(message)
            condition.broadcast()
            condition.unlock()
        }
        condition.lock()
        readerDone = true
        condition.broadcast()
        condition.unlock()
    }

    // MARK: Sending

    /// Whole messages only: the test and the reader thread (answering the server) both send.
    private let sendLock = NSLock()

    func sendRaw(_ bytes: [UInt8]) {
        sendLock.lock()
        defer { sendLock.unlock() }
        let handle = toServer.fileHandleForWriting
        bytes.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let count = write(handle.fileDescriptor, raw.baseAddress! + written, raw.count - written)
                if count <= 0 { return }
                written += count
            }
        }
    }

    func sendBody(_ body: [UInt8]) {
        sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func sendJSON(_ message: LSPJSON) {
        sendBody(message.serialized())
    }

    func notify(_ method: String, _ params: LSPJSON = [:]) {
        sendJSON(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Sends a request and returns its id without waiting.
    @discardableResult
    func send(_ method: String, _ params: LSPJSON = [:]) -> Int {
        condition.lock()
        let id = nextID
        nextID += 1
        condition.unlock()
        sendJSON(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
        return id
    }

    /// Sends a request and waits for its response (the whole message: `result` or `error`).
    func request(_ method: String, _ params: LSPJSON = [:]) -> LSPJSON? {
        let id = send(method, params)
        return response(to: id)
    }

    func response(to id: Int) -> LSPJSON? {
        next { $0["id"] == .int(id) && $0["method"] == nil }
    }

    // MARK: Receiving

    /// The first message not yet taken that matches, waiting for it; nil after the timeout.
    func next(timeout: TimeInterval = LSPTestClient.timeout, where matches: (LSPJSON) -> Bool) -> LSPJSON? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        var scanned = 0
        while true {
            while scanned < received.count {
                let index = scanned
                scanned += 1
                if !taken.contains(index) && matches(received[index]) {
                    taken.insert(index)
                    return received[index]
                }
            }
            if readerDone || !condition.wait(until: deadline) { return nil }
        }
    }

    /// Waits `seconds` and returns the matching messages that arrived (for "nothing was sent").
    func collect(for seconds: TimeInterval, where matches: (LSPJSON) -> Bool) -> [LSPJSON] {
        Thread.sleep(forTimeInterval: seconds)
        condition.lock()
        defer { condition.unlock() }
        return received.indices.filter { !taken.contains($0) && matches(received[$0]) }.map { received[$0] }
    }

    /// Every message received so far.
    var messages: [LSPJSON] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    /// The next `publishDiagnostics` for `uri`, optionally for one version.
    func diagnostics(_ uri: String, version: Int? = nil) -> [LSPJSON]? {
        next { message in
            message["method"] == "textDocument/publishDiagnostics" && message["params"]?["uri"]?.stringValue == uri
                && (version == nil || message["params"]?["version"]?.intValue == version)
        }?["params"]?["diagnostics"]?.arrayValue
    }

    /// The diagnostics `uri` settles on: the first of its `publishDiagnostics` after those
    /// already taken that satisfies `settled`; those before it are taken as superseded. Where
    /// other work (indexing, another document's lint) may publish a document again before a
    /// change reaches it, the next publish is not always the change's.
    func diagnostics(_ uri: String, settling settled: ([LSPJSON]) -> Bool,
                     timeout: TimeInterval = LSPTestClient.timeout) -> [LSPJSON]? {
        func isPublish(_ message: LSPJSON) -> Bool {
            message["method"] == "textDocument/publishDiagnostics" && message["params"]?["uri"]?.stringValue == uri
        }
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        var index = (taken.filter { isPublish(received[$0]) }.max() ?? -1) + 1
        while true {
            while index < received.count {
                let message = received[index]
                if !taken.contains(index), isPublish(message), let diagnostics = message["params"]?["diagnostics"]?.arrayValue {
                    taken.insert(index)
                    if settled(diagnostics) { return diagnostics }
                }
                index += 1
            }
            if readerDone || !condition.wait(until: deadline) { return nil }
        }
    }

    // MARK: Lifecycle

    /// `initialize` and `initialized` for the workspace `root` (nil: no folder). With
    /// `waitForIndex`, returns once the folder is indexed (the server's "Indexed" log message),
    /// so documents opened next lint against the whole index; without it, documents opened
    /// meanwhile are linted at once with what is indexed so far, and again afterwards.
    @discardableResult
    func initialize(root: String?, capabilities: LSPJSON = [:], sendInitialized: Bool = true,
                    waitForIndex: Bool = true) -> LSPJSON? {
        var params: [String: LSPJSON] = ["processId": .null, "capabilities": capabilities]
        params["rootUri"] = root.map { .string(FileURI.uri(ofPath: $0)) } ?? .null
        let response = request("initialize", .object(params))
        if sendInitialized { notify("initialized") }
        if sendInitialized && waitForIndex && root != nil { _ = waitForIndexing() }
        return response
    }

    /// The server's log message that indexing is done (taken), waiting for it.
    @discardableResult
    func waitForIndexing(timeout: TimeInterval = LSPTestClient.timeout) -> LSPJSON? {
        next(timeout: timeout) { message in
            message["method"] == "window/logMessage"
                && message["params"]?["message"]?.stringValue?.hasPrefix("statelint: Indexed") == true
        }
    }

    func open(_ path: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(FileURI.uri(ofPath: path)), "languageId": "swift",
                                                         "version": .int(version), "text": .string(text)]])
    }

    /// One incremental change of `range` (0-based line and character) to `text`.
    func change(_ path: String, version: Int, _ edits: [(LSPRange?, String)]) {
        let changes: [LSPJSON] = edits.map { range, text in
            var change: [String: LSPJSON] = ["text": .string(text)]
            if let range { change["range"] = range.json }
            return .object(change)
        }
        notify("textDocument/didChange", ["textDocument": ["uri": .string(FileURI.uri(ofPath: path)), "version": .int(version)],
                                          "contentChanges": .array(changes)])
    }

    /// The exit status once the server has stopped, waiting for it.
    func waitForExit(timeout: TimeInterval = LSPTestClient.timeout) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while exitStatus == nil {
            if !condition.wait(until: deadline) { return nil }
        }
        return exitStatus
    }

    /// `shutdown` then `exit`; the exit status.
    func shutdownAndExit() -> Int32? {
        let answer = request("shutdown")
        #expect(answer?["result"] == .null && answer?["error"] == nil)
        notify("exit")
        return waitForExit()
    }

    /// Ends the input (if the server still runs) and releases the pipes.
    func close() {
        try? toServer.fileHandleForWriting.close()
        _ = waitForExit(timeout: 5)
        try? fromServer.fileHandleForWriting.close()
    }

    deinit {
        try? toServer.fileHandleForWriting.close()
    }
}

func range(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) -> LSPRange {
    LSPRange(start: LSPPosition(line: startLine, character: startCharacter), end: LSPPosition(line: endLine, character: endCharacter))
}

/// Applies a `WorkspaceEdit`'s edits for `uri` to `text` as an editor does: positions in
/// `encoding` (computed here from Swift's own string views, not the server's code), edits
/// applied from the end so earlier ones do not move later ones.
func applyWorkspaceEdit(_ edit: LSPJSON, uri: String, to text: String, encoding: PositionEncoding = .utf16) -> String? {
    var edits: [LSPJSON] = []
    if let changes = edit["changes"]?[uri]?.arrayValue { edits = changes }
    for change in edit["documentChanges"]?.arrayValue ?? [] where change["textDocument"]?["uri"]?.stringValue == uri {
        edits += change["edits"]?.arrayValue ?? []
    }
    var located: [(Range<Int>, String)] = []
    for edit in edits {
        guard let start = edit["range"]?["start"], let end = edit["range"]?["end"], let newText = edit["newText"]?.stringValue,
              let from = utf8Offset(start, in: text, encoding: encoding), let to = utf8Offset(end, in: text, encoding: encoding) else { return nil }
        located.append((from..<to, newText))
    }
    var bytes = Array(text.utf8)
    for (range, newText) in located.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
        bytes.replaceSubrange(range, with: newText.utf8)
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The lines of `text` with their terminators (LF, CRLF or CR), as the protocol counts them.
func protocolLines(_ text: String) -> [(content: Substring, terminator: Substring)] {
    var lines: [(Substring, Substring)] = []
    var index = text.startIndex
    var lineStart = index
    while index < text.endIndex {
        let character = text[index]
        // "\r\n" is one Character in Swift.
        if character == "\n" || character == "\r" || character == "\r\n" {
            let next = text.index(after: index)
            lines.append((text[lineStart..<index], text[index..<next]))
            lineStart = next
        }
        index = text.index(after: index)
    }
    lines.append((text[lineStart...], ""))
    return lines
}

/// The UTF-8 offset of an LSP position in `text`, from Swift's string views.
func utf8Offset(_ position: LSPJSON, in text: String, encoding: PositionEncoding) -> Int? {
    guard let line = position["line"]?.intValue, let character = position["character"]?.intValue else { return nil }
    let lines = protocolLines(text)
    guard line < lines.count else { return text.utf8.count }
    let before = lines[..<line].reduce(0) { $0 + $1.content.utf8.count + $1.terminator.utf8.count }
    let content = lines[line].content
    switch encoding {
    case .utf8:
        return before + min(character, content.utf8.count)
    case .utf16:
        let units = Array(content.utf16)
        guard character <= units.count else { return before + content.utf8.count }
        return before + String(decoding: units[..<character], as: UTF16.self).utf8.count
    }
}

/// The LSP position (`{line, character}`) of a UTF-8 offset in `text`, from Swift's views.
func lspPosition(ofUTF8Offset offset: Int, in text: String, encoding: PositionEncoding) -> LSPJSON {
    var remaining = offset
    for (number, line) in protocolLines(text).enumerated() {
        let length = line.content.utf8.count + line.terminator.utf8.count
        if remaining < length || line.terminator.isEmpty {
            let prefix = String(decoding: Array(line.content.utf8).prefix(remaining), as: UTF8.self)
            let character = encoding == .utf8 ? prefix.utf8.count : prefix.utf16.count
            return ["line": .int(number), "character": .int(character)]
        }
        remaining -= length
    }
    return ["line": 0, "character": 0]
}

/// The real backend, with one call held until the test releases it: the first indexing (which
/// holds the indexing queue) or the first lint (the engine queue). Holding the engine queue
/// makes "a request waits behind work" and "changes arrive while a lint runs" deterministic;
/// holding the indexing queue, "documents are linted before the index is done". Records the
/// text of every lint.
final class GatedBackend: LintBackend, @unchecked Sendable {
    enum Hold { case indexing, linting }

    let inner: EngineBackend
    private let hold: Hold
    private let blocked = DispatchSemaphore(value: 0)
    private let gate = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var held = false
    private var texts: [String] = []

    init(blocking hold: Hold, inner: EngineBackend = EngineBackend(jobs: 1)) {
        self.hold = hold
        self.inner = inner
    }

    /// Waits until the held call has started.
    func waitUntilBlocked() -> Bool { blocked.wait(timeout: .now() + LSPTestClient.timeout) == .success }
    func release() { gate.signal() }

    var lintedTexts: [String] {
        lock.lock()
        defer { lock.unlock() }
        return texts
    }

    private func holdIf(_ kind: Hold) {
        lock.lock()
        let first = kind == hold && !held
        if first { held = true }
        lock.unlock()
        guard first else { return }
        blocked.signal()
        _ = gate.wait(timeout: .now() + LSPTestClient.timeout)
    }

    func setWorkspaceFolders(_ roots: [String]) { inner.setWorkspaceFolders(roots) }

    func indexFolder(_ root: String, progress: @escaping @Sendable (Int, Int) -> Void) -> FolderIndexReport {
        holdIf(.indexing)
        return inner.indexFolder(root, progress: progress)
    }

    func lint(_ path: String, text: [UInt8]) -> LintReport {
        lock.lock()
        texts.append(String(decoding: text, as: UTF8.self))
        lock.unlock()
        holdIf(.linting)
        return inner.lint(path, text: text)
    }

    func removeFolder(_ root: String) -> Bool { inner.removeFolder(root) }
    func settings(for path: String) -> FileSettings { inner.settings(for: path) }
    func closeFile(_ path: String) -> Bool { inner.closeFile(path) }
    func fileChangedOnDisk(_ path: String) -> Bool { inner.fileChangedOnDisk(path) }
    func refreshFromDisk() -> Bool { inner.refreshFromDisk() }
    func reloadConfiguration() { inner.reloadConfiguration() }
}
