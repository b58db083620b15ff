/// A view modifier that takes an action: `.onAppear { … }`, `.onAppear(perform: load)`,
/// `.task(id: x) { … }`, `.onDisappear { … }`.
public struct ModifierCall: Sendable {
    /// The modifier's name without the dot: `onAppear`, `task`, `onDisappear`, …
    public let name: String
    /// Code index of the name.
    public let nameToken: Int
    /// The `{` … `}` of the action closure, if the action is a closure.
    public let closure: ClosedRange<Int>?
    /// Code index of the method named as the action (`perform: load`, `perform: self.load`).
    public let performMethodToken: Int?
    /// The type or extension (index into `FileStructure.declarations`) the call is written in.
    public let enclosingType: Int?
    /// The `{` of every block and closure around the call inside the declaration whose body it
    /// is in (`var body`, a method), innermost first: where the `if`, `else` and `switch`
    /// that decide whether the modified view exists are found.
    public internal(set) var enclosingBlocks: [Int32] = []

    /// Whether the identifier at `k` can name an action modifier StateLint follows: `task` or
    /// `on` + an uppercase letter (`onAppear`, `onDisappear`, a project's own `onFirstAppear`).
    /// The rules choose which names they use. Checked on bytes: this runs for every `.member`.
    package static func isActionModifierName(_ k: Int, in code: CodeTokens) -> Bool {
        guard code.kind(k) == .identifier else { return false }
        let token = code[k]
        let bytes = code.file.bytes
        if token.length > 2, bytes[token.start] == UInt8(ascii: "o"), bytes[token.start + 1] == UInt8(ascii: "n") {
            let third = bytes[token.start + 2]
            return third >= UInt8(ascii: "A") && third <= UInt8(ascii: "Z")
        }
        return code.text(k, is: "task")
    }

    /// Recognises a modifier call whose `.` is at code index `k`.
    package static func recognise(at k: Int, in code: CodeTokens, enclosingType: Int?) -> ModifierCall? {
        let nameToken = k + 1
        guard isActionModifierName(nameToken, in: code) else { return nil }
        var closure: ClosedRange<Int>?
        var performMethod: Int?
        var j = nameToken + 1
        if code.kind(j) == .leftParen, let close = code.partner(of: j) {
            // Arguments: a `perform:` action (closure or method), or an unlabeled closure.
            var a = j + 1
            while a < close {
                if code.kind(a) == .identifier, code.text(a, is: "perform"), code.kind(a + 1) == .colon {
                    let value = a + 2
                    if code.kind(value) == .leftBrace, let end = code.partner(of: value) {
                        closure = value...end
                    } else if let method = methodReference(at: value, before: close, in: code) {
                        performMethod = method
                    }
                    break
                }
                if a == j + 1, code.kind(a) == .leftBrace, let end = code.partner(of: a), end + 1 == close {
                    closure = a...end
                    break
                }
                if let skip = code.partner(of: a), code[a].kind != .rightParen { a = skip }
                a += 1
            }
            j = close + 1
        }
        if closure == nil, performMethod == nil, code.kind(j) == .leftBrace, let end = code.partner(of: j) {
            closure = j...end  // trailing closure
        }
        guard closure != nil || performMethod != nil else { return nil }
        return ModifierCall(name: code.string(nameToken), nameToken: nameToken, closure: closure,
                            performMethodToken: performMethod, enclosingType: enclosingType)
    }

    /// `load` or `self.load` (nothing else) as the whole argument.
    private static func methodReference(at k: Int, before close: Int, in code: CodeTokens) -> Int? {
        if code.kind(k) == .identifier, k + 1 == close || code.kind(k + 1) == .comma { return k }
        if code.keyword(k) == .`self`, code.kind(k + 1) == .period, code.kind(k + 2) == .identifier,
           k + 3 == close || code.kind(k + 3) == .comma {
            return k + 2
        }
        return nil
    }
}
