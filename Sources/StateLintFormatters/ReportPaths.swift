import StateLintSyntax
import StateLintRules
import StateLintEngine

/// Path handling shared by the reports that want repository-relative paths or URIs.
///
/// Purely lexical (no file system access, symlinks are not resolved), so the output depends
/// only on the strings in the findings and the context.
public enum ReportPaths {
    /// The directory GitHub annotations and SARIF are relative to: `GITHUB_WORKSPACE` if set.
    public static func gitHubBase(_ context: ReportContext) -> String {
        base(named: "GITHUB_WORKSPACE", context)
    }

    /// The directory GitLab Code Quality paths are relative to: `CI_PROJECT_DIR` if set.
    public static func gitLabBase(_ context: ReportContext) -> String {
        base(named: "CI_PROJECT_DIR", context)
    }

    private static func base(named variable: String, _ context: ReportContext) -> String {
        let root = context.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        return absolute(root ?? context.workingDirectory, workingDirectory: context.workingDirectory)
    }

    /// `path` made absolute against `workingDirectory`, with `.`, `..` and `//` resolved.
    public static func absolute(_ path: String, workingDirectory: String) -> String {
        let joined = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` relative to `base` when it lies inside `base`, otherwise its absolute form.
    public static func relative(_ path: String, to base: String, workingDirectory: String) -> String {
        let full = absolute(path, workingDirectory: workingDirectory)
        let root = absolute(base, workingDirectory: workingDirectory)
        let prefix = root == "/" ? "/" : root + "/"
        guard full.hasPrefix(prefix), full.count > prefix.count else { return full }
        return String(full.dropFirst(prefix.count))
    }

    /// The relative form of every distinct path in `findings`, each computed once
    /// (findings repeat paths, and normalising is the costly part).
    public static func relativePaths(of findings: [Finding], to base: String,
                                     workingDirectory: String) -> [String: String] {
        var result: [String: String] = [:]
        for finding in findings where result[finding.path] == nil {
            result[finding.path] = relative(finding.path, to: base, workingDirectory: workingDirectory)
        }
        return result
    }

    /// Percent-encodes a path for use as a URI reference. Only unreserved characters and `/`
    /// stay literal: `:` must be encoded anyway (a relative reference would read `a:b` as a
    /// scheme), and encoding the rest too keeps the rule simple and always valid.
    public static func uriReference(_ path: String) -> String {
        var out = ""
        out.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
                 UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// A `file://` URI for an absolute path; directories get the trailing `/` SARIF requires.
    public static func fileURI(absolutePath: String, isDirectory: Bool) -> String {
        var uri = "file://" + uriReference(absolutePath)
        if isDirectory, !uri.hasSuffix("/") { uri += "/" }
        return uri
    }
}
