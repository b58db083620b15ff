import StateLintSyntax
import StateLintIndex

/// A value a wrapped property starts with each time its view is initialised: the declaration's
/// (`@State var model = Model()`, `@State(initialValue: Model()) var model`) or an
/// initializer's (`_model = State(wrappedValue: Model())`, `self.model = Model()`).
public struct InitialValue: Sendable {
    public let property: PropertyFacts
    public let value: ValueFacts
    /// Where it is written: from the wrapper attribute to the end of the value, or the whole
    /// assignment in an initializer.
    public let span: SourceSpan
    /// The wrapper's name as written there: the attribute's name token, or the `State` of
    /// `_model = State(wrappedValue: …)`; nil for `self.model = …` and `.init(wrappedValue:)`.
    public let wrapperNameSpan: SourceSpan?
    public let isInInitializer: Bool
    /// The initializer's assignment that sets it; nil for a declaration's.
    public var assignment: AssignmentFacts? { initializerAssignment?.value }
    /// Held by reference: inline, it tripled the size of every value (a view with 100,000
    /// `@State` properties made one of these for each, in each rule that asks).
    private let initializerAssignment: Boxed<AssignmentFacts>?

    init(property: PropertyFacts, value: ValueFacts, span: SourceSpan, wrapperNameSpan: SourceSpan?,
         isInInitializer: Bool, assignment: AssignmentFacts?) {
        self.property = property
        self.value = value
        self.span = span
        self.wrapperNameSpan = wrapperNameSpan
        self.isInInitializer = isInInitializer
        initializerAssignment = assignment.map { Boxed($0) }
    }

    /// The type a creation makes: as written, or the property's declared type (`.init()`).
    public var createdTypeName: String? {
        value.creation?.typeName(declared: property.declaredType)
    }
}

extension SwiftUIView {
    /// Every initial value of the (instance) properties wrapped in `wrapper`: each declaration's,
    /// then each initializer assignment's, once (a name declared twice, in `#if` branches, is
    /// the last declaration's).
    public func initialValues(wrappedIn wrapper: PropertyWrapper) -> [InitialValue] {
        var values: [InitialValue] = []
        for property in properties where property.wrapper == wrapper && !property.isStatic {
            // From the wrapper attribute, or the declaration's start without one.
            guard let value = property.initialValue, let start = property.wrapperSpan ?? (wrapper == .none ? property.span : nil) else { continue }
            let end = value.creation?.span ?? property.span
            values.append(InitialValue(property: property, value: value, span: start.through(end),
                                       wrapperNameSpan: property.wrapperNameSpan, isInInitializer: false, assignment: nil))
        }
        for initializer in initializers {
            for assignment in initializer.assignments {
                guard let property = property(named: assignment.target), property.wrapper == wrapper, !property.isStatic,
                      let value = initializerValue(assignment, for: wrapper) else { continue }
                values.append(InitialValue(property: property, value: value, span: assignment.span,
                                           wrapperNameSpan: assignment.wrapper?.typeSpan, isInInitializer: true, assignment: assignment))
            }
        }
        return values
    }

    /// What an initializer's assignment stores in a property wrapped in `wrapper`: the wrapped
    /// value of `_name = Wrapper(wrappedValue: x)` (the same wrapper, or `.init`), or the value
    /// of `self.name = x`.
    private func initializerValue(_ assignment: AssignmentFacts, for wrapper: PropertyWrapper) -> ValueFacts? {
        guard assignment.isStorage else { return assignment.value }
        guard let wrapped = assignment.wrapper, wrapped.typeName == nil || wrapped.typeName == wrapper.typeName else { return nil }
        return wrapped.wrappedValue
    }
}
