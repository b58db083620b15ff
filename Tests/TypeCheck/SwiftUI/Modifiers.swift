// View modifiers, as `extension View` methods (see View.swift for what this module is). As
// Apple's, they are `nonisolated` and return `some View`; their closures run on the main
// actor because a non-Sendable closure written in a view takes the view's isolation.

public enum Edge: Int8, Hashable, Sendable, CaseIterable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let all = Set(rawValue: 15)
        public static let horizontal = Set(rawValue: 10)
        public static let vertical = Set(rawValue: 5)
    }
}

extension View {
    // MARK: Lifetime

    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { _modified() }

    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { _modified() }

    /// Starts `action` before the view appears and cancels it when the view goes away. Apple's
    /// newest SDK takes a `sending @isolated(any)` closure (older ones a `@Sendable` one that
    /// inherits the caller's actor); either way the closure runs on the view's main actor.
    nonisolated public func task(priority: TaskPriority = .userInitiated,
                                 @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void) -> some View {
        _modified()
    }

    /// The same, restarted whenever `id` changes.
    nonisolated public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated,
                                               @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void) -> some View {
        _modified()
    }

    /// The deprecated form: the new value only.
    nonisolated public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View {
        _modified()
    }

    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                                   _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View {
        _modified()
    }

    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                                   _ action: @escaping () -> Void) -> some View {
        _modified()
    }

    /// A URL sent to the app (a widget's, a custom scheme's).
    nonisolated public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View {
        _modified()
    }

    nonisolated public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View
    where P.Failure == Never {
        _modified()
    }

    nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { _modified() }

    nonisolated public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { _modified() }

    // MARK: Environment

    /// Puts an `ObservableObject` where `@EnvironmentObject` finds it.
    nonisolated public func environmentObject<T: ObservableObject>(_ object: T) -> some View { _modified() }

    /// Puts an `@Observable` object where `@Environment(T.self)` finds it.
    nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some View { _modified() }

    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        _modified()
    }

    // MARK: Presentation

    nonisolated public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                                 @ViewBuilder content: @escaping () -> Content) -> some View {
        _modified()
    }

    /// iOS only in SwiftUI; here on every platform, for the tests.
    nonisolated public func fullScreenCover<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                                           @ViewBuilder content: @escaping () -> Content) -> some View {
        _modified()
    }

    nonisolated public func sheet<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                                     @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        _modified()
    }

    nonisolated public func alert<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                           @ViewBuilder actions: () -> A) -> some View {
        _modified()
    }

    nonisolated public func alert<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                                    @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> some View {
        _modified()
    }

    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { _modified() }

    @_disfavoredOverload
    nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { _modified() }

    nonisolated public func navigationTitle(_ title: Text) -> some View { _modified() }

    nonisolated public func navigationDestination<D: Hashable, C: View>(for data: D.Type,
                                                                        @ViewBuilder destination: @escaping (D) -> C) -> some View {
        _modified()
    }

    nonisolated public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { _modified() }

    nonisolated public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { _modified() }

    nonisolated public func searchable(text: Binding<String>, prompt: LocalizedStringKey? = nil) -> some View { _modified() }

    // MARK: Layout and looks

    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { _modified() }

    nonisolated public func padding(_ length: CGFloat) -> some View { _modified() }

    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        _modified()
    }

    nonisolated public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                                  minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                                  alignment: Alignment = .center) -> some View {
        _modified()
    }

    nonisolated public func font(_ font: Font?) -> some View { _modified() }

    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { _modified() }

    nonisolated public func foregroundColor(_ color: Color?) -> some View { _modified() }

    nonisolated public func background<S: ShapeStyle>(_ style: S) -> some View { _modified() }

    nonisolated public func opacity(_ opacity: Double) -> some View { _modified() }

    nonisolated public func disabled(_ disabled: Bool) -> some View { _modified() }

    nonisolated public func tag<V: Hashable>(_ tag: V) -> some View { _modified() }

    nonisolated public func id<ID: Hashable>(_ id: ID) -> some View { _modified() }
}
