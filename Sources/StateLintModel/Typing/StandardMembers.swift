import StateLintSyntax

/// The few standard-library members the expression typer follows: those that hand back the
/// elements of an array, a set or a dictionary (`first`, `values`, `filter`, `sorted`, …).
/// Everything else of those types (`map`, whose result is the closure's) is unknown.
package enum StandardMembers {
    /// What member `name` of a standard collection gives; nil when `type` is none or the member
    /// is not one the typer follows (then the project's declarations are asked).
    package static func member(_ name: String, of type: ValueType, called: Bool) -> ExpressionTyper.MemberLookup? {
        guard !type.isMetatype else { return nil }
        if type.name == "Dictionary", type.arguments.count == 2 {
            let key = type.arguments[0], value = type.arguments[1]
            switch (name, called) {
            case ("values", false): return .value(.array(value))
            case ("keys", false): return .value(.array(key))
            case ("count", false): return .value(ValueType("Int"))
            case ("isEmpty", false): return .value(ValueType("Bool"))
            case ("filter", true): return .function(returns: type, places: [])
            case ("removeValue", true), ("updateValue", true): return .function(returns: .optional(value), places: [])
            default: return .unknown
            }
        }
        guard let element = type.element else { return nil }
        let isSet = type.name == "Set" || type.name == "OrderedSet"
        if !called {
            switch name {
            case "first", "last": return .value(.optional(element))
            case "count", "startIndex", "endIndex": return .value(ValueType("Int"))
            case "isEmpty": return .value(ValueType("Bool"))
            case "lazy": return .value(type)
            default: return .unknown
            }
        }
        switch name {
        case "filter": return .function(returns: isSet ? type : .array(element), places: [])
        case "sorted", "reversed", "shuffled", "prefix", "suffix", "dropFirst", "dropLast":
            return .function(returns: .array(element), places: [])
        case "first", "last", "min", "max", "randomElement", "popLast", "popFirst":
            return .function(returns: .optional(element), places: [])
        case "removeFirst", "removeLast":
            return .function(returns: element, places: [])
        case "remove":
            return .function(returns: isSet ? .optional(element) : element, places: [])
        default: return .unknown
        }
    }

    /// Methods of a collection whose closure takes elements, and how many of its parameters are
    /// elements (`sorted(by:)` compares two).
    package static let elementClosureParameters: [String: Int] = [
        "forEach": 1, "map": 1, "compactMap": 1, "flatMap": 1, "filter": 1, "first": 1, "last": 1,
        "firstIndex": 1, "lastIndex": 1, "contains": 1, "allSatisfy": 1, "removeAll": 1, "drop": 1,
        "prefix": 1, "partition": 1, "count": 1, "sorted": 2, "sort": 2, "min": 2, "max": 2,
    ]
}
