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

/// The protocol's lifecycle and its answers to bad input, through pipes.
@Suite("LSP lifecycle and bad input")
struct LSPLifecycleTests {
    @Test("initialize answers the capabilities; shutdown then exit ends with status 0")
    func initializeAndExit() throws {
        let client = LSPTestClient()
        defer { client.close() }
        let answer = try #require(client.initialize(root: nil))
        let capabilities = try #require(answer["result"]?["capabilities"])
        #expect(capabilities["positionEncoding"] == "utf-16")
        #expect(capabilities["textDocumentSync"]?["change"] == 2)
        #expect(capabilities["textDocumentSync"]?["openClose"] == true)
        #expect(capabilities["codeActionProvider"]?["codeActionKinds"] == ["quickfix", "source.fixAll.statelint"])
        #expect(answer["result"]?["serverInfo"]?["name"] == "statelint")
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("UTF-8 positions when the client offers them")
    func negotiatesUTF8() throws {
        let client = LSPTestClient()
        defer { client.close() }
        let answer = client.initialize(root: nil, capabilities: ["general": ["positionEncodings": ["utf-32", "utf-8", "utf-16"]]])
        #expect(answer?["result"]?["capabilities"]?["positionEncoding"] == "utf-8")
        let other = LSPTestClient()
        defer { other.close() }
        let plain = other.initialize(root: nil, capabilities: ["general": ["positionEncodings": ["utf-16"]]])
        #expect(plain?["result"]?["capabilities"]?["positionEncoding"] == "utf-16")
    }

    @Test("exit without shutdown ends with status 1, and so does the end of the input")
    func exitWithoutShutdown() {
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: nil)
        client.notify("exit")
        #expect(client.waitForExit() == 1)

        let closed = LSPTestClient()
        closed.initialize(root: nil)
        closed.close()
        #expect(closed.waitForExit() == 1)
    }

