import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// Parses the XML reports with `XMLParser`: they must be well-formed, and attribute values
/// must come back exactly (CR, LF, tab, quotes and `<&>` included).
@Suite struct FormatterXMLTests {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String
    }

    final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        private var open: [Int] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            open.append(elements.count)
            elements.append(Element(name: elementName, attributes: attributes, text: ""))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let current = open.last { elements[current].text += string }
        }
    }

    static func parse(_ text: String) throws -> [Element] {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = Collector()
        parser.delegate = collector
        let ok = parser.parse()
        #expect(ok, "not well-formed: \(String(describing: parser.parserError))")
        try #require(ok)
        return collector.elements
    }

    @Test func checkstyleListsEveryFileAndRoundTripsMessages() throws {
        let findings = FormatterFixtures.findings
        let elements = try Self.parse(CheckstyleFormatter().format(findings, context: FormatterFixtures.context()))
        #expect(elements.first?.name == "checkstyle")
        let files = elements.filter { $0.name == "file" }.compactMap { $0.attributes["name"] }
        #expect(Set(files) == Set(FormatterFixtures.lintedFiles))
        #expect(files.contains("Sources/new\nline.swift"))
        let errors = elements.filter { $0.name == "error" }
        #expect(errors.count == findings.count)
        for (error, finding) in zip(errors, findings) {
            #expect(error.attributes["message"] == Self.xmlSafe(finding.message))
            #expect(error.attributes["line"] == String(finding.start.line))
            #expect(error.attributes["severity"] == finding.severity.rawValue)
            #expect(error.attributes["source"] == "statelint." + finding.ruleID)
        }
    }

    @Test func junitHasTheElementsTheXSDRequires() throws {
        let findings = FormatterFixtures.findings
        let elements = try Self.parse(JUnitFormatter().format(findings, context: FormatterFixtures.context()))
        #expect(elements.first?.name == "testsuites")
        let suites = elements.filter { $0.name == "testsuite" }
        #expect(suites.count == FormatterFixtures.lintedFiles.count)
        for (index, suite) in suites.enumerated() {
            for attribute in ["name", "package", "timestamp", "hostname", "tests", "failures", "errors", "time"] {
                #expect(suite.attributes[attribute] != nil, "testsuite lacks \(attribute)")
            }
            #expect(suite.attributes["id"] == String(index))
            #expect(suite.attributes["timestamp"] == "2023-11-14T22:13:20")
        }
        #expect(elements.filter { $0.name == "properties" }.count == suites.count)
        #expect(elements.filter { $0.name == "system-out" }.count == suites.count)
        #expect(elements.filter { $0.name == "system-err" }.count == suites.count)
        let failures = elements.filter { $0.name == "failure" }
        #expect(failures.count == findings.count)
        for (failure, finding) in zip(failures, findings) {
            #expect(failure.attributes["message"] == Self.xmlSafe(finding.message))
            #expect(failure.attributes["type"] == finding.ruleID)
            #expect(failure.text.hasSuffix(Self.xmlSafe(finding.message)))
        }
        let failureCount = suites.compactMap { Int($0.attributes["failures"] ?? "") }.reduce(0, +)
        #expect(failureCount == findings.count)
    }

    @Test func emptyReportsAreWellFormed() throws {
        let context = FormatterFixtures.context(lintedFiles: [])
        #expect(try Self.parse(CheckstyleFormatter().format([], context: context)).map(\.name) == ["checkstyle"])
        #expect(try Self.parse(JUnitFormatter().format([], context: context)).map(\.name) == ["testsuites"])
    }

    @Test func escapingHandlesMarkupLineBreaksAndForbiddenControls() {
        #expect(XMLText.attribute("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&apos;f")
        #expect(XMLText.attribute("cr\r lf\n tab\t") == "cr&#13; lf&#10; tab&#9;")
        #expect(XMLText.content("cr\r lf\n") == "cr&#13; lf\n")
        #expect(XMLText.content("nul\u{0} esc\u{1B} ok\u{85}") == "nul\u{FFFD} esc\u{FFFD} ok\u{85}")
    }

    @Test func timestampsAreUTCWithoutZone() {
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00")
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00")
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: 1_700_000_000.9)) == "2023-11-14T22:13:20")
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: -5)) == "1970-01-01T00:00:00")
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: .infinity)) == "1970-01-01T00:00:00")
        #expect(UTCTimestamp.string(from: Date(timeIntervalSince1970: 1e15)) == "9999-12-31T23:59:59")
    }

    /// What a message looks like after XML: forbidden controls become U+FFFD.
    static func xmlSafe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { XMLText.isForbiddenInXML10($0) ? "\u{FFFD}" : $0 }))
    }
}
