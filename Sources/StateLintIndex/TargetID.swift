import StateLintSyntax

/// A target of the project (its position among the project's targets): what files, views
/// and type indexes are tagged with.
public struct TargetID: Hashable, Sendable, Comparable {
    public let index: Int32
    public init(_ index: Int) { self.index = Int32(index) }
    public static func < (a: TargetID, b: TargetID) -> Bool { a.index < b.index }
    /// The target of the files no other target claims (and of every file in a project with
    /// no targets).
    public static let rest = TargetID(0)

    /// `[.rest]`, shared: the answer for most files, made once.
    public static let restOnly: [TargetID] = [.rest]
}
