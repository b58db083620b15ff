import StateLintSyntax
import StateLintIndex
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// The line on standard error that says when findings may be missing: a rule found a class
/// creation pattern (`@State var m = Model()`, an unguarded `.onAppear { m = Model() }`), but
/// nothing says whether the type is a class, so it stayed silent. Silence must not read as
/// "all clear" when the types live in packages StateLint has not seen.
enum UncheckedTypesNote {
    static let maximumNamed = 5

    /// Endings of type names that are value types by convention (SwiftUI styles, modifiers
    /// and shapes are structs; identifiers and option sets too). They are left out of the
    /// note, not out of `--show-unresolved`.
    static let valueTypeSuffixes = ["Style", "Modifier", "Shape", "ID", "Options", "Key", "Kind"]

    /// Whether the note should name `name`: it looks like a type (its last component starts
    /// upper-case: `makeModel()` is a function) that is not a generic parameter (`T()`), `Self`
    /// or an obvious value type.
    static func isWorthNaming(_ name: String) -> Bool {
        let last = lastComponent(name)
        guard last.count > 1, last != "Self", startsUppercase(last) else { return false }
        return !valueTypeSuffixes.contains { last.hasSuffix($0) && last != $0 }
    }

    /// The note for `unchecked` (type name → possible findings dropped), or nil when no name
    /// is worth naming. `suggestResolve`: the project has a `Package.swift` but no
    /// `.build/checkouts` yet.
    static func line(_ unchecked: [String: Int], suggestResolve: Bool) -> String? {
        let named = unchecked.filter { isWorthNaming($0.key) }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        guard !named.isEmpty else { return nil }
        let findings = named.reduce(0) { $0 + $1.value }
        var shown = named.prefix(maximumNamed).map { name, count in
            TerminalText.visible(name) + (count > 1 ? " (\(count)×)" : "")
        }
        if named.count > maximumNamed { shown.append("\(named.count - maximumNamed) more") }
        let types = named.count == 1 ? "this type is a class" : "these \(named.count) types are classes"
        var ways = ["pass --dependencies DIR (Xcode: --derived-data DIR)",
                    "list them in known_classes or known_value_types in .linter.yml"]
        if suggestResolve { ways.insert("run `swift package resolve` so .build/checkouts exists", at: 0) }
        return "statelint: note: \(findings) possible finding\(findings == 1 ? " was" : "s were") not checked: "
            + "StateLint does not know whether \(types): \(shown.joined(separator: ", ")). "
            + "To check them, \(ways.joined(separator: ", or ")); --show-unresolved lists every unknown type."
    }
}
