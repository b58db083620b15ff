import StateLintSyntax
import StateLintIndex
import StateLintModel

/// The rule pages of `Rules/*.md`, embedded so `statelint rules <id>` works after installation.
public enum RuleDocumentation {
    /// The Markdown page for a rule id, or nil.
    public static func page(for id: String) -> String? { RuleDocumentationPages.pages[id] }

    public static var ids: [String] { RuleDocumentationPages.pages.keys.sorted() }

    /// Where a rule's page is read on the web (editors' and review tools' links).
    public static func url(for id: String) -> String {
        "https://github.com/statelint/statelint/blob/main/Rules/\(id).md"
    }

    /// Whether `statelint --fix` can fix the rule's findings, as its page's `## Fix` section
    /// says: it opens with "`statelint --fix` …" when it can and "No automatic fix" when it
    /// cannot. Tests hold the pages to it (a page that claims a fix shows it working).
    public static func canFix(_ id: String) -> Bool {
        guard let page = page(for: id), let section = section("Fix", of: page) else { return false }
        return section.first { !$0.isEmpty }?.hasPrefix(fixClaim) ?? false
    }

    public static let fixClaim = "`statelint --fix`"
    public static let noFixClaim = "No automatic fix"

    /// The lines under `## heading`, up to the next `## ` heading; nil without that heading.
    public static func section(_ heading: String, of page: String) -> [Substring]? {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: Substring("## " + heading)) else { return nil }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix("## ") } ?? rest.endIndex
        return Array(rest[..<end])
    }
}
