import StateLintSyntax

/// The declarations of a project's files as the expression typer looks them up: each type's
/// parts (the type and its extensions) and members by name, the top-level variables and
/// functions, and for each file which declaration owns a `{`.
///
/// Types are keyed by their last name (`Inner` for `Outer.Inner`), so the parts of same-named
/// types in different targets are one entry: where their members disagree, the typer says
/// "unknown".
package final class TypeDirectory: Sendable {
    /// A declaration: the file's position in `files` and its index in that file's declarations.
    package struct Place: Hashable, Sendable {
        package let file: Int
        package let declaration: Int

        package init(file: Int, declaration: Int) {
            self.file = file
            self.declaration = declaration
        }
    }

    package let files: [FileStructure]
    private let typeParts: [String: [Place]]
    private let memberPlaces: [String: [String: [Place]]]
    private let globalPlaces: [String: [Place]]
    private let aliasPlaces: [String: [Place]]
    /// Per file: the declaration whose body opens at a `{` (code index), and the type-like
    /// declarations with a body, by the position of their `{`.
    private let bodyOwners: [[Int32: Int32]]
    private let typeBodies: [[Int32]]
    private let genericFunctionIndices: [[Int32]]

    package init(files: [FileStructure]) {
        self.files = files
        var parts: [String: [Place]] = [:]
        var members: [String: [String: [Place]]] = [:]
        var globals: [String: [Place]] = [:]
        var aliases: [String: [Place]] = [:]
        var owners: [[Int32: Int32]] = []
        var bodies: [[Int32]] = []
        var genericFunctions: [[Int32]] = []
        owners.reserveCapacity(files.count)
        bodies.reserveCapacity(files.count)
        for (f, structure) in files.enumerated() {
            let declarations = structure.declarations
            var lastNames: [Int: String] = [:]
            func lastName(_ d: Int) -> String {
                if let name = lastNames[d] { return name }
                let name = Self.lastComponent(structure.name(of: d))
                lastNames[d] = name
                return name
            }
            var owner: [Int32: Int32] = [:]
            var typeBody: [Int32] = []
            var generic: [Int32] = []
            for (d, declaration) in declarations.enumerated() {
                if let body = declaration.body {
                    owner[Int32(body.lowerBound)] = Int32(d)
                    if declaration.kind.isTypeLike { typeBody.append(Int32(d)) }
                }
                let place = Place(file: f, declaration: d)
                if declaration.kind == .function || declaration.kind == .initializer {
                    let next = declaration.nameToken + 1
                    if structure.code.kind(next) == .operator, structure.code.file.bytes[structure.code[next].start] == UInt8(ascii: "<") {
                        generic.append(Int32(d))
                    }
                }
                if declaration.kind.isTypeLike {
                    parts[lastName(d), default: []].append(place)
                }
                guard declaration.kind != .extension else { continue }
                if declaration.kind == .typealias { aliases[structure.code.string(declaration.nameToken), default: []].append(place) }
                let name = declaration.kind == .initializer ? "init" : structure.code.string(declaration.nameToken)
                if let parent = declaration.parent {
                    guard declarations[parent].kind.isTypeLike else { continue }
                    members[lastName(parent), default: [:]][name, default: []].append(place)
                } else if declaration.kind == .variable || declaration.kind == .function {
                    globals[name, default: []].append(place)
                }
            }
            owners.append(owner)
            bodies.append(typeBody)
            genericFunctions.append(generic)
        }
        typeParts = parts
        memberPlaces = members
        globalPlaces = globals
        aliasPlaces = aliases
        bodyOwners = owners
        typeBodies = bodies
        genericFunctionIndices = genericFunctions
    }

    package static func lastComponent(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }

    package func declaration(_ place: Place) -> Declaration { files[place.file].declarations[place.declaration] }

    /// The type's declarations and extensions.
    package func parts(ofType name: String) -> [Place] { typeParts[name] ?? [] }

    package func declaresType(_ name: String) -> Bool { typeParts[name] != nil }

    /// Whether the project declares anything named `name` that could stand for a type: a type or
    /// extension, or a `typealias`.
    package func declaresTypeOrAlias(_ name: String) -> Bool { typeParts[name] != nil || aliasPlaces[name] != nil }

    /// Members named `member` declared in the type's body or its extensions (not inherited).
    package func members(named member: String, ofType name: String) -> [Place] {
        memberPlaces[name]?[member] ?? []
    }

    /// Top-level variables and functions named `name`.
    package func globals(named name: String) -> [Place] { globalPlaces[name] ?? [] }

    /// The type a `typealias` of that name stands for, when the project declares one alias of
    /// that name (anywhere) and its target is a type the typer reads.
    package func aliasTarget(of name: String) -> ValueType? {
        guard let places = aliasPlaces[name], places.count == 1, let place = places.first,
              let target = declaration(place).typeAnnotation else { return nil }
        return TypeSyntax.parse(target, in: files[place.file].code)
    }

    /// The kind of the type's own declarations (not extensions); nil when unknown or when
    /// same-named types differ.
    package func kind(ofType name: String) -> Declaration.Kind? {
        var kind: Declaration.Kind?
        for place in parts(ofType: name) {
            let declared = declaration(place).kind
            guard declared != .extension else { continue }
            if kind != nil, kind != declared { return nil }
            kind = declared
        }
        return kind
    }

    /// The names after `:` of the type and its extensions, by last name, each once.
    package func inheritance(ofType name: String) -> [String] {
        var seen: Set<String> = []
        var names: [String] = []
        for place in parts(ofType: name) {
            for inherited in files[place.file].inheritance(of: place.declaration) {
                let last = Self.lastComponent(inherited)
                if seen.insert(last).inserted { names.append(last) }
            }
        }
        return names
    }

    /// The superclass of a class: the first name after its own declaration's `:` when the
    /// project declares it as a class.
    package func superclass(ofType name: String) -> String? {
        guard kind(ofType: name) == .class else { return nil }
        for place in parts(ofType: name) where declaration(place).kind == .class {
            guard let first = files[place.file].inheritance(of: place.declaration).first else { return nil }
            let last = Self.lastComponent(first)
            return kind(ofType: last) == .class && last != name ? last : nil
        }
        return nil
    }

    /// The generic parameters of the type's own declaration.
    package func genericParameters(ofType name: String) -> [GenericParameter] {
        for place in parts(ofType: name) {
            let declaration = self.declaration(place)
            guard declaration.kind != .extension else { continue }
            return GenericParameter.read(at: declaration.nameEndToken + 1, in: files[place.file].code)
        }
        return []
    }

    /// The functions and initializers of file `file` with generic parameters.
    package func genericFunctions(in file: Int) -> [Int] { genericFunctionIndices[file].map(Int.init) }

    /// The declaration whose body's `{` is code index `open` of file `file`.
    package func owner(ofBodyAt open: Int, in file: Int) -> Int? {
        bodyOwners[file][Int32(open)].map(Int.init)
    }

    /// The innermost type or extension of file `file` whose body holds code index `k`.
    package func enclosingType(of k: Int, in file: Int) -> Int? {
        let bodies = typeBodies[file]
        let declarations = files[file].declarations
        // The last type body opening before `k`, then outward through its parents.
        var low = 0, high = bodies.count
        while low < high {
            let middle = (low + high) / 2
            if declarations[Int(bodies[middle])].body!.lowerBound < k { low = middle + 1 } else { high = middle }
        }
        var candidate: Int? = low > 0 ? Int(bodies[low - 1]) : nil
        while let d = candidate {
            if declarations[d].kind.isTypeLike, let body = declarations[d].body, body.lowerBound < k, k <= body.upperBound { return d }
            candidate = declarations[d].parent
        }
        return nil
    }

    /// The last name of the type a type-like declaration declares or extends.
    package func typeName(of declaration: Int, in file: Int) -> String {
        Self.lastComponent(files[file].name(of: declaration))
    }
}
