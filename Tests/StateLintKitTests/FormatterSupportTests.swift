import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

@Suite struct FormatterSupportTests {
    @Test func registryNamesAreUniqueAndResolvable() {
        let names = OutputFormatterRegistry.names
        #expect(names == ["xcode", "github", "json", "sarif", "checkstyle", "junit", "gitlab", "markdown", "summary", "csv", "rdjson", "rdjsonl"])
        for name in names {
            #expect(OutputFormatterRegistry.named(name).map { type(of: $0).name } == name)
        }
        #expect(OutputFormatterRegistry.named("nope") == nil)
        #expect(OutputFormatterRegistry.all.allSatisfy { !$0.summary.isEmpty && !$0.summary.contains("\n") })
    }

    @Test func sha256MatchesTheStandardTestVectors() {
        #expect(SHA256.hexDigest([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hexDigest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // Two blocks after padding.
        #expect(SHA256.hexDigest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hexDigest(Array(repeating: UInt8(ascii: "a"), count: 1000))
            == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func pathsAreMadeRelativeLexically() {
        #expect(ReportPaths.relative("Sources/A.swift", to: "/repo", workingDirectory: "/repo") == "Sources/A.swift")
        #expect(ReportPaths.relative("./A.swift", to: "/repo", workingDirectory: "/repo/sub") == "sub/A.swift")
        #expect(ReportPaths.relative("../x/A.swift", to: "/repo", workingDirectory: "/repo/sub") == "x/A.swift")
        #expect(ReportPaths.relative("/repo/A.swift", to: "/repo/", workingDirectory: "/") == "A.swift")
        #expect(ReportPaths.relative("/repository/A.swift", to: "/repo", workingDirectory: "/") == "/repository/A.swift")
        #expect(ReportPaths.relative("/etc/A.swift", to: "/repo", workingDirectory: "/repo") == "/etc/A.swift")
        #expect(ReportPaths.relative("A.swift", to: "/", workingDirectory: "/") == "A.swift")
        #expect(ReportPaths.absolute("a//b/./c/../d", workingDirectory: "/w") == "/w/a/b/d")
        #expect(ReportPaths.absolute("../../..", workingDirectory: "/w") == "/")
    }

    @Test func byteColumnsConvertToUTF16() {
        let line = Array("a😀é\u{FF}b".utf8) + [0xFF]
        #expect(ColumnConversion.utf16Column(byteColumn: 1, lineBytes: line) == 1)
        #expect(ColumnConversion.utf16Column(byteColumn: 2, lineBytes: line) == 2)
        #expect(ColumnConversion.utf16Column(byteColumn: 6, lineBytes: line) == 4)
        #expect(ColumnConversion.utf16Column(byteColumn: 8, lineBytes: line) == 5)
        #expect(ColumnConversion.utf16Column(byteColumn: 12, lineBytes: line) == 8) // 0xFF decodes as one U+FFFD
        // Past the end of the line each byte counts one unit; nonsense columns clamp to 1.
        #expect(ColumnConversion.utf16Column(byteColumn: 20, lineBytes: []) == 20)
        #expect(ColumnConversion.utf16Column(byteColumn: -3, lineBytes: line) == 1)
    }

    @Test func sourceLineLookupServesLinesOfLoadedFiles() {
        let lookup = SourceLineLookup(files: [SourceFile(path: "a.swift", text: "one\r\ntwo\n")])
        #expect(lookup.text(path: "a.swift", line: 1) == "one")
        #expect(lookup.text(path: "a.swift", line: 2) == "two")
        #expect(lookup.text(path: "a.swift", line: 9) == nil)
        #expect(lookup.text(path: "a.swift", line: 0) == nil)
        #expect(lookup.text(path: "b.swift", line: 1) == nil)
        #expect(SourceLineLookup.unavailable.bytes(path: "a.swift", line: 1) == nil)
    }
}
