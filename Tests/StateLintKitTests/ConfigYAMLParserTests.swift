import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

@Suite struct ConfigYAMLParserTests {
    private func parse(_ text: String) throws -> YAMLNode? {
        try YAMLParser.parse(text, path: "c.yml")
    }

    private func scalars(_ node: YAMLNode?) -> [String] {
        node?.sequence?.compactMap { $0.scalar?.text } ?? []
    }

    @Test func blockMappingsAndSequencesKeepPositions() throws {
        let text = """
        ---
        # comment
        a: 1
        list:
          - x
          - 'y'

        nested:
          inner: "v"   # trailing comment
        same_indent_list:
        - p
        - q
        """
        let root = try #require(try parse(text)?.mapping)
        #expect(root.map(\.key) == ["a", "list", "nested", "same_indent_list"])
        #expect(root[0].keyLocation == SourceLocation(line: 3, column: 1))
        #expect(root[0].value.scalar?.integer == 1)
        #expect(root[0].value.location == SourceLocation(line: 3, column: 4))
        #expect(scalars(root[1].value) == ["x", "y"])
        #expect(root[1].value.sequence?[1].location == SourceLocation(line: 6, column: 5))
        #expect(root[1].value.sequence?[1].scalar?.style == .singleQuoted)
        let inner = try #require(root[2].value.mapping?.first)
        #expect(inner.key == "inner")
        #expect(inner.value.scalar == YAMLScalar(text: "v", style: .doubleQuoted))
        #expect(inner.value.location == SourceLocation(line: 9, column: 10))
        #expect(scalars(root[3].value) == ["p", "q"])
    }

    @Test func flowCollectionsMaySpanLines() throws {
        let text = """
        a: [x, "y, z", 'w']
        b: { severity: error, handlers: [onAppear, task] }
        c: [
          one,   # comment inside
          two,
        ]
        d: []
        e: {}
        """
        let root = try #require(try parse(text)?.mapping)
        #expect(scalars(root[0].value) == ["x", "y, z", "w"])
        let b = try #require(root[1].value.mapping)
        #expect(b.map(\.key) == ["severity", "handlers"])
        #expect(b[1].keyLocation == SourceLocation(line: 2, column: 23))
        #expect(scalars(b[1].value) == ["onAppear", "task"])
        #expect(scalars(root[2].value) == ["one", "two"])
        #expect(root[2].value.sequence?[1].location == SourceLocation(line: 5, column: 3))
        #expect(root[3].value.sequence == [])
        #expect(root[4].value.mapping == [])
    }

