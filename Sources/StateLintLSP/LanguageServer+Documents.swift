import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// `textDocument/didOpen`, `didChange`, `didClose` and `didSave`: the open documents are the
/// editor's buffers, and what is linted.
extension LanguageServer {
    func didOpen(_ params: LSPJSON) throws(InvalidParams) {
        let item = try params.required("textDocument")
        let uri = try item.requiredString("uri")
        let text = try item.requiredString("text")
        let version = try item.requiredInt("version")
        guard let path = FileURI.path(of: uri) else {
            connection.log("statelint: \(uri) is not a local file; it is not linted", type: 3)
            return
        }
        guard path.hasSuffix(".swift") || item["languageId"]?.stringValue == "swift" else { return }
        documents.open(TextDocument(uri: uri, path: path, version: version, text: text))
        scheduler.schedule([path])
    }

    func didChange(_ params: LSPJSON) throws(InvalidParams) {
        let identifier = try params.required("textDocument")
        let uri = try identifier.requiredString("uri")
        let version = try identifier.requiredInt("version")
        var changes: [TextDocument.Change] = []
        for change in try params.requiredArray("contentChanges") { changes.append(try TextDocument.Change(change)) }
        guard let path = FileURI.path(of: uri) else { return }
        guard documents.change(path, changes, version: version, encoding: encoding) else {
            if path.hasSuffix(".swift") { connection.log("statelint: `didChange` for \(uri), which is not open", type: 2) }
            return
        }
        scheduler.schedule([path])
    }

    /// Clears the document's diagnostics; its declarations are read from disk again.
    func didClose(_ params: LSPJSON) throws(InvalidParams) {
        let uri = try params.documentURI()
        guard let path = FileURI.path(of: uri) else { return }
        let closed = documents.close(path) { document in
            connection.notify("textDocument/publishDiagnostics", Diagnostics.clearParams(uri: document.uri))
        }
        guard closed else { return }
        engineQueue.async { [self] in
            if backend.closeFile(path) { scheduler.schedule(documents.openPaths) }
        }
    }

    /// The buffer is linted already; saving a configuration file (when the editor sends it)
    /// reloads the configuration. A save is also when other files may have changed on disk
    /// (a formatter, a generator, a `git` command), which clients that watch no files do not
    /// say: they are looked for, and every open document is linted again if types changed.
    func didSave(_ params: LSPJSON) throws(InvalidParams) {
        let uri = try params.documentURI()
        if let path = FileURI.path(of: uri), Self.isConfigurationFile(path) {
            reloadConfiguration()
            return
        }
        engineQueue.async { [self] in
            if backend.refreshFromDisk() { scheduler.schedule(documents.openPaths) }
        }
    }

    static func isConfigurationFile(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name == ConfigurationLoader.fileName || name == ConfigurationLoader.xcodeVersionFileName
    }
}
