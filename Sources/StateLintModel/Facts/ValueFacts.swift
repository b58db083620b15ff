import StateLintSyntax
import StateLintIndex

/// What an expression assigned to a property evaluates to, as far as tokens tell.
public enum ValueFacts: Sendable, Hashable {
    /// A new instance: `Model()`, `Model.init(…)`, `.init()`, `{ …; return Model() }()`.
    case creation(Creation)
    /// `existing ?? Model()`: a new instance only when the left side is nil.
    case coalescingCreation(left: String, Creation)
    /// `nil`, `.none`, `Optional.none`, `Optional<Model>.none`, `nil as Model?`.
    case nilLiteral
    /// An existing instance: a name or a member chain without a call (`shared`, `Model.shared`).
    case reference
    /// Anything else (a function call, a literal, an operator expression).
    case other

    /// The creation this value may make, guarded or not.
    public var creation: Creation? {
        switch self {
        case .creation(let creation), .coalescingCreation(_, let creation): return creation
        default: return nil
        }
    }
}

/// A new instance made by an expression.
public struct Creation: Sendable, Hashable {
    /// The created type as written, without generic arguments (`Outer.Inner`, `NSCache`); nil for
    /// `.init(…)`, whose type is the declared type of what it is assigned to.
    public let writtenType: String?
    /// The creating expression (for `{ … }()` the whole closure call).
    public internal(set) var span: SourceSpan

    /// The created type's name: as written, or else the declared type it is assigned to.
    public func typeName(declared: DeclaredType?) -> String? { writtenType ?? declared?.name }
}
