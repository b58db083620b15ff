/// One way of writing the same Swift file: its line endings, its indentation, and whether it
/// starts with a UTF-8 byte order mark. Editors and checkouts (`core.autocrlf`) change all
/// three without changing the code.
struct SourceVariant: Hashable, Sendable, CustomStringConvertible {
    enum LineEnding: String, CaseIterable, Sendable { case lf = "LF", crlf = "CRLF", cr = "CR" }
    enum Indentation: String, CaseIterable, Sendable { case spaces, tabs }

    let lineEnding: LineEnding
    let indentation: Indentation
    let byteOrderMark: Bool

    /// The file as written (LF, spaces, no BOM).
    static let original = SourceVariant(lineEnding: .lf, indentation: .spaces, byteOrderMark: false)

    static let all: [SourceVariant] = LineEnding.allCases.flatMap { ending in
        Indentation.allCases.flatMap { indentation in
            [false, true].map { SourceVariant(lineEnding: ending, indentation: indentation, byteOrderMark: $0) }
        }
    }

    var description: String { "\(lineEnding.rawValue), \(indentation)\(byteOrderMark ? ", BOM" : "")" }

    /// `source` (with LF, CRLF or CR line endings, space-indented) written this way. With
    /// tabs, every four leading spaces become a tab; the rest of a line is left alone, so
    /// multi-line string literals stay valid (their lines and closing delimiter change alike).
    func apply(to source: String) -> String {
        let lines = source.withLFLineEndings().split(separator: "\n", omittingEmptySubsequences: false)
        let written = lines.map { line -> String in
            guard indentation == .tabs else { return String(line) }
            let spaces = line.prefix { $0 == " " }.count
            return String(repeating: "\t", count: spaces / 4) + String(repeating: " ", count: spaces % 4)
                + line.dropFirst(spaces)
        }
        let ending: String
        switch lineEnding {
        case .lf: ending = "\n"
        case .crlf: ending = "\r\n"
        case .cr: ending = "\r"
        }
        return (byteOrderMark ? "\u{FEFF}" : "") + written.joined(separator: ending)
    }
}

extension String {
    /// With every CRLF and lone CR turned into LF.
    func withLFLineEndings() -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(self.utf8)
        var i = 0
        while i < utf8.count {
            if utf8[i] == 0x0D {
                bytes.append(0x0A)
                if i + 1 < utf8.count, utf8[i + 1] == 0x0A { i += 1 }
            } else {
                bytes.append(utf8[i])
            }
            i += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
