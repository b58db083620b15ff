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

/// `UnifiedDiff`: `diff -u` output that `patch -p1` applies exactly.
@Suite struct FixDiffTests {
    static func diff(_ old: String, _ new: String, path: String = "A.swift") -> String {
        UnifiedDiff.render(path: path, old: Array(old.utf8), new: Array(new.utf8)).text
    }

    static let tenLines = (1...10).map { "line \($0)\n" }.joined()

    @Test func oneChangeGetsThreeLinesOfContextAndDiffsRanges() {
        let new = Self.tenLines.replacingOccurrences(of: "line 5\n", with: "five\n")
        #expect(Self.diff(Self.tenLines, new) == """
        --- a/A.swift
        +++ b/A.swift
        @@ -2,7 +2,7 @@
         line 2
         line 3
         line 4
        -line 5
        +five
         line 6
         line 7
         line 8

        """)
        #expect(Self.diff(Self.tenLines, Self.tenLines).isEmpty)
    }

    @Test func changesCloseTogetherShareAHunkAndDistantOnesDoNot() {
        let close = Self.tenLines.replacingOccurrences(of: "line 2\n", with: "").replacingOccurrences(of: "line 8\n", with: "")
        #expect(Self.diff(Self.tenLines, close).components(separatedBy: "\n@@ ").count == 2)
        #expect(Self.diff(Self.tenLines, close).contains("@@ -1,10 +1,8 @@\n"))
        let far = Self.tenLines.replacingOccurrences(of: "line 1\n", with: "").replacingOccurrences(of: "line 10\n", with: "")
        let text = Self.diff(Self.tenLines, far)
        #expect(text.contains("@@ -1,4 +1,3 @@\n-line 1\n line 2\n"))
        #expect(text.contains("@@ -7,4 +6,3 @@\n line 7\n line 8\n line 9\n-line 10\n"))
    }

    @Test func emptyRangesAreNamedByTheLineBeforeThem() {
        #expect(Self.diff("", "a\n") == "--- a/A.swift\n+++ b/A.swift\n@@ -0,0 +1 @@\n+a\n")
        #expect(Self.diff("a\nb\n", "") == "--- a/A.swift\n+++ b/A.swift\n@@ -1,2 +0,0 @@\n-a\n-b\n")
        #expect(Self.diff("a\n", "a\nb\n") == "--- a/A.swift\n+++ b/A.swift\n@@ -1 +1,2 @@\n a\n+b\n")
    }

    @Test func aLastLineWithoutALineEndingIsMarked() {
        #expect(Self.diff("a\nb", "a\nb\n") == "--- a/A.swift\n+++ b/A.swift\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n")
        #expect(Self.diff("a\nb", "a\nc") == "--- a/A.swift\n+++ b/A.swift\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n")
        #expect(Self.diff("x\na\nb", "a\nb") == "--- a/A.swift\n+++ b/A.swift\n@@ -1,3 +1,2 @@\n-x\n a\n b\n\\ No newline at end of file\n")
    }

    @Test func linesKeepTheirOwnLineEndings() {
        #expect(Self.diff("a\r\nb\r\n", "a\r\nc\r\n") == "--- a/A.swift\n+++ b/A.swift\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n")
        // Lone CRs do not end lines for diff and patch: the file is one line.
        #expect(Self.diff("a\rb\r", "a\r") == "--- a/A.swift\n+++ b/A.swift\n@@ -1 +1 @@\n-a\rb\r\n\\ No newline at end of file\n+a\r\n\\ No newline at end of file\n")
    }

    @Test func unusualPathsAreQuotedAsGitQuotesThem() {
        #expect(UnifiedDiff.label("a/", "Sources/View.swift") == "a/Sources/View.swift")
        #expect(UnifiedDiff.label("a/", "My Views/é.swift") == "\"a/My Views/é.swift\"")
        #expect(UnifiedDiff.label("b/", "q\"b\\n\nt\t\u{1}.swift") == #""b/q\"b\\n\nt\t\001.swift""#)
    }

    /// Random edits to random texts: the diff, applied by a strict reader of the format
    /// (context and counts must match exactly), gives the new text back.
    @Test(arguments: [11, 12, 13, 14, 15, 16])
    func randomDiffsApplyExactly(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        for _ in 0..<40 {
            let (old, new) = Self.randomPair(&random)
            let patch = UnifiedDiff.render(path: "A.swift", old: Array(old.utf8), new: Array(new.utf8))
            #expect(try StrictPatch.apply(patch.text, to: old) == new, "\(old.debugDescription) → \(new.debugDescription)")
        }
    }

    /// Past `maximumDistance` the rest is one replaced block: still a diff that applies.
    @Test func textsTooFarApartStillGiveACorrectDiff() throws {
        let old = (0..<3000).map { "o\($0)\n" }.joined()
        let new = "keep\n" + (0..<3000).map { "n\($0)\n" }.joined()
        let patch = UnifiedDiff.render(path: "A.swift", old: Array(old.utf8), new: Array(new.utf8))
        #expect(try StrictPatch.apply(patch.text, to: old) == new)
    }

    @Test(.enabled(if: RuleDocumentationFiles.executableOnPath("patch") != nil, "patch is not installed"))
    func gnuPatchAppliesTheDiffs() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        var random = SplitMix64(state: 99)
        var expected: [String: String] = [:]
        var diff = ""
        for index in 0..<8 {
            let (old, new) = Self.randomPair(&random)
            let name = index == 0 ? "My Dir/crlf é.swift" : "F\(index).swift"
            try tree.write(name, old)
            expected[name] = new
            diff += UnifiedDiff.render(path: name, old: Array(old.utf8), new: Array(new.utf8)).text
        }
        try tree.write("fix.diff", diff)
        let process = Process()
        process.executableURL = RuleDocumentationFiles.executableOnPath("patch")
        process.arguments = ["-p1", "--batch", "--silent", "-i", "fix.diff"]
        process.currentDirectoryURL = URL(fileURLWithPath: tree.root)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        for (name, text) in expected { #expect(tree.read(name) == text, "\(name)") }
    }

    /// Two texts of up to 30 lines (CRLF or LF, sometimes no final line ending) that differ
    /// by random insertions, deletions and replacements.
    static func randomPair(_ random: inout SplitMix64) -> (String, String) {
        let ending = random.below(3) == 0 ? "\r\n" : "\n"
        var lines = (0..<random.below(30)).map { _ in "l\(random.below(8))" }
        let old = lines
        for _ in 0..<random.below(6) {
            let position = random.below(lines.count + 1)
            switch random.below(3) {
            case 0: lines.insert("new\(random.below(4))", at: position)
            case 1: if position < lines.count { lines.remove(at: position) }
            default: if position < lines.count { lines[position] = "changed" }
            }
        }
        func join(_ lines: [String], _ final: Bool) -> String {
            lines.map { $0 + ending }.joined().dropLast(final || lines.isEmpty ? 0 : ending.count).description
        }
        return (join(old, random.below(4) != 0), join(lines, random.below(4) != 0))
    }
}

/// Applies a unified diff of one file strictly: every context and removed line must match,
/// and every hunk's counts must be exact. Lines end at LF only, as for `patch`.
enum StrictPatch {
    struct Mismatch: Error, CustomStringConvertible { let description: String }

    static func apply(_ diff: String, to old: String) throws -> String {
        if diff.isEmpty { return old }
        var oldLines = lines(old)
        var output: [String] = []
        var diffLines = lines(diff)
        guard diffLines.count >= 2, diffLines.removeFirst().hasPrefix("--- "), diffLines.removeFirst().hasPrefix("+++ ") else {
            throw Mismatch(description: "no file header")
        }
        var consumed = 0
        var index = 0
        while index < diffLines.count {
            let header = diffLines[index]
            index += 1
            let numbers = header.split(whereSeparator: { " @,+-\n".contains($0) }).compactMap { Int($0) }
            let oldStart = numbers[0]
            let oldCount = header.contains("-\(oldStart),") ? numbers[1] : 1
            let newCount = header.split(separator: "+")[1].contains(",") ? numbers.last! : 1
            let firstOld = oldCount == 0 ? oldStart : oldStart - 1
            guard firstOld >= consumed else { throw Mismatch(description: "hunks out of order") }
            output += oldLines[consumed..<firstOld]
            consumed = firstOld
            var seenOld = 0, seenNew = 0
            while index < diffLines.count && !diffLines[index].hasPrefix("@@ ") {
                var line = diffLines[index]
                let kind = line.removeFirst()
                index += 1
                if index < diffLines.count && diffLines[index] == "\\ No newline at end of file\n" {
                    line.removeLast()
                    index += 1
                }
                switch kind {
                case " ", "-":
                    guard consumed < oldLines.count, oldLines[consumed] == line else {
                        throw Mismatch(description: "line \(consumed + 1) is not \(line.debugDescription)")
                    }
                    consumed += 1
                    seenOld += 1
                    if kind == " " { output.append(line); seenNew += 1 }
                case "+": output.append(line); seenNew += 1
                default: throw Mismatch(description: "bad line \(line.debugDescription)")
                }
            }
            guard seenOld == oldCount, seenNew == newCount else { throw Mismatch(description: "wrong counts in \(header)") }
        }
        output += oldLines[consumed...]
        oldLines = []
        return output.joined()
    }

    /// The LF-terminated lines of `text`, each with its LF.
    static func lines(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            current.unicodeScalars.append(scalar)
            if scalar == "\n" { result.append(current); current = "" }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
