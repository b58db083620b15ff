/// An object handed to the environment: `.environmentObject(x)`, or `.environment(x)` with one
/// unlabelled argument (the object form; `.environment(\.key, value)` is not one).
public struct EnvironmentCall: Sendable {
    /// `environmentObject` or `environment`.
    public let name: String
    /// Code index of the name.
    public let nameToken: Int
    /// Code indices of the argument, from its first token to just past its last.
    public let argument: Range<Int>
    /// The type or extension (index into `FileStructure.declarations`) the call is written in.
    public let enclosingType: Int?
    /// The innermost declaration whose body the call is in (a `var body`, a method).
    public let enclosingDeclaration: Int?
    /// The `{` of every block and closure around the call inside that declaration, innermost
    /// first (see `ModifierCall.enclosingBlocks`).
    public internal(set) var enclosingBlocks: [Int32] = []

    /// Whether the identifier at `k` may be `environmentObject` or `environment`: checked on
    /// the length and first byte, since this runs for every `.e…` member.
    package static func mayBeName(_ k: Int, in code: CodeTokens) -> Bool {
        let length = code[k].length
        return (length == 11 || length == 17) && (code.text(k, is: "environment") || code.text(k, is: "environmentObject"))
    }

    /// Recognises the call whose `.` is at code index `k`.
    package static func recognise(at k: Int, in code: CodeTokens, enclosingType: Int?, enclosingDeclaration: Int?) -> EnvironmentCall? {
        let nameToken = k + 1
        guard code.kind(nameToken) == .identifier, mayBeName(nameToken, in: code),
              code.kind(nameToken + 1) == .leftParen, let close = code.partner(of: nameToken + 1), close > nameToken + 2
        else { return nil }
        // One argument, unlabelled, not a key path.
        let first = nameToken + 2
        if code.kind(first) == .identifier, code.kind(first + 1) == .colon { return nil }
        if code.kind(first) == .backslash { return nil }
        var a = first
        while a < close {
            if code.kind(a) == .comma { return nil }
            if let partner = code.partner(of: a), partner > a { a = partner }
            a += 1
        }
        return EnvironmentCall(name: code.string(nameToken), nameToken: nameToken, argument: first..<close,
                               enclosingType: enclosingType, enclosingDeclaration: enclosingDeclaration)
    }
}
