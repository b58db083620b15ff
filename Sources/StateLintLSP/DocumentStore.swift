import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// The open documents, by path, and the findings last published for each.
///
/// The message loop changes documents while the lint queue reads them, so everything is under
/// one lock; publishing happens under it too, so a document closed (and cleared) meanwhile is
/// never published again, and a result is published only for the version it was linted at.
final class DocumentStore: @unchecked Sendable {
    /// What was published for one version of a document: code actions are built from it.
    struct LintedVersion: Sendable {
        let document: TextDocument
        let findings: [Finding]
    }

    private let lock = NSLock()
    private var documents: [String: TextDocument] = [:]
    private var published: [String: LintedVersion] = [:]

    func open(_ document: TextDocument) {
        lock.lock()
        defer { lock.unlock() }
        documents[document.path] = document
        published[document.path] = nil
    }

    /// Applies `didChange`; false when the document is not open.
    func change(_ path: String, _ changes: [TextDocument.Change], version: Int, encoding: PositionEncoding) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard documents[path] != nil else { return false }
        documents[path]!.apply(changes, version: version, encoding: encoding)
        return true
    }

    /// Closes the document and, still under the lock, lets `clear` publish its empty list.
    func close(_ path: String, clear: (TextDocument) -> Void) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let document = documents.removeValue(forKey: path) else { return false }
        published[path] = nil
        clear(document)
        return true
    }

    func document(_ path: String) -> TextDocument? {
        lock.lock()
        defer { lock.unlock() }
        return documents[path]
    }

    var openPaths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return documents.keys.sorted()
    }

    /// The findings published for the document's current version, if they are.
    func current(_ path: String) -> LintedVersion? {
        lock.lock()
        defer { lock.unlock() }
        guard let linted = published[path], linted.document.version == documents[path]?.version else { return nil }
        return linted
    }

    /// Records `findings` for the linted `document` and calls `publish`, only if the document is
    /// still open at that version; returns whether it did.
    @discardableResult
    func publishIfCurrent(_ document: TextDocument, findings: [Finding], publish: (TextDocument) -> Void) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard documents[document.path]?.version == document.version else { return false }
        published[document.path] = LintedVersion(document: document, findings: findings)
        publish(document)
        return true
    }
}
