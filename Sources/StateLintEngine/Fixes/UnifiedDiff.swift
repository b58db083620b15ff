import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// A unified diff of one file (`diff -u` format, which `patch -p1` and `git apply` read):
/// `--- a/path` / `+++ b/path`, hunks with `context` lines of context and `@@ -l,n +l,n @@`
/// ranges counted as `diff` does, and `\ No newline at end of file` after a last line that
/// has no line ending. Lines keep their own line endings, so CRLF files patch exactly.
public enum UnifiedDiff {
    public static let defaultContext = 3

    /// The diff of `path` from `old` to `new` as bytes; empty when they are equal.
    public static func render(path: String, old: [UInt8], new: [UInt8], context: Int = defaultContext) -> [UInt8] {
        let oldLines = LineDiff.lines(old), newLines = LineDiff.lines(new)
        let changes = LineDiff.changes(old: old, oldLines, new: new, newLines)
        guard !changes.isEmpty else { return [] }
        var out: [UInt8] = []
        out += "--- \(label("a/", path))\n+++ \(label("b/", path))\n".utf8
        for hunk in hunks(changes, context: context, oldCount: oldLines.count) {
            let first = hunk[0], last = hunk[hunk.count - 1]
            let oldStart = max(0, first.old.lowerBound - context)
            let newStart = first.new.lowerBound - (first.old.lowerBound - oldStart)
            let oldEnd = min(oldLines.count, last.old.upperBound + context)
            let newEnd = last.new.upperBound + (oldEnd - last.old.upperBound)
            out += "@@ -\(range(oldStart, oldEnd)) +\(range(newStart, newEnd)) @@\n".utf8
            var position = oldStart
            for change in hunk {
                for line in position..<change.old.lowerBound { append(" ", old[oldLines[line]], to: &out) }
                for line in change.old { append("-", old[oldLines[line]], to: &out) }
                for line in change.new { append("+", new[newLines[line]], to: &out) }
                position = change.old.upperBound
            }
            for line in position..<oldEnd { append(" ", old[oldLines[line]], to: &out) }
        }
        return out
    }

    /// Changes grouped into hunks: two changes share one when their contexts would touch.
    package static func hunks(_ changes: [LineDiff.Change], context: Int, oldCount: Int) -> [[LineDiff.Change]] {
        var hunks: [[LineDiff.Change]] = []
        for change in changes {
            if let last = hunks.last?.last, change.old.lowerBound - last.old.upperBound <= 2 * context {
                hunks[hunks.count - 1].append(change)
            } else {
                hunks.append([change])
            }
        }
        return hunks
    }

    /// `start,count` as `diff` writes it: 1-based, `,count` left out when it is 1, and an
    /// empty range named by the line before it.
    package static func range(_ start: Int, _ end: Int) -> String {
        let count = end - start
        if count == 1 { return "\(start + 1)" }
        return "\(count == 0 ? start : start + 1),\(count)"
    }

    private static func append(_ prefix: String, _ line: ArraySlice<UInt8>, to out: inout [UInt8]) {
        out += prefix.utf8
        out += line
        if line.last != 0x0A { out += "\n\\ No newline at end of file\n".utf8 }
    }

    /// `prefix + path`, in double quotes with C escapes (as git writes it, and GNU patch
    /// reads it) when the path has blanks, quotes, backslashes or control characters.
    package static func label(_ prefix: String, _ path: String) -> String {
        let plain = prefix + path
        guard plain.utf8.contains(where: { $0 <= 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) else { return plain }
        var quoted: [UInt8] = [0x22]
        for byte in plain.utf8 {
            switch byte {
            case 0x22, 0x5C: quoted += [0x5C, byte]
            case 0x0A: quoted += Array("\\n".utf8)
            case 0x09: quoted += Array("\\t".utf8)
            case 0x0D: quoted += Array("\\r".utf8)
            case 0..<0x20, 0x7F:
                let octal = String(byte, radix: 8)
                quoted += Array(("\\" + String(repeating: "0", count: 3 - octal.count) + octal).utf8)
            default: quoted.append(byte)  // UTF-8 stays as it is
            }
        }
        quoted.append(0x22)
        return String(decoding: quoted, as: UTF8.self)
    }
}
