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
    /// `@Observable` (or `@Observation.Observable`) on the declaration.
    public let isObservable: Bool

    /// The header of the type-like declaration at `index`, if it names anything.
    init?(_ structure: FileStructure, declaration index: Int) {
        let declaration = structure.declarations[index]
        let isObservable = declaration.kind != .extension
            && structure.attributes(of: index).contains { structure.code.text($0.nameToken, is: "@Observable")
                || structure.code.text($0.nameToken, is: "Observable") }
        guard isObservable || !declaration.inheritanceRange.isEmpty else { return nil }
        name = declaration.kind == .extension ? structure.name(of: index) : structure.qualifiedName(of: index)
        kind = declaration.kind
        inheritance = structure.inheritance(of: index)
        self.isObservable = isObservable
    }
}
