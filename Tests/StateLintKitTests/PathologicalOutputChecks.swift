import Foundation
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// Cheap structural checks on report text, shared by the libFuzzer targets (`Fuzz/`, compiled
/// together with this file) and the regression tests. Each returns a description of the first
/// problem, or nil when the text is fine. No Foundation XML, so the fuzzer stays fast.
enum PathologicalOutputChecks {
    /// Lines as the GitHub runner and terminals split them: at LF, CR and CRLF.
    static func physicalLines(_ text: String) -> [Substring] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Every line is one `::warning …::` / `::error …::` command, one per finding, and no
    /// scalar that could hide or fake one (NUL, ESC, bidi controls, line separators) appears.
    static func gitHub(_ text: String, findingCount: Int) -> String? {
        let lines = physicalLines(text)
        guard lines.count == findingCount else { return "github: \(lines.count) lines for \(findingCount) findings" }
        for line in lines {
            guard line.hasPrefix("::warning file=") || line.hasPrefix("::error file=") else { return "github: not a command: \(line.debugDescription)" }
            // The property list ends at the first `::` after the name (`:` is escaped inside it).
            guard let separator = line.dropFirst(2).range(of: "::") else { return "github: no data separator: \(line.debugDescription)" }
            // The message is shown in the log; the path stays exact so the annotation finds its file.
            if let bad = line[separator.upperBound...].unicodeScalars.first(where: { TerminalText.needsEscape($0) && $0 != "\t" }) {
                return "github: unescaped control U+\(String(bad.value, radix: 16)) in a message"
            }
        }
        return nil
    }

    /// One `path:line:column: severity: message [rule]` per finding and per physical line,
    /// with no control or bidi scalar that could move the cursor or reorder the line.
    static func xcode(_ text: String, findingCount: Int) -> String? {
        let lines = physicalLines(text)
        guard lines.count == findingCount else { return "xcode: \(lines.count) lines for \(findingCount) findings" }
        if let bad = text.unicodeScalars.first(where: { TerminalText.needsEscape($0) && $0 != "\n" }) {
            return "xcode: unescaped control U+\(String(bad.value, radix: 16)) in output"
        }
        for line in lines where !(line.contains(": warning: ") || line.contains(": error: ")) {
            return "xcode: no severity in \(line.debugDescription)"
        }
        return nil
    }

    static func json(_ text: String, name: String) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            return nil
        } catch {
            return "\(name): not JSON: \(error)"
        }
    }

    /// XML 1.0 well-formedness for what the reports use: a declaration, elements with quoted
    /// attributes, text, the five entities and numeric references, one root element.
    static func xml(_ text: String, name: String) -> String? {
        var checker = XMLChecker(scalars: Array(text.unicodeScalars))
        if let problem = checker.run() { return "\(name): not well-formed XML at scalar \(checker.position): \(problem)" }
        return nil
    }
}

/// A small recursive-descent XML 1.0 checker (iterative over elements, so depth is free).
struct XMLChecker {
    let scalars: [Unicode.Scalar]
    var position = 0

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    static func isXMLChar(_ value: UInt32) -> Bool {
        value == 0x9 || value == 0xA || value == 0xD || (value >= 0x20 && value <= 0xD7FF)
            || (value >= 0xE000 && value <= 0xFFFD) || (value >= 0x10000 && value <= 0x10FFFF)
    }

    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" || scalar == "." || scalar == ":"
    }

    mutating func run() -> String? {
        if let bad = scalars.first(where: { !Self.isXMLChar($0.value) }) { return "forbidden character U+\(String(bad.value, radix: 16))" }
        if starts(with: "<?xml") {
            guard let end = find("?>") else { return "unterminated declaration" }
            position = end + 2
        }
        var open: [String] = []
        var sawRoot = false
        while let scalar = current {
            if scalar == "<" {
                if starts(with: "</") {
                    position += 2
                    let name = readName()
                    skipSpace()
                    guard current == ">" else { return "bad end tag" }
                    position += 1
                    guard open.popLast() == name else { return "mismatched end tag </\(name)>" }
                    continue
                }
                guard !(open.isEmpty && sawRoot) else { return "second root element" }
                position += 1
                let name = readName()
                guard !name.isEmpty else { return "empty element name" }
                if let problem = readAttributes() { return problem }
                if starts(with: "/>") {
                    position += 2
                } else if current == ">" {
                    position += 1
                    open.append(name)
                } else {
                    return "bad start tag <\(name)"
                }
                sawRoot = true
            } else if scalar == "&" {
                if let problem = readReference() { return problem }
            } else {
                guard !open.isEmpty || scalar == " " || scalar == "\n" || scalar == "\r" || scalar == "\t" else {
                    return "text outside the root element"
                }
                if scalar == ">" && starts(with: "]]>") { return "]]> in text" }
                position += 1
            }
        }
        if !open.isEmpty { return "unclosed <\(open.last!)>" }
        return sawRoot ? nil : "no root element"
    }

    private mutating func readAttributes() -> String? {
        var seen: Set<String> = []
        while true {
            let hadSpace = skipSpace()
            guard let scalar = current, scalar != ">", scalar != "/" else { return nil }
            guard hadSpace else { return "attributes not separated by space" }
            let name = readName()
            guard !name.isEmpty else { return "bad attribute name at \(scalar.debugDescription)" }
            guard seen.insert(name).inserted else { return "duplicate attribute \(name)" }
            guard current == "=" else { return "attribute \(name) without =" }
            position += 1
            guard let quote = current, quote == "\"" || quote == "'" else { return "unquoted attribute \(name)" }
            position += 1
            while let scalar = current, scalar != quote {
                if scalar == "<" { return "< in attribute \(name)" }
                if scalar == "&" {
                    if let problem = readReference() { return problem }
                } else {
                    position += 1
                }
            }
            guard current == quote else { return "unterminated attribute \(name)" }
            position += 1
        }
    }

    private mutating func readReference() -> String? {
        position += 1
        var body = ""
        while let scalar = current, scalar != ";", body.unicodeScalars.count < 12 {
            body.unicodeScalars.append(scalar)
            position += 1
        }
        guard current == ";" else { return "unterminated reference &\(body)" }
        position += 1
        if ["amp", "lt", "gt", "quot", "apos"].contains(body) { return nil }
        let value: UInt32?
        if body.hasPrefix("#x") { value = UInt32(body.dropFirst(2), radix: 16) }
        else if body.hasPrefix("#") { value = UInt32(body.dropFirst(), radix: 10) }
        else { return "unknown entity &\(body);" }
        guard let value, Self.isXMLChar(value) else { return "reference &\(body); is not an XML character" }
        return nil
    }

    private mutating func readName() -> String {
        var name = ""
        while let scalar = current, Self.isNameScalar(scalar) {
            name.unicodeScalars.append(scalar)
            position += 1
        }
        return name
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = position
        while let scalar = current, scalar == " " || scalar == "\n" || scalar == "\r" || scalar == "\t" { position += 1 }
        return position > start
    }

    private func starts(with prefix: String) -> Bool {
        var index = position
        for scalar in prefix.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    private func find(_ needle: String) -> Int? {
        var index = position
        while index < scalars.count {
            let saved = index
            var matched = true
            for scalar in needle.unicodeScalars {
                if index >= scalars.count || scalars[index] != scalar { matched = false; break }
                index += 1
            }
            if matched { return saved }
            index = saved + 1
        }
        return nil
    }
}
