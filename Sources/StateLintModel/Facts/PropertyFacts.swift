import StateLintSyntax
import StateLintIndex

/// The property wrapper of a stored property, as SwiftUI code spells it (`@State`,
/// `@SwiftUI.State`, …). Only the wrappers the rules reason about have a case of their own.
public enum PropertyWrapper: Sendable, Hashable {
    case state, stateObject, observedObject, bindable, environment, environmentObject, binding
    /// Any other attribute that may be a wrapper (`@AppStorage`, `@FocusState`, a project's own).
    case other(String)
    /// No attribute at all.
    case none

    package init(attributeName name: String) {
        switch name {
        case "State": self = .state
        case "StateObject": self = .stateObject
        case "ObservedObject": self = .observedObject
        case "Bindable": self = .bindable
        case "Environment": self = .environment
        case "EnvironmentObject": self = .environmentObject
        case "Binding": self = .binding
        default: self = .other(name)
        }
    }

    /// How the wrapper is written in an initializer's `_name = Wrapper(wrappedValue: …)`.
    package var typeName: String? {
        switch self {
        case .state: return "State"
        case .stateObject: return "StateObject"
        case .observedObject: return "ObservedObject"
        default: return nil
        }
    }
}

/// A type as a declaration writes it: `Model` for `Model`, `Model?`, `Model!` and
/// `Optional<Model>` (generic arguments dropped: `Store` for `Store<Feature>`).
public struct DeclaredType: Sendable, Hashable {
    public let name: String
    public let isOptional: Bool
}

/// A stored (or computed) property of a type, from one declaration. A class: views share their
/// parts' properties, and a copy of a reference costs one retain where a struct's cost one per field.
public final class PropertyFacts: Sendable {
    public let name: String
    public let wrapper: PropertyWrapper
    /// `@Previewable` (state declared in a `#Preview` body).
    public let isPreviewable: Bool
    public let isStatic: Bool
    public let declaredType: DeclaredType?
    /// `= value`, or the `initialValue:`/`wrappedValue:` argument of `@State(…)`.
    public let initialValue: ValueFacts?
    /// From the first attribute (or modifier, or `var`) to the end of the value or type.
    public let span: SourceSpan
    /// The name token.
    public let nameSpan: SourceSpan
    /// The wrapper attribute: `@State`, `@SwiftUI.State` (without its arguments).
    public let wrapperSpan: SourceSpan?
    /// The attribute's name token: `@State`, or the `State` of `@SwiftUI.State`.
    public let wrapperNameSpan: SourceSpan?
    /// The wrapper attribute has arguments (`@State(initialValue: …)`).
    public let hasWrapperArguments: Bool

    package init(name: String, wrapper: PropertyWrapper, isPreviewable: Bool, isStatic: Bool, declaredType: DeclaredType?,
         initialValue: ValueFacts?, span: SourceSpan, nameSpan: SourceSpan, wrapperSpan: SourceSpan?,
         wrapperNameSpan: SourceSpan?, hasWrapperArguments: Bool = false) {
        self.name = name
        self.wrapper = wrapper
        self.isPreviewable = isPreviewable
        self.isStatic = isStatic
        self.declaredType = declaredType
        self.initialValue = initialValue
        self.span = span
        self.nameSpan = nameSpan
        self.wrapperSpan = wrapperSpan
        self.wrapperNameSpan = wrapperNameSpan
        self.hasWrapperArguments = hasWrapperArguments
    }
}
