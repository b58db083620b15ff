import Models

/// Not a SwiftUI view (this sample builds on Linux), but StateLint reads `@State` on any type
/// conforming to `View`; the attribute is a property wrapper declared below.
public struct CounterView: View {
    @State private var model = CounterModel()

    public init() {}
}

public protocol View {}

@propertyWrapper
public struct State<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}
