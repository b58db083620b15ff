import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Findings recorded when a team adopts StateLint, so later runs report only new ones.
///
/// A finding is matched by file, rule and the trimmed text of its line — not the line
/// number — so edits that move code up or down do not resurrect it. Identical lines are
/// told apart by count: if a file had two such findings, the third one is new.
public struct Baseline: Sendable {
    public struct Entry: Sendable, Hashable {
        public let file: String
        public let rule: String
        public let lineText: String
    }

    public private(set) var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    public init(findings: [Finding], lines: CachedSourceLines) {
        entries = findings.map { Entry(file: $0.path, rule: $0.ruleID, lineText: lines.trimmedText($0.path, $0.start.line)) }
    }

    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads the baseline at `path` (a FIFO or device is refused rather than read forever).
    public static func load(_ path: String, displayPath: String? = nil) throws(LoadError) -> Baseline {
        let shown = displayPath ?? path
        let data: Data
        do {
            data = Data(try SourceReader.read(path))
        } catch {
            throw LoadError(description: "\(shown): error: cannot read baseline file: \(error.reason) (create one with --write-baseline \(shown))")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["version"] as? Int == 1, let items = object["findings"] as? [[String: Any]] else {
            throw LoadError(description: "\(shown): error: not a StateLint baseline (expected JSON with \"version\": 1 and \"findings\"); recreate it with --write-baseline")
        }
        var entries: [Entry] = []
        for (index, item) in items.enumerated() {
            guard let file = item["file"] as? String, let rule = item["rule"] as? String, let text = item["lineText"] as? String else {
                throw LoadError(description: "\(shown): error: baseline entry \(index + 1) lacks file, rule or lineText")
            }
            entries.append(Entry(file: file, rule: rule, lineText: text))
        }
        return Baseline(entries: entries)
    }

    /// Deterministic JSON: entries sorted, keys in a fixed order.
    public func serialized() -> String {
        let sorted = entries.sorted { ($0.file, $0.rule, $0.lineText) < ($1.file, $1.rule, $1.lineText) }
        let value = JSONValue.object([
            ("version", .int(1)),
            ("findings", .array(sorted.map { .object([("file", .string($0.file)), ("rule", .string($0.rule)), ("lineText", .string($0.lineText))]) })),
        ])
        return value.rendered() + "\n"
    }

    /// The findings not covered by the baseline.
    public func newFindings(_ findings: [Finding], lines: CachedSourceLines) -> [Finding] {
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        return findings.filter { finding in
            let entry = Entry(file: finding.path, rule: finding.ruleID, lineText: lines.trimmedText(finding.path, finding.start.line))
            guard let count = remaining[entry], count > 0 else { return true }
            remaining[entry] = count - 1
            return false
        }
    }
}

/// Line text of linted files for reports and the baseline, read again on demand (the engine
/// does not keep files in memory) and cached per file.
public final class CachedSourceLines: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: SourceFile] = [:]
    private let sources: [String: [UInt8]]
    private let resolvePath: @Sendable (String) -> String

    /// `sources` overrides reading a path (standard input); `resolvePath` turns a finding's
    /// displayed path into the path to read.
    public init(sources: [String: [UInt8]] = [:], resolvePath: @escaping @Sendable (String) -> String = { $0 }) {
        self.sources = sources
        self.resolvePath = resolvePath
    }

    public func file(_ path: String) -> SourceFile? {
        lock.lock()
        defer { lock.unlock() }
        if let file = files[path] { return file }
        let readablePath = resolvePath(path)
        guard let bytes = sources[readablePath] ?? (try? SourceReader.read(readablePath)) else { return nil }
        let file = SourceFile(path: path, bytes: bytes)
        files[path] = file
        return file
    }

    public func line(_ path: String, _ line: Int) -> [UInt8]? {
        guard let file = file(path), line >= 1, line <= file.lineCount else { return nil }
        return Array(file.bytes[file.lineRange(line)])
    }

    public func trimmedText(_ path: String, _ line: Int) -> String {
        guard let bytes = self.line(path, line) else { return "" }
        return String(decoding: SourceFile.withoutByteOrderMark(bytes, line: line), as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
}
