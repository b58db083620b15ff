import Foundation

/// Reads the rule pages in `Rules/*.md` and their example blocks.
enum RuleDocumentationFiles {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let rulesFolder = repositoryRoot.appendingPathComponent("Rules")

    /// Rule id (file name without `.md`) → page text, for every page on disk.
    static func pages() throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: rulesFolder.path)
        var pages: [String: String] = [:]
        for name in names where name.hasSuffix(".md") {
            let data = try Data(contentsOf: rulesFolder.appendingPathComponent(name))
            pages[String(name.dropLast(3))] = String(decoding: data, as: UTF8.self)
        }
        return pages
    }

    struct Example: CustomStringConvertible {
        let ruleID: String
        let triggering: Bool
        /// 1-based line of the opening fence in the page, for messages.
        let line: Int
        let code: String
        var description: String { "Rules/\(ruleID).md:\(line)" }
    }

    /// The ```swift blocks under `## Triggering` and `## Non-triggering`.
    static func examples(ruleID: String, page: String) -> [Example] {
        var examples: [Example] = []
        var section = ""
        var block: [Substring]?
        var blockLine = 0
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if var current = block {
                if line == "```" {
                    if section == "Triggering" || section == "Non-triggering" {
                        examples.append(Example(ruleID: ruleID, triggering: section == "Triggering", line: blockLine,
                                                code: current.joined(separator: "\n") + "\n"))
                    }
                    block = nil
                } else {
                    current.append(line)
                    block = current
                }
            } else if line.hasPrefix("## ") {
                section = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            } else if line.hasPrefix("```") {
                block = []
                blockLine = index + 1
                if line != "```swift" { blockLine = -blockLine }  // only Swift blocks are examples
            }
        }
        return examples.filter { $0.line > 0 }
    }

    /// The `## ` headings of a page, in order.
    static func headings(_ page: String) -> [String] {
        page.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
    }

    static func executableOnPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
