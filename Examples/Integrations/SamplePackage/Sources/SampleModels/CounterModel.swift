/// A reference type: creating it inline in `@State` re-runs this initialiser on every view init.
public final class CounterModel {
    public var count = 0
    public init() {}
}

public struct CounterStyle {
    public var compact = false
    public init() {}
}
