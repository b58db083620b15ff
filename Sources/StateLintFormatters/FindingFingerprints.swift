import StateLintSyntax
import StateLintRules
import StateLintEngine

/// Fingerprints that identify a finding across runs even when code above it moves.
///
/// Hash of: rule id, repository-relative path, the flagged line's trimmed text, and how many
/// earlier findings share those three (so two identical lines still differ). Line numbers are
/// left out on purpose; that is what keeps the fingerprint stable when lines shift.
/// Without source text the line text is empty, so the fingerprint degrades to rule + path +
/// occurrence index (still unique within the report).
public enum FindingFingerprints {
    /// One lowercase hex SHA-256 per finding, in the same order. `base` is the directory the
    /// paths are made relative to, so checkouts in different places agree.
    public static func compute(_ findings: [Finding], context: ReportContext, base: String) -> [String] {
        let paths = ReportPaths.relativePaths(of: findings, to: base, workingDirectory: context.workingDirectory)
        return compute(findings, context: context, relativePaths: paths)
    }

    /// As above, with the relative paths already computed (`ReportPaths.relativePaths`).
    public static func compute(_ findings: [Finding], context: ReportContext,
                               relativePaths: [String: String]) -> [String] {
        var seen: [ByteKey: Int] = [:]
        seen.reserveCapacity(findings.count)
        // Findings on one line are adjacent: its text is read and trimmed once, not per finding.
        var lastLine: (path: String, line: Int, text: [UInt8])?
        return findings.map { finding in
            let path = relativePaths[finding.path] ?? finding.path
            let lineKey: [UInt8]
            if let last = lastLine, last.line == finding.start.line, last.path == finding.path {
                lineKey = last.text
            } else {
                let lineText = context.sourceLines.bytes(path: finding.path, line: finding.start.line).map {
                    String(decoding: SourceFile.withoutByteOrderMark($0, line: finding.start.line), as: UTF8.self)
                } ?? ""
                lineKey = keyText(trimSpacesAndTabs(lineText))
                lastLine = (finding.path, finding.start.line, lineKey)
            }
            // NUL separators keep ("ab", "c") apart from ("a", "bc").
            var key = Array(finding.ruleID.utf8)
            key.append(0)
            key += path.utf8
            key.append(0)
            key += lineKey
            let occurrence = seen[ByteKey(bytes: key), default: 0]
            seen[ByteKey(bytes: key)] = occurrence + 1
            key.append(0)
            key += String(occurrence).utf8
            return SHA256.hexDigest(key)
        }
    }

    /// Lines longer than this enter the key as their SHA-256, so a huge line carrying many
    /// findings is hashed once rather than once per finding. Normal lines are unaffected.
    package static let longLineBytes = 4096

    package static func keyText(_ trimmed: String) -> [UInt8] {
        let bytes = Array(trimmed.utf8)
        guard bytes.count > longLineBytes else { return bytes }
        return Array(("sha256:" + SHA256.hexDigest(bytes)).utf8)
    }

    /// Indentation changes should not change the fingerprint (nor a byte order mark: see
    /// `SourceFile.withoutByteOrderMark`).
    package static func trimSpacesAndTabs(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let isBlank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = scalars.firstIndex(where: { !isBlank($0) }),
              let last = scalars.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// Hashes its bytes in one call; `[UInt8]`'s own hashing feeds the hasher byte by byte,
    /// and `String` keys would pay for Unicode normalisation.
    private struct ByteKey: Hashable {
        package let bytes: [UInt8]
        package func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
