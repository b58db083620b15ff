import Foundation
import Testing

/// The library's layers import only the layers below them, and the language server and the
/// command line not each other: what Package.swift's target dependencies let the compiler
/// enforce, checked here on the sources too so a new dependency is a decision, not an accident.
@Suite struct LayerImportsTests {
    static let order = ["StateLintSyntax", "StateLintIndex", "StateLintModel", "StateLintRules", "StateLintEngine",
                        "StateLintFormatters", "StateLintLSP", "StateLintCLI"]

    static func imports(of module: String) throws -> Set<String> {
        let folder = RuleDocumentationFiles.repositoryRoot.appendingPathComponent("Sources/\(module)").path
        var found: Set<String> = []
        let files = try #require(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty, "\(module) has sources")
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import StateLint") || line.hasPrefix("@testable import StateLint") {
                found.insert(String(line.split(separator: " ").last!))
            }
        }
        return found
    }

    @Test(arguments: order)
    func importsOnlyLowerLayers(_ module: String) throws {
        let position = Self.order.firstIndex(of: module)!
        for imported in try Self.imports(of: module) {
            let importedPosition = try #require(Self.order.firstIndex(of: imported), "\(module) imports \(imported), no layer")
            #expect(importedPosition < position, "\(module) imports \(imported), a layer at or above it")
        }
    }

    @Test func languageServerAndCommandLineStayApart() throws {
        #expect(!(try Self.imports(of: "StateLintLSP")).contains("StateLintCLI"))
        #expect(!(try Self.imports(of: "StateLintCLI")).contains("StateLintLSP"))
    }
}
