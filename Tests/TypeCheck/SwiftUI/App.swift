// Apps, scenes and previews (see View.swift for what this module is). `#Preview` is a macro
// and is not provided: fixtures use `PreviewProvider` or no preview.

/// An app: `@main struct MyApp: App { var body: some Scene { WindowGroup { … } } }`.
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    /// What `@main` calls.
    @MainActor @preconcurrency public static func main() { _typeCheckOnly() }
}

/// A part of an app's user interface, such as a window group.
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: Scene {}

/// Builds the scenes of an app's `body`.
@resultBuilder
public struct SceneBuilder {
    public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: Scene>(_ content: repeat each Content) -> _TupleScene<(repeat each Content)> {
        _TupleScene((repeat each content))
    }
}

public struct _TupleScene<T> {
    init(_ value: T) {}
}

extension _TupleScene: Scene {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

public struct WindowGroup<Content: View> {
    public init(@ViewBuilder content: () -> Content) {}
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
    public init(id: String, @ViewBuilder content: () -> Content) {}
}

extension WindowGroup: Scene {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

/// A scene with a modifier applied.
public struct _ModifiedScene<Content: Scene> {
    init(_ content: Content) {}
}

extension _ModifiedScene: Scene {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

extension Scene {
    nonisolated public func environmentObject<T: ObservableObject>(_ object: T) -> some Scene { _ModifiedScene(self) }

    nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some Scene { _ModifiedScene(self) }

    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some Scene {
        _ModifiedScene(self)
    }

    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                                   _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some Scene {
        _ModifiedScene(self)
    }
}

/// Previews the old way: `struct V_Previews: PreviewProvider { static var previews: some View { V() } }`.
@MainActor @preconcurrency
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder @MainActor @preconcurrency static var previews: Previews { get }
}
