/// A modifier that takes an action, as written in a type's code: `.onAppear { … }`,
/// `.task(id: x) { … }`, `.onDisappear(perform: stop)`.
public struct HandlerFacts: Sendable {
    /// The modifier's name: `onAppear`, `task`, `onDisappear`, a project's `onFirstAppear`.
    public let modifier: String
    /// What the action closure does (empty for `perform: method`).
    public let action: ActionFacts
    /// The method named as the action: `perform: load`, `perform: self.load`.
    public let performedMethod: String?
    /// The modifier's name token.
    public internal(set) var nameSpan: SourceSpan
}