    @Test("requests before initialize get ServerNotInitialized; notifications are dropped")
    func beforeInitialize() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let path = try tree.write("View.swift", CLISamples.inlineClass)
        let client = LSPTestClient()
        defer { client.close() }
        client.open(path, CLISamples.inlineClass)
        let early = client.request("textDocument/codeAction", ["textDocument": ["uri": .string(FileURI.uri(ofPath: path))],
                                                                "range": range(0, 0, 0, 0).json, "context": ["diagnostics": []]])
        #expect(early?["error"]?["code"] == .int(ResponseError.serverNotInitializedCode))
        client.initialize(root: tree.root)
        // The didOpen before initialize was dropped: the document is not open.
        let actions = client.request("textDocument/codeAction", ["textDocument": ["uri": .string(FileURI.uri(ofPath: path))],
                                                                  "range": range(7, 0, 7, 0).json, "context": ["diagnostics": []]])
        #expect(actions?["result"] == [])
        #expect(client.collect(for: 0.3) { $0["method"] == "textDocument/publishDiagnostics" }.isEmpty)
        #expect(client.shutdownAndExit() == 0)
    }

    @Test("a second initialize, unknown methods and requests after shutdown")
    func wrongRequests() throws {
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: nil)
        #expect(client.request("initialize", ["capabilities": [:]])?["error"]?["code"] == .int(ResponseError.invalidRequestCode))
        let unknown = try #require(client.request("textDocument/hover", ["textDocument": ["uri": "file:///a.swift"]]))
        #expect(unknown["error"]?["code"] == .int(ResponseError.methodNotFoundCode))
        #expect(unknown["id"] != nil)
        client.notify("$/somethingNew", ["x": 1])
        client.notify("workspace/unheardOf")
        #expect(client.request("shutdown")?["result"] == .null)
        #expect(client.request("textDocument/codeAction", [:])?["error"]?["code"] == .int(ResponseError.invalidRequestCode))
        client.notify("exit")
        #expect(client.waitForExit() == 0)
    }

    @Test("malformed messages get a JSON-RPC error and the server keeps serving")
    func malformedMessages() throws {
        let client = LSPTestClient()
        defer { client.close() }
        client.initialize(root: nil)

        func nextError() -> LSPJSON? { client.next { $0["error"] != nil } }

        client.sendBody(Array(#"{"jsonrpc": "2.0", "id": 1, "method": "#.utf8))  // invalid JSON
        let parse = try #require(nextError())
        #expect(parse["error"]?["code"] == .int(ResponseError.parseErrorCode))
        #expect(parse["id"] == .null)

        client.sendBody(Array("[1, 2]".utf8))
        #expect(nextError()?["error"]?["code"] == .int(ResponseError.invalidRequestCode))
        client.sendBody(Array(#"{"jsonrpc": "1.0", "id": 41, "method": "shutdown"}"#.utf8))
        let version = try #require(nextError())
        #expect(version["error"]?["code"] == .int(ResponseError.invalidRequestCode))
        #expect(version["id"] == 41)
        client.sendBody(Array(#"{"jsonrpc": "2.0", "id": [1], "method": "shutdown"}"#.utf8))
        #expect(nextError()?["error"]?["code"] == .int(ResponseError.invalidRequestCode))
        client.sendBody(Array(#"{"jsonrpc": "2.0", "id": 42, "method": 7}"#.utf8))
        #expect(nextError()?["id"] == 42)
        client.sendBody(Array(#"{"jsonrpc": "2.0", "id": 43, "method": "textDocument/codeAction", "params": 5}"#.utf8))
        #expect(nextError()?["error"]?["code"] == .int(ResponseError.invalidRequestCode))

        // Wrong shapes of params: InvalidParams, naming what is wrong.
        let missingRange = try #require(client.request("textDocument/codeAction", ["textDocument": ["uri": "file:///a.swift"]]))
        #expect(missingRange["error"]?["code"] == .int(ResponseError.invalidParamsCode))
        #expect(missingRange["error"]?["message"]?.stringValue?.contains("range") == true)
        let badPosition = client.request("textDocument/codeAction", ["textDocument": ["uri": "file:///a.swift"],
                                                                      "range": ["start": ["line": -1, "character": 0], "end": ["line": 0, "character": "x"]]])
        #expect(badPosition?["error"]?["code"] == .int(ResponseError.invalidParamsCode))
        // A notification cannot be answered: it is logged, and the server goes on.
        client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///a.swift"], "contentChanges": "nope"])
        let logged = client.next { $0["method"] == "window/logMessage" && $0["params"]?["message"]?.stringValue?.contains("didChange") == true }
        #expect(logged != nil)

        // A header without its empty line, then a well-formed request: that one is answered
        // (the bad header is noticed when the next one ends it).
        client.sendRaw(Array("Content-Length: 2\r\n{}".utf8))
        #expect(client.request("codeAction/unknown")?["error"]?["code"] == .int(ResponseError.methodNotFoundCode))
        #expect(nextError()?["error"]?["code"] == .int(ResponseError.parseErrorCode))

        // A line without a header (text, or JSON sent bare), then a request: both answered.
        client.sendRaw(Array("hello from a confused client\r\n".utf8))
        #expect(client.request("codeAction/unknown")?["error"]?["code"] == .int(ResponseError.methodNotFoundCode))
        let stray = try #require(nextError())
        #expect(stray["error"]?["code"] == .int(ResponseError.parseErrorCode) && stray["id"] == .null)

        // A length no client means, with a few bytes: refused at once, naming the maximum.
        client.sendRaw(Array("Content-Length: 1000000000000\r\n\r\n{}".utf8))
        let refused = try #require(nextError())
        #expect(refused["error"]?["code"] == .int(ResponseError.invalidRequestCode))
        #expect(refused["error"]?["message"]?.stringValue?.contains("the maximum message size is 67108864 bytes") == true)
        client.sendRaw(Array("Content-Length: 9223372036854775807\r\n\r\n".utf8))
        #expect(nextError()?["error"]?["message"]?.stringValue?.contains("9223372036854775807 bytes") == true)
        #expect(client.request("shutdown")?["result"] == .null)
        client.notify("exit")
        #expect(client.waitForExit() == 0)
    }

    @Test("a 50 MB message: over the limit it is refused unread; under it, bad JSON is a parse error")
    func hugeMessages() throws {
        var options = LanguageServer.Options()
        options.maximumMessageSize = 16 << 20
        let limited = LSPTestClient(options: options)
        defer { limited.close() }
        limited.initialize(root: nil)
        let fifty = 50 << 20
        limited.sendRaw(Array("Content-Length: \(fifty)\r\n\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: fifty))
        let refused = try #require(limited.next { $0["error"] != nil })
        #expect(refused["error"]?["code"] == .int(ResponseError.invalidRequestCode))
        #expect(refused["error"]?["message"]?.stringValue?.contains("\(fifty) bytes") == true)
        #expect(limited.shutdownAndExit() == 0)

        // With the default 64 MB limit the body is read; a million `[` are not JSON.
        let unlimited = LSPTestClient()
        defer { unlimited.close() }
        unlimited.initialize(root: nil)
        unlimited.sendBody([UInt8](repeating: UInt8(ascii: "["), count: fifty))
        let parse = try #require(unlimited.next { $0["error"] != nil })
        #expect(parse["error"]?["code"] == .int(ResponseError.parseErrorCode))
        #expect(unlimited.shutdownAndExit() == 0)
    }

    @Test("$/cancelRequest: a queued request is answered with RequestCancelled, the others normally")
    func cancellation() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let path = try tree.write("View.swift", CLISamples.inlineClass)
        let backend = GatedBackend(blocking: .linting)
        let client = LSPTestClient(backend: backend)
        defer { client.close() }
        client.initialize(root: tree.root)
        client.open(path, CLISamples.inlineClass)
        #expect(backend.waitUntilBlocked())  // the engine queue is busy linting
        let params: LSPJSON = ["textDocument": ["uri": .string(FileURI.uri(ofPath: path))],
                               "range": range(7, 0, 7, 0).json, "context": ["diagnostics": []]]
        let cancelled = client.send("textDocument/codeAction", params)
        let kept = client.send("textDocument/codeAction", params)
        client.notify("$/cancelRequest", ["id": .int(cancelled)])
        // Answered by the message loop itself, so the cancellation has been read when it comes.
        _ = client.request("statelint/unknown")
        backend.release()
        let first = try #require(client.response(to: cancelled))
        #expect(first["error"]?["code"] == .int(ResponseError.requestCancelledCode))
        let second = try #require(client.response(to: kept))
        #expect(second["result"]?.arrayValue?.isEmpty == false)
        // Cancelling what was answered already changes nothing.
        client.notify("$/cancelRequest", ["id": .int(kept)])
        #expect(client.shutdownAndExit() == 0)
    }
}
