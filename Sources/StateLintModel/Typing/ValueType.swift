/// The type of a value as the expression typer knows it: a name with its generic arguments.
///
/// Sugar is normalised so that one spelling means one thing: `[T]` is `Array<T>`, `[K: V]` is
/// `Dictionary<K, V>`, `T?` is `Optional<T>`. An implicitly unwrapped `T!` is `T` (its members
/// are used without `?`). Names stay as written (`Outer.Inner`); `lastName` is what the project's
/// tables are keyed by. Function types and tuples are not represented: the typer says "unknown".
package struct ValueType: Hashable, Sendable, CustomStringConvertible {
    package var name: String
    package var arguments: [ValueType]
    /// `Model.self`, or a type name used as a value (`Model` in `Model.shared`).
    package var isMetatype: Bool
    /// A generic parameter (`T` of `Box<T: ObservableObject>`), with the declaration that binds it.
    package var genericOwner: GenericOwner?

    package init(_ name: String, _ arguments: [ValueType] = [], isMetatype: Bool = false, genericOwner: GenericOwner? = nil) {
        self.name = name
        self.arguments = arguments
        self.isMetatype = isMetatype
        self.genericOwner = genericOwner
    }

    package static func optional(_ wrapped: ValueType) -> ValueType {
        wrapped.isOptional ? wrapped : ValueType("Optional", [wrapped])
    }

    package static func array(_ element: ValueType) -> ValueType { ValueType("Array", [element]) }

    package var isOptional: Bool { name == "Optional" && arguments.count == 1 && !isMetatype }

    /// `T` for `Optional<T>` (at any depth), else the type itself.
    package var unwrapped: ValueType {
        var type = self
        while type.isOptional { type = type.arguments[0] }
        return type
    }

    /// The last component of the name: `Inner` for `Outer.Inner`.
    package var lastName: String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }

    /// The instance type a metatype makes: `Model` for `Model.self`.
    package var instance: ValueType {
        var type = self
        type.isMetatype = false
        return type
    }

    package var metatype: ValueType {
        var type = self
        type.isMetatype = true
        return type
    }

    /// What `for x in value` binds, when the standard library says: the element of an array, a
    /// set, a slice or a range; nil for a dictionary (a tuple) and everything else.
    package var element: ValueType? {
        guard !isMetatype, arguments.count == 1 else { return nil }
        return Self.sequencesOfOneElement.contains(name) ? arguments[0] : nil
    }

    /// Generic standard-library types whose only argument is their element.
    package static let sequencesOfOneElement: Set<String> = [
        "Array", "Set", "ArraySlice", "ContiguousArray", "Range", "ClosedRange", "Swift.Array", "Swift.Set",
        "IdentifiedArray", "OrderedSet", "Deque",
    ]

    package var description: String {
        var text: String
        if isOptional {
            text = arguments[0].description + "?"
        } else if name == "Array", arguments.count == 1 {
            text = "[\(arguments[0])]"
        } else if name == "Dictionary", arguments.count == 2 {
            text = "[\(arguments[0]): \(arguments[1])]"
        } else if arguments.isEmpty {
            text = name
        } else {
            text = name + "<" + arguments.map(\.description).joined(separator: ", ") + ">"
        }
        return isMetatype ? text + ".Type" : text
    }
}

/// The declaration that binds a generic parameter: a type (`Box` of `Box<T>`) or a function.
package struct GenericOwner: Hashable, Sendable {
    /// The type's last name, or `function name` for a function's own parameter.
    package var name: String
    /// The parameter's constraints as written (`ObservableObject` of `T: ObservableObject`, and
    /// those of a `where` clause).
    package var constraints: [String]

    package init(name: String, constraints: [String]) {
        self.name = name
        self.constraints = constraints
    }
}
