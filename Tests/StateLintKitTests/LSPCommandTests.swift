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

/// `statelint lsp` as an editor starts it: the built executable on standard input and output.
@Suite("LSP command")
struct LSPCommandTests {
    func framed(_ messages: [LSPJSON]) -> [UInt8] {
        messages.flatMap { message -> [UInt8] in
            let body = message.serialized()
            return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
    }

    /// The messages in a framed byte stream; nil if the framing is broken anywhere.
    func unframed(_ bytes: [UInt8]) -> [LSPJSON]? {
        var messages: [LSPJSON] = []
        var rest = bytes[...]
        let separator = Array("\r\n\r\n".utf8)
        while !rest.isEmpty {
            guard let end = rest.indices.first(where: { rest[$0...].starts(with: separator) }) else { return nil }
            let header = String(decoding: rest[..<end], as: UTF8.self)
            guard header.hasPrefix("Content-Length: "), let length = Int(header.dropFirst(16)) else { return nil }
            let bodyStart = end + 4
            guard bodyStart + length <= rest.endIndex, let message = try? LSPJSONParser.parse(Array(rest[bodyStart..<(bodyStart + length)])) else { return nil }
            messages.append(message)
            rest = rest[(bodyStart + length)...]
        }
        return messages
    }

    @Test("statelint lsp serves a session on standard input and output and exits 0 after shutdown")
    func session() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let view = try tree.write("View.swift", CLISamples.inlineClass)
        let uri = FileURI.uri(ofPath: view)
        let input = framed([
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["rootUri": .string(FileURI.uri(ofPath: tree.root)), "capabilities": [:]]],
            ["jsonrpc": "2.0", "method": "initialized", "params": [:]],
            ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
                "uri": .string(uri), "languageId": "swift", "version": 1, "text": .string(CLISamples.inlineClass)]]],
            ["jsonrpc": "2.0", "id": 2, "method": "shutdown"],
            ["jsonrpc": "2.0", "method": "exit"],
        ])
        let run = try StateLintBinary.run(["lsp", "--stdio"], in: tree.root, stdin: input, timeout: 60)
        #expect(run.status == 0)
        let messages = try #require(unframed(run.stdoutBytes), "standard output carries only framed messages")
        #expect(messages.first?["id"] == 1 && messages.first?["result"]?["capabilities"] != nil)
        let published = messages.first { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(published?["params"]?["diagnostics"]?.arrayValue?.first?["code"] == "state_inline_class_init")
        #expect(published?["params"]?["diagnostics"]?.arrayValue?.first?["range"]?["start"] == ["line": 7, "character": 4])
        #expect(messages.last?["id"] == 2 && messages.last?["result"] == .null)
        #expect(tree.read("View.swift") == CLISamples.inlineClass)
    }

    @Test("the end of input without shutdown exits 1; --stdio belongs to lsp alone")
    func exitStatusAndUsage() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let abrupt = try StateLintBinary.run(["lsp"], in: tree.root, stdin: framed([
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]]]), timeout: 60)
        #expect(abrupt.status == 1)
        let misuse = try StateLintBinary.run(["lint", "--stdio"], in: tree.root)
        #expect(misuse.status == 2 && misuse.stderr.contains("--stdio is an option of `statelint lsp`"))
        for arguments in [["lsp", "Sources"], ["lsp", "--reporter", "json"], ["lsp", "--strict"]] {
            let refused = try StateLintBinary.run(arguments, in: tree.root, stdin: [])
            #expect(refused.status == 2 && refused.stderr.contains("takes no paths and no options but --stdio and --jobs"),
                    "\(arguments)")
            #expect(refused.stdout.isEmpty)
        }
    }
}
