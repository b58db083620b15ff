import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// The id of a JSON-RPC request: a number or a string, echoed in its response.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case int(Int)
    case string(String)

    init?(_ json: LSPJSON) {
        if case .string(let text) = json { self = .string(text); return }
        if let number = json.intValue { self = .int(number); return }
        return nil
    }

    var json: LSPJSON {
        switch self {
        case .int(let number): return .int(number)
        case .string(let text): return .string(text)
        }
    }

    public var description: String {
        switch self {
        case .int(let number): return String(number)
        case .string(let text): return JSONValue.quoted(text)
        }
    }
}

/// A JSON-RPC error object, with the codes of JSON-RPC 2.0 and LSP 3.17.
public struct ResponseError: Error, Sendable, Equatable {
    public let code: Int
    public let message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    public static let serverNotInitializedCode = -32002
    public static let requestCancelledCode = -32800

    static func parseError(_ message: String) -> ResponseError { ResponseError(code: parseErrorCode, message: message) }
    static func invalidRequest(_ message: String) -> ResponseError { ResponseError(code: invalidRequestCode, message: message) }
    static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: invalidParamsCode, message: message) }

    var json: LSPJSON { ["code": .int(code), "message": .string(message)] }
}

/// One message from the client, classified by its shape.
enum IncomingMessage: Sendable {
    case request(id: RequestID, method: String, params: LSPJSON)
    case notification(method: String, params: LSPJSON)
    /// The client's answer to a request the server sent.
    case response(id: RequestID, result: LSPJSON?, error: LSPJSON?)

    /// A message that is JSON but not a JSON-RPC 2.0 message; `id` is the request's, if readable.
    struct Invalid: Error {
        let id: RequestID?
        let error: ResponseError
    }

    init(_ json: LSPJSON) throws(Invalid) {
        guard case .object(let members) = json else {
            throw Invalid(id: nil, error: .invalidRequest(json.arrayValue != nil
                ? "batch messages are not part of LSP; send one message per Content-Length"
                : "a message must be a JSON object"))
        }
        let rawID = members["id"]
        let id = rawID.flatMap(RequestID.init)
        guard members["jsonrpc"]?.stringValue == "2.0" else {
            throw Invalid(id: id, error: .invalidRequest("`jsonrpc` must be \"2.0\""))
        }
        if let rawID, id == nil {
            throw Invalid(id: nil, error: .invalidRequest("`id` must be an integer or a string, found \(String(decoding: rawID.serialized(), as: UTF8.self))"))
        }
        let params = members["params"] ?? .null
        switch params {
        case .object, .array, .null: break
        default: throw Invalid(id: id, error: .invalidRequest("`params` must be an object or an array"))
        }
        if let method = members["method"] {
            guard let name = method.stringValue else { throw Invalid(id: id, error: .invalidRequest("`method` must be a string")) }
            if let id {
                self = .request(id: id, method: name, params: params)
            } else {
                self = .notification(method: name, params: params)
            }
            return
        }
        guard let id, members["result"] != nil || members["error"] != nil else {
            throw Invalid(id: id, error: .invalidRequest("a message needs a `method`, or an `id` with a `result` or `error`"))
        }
        self = .response(id: id, result: members["result"], error: members["error"])
    }
}

/// The messages the server sends.
enum OutgoingMessage {
    static func response(id: RequestID, result: LSPJSON) -> LSPJSON {
        ["jsonrpc": "2.0", "id": id.json, "result": result]
    }

    /// `id` is null when the request's id could not be read (a parse error).
    static func error(id: RequestID?, _ error: ResponseError) -> LSPJSON {
        ["jsonrpc": "2.0", "id": id?.json ?? .null, "error": error.json]
    }

    static func notification(_ method: String, _ params: LSPJSON) -> LSPJSON {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }

    static func request(id: RequestID, _ method: String, _ params: LSPJSON) -> LSPJSON {
        ["jsonrpc": "2.0", "id": id.json, "method": .string(method), "params": params]
    }
}
