// The property wrappers of views (see View.swift for what this module is).

/// A value a view owns. Its setter is `nonmutating`, so a view's closures can assign it.
@frozen @propertyWrapper
public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public init(initialValue value: Value) {}

    public var wrappedValue: Value {
        get { _typeCheckOnly() }
        nonmutating set {}
    }

    /// `$value`: a binding to the value.
    public var projectedValue: Binding<Value> { _typeCheckOnly() }
}

extension State where Value: ExpressibleByNilLiteral {
    /// `@State var model: Model?` starts as nil.
    public init() {}
}

/// A reference to a value someone else owns: `$value`, `.constant(…)`, `Binding(get:set:)`.
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    /// As the SDK declares it: the closures are `@Sendable` and keep the isolation they are
    /// written in (a view's code: the main actor).
    @preconcurrency public init(get: @escaping @isolated(any) @Sendable () -> Value,
                                set: @escaping @isolated(any) @Sendable (Value) -> Void) {}
    public init(projectedValue: Binding<Value>) {}

    public static func constant(_ value: Value) -> Binding<Value> { _typeCheckOnly() }

    public var wrappedValue: Value {
        get { _typeCheckOnly() }
        nonmutating set {}
    }

    public var projectedValue: Binding<Value> { self }

    /// `$model.title`: a binding to a property of the value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        _typeCheckOnly()
    }
}

extension Binding {
    /// An optional binding made from a non-optional one.
    public init<V>(_ base: Binding<V>) where Value == V? {}
    /// A non-optional binding from an optional one, or nil while it is nil.
    public init?(_ base: Binding<Value?>) {}
}

extension Binding: Identifiable where Value: Identifiable {
    public var id: Value.ID { wrappedValue.id }
}

/// `ForEach($items) { $item in … }`: a binding to a collection is a collection of bindings.
extension Binding: Sequence where Value: MutableCollection {
    public typealias Element = Binding<Value.Element>
    public typealias Iterator = IndexingIterator<Binding<Value>>
    public typealias SubSequence = Slice<Binding<Value>>
}

extension Binding: Collection where Value: MutableCollection {
    public typealias Index = Value.Index
    public typealias Indices = Value.Indices
    public var startIndex: Value.Index { wrappedValue.startIndex }
    public var endIndex: Value.Index { wrappedValue.endIndex }
    public var indices: Value.Indices { wrappedValue.indices }
    public func index(after i: Value.Index) -> Value.Index { wrappedValue.index(after: i) }
    public subscript(position: Value.Index) -> Binding<Value.Element> { _typeCheckOnly() }
}

extension Binding: BidirectionalCollection where Value: BidirectionalCollection, Value: MutableCollection {
    public func index(before i: Value.Index) -> Value.Index { wrappedValue.index(before: i) }
}

extension Binding: RandomAccessCollection where Value: MutableCollection, Value: RandomAccessCollection {}

/// An `ObservableObject` a view creates and owns: made once, from the autoclosure.
@MainActor @frozen @propertyWrapper @preconcurrency
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    nonisolated public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}

    /// No setter: a `@StateObject` is never replaced.
    @MainActor @preconcurrency public var wrappedValue: ObjectType { _typeCheckOnly() }
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper { _typeCheckOnly() }
}

/// An `ObservableObject` someone else owns.
@MainActor @propertyWrapper @preconcurrency @frozen
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// `$model.title`: bindings to the object's properties.
    @MainActor @dynamicMemberLookup @preconcurrency @frozen
    public struct Wrapper {
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            _typeCheckOnly()
        }
    }

    nonisolated public init(initialValue: ObjectType) {}
    nonisolated public init(wrappedValue: ObjectType) {}

    /// Apple's is a stored property: its setter is mutating (not `nonmutating` as `@State`'s),
    /// so only an initializer or a mutating method can replace the object.
    @MainActor @preconcurrency public var wrappedValue: ObjectType {
        get { _typeCheckOnly() }
        set {}
    }
    @MainActor @preconcurrency public var projectedValue: Wrapper { _typeCheckOnly() }
}

/// An `ObservableObject` an ancestor put in the environment with `.environmentObject(_:)`.
@MainActor @frozen @propertyWrapper @preconcurrency
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    @MainActor @dynamicMemberLookup @preconcurrency @frozen
    public struct Wrapper {
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            _typeCheckOnly()
        }
    }

    nonisolated public init() {}

    @MainActor @preconcurrency public var wrappedValue: ObjectType { _typeCheckOnly() }
    @MainActor @preconcurrency public var projectedValue: Wrapper { _typeCheckOnly() }
}

/// A value of the environment: a key path of `EnvironmentValues`, or an `@Observable` object
/// an ancestor put there with `.environment(_:)`.
@frozen @propertyWrapper
public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { _typeCheckOnly() }
}

extension Environment {
    /// `@Environment(Model.self) var model`: the object must be there.
    public init(_ objectType: Value.Type) where Value: AnyObject, Value: Observable {}
    /// `@Environment(Model.self) var model: Model?`: nil when no ancestor put one there.
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {}
}

/// Bindings to the properties of an `@Observable` object: `@Bindable var model`,
/// `Bindable(model).title`, or `$model.title` under `@Bindable`.
@dynamicMemberLookup @propertyWrapper
public struct Bindable<Value> {
    public var wrappedValue: Value
    public var projectedValue: Bindable<Value> { self }

    public init(wrappedValue: Value) where Value: AnyObject, Value: Observable { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) where Value: AnyObject, Value: Observable { self.wrappedValue = wrappedValue }
    public init(projectedValue: Bindable<Value>) { self = projectedValue }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
    where Value: AnyObject {
        _typeCheckOnly()
    }
}

extension Bindable: Identifiable where Value: Identifiable {
    public var id: Value.ID { wrappedValue.id }
}

/// A key of `EnvironmentValues`, with the value it has where nobody set one.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// What `@Environment(\.key)` reads.
public struct EnvironmentValues {
    public init() {}

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { K.defaultValue }
        set {}
    }

    public var dismiss: DismissAction { DismissAction() }
    public var colorScheme: ColorScheme {
        get { .light }
        set {}
    }
    public var scenePhase: ScenePhase {
        get { .active }
        set {}
    }
    public var isEnabled: Bool {
        get { true }
        set {}
    }
    public var locale: Locale {
        get { Locale(identifier: "en") }
        set {}
    }
    public var refresh: RefreshAction? { nil }
}

public struct DismissAction: Sendable {
    @MainActor public func callAsFunction() {}
}

public struct RefreshAction: Sendable {
    public func callAsFunction() async {}
}

public enum ColorScheme: Hashable, Sendable, CaseIterable {
    case light
    case dark
}

public enum ScenePhase: Hashable, Sendable {
    case background
    case inactive
    case active
}
