import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// What the client said it can do in `initialize`, as far as the server acts on it. Anything
/// missing or of the wrong type counts as "not supported".
struct ClientCapabilities: Sendable {
    var positionEncodings: [String] = []
    /// `window.workDoneProgress`: the server may ask for a progress token.
    var workDoneProgress = false
    /// `workspace.didChangeWatchedFiles.dynamicRegistration`: file watchers can be registered.
    var watchedFilesRegistration = false
    /// `workspace.workspaceEdit.documentChanges`: edits may carry the document version.
    var documentChanges = false
    /// `textDocument.publishDiagnostics.codeDescriptionSupport`: diagnostics may link the rule page.
    var codeDescription = false

    init() {}

    init(_ capabilities: LSPJSON?) {
        guard let capabilities else { return }
        positionEncodings = capabilities["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        workDoneProgress = capabilities["window"]?["workDoneProgress"]?.boolValue ?? false
        watchedFilesRegistration = capabilities["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue ?? false
        documentChanges = capabilities["workspace"]?["workspaceEdit"]?["documentChanges"]?.boolValue ?? false
        codeDescription = capabilities["textDocument"]?["publishDiagnostics"]?["codeDescriptionSupport"]?.boolValue ?? false
    }
}

/// The workspace folders of `initialize` and `workspace/didChangeWorkspaceFolders`, as paths.
enum WorkspaceFolders {
    /// `workspaceFolders`, else `rootUri`, else the deprecated `rootPath`. URIs that are not
    /// local files are left out.
    static func roots(ofInitialize params: LSPJSON) -> [String] {
        if let folders = params["workspaceFolders"]?.arrayValue {
            return paths(folders)
        }
        if let uri = params["rootUri"]?.stringValue {
            return FileURI.path(of: uri).map { [$0] } ?? []
        }
        if let path = params["rootPath"]?.stringValue, path.hasPrefix("/") {
            return [FileDiscovery.absolute(path, relativeTo: "/")]
        }
        return []
    }

    /// The paths of `WorkspaceFolder` objects (`{uri, name}`).
    static func paths(_ folders: [LSPJSON]) -> [String] {
        var seen: Set<String> = []
        return folders.compactMap { $0["uri"]?.stringValue.flatMap(FileURI.path(of:)) }.filter { seen.insert($0).inserted }
    }
}
