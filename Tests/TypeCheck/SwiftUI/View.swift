// A stand-in for Apple's SwiftUI, written for StateLint's type-check tests on Linux (where
// SwiftUI does not exist). Only declarations: names, generic parameters, constraints,
// isolation and result builders follow Apple's public API so that app code type-checks the
// same; the bodies do nothing useful and never run (the tests only type-check against it).
// Like Apple's, `import SwiftUI` also makes Combine, Observation and Foundation available.
@_exported import Combine
@_exported import Foundation
@_exported import Observation

/// Stops the compiler asking for a value in bodies that never run.
func _typeCheckOnly() -> Never {
    fatalError("StateLint type-check stand-in: not meant to run")
}

/// A piece of user interface: its `body` is made of other views.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

/// Views with no body of their own (the primitives) have `Never` as their body.
extension Never: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

/// Builds a view from the statements of a closure or a `body`.
@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

/// Several views built together.
public struct TupleView<T> {
    public var value: T
    public init(_ value: T) { self.value = value }
}

extension TupleView: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

/// The two branches of an `if`/`else` or `switch` in a view builder.
public struct _ConditionalContent<TrueContent, FalseContent> {
    init() {}
}

extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

/// A view of any type.
public struct AnyView {
    public init<V: View>(_ view: V) {}
    public init<V: View>(erasing view: V) {}
}

extension AnyView: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

/// Nothing.
public struct EmptyView {
    public init() {}
}

extension EmptyView: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

/// Changes a view: `content.modifier(Bordered())`.
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor @preconcurrency func body(content: Content) -> Body
}

/// The view a modifier is applied to, inside its `body(content:)`.
public struct _ViewModifier_Content<Modifier: ViewModifier> {
    init() {}
}

extension _ViewModifier_Content: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

/// A modifier that changes nothing.
public struct EmptyModifier: Sendable {
    public static let identity = EmptyModifier()
    public init() {}
}

extension EmptyModifier: ViewModifier {
    public func body(content: Content) -> Content { content }
}

/// A view (or a modifier) with a modifier applied.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

extension View {
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }

    /// What the modifiers below return (Apple's return views of their own types).
    nonisolated func _modified() -> ModifiedContent<Self, EmptyModifier> {
        ModifiedContent(content: self, modifier: EmptyModifier())
    }
}

/// A property of a view that SwiftUI updates before each `body` (`@State`, `@Environment`…).
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}
