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
    /// `private` or `fileprivate`.
    public let isPrivate: Bool
    /// An access level is written (`private`, `fileprivate`, `internal`, `public`, `open`).
    public let hasWrittenAccess: Bool
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
    /// How the declaration writes a value it creates (`= Model(…)`): what a fix that moves the
    /// creation elsewhere copies. Only for a creation in the declaration itself.
    public var writtenCreation: WrittenCreation? { writtenCreationBox?.value }
    /// Boxed: most properties have none, and inline it took a quarter of every property's
    /// memory (a project keeps tens of thousands of properties).
    private let writtenCreationBox: Boxed<WrittenCreation>?
    /// How a `@State`/`@StateObject` declaration without a value writes its type
    /// (`@State private var model: Model`, set in `init`): what the fix that makes it optional edits.
    public var writtenAnnotation: WrittenAnnotation? { writtenAnnotationBox?.value }
    private let writtenAnnotationBox: Boxed<WrittenAnnotation>?

    package init(name: String, wrapper: PropertyWrapper, isPreviewable: Bool, isStatic: Bool, isPrivate: Bool = false, hasWrittenAccess: Bool = false, declaredType: DeclaredType?,
         initialValue: ValueFacts?, span: SourceSpan, nameSpan: SourceSpan, wrapperSpan: SourceSpan?,
         wrapperNameSpan: SourceSpan?, hasWrapperArguments: Bool = false, writtenCreation: WrittenCreation? = nil,
         writtenAnnotation: WrittenAnnotation? = nil) {
        self.name = name
        self.wrapper = wrapper
        self.isPreviewable = isPreviewable
        self.isStatic = isStatic
        self.isPrivate = isPrivate
        self.hasWrittenAccess = hasWrittenAccess
        self.declaredType = declaredType
        self.initialValue = initialValue
        self.span = span
        self.nameSpan = nameSpan
        self.wrapperSpan = wrapperSpan
        self.wrapperNameSpan = wrapperNameSpan
        self.hasWrapperArguments = hasWrapperArguments
        writtenCreationBox = writtenCreation.map { Boxed($0) }
        writtenAnnotationBox = writtenAnnotation.map { Boxed($0) }
    }
}

/// The type annotation of a stored property declared without a value: `: Model` of
/// `@State private var model: Model`.
public struct WrittenAnnotation: Sendable, Hashable {
    /// As written (`Model`, `Store<Feature>`).
    public let text: String
    /// The annotation's first and last bytes, in the declaration's file.
    public let span: SourceSpan
    /// `let`, several names in one declaration, or accessors: nothing a fix can rewrite.
    public let isLet: Bool
    public let declaresSeveral: Bool
    public let hasAccessors: Bool
    /// The `let` or `var` keyword.
    public let keyword: SourceSpan

    package init(text: String, span: SourceSpan, isLet: Bool, declaresSeveral: Bool, hasAccessors: Bool, keyword: SourceSpan) {
        self.text = text
        self.span = span
        self.keyword = keyword
        self.isLet = isLet
        self.declaresSeveral = declaresSeveral
        self.hasAccessors = hasAccessors
    }
}

/// The text of a stored property's declaration around a value it creates: `@State private var
/// model: Model = Model(id: 1)`. Kept only for such declarations, for the fixes that rewrite them.
public struct WrittenCreation: Sendable, Hashable {
    /// The value after `=`, as written (line breaks included).
    public let value: String
    /// From just past the name to the end of the value (`: Model = Model(id: 1)`).
    public let afterName: SourceSpan
    /// The type annotation as written (`Model`, `Store<Feature>?`), if any.
    public let annotation: String?
    /// Where the annotation ends, if there is one.
    public let annotationEnd: Int?
    /// The created type as written before the call, generic arguments kept (`Store<Feature>`,
    /// `Settings.Model`, the `Model` of `Model.init(…)`); nil for `.init(…)` and `{ … }()`.
    public let createdType: String?
    /// The value is `.init(…)`: its type is the annotation's.
    public let isImplicitInit: Bool
    /// The declaration is `let`, or declares several names (`var a = A(), b = B()`), or has
    /// accessors or observers (`{ didSet { … } }`): nothing a fix can move a value out of.
    public let isLet: Bool
    public let declaresSeveral: Bool
    public let hasAccessors: Bool
    /// The `let` or `var` keyword.
    public let keyword: SourceSpan

    package init(value: String, afterName: SourceSpan, annotation: String?, annotationEnd: Int?, createdType: String?,
                 isImplicitInit: Bool, isLet: Bool, declaresSeveral: Bool, hasAccessors: Bool, keyword: SourceSpan) {
        self.keyword = keyword
        self.value = value
        self.afterName = afterName
        self.annotation = annotation
        self.annotationEnd = annotationEnd
        self.createdType = createdType
        self.isImplicitInit = isImplicitInit
        self.isLet = isLet
        self.declaresSeveral = declaresSeveral
        self.hasAccessors = hasAccessors
    }
}
