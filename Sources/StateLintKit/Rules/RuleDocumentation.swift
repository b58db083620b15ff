/// The rule pages of `Rules/*.md`, embedded so `statelint rules <id>` works after installation.
public enum RuleDocumentation {
    /// The Markdown page for a rule id, or nil.
    public static func page(for id: String) -> String? { RuleDocumentationPages.pages[id] }

    public static var ids: [String] { RuleDocumentationPages.pages.keys.sorted() }
}
