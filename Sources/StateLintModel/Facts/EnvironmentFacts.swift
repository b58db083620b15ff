import StateLintSyntax
import StateLintIndex

/// An object handed to the environment in code SwiftUI runs on every evaluation of a view
/// (`var body`, `body(content:)`, a computed `some View` property, a `@ViewBuilder` method):
/// `.environmentObject(SettingsModel())`, `.environment(Store())`.
public struct EnvironmentInjectionFacts: Sendable {
    /// `environmentObject` or `environment`.
    public let modifier: String
    /// What the argument is; rules care about `.creation`.
    public let value: ValueFacts
    /// The argument, as a span and as written.
    public let argument: SourceSpan
    public let argumentText: String
    /// The member the call is in (`body`, `content`, a method's name).
    public let member: String
    /// The declaration the call is in is an extension (which cannot hold a stored property).
    public let isInExtension: Bool
    /// The offset just past the `{` of that declaration's body, when nothing but a comment
    /// follows it on its line: where a stored property can go.
    public let typeBodyOpen: Int?
    /// The instance members the argument names (`store` in `Model(store: store)`), which a stored
    /// property's initial value cannot read.
    public let instanceNames: [String]
}