    @Test func scalarsAndEscapes() throws {
        let text = #"""
        plain: hello world
        url: https://example.com/a#b
        single: 'it''s'
        double: "q\" b\\ n\n t\t e\u00e9 s\/"
        int: -42
        bool: true
        notbool: yes
        quotedbool: "true"
        null1: null
        null2: ~
        empty:
        """#
        let root = try #require(try parse(text)?.mapping)
        let values = Dictionary(uniqueKeysWithValues: root.map { ($0.key, $0.value.scalar) })
        #expect(values["plain"]??.text == "hello world")
        #expect(values["url"]??.text == "https://example.com/a#b")
        #expect(values["single"]??.text == "it's")
        #expect(values["double"]??.text == "q\" b\\ n\n t\t eé s/")
        #expect(values["int"]??.integer == -42)
        #expect(values["bool"]??.bool == true)
        #expect(values["notbool"]??.bool == nil)
        #expect(values["quotedbool"]??.bool == nil)
        #expect(values["null1"]??.isNull == true)
        #expect(values["null2"]??.isNull == true)
        #expect(values["empty"]??.isNull == true)
    }

    @Test func compactNestedForms() throws {
        let root = try #require(try parse("- a: 1\n  b: 2\n- - x\n  - y\n-\n  z: 3\n")?.sequence)
        #expect(root.count == 3)
        #expect(root[0].mapping?.map(\.key) == ["a", "b"])
        #expect(scalars(root[1]) == ["x", "y"])
        #expect(root[2].mapping?.first?.key == "z")
    }

    @Test func emptyDocumentsAndLineEndings() throws {
        #expect(try parse("") == nil)
        #expect(try parse("# only a comment\n\n") == nil)
        #expect(try parse("---\n") == nil)
        let crlf = try #require(try parse("a: 1\r\nb: 2\r\n")?.mapping)
        #expect(crlf[1].keyLocation == SourceLocation(line: 2, column: 1))
        let bom = try #require(try YAMLParser.parse([0xEF, 0xBB, 0xBF] + Array("a: 1".utf8), path: "c.yml")?.mapping)
        #expect(bom[0].key == "a")
    }

    /// Every construct outside the subset fails at the exact offending position.
    @Test(arguments: [
        ("a:\n\tb: 1", 2, 1, "tab character in indentation"),
        ("a: &x 1", 1, 4, "anchors"),
        ("a: *x", 1, 4, "aliases"),
        ("a: !tag 1", 1, 4, "tags"),
        ("a: |\n  text", 1, 4, "block scalars"),
        ("a: >\n  text", 1, 4, "block scalars"),
        ("a: 1\n---\nb: 2", 2, 1, "multiple documents"),
        ("a: 1\n...", 2, 1, "document end marker"),
        ("a: 1\nb: 2\na: 3", 3, 1, "duplicate key `a` (first defined at line 1)"),
        ("a: { x: 1, x: 2 }", 1, 12, "duplicate key `x`"),
        ("a:\n  b: 1\n   c: 2", 3, 4, "unexpected indentation"),
        ("a:\n    b: 1\n  c: 2", 3, 3, "unexpected indentation"),
        ("a:b\nc: 1", 2, 1, "check the indentation"),
        ("a: 'abc", 1, 4, "unterminated single-quoted string"),
        ("a: \"abc\nb: 1", 1, 4, "unterminated double-quoted string"),
        ("a: \"\\q\"", 1, 5, "unknown escape"),
        ("a: \"\\u12\"", 1, 5, "needs 4 hex digits"),
        ("a: [x, y", 1, 4, "unterminated list"),
        ("a: [[x] y]", 1, 9, "expected `,` or `]`"),
        ("a: {x: 1", 1, 4, "unterminated mapping"),
        ("a: [x,, y]", 1, 7, "unexpected `,`"),
        ("a: b: c", 1, 5, "`: ` inside an unquoted value"),
        ("a: 'x' y", 1, 8, "unexpected `y`"),
        ("a: 1\n- b", 2, 1, "found a list item"),
        ("a: - b", 1, 4, "list item cannot follow"),
        ("? a\n: b", 1, 1, "complex keys"),
        ("%YAML 1.2\n---\na: 1", 1, 1, "directives"),
        ("a: @x", 1, 4, "reserved"),
        ("'a' b: 1", 1, 5, "unexpected `b`"),
        ("x: {a b}", 1, 8, "expected `:` after the key `a b`"),
        ("[a]: 1", 1, 4, "unexpected `:`"),
    ] as [(String, Int, Int, String)])
    func rejectsOutsideTheSubset(text: String, line: Int, column: Int, message: String) throws {
        let diagnostic = try #require(ConfigTestSupport.parseFailure(text), "expected an error for \(text)")
        #expect(diagnostic.location == SourceLocation(line: line, column: column), "\(diagnostic)")
        #expect(diagnostic.message.contains(message), "\(diagnostic)")
        #expect(diagnostic.description.hasPrefix("c.yml:\(line):\(column): error: "))
    }

    @Test func rejectsBinaryAndInvalidUTF8WithPosition() throws {
        let nul = try #require(ConfigTestSupport.parseFailure(Array("a: 1\nb: x".utf8) + [0, 0x41]))
        #expect(nul.location == SourceLocation(line: 2, column: 5))
        #expect(nul.message.contains("NUL byte"))
        let invalid = try #require(ConfigTestSupport.parseFailure(Array("a: é\nb: ".utf8) + [0xC3, 0x28]))
        #expect(invalid.location == SourceLocation(line: 2, column: 4))
        #expect(invalid.message.contains("invalid UTF-8"))
        let overlong = try #require(ConfigTestSupport.parseFailure([0x61, 0x3A, 0x20, 0xC0, 0xAF]))
        #expect(overlong.location == SourceLocation(line: 1, column: 4))
        let control = try #require(ConfigTestSupport.parseFailure("a: \u{1B}[31m"))
        #expect(control.message.contains("control character 0x1B"))
        // Random-looking binary content (a PNG header) must fail cleanly too.
        #expect(ConfigTestSupport.parseFailure([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) != nil)
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let depth = 10_000
        let flow = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let flowError = try #require(ConfigTestSupport.parseFailure(flow))
        #expect(flowError.message.contains("deeper than 64"))
        let flowMaps = String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(ConfigTestSupport.parseFailure(flowMaps)?.message.contains("deeper than 64") == true)
        let compactSequences = String(repeating: "- ", count: depth) + "x"
        #expect(ConfigTestSupport.parseFailure(compactSequences)?.message.contains("deeper than 64") == true)
        var blockMaps = ""
        for level in 0..<200 { blockMaps += String(repeating: " ", count: level) + "k:\n" }
        #expect(ConfigTestSupport.parseFailure(blockMaps)?.message.contains("deeper than 64") == true)
        // Exactly at the limit is fine.
        let atLimit = String(repeating: "[", count: YAMLParser.maximumDepth) + String(repeating: "]", count: YAMLParser.maximumDepth)
        #expect(ConfigTestSupport.parseFailure(atLimit) == nil)
    }

    @Test func hugeInputParsesInOnePass() throws {
        // About 5 MB: a long block list and one very long line; both must simply parse.
        var text = "excluded:\n"
        let item = "  - Sources/Some/Deeply/Nested/Folder/File.swift\n"
        for _ in 0..<(5_000_000 / item.utf8.count) { text += item }
        let list = try #require(try parse(text)?.mapping?.first?.value.sequence)
        #expect(list.count == 5_000_000 / item.utf8.count)
        let longLine = "a: " + String(repeating: "x", count: 5_000_000)
        #expect(try parse(longLine)?.mapping?.first?.value.scalar?.text.utf8.count == 5_000_000)
        // A 5 MB unterminated quote fails and points at its start.
        let unterminated = "a: \"" + String(repeating: "x", count: 5_000_000)
        #expect(ConfigTestSupport.parseFailure(unterminated)?.location == SourceLocation(line: 1, column: 4))
    }
}
