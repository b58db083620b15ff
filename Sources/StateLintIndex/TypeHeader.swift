import StateLintSyntax

/// What a type declaration, protocol or extension says about the type in its header: the names
/// after `:` and whether the type is `@Observable`. Kept for every one that names something, so
/// the project can tell which types are `ObservableObject`s or SwiftUI views through
/// superclasses, refining protocols and extensions in other files.
public struct TypeHeader: Sendable, Hashable {
    /// The qualified name (`Outer.Inner`) of a declaration; an extension's extended type as written.
    public let name: String
    public let kind: Declaration.Kind
    /// The names after `:`, as written, without generic arguments.
    public let inheritance: [String]
    /// A macro on the declaration that makes the class observable by `@State`: `@Observable`,
    /// swift-perception's `@Perceptible`, SwiftData's `@Model` (also written with their modules).
    public let isObservable: Bool

    /// The attribute names of those macros: `@Observable`, or the last name of `@Observation.Observable`.
    package static let observableMacros: Set<String> = ["@Observable", "Observable", "@Perceptible", "Perceptible", "@Model", "Model"]

    /// The header of the type-like declaration at `index`, if it names anything — or if it is a
    /// protocol (so that the project's protocols are known to be seen, whatever they refine), or
    /// a project's own `Observable` or `Perceptible`, which then hides Observation's.
    package init?(_ structure: FileStructure, declaration index: Int) {
        let declaration = structure.declarations[index]
        let code = structure.code
        let isObservable = declaration.kind != .extension
            && structure.attributes(of: index).contains { Self.observableMacros.contains(code.string($0.nameToken)) }
        let shadowsObservation = declaration.kind != .extension
            && (code.text(declaration.nameToken, is: "Observable") || code.text(declaration.nameToken, is: "Perceptible"))
        guard isObservable || shadowsObservation || declaration.kind == .protocol || !declaration.inheritanceRange.isEmpty
        else { return nil }
        name = declaration.kind == .extension ? structure.name(of: index) : structure.qualifiedName(of: index)
        kind = declaration.kind
        inheritance = structure.inheritance(of: index)
        self.isObservable = isObservable
    }
}
