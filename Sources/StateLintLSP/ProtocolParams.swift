import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// Reading request and notification parameters: each accessor names what is missing or of
/// the wrong type, which becomes the `InvalidParams` error's message.
struct InvalidParams: Error, Sendable {
    let message: String
}

extension LSPJSON {
    func required(_ key: String) throws(InvalidParams) -> LSPJSON {
        guard case .object(let members) = self else { throw InvalidParams(message: "expected an object with `\(key)`") }
        guard let value = members[key], !value.isNull else { throw InvalidParams(message: "missing `\(key)`") }
        return value
    }

    func requiredString(_ key: String) throws(InvalidParams) -> String {
        guard let text = try required(key).stringValue else { throw InvalidParams(message: "`\(key)` must be a string") }
        return text
    }

    func requiredInt(_ key: String) throws(InvalidParams) -> Int {
        guard let number = try required(key).intValue else { throw InvalidParams(message: "`\(key)` must be an integer") }
        return number
    }

    func requiredArray(_ key: String) throws(InvalidParams) -> [LSPJSON] {
        guard let items = try required(key).arrayValue else { throw InvalidParams(message: "`\(key)` must be an array") }
        return items
    }

    /// The `uri` of the `textDocument` member.
    func documentURI() throws(InvalidParams) -> String {
        try required("textDocument").requiredString("uri")
    }
}

/// A zero-based line and a character offset in the negotiated position encoding.
struct LSPPosition: Hashable, Sendable {
    var line: Int
    var character: Int

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init(_ json: LSPJSON) throws(InvalidParams) {
        line = try json.requiredInt("line")
        character = try json.requiredInt("character")
        guard line >= 0, character >= 0 else { throw InvalidParams(message: "positions cannot be negative") }
    }

    var json: LSPJSON { ["line": .int(line), "character": .int(character)] }
}

struct LSPRange: Hashable, Sendable {
    var start: LSPPosition
    var end: LSPPosition

    init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    init(_ json: LSPJSON) throws(InvalidParams) {
        start = try LSPPosition(json.required("start"))
        end = try LSPPosition(json.required("end"))
    }

    var json: LSPJSON { ["start": start.json, "end": end.json] }
}
