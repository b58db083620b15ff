import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// `SourceStyle`: a file's line ending and indentation, for building replacement text.
@Suite struct FixSourceStyleTests {
    static func style(_ text: String) -> SourceStyle { SourceStyle(SourceFile(path: "A.swift", text: text)) }

    @Test func theLineEndingIsTheMostCommonOneAndLFWithoutAny() {
        #expect(Self.style("a\nb\nc").lineEnding == .lf)
        #expect(Self.style("a\r\nb\r\nc\n").lineEnding == .crlf)
        #expect(Self.style("a\rb\rc\r\n").lineEnding == .cr)
        #expect(Self.style("one line").lineEnding == .lf)
        #expect(Self.style("").lineEnding == .lf)
        // A tie goes to the file's first line break.
        #expect(Self.style("a\r\nb\nc").lineEnding == .crlf)
        #expect(Self.style("a\nb\r\nc").lineEnding == .lf)
    }

    @Test func indentationIsTabsOrTheMostCommonStepOfSpaces() {
        #expect(Self.style("struct A {\n\tvar a = 1\n\tfunc f() {\n\t\tg()\n\t}\n}\n").indentation == .tabs)
        #expect(Self.style("struct A {\n  var a = 1\n  func f() {\n    g()\n  }\n}\n").indentation == .spaces(2))
        #expect(Self.style("struct A {\n    var a = 1\n    func f() {\n        g()\n    }\n}\n").indentation == .spaces(4))
        #expect(Self.style("let a = 1\nlet b = 2\n").indentation == SourceStyle.defaultIndentation)
        #expect(Self.style("").indentation == .spaces(4))
        #expect(SourceStyle.Indentation.tabs.unit == "\t")
        #expect(SourceStyle.Indentation.spaces(3).unit == "   ")
    }

    /// A doc comment's ` * ` continuation lines are one space in: not the indentation unit.
    @Test func blockCommentContinuationsDoNotCountAsSteps() {
        let text = "/**\n * a\n * b\n * c\n * d\n */\nstruct A {\n    var a = 1\n    var b = 2\n}\n"
        #expect(Self.style(text).indentation == .spaces(4))
    }

    @Test func theIndentationOfALineIsItsLeadingBlanks() {
        let style = Self.style("\u{FEFF}  first\n\t\tsecond\r\n    \n  third é\rlast")
        #expect(style.hasByteOrderMark)
        #expect(style.indentation(ofLine: 1) == "  ")  // the BOM is not indentation
        #expect(style.indentation(ofLine: 2) == "\t\t")
        #expect(style.indentation(ofLine: 3) == "    ")
        #expect(style.indentation(ofLine: 4) == "  ")
        #expect(style.indentation(ofLine: 5) == "")
        #expect(style.indentation(ofLine: 9) == "")
        #expect(!Self.style("a").hasByteOrderMark)
    }

    @Test func replacementsGetTheFilesLineBreaks() {
        #expect(Self.style("a\r\nb\r\n").normalizingLineBreaks("x\ny\r\nz\r") == "x\r\ny\r\nz\r\n")
        #expect(Self.style("a\rb\r").normalizingLineBreaks("x\ny\r\n") == "x\ry\r")
        #expect(Self.style("a\nb\n").normalizingLineBreaks("x\r\ny\rz") == "x\ny\nz")
        #expect(Self.style("a\nb\n").normalizingLineBreaks("no breaks, é") == "no breaks, é")
    }
}
