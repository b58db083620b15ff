/// A class in another target: StateLint knows it is one because it indexes the whole package.
public final class CounterModel {
    public var count = 0
    public init() {}
}
