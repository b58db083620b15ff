import StateLintSyntax
import StateLintModel

/// The generic types and functions of a project whose parameters take only `ObservableObject`
/// classes (`class ObservableArray<T: ObservableObject>`, `func watch<M: ObservableObject>(_:)`):
/// a class used for such a parameter must stay an `ObservableObject`, the others need not.
package struct GenericOwners: Sendable {
    /// Owner (a type's last name, or `func name`) → its constrained parameters, by position.
    package private(set) var parameters: [String: [(index: Int, name: String)]] = [:]
    /// Per file, the code indices of `ObservableObject` written in those parameters' constraints.
    package private(set) var constraintTokens: [Int: Set<Int>] = [:]
    /// The parameters whose only such constraint is one protocol group's (`<Model: ListModel>`):
    /// they take that group's classes, and need no `ObservableObject` once the group migrates.
    package private(set) var groups: [GenericParameterKey: String] = [:]

    package init(_ project: MigrationProject) {
        let protocols = project.candidates.observableProtocols
        for (f, source) in project.sources.enumerated() {
            let code = source.code
            for (d, declaration) in source.declarations.enumerated() {
                let isType = declaration.kind.isTypeLike && declaration.kind != .extension && declaration.kind != .protocol
                guard isType || declaration.kind == .function || declaration.kind == .initializer else { continue }
                let open = isType ? declaration.nameEndToken + 1 : declaration.nameToken + 1
                let generics = GenericParameter.read(at: open, in: code)
                guard !generics.isEmpty else { continue }
                let constrained = generics.enumerated().filter { _, parameter in
                    parameter.constraints.contains { protocols.contains(TypeDirectory.lastComponent($0)) }
                }
                guard !constrained.isEmpty else { continue }
                let owner = isType ? TypeDirectory.lastComponent(source.structure.name(of: d)) : "func " + code.string(declaration.nameToken)
                parameters[owner, default: []] += constrained.map { ($0.offset, $0.element.name) }
                for (_, parameter) in constrained {
                    let observable = Set(parameter.constraints.map(TypeDirectory.lastComponent).filter(protocols.contains))
                    if observable.count == 1, let group = observable.first, project.candidates.groups[group] != nil {
                        groups[GenericParameterKey(owner: owner, name: parameter.name)] = group
                    }
                }
                let end = TypeNames.skipGenericArguments(from: open, in: code)
                for k in open..<end where code.kind(k) == .identifier && protocols.contains(code.string(k)) {
                    constraintTokens[f, default: []].insert(k)
                }
            }
        }
    }

    /// Whether `name` (a type's last name, or a function's) owns constrained parameters.
    package func owns(_ name: String) -> Bool { parameters[name] != nil }
}
