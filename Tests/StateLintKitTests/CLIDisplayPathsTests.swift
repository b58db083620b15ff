import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// Report paths are relative to the working directory when they lie inside it.
@Suite struct CLIDisplayPathsTests {
    @Test func pathsInsideTheWorkingDirectoryLoseItsPrefix() {
        for directory in ["/work/app", "/work/app/"] {
            let display = DisplayPaths(workingDirectory: directory)
            #expect(display("/work/app/Sources/View.swift") == "Sources/View.swift")
            #expect(display("/work/app/Vue/Éclair.swift") == "Vue/Éclair.swift")
            #expect(display("/work/apple/View.swift") == "/work/apple/View.swift", "a sibling with the same start")
            #expect(display("/elsewhere/View.swift") == "/elsewhere/View.swift")
        }
    }

    @Test func relativePathsStayRelative() {
        let display = DisplayPaths(workingDirectory: "/work/app")
        #expect(display("./Sources/View.swift") == "Sources/View.swift")
        #expect(display("Sources/View.swift") == "Sources/View.swift")
    }

    @Test func aPrefixSpelledWithOtherScalarsStillMatches() {
        // "café" composed in the working directory, decomposed (e + U+0301) in the path: equal
        // as strings, different as bytes.
        let display = DisplayPaths(workingDirectory: "/work/caf\u{E9}")
        #expect(display("/work/cafe\u{301}/View.swift") == "View.swift")
    }
}
