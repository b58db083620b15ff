import StateLintSyntax
import StateLintModel
import StateLintRules

/// `.onReceive(model.$title) { title in … }` → `.onChange(of: model.title, initial: true) { _, title in … }`:
/// a view's reaction to a `@Published` property, as Observation's `onChange` (iOS 17). `initial:
/// true` because `@Published` hands a subscriber the current value at once. Taken only where the
/// property's type is `Equatable` (what `onChange` needs) and the call is the plain shape
/// (one publisher argument, then a closure or a `perform:` closure or function name).
enum OnReceiveRewrite {
    /// The edits, or nil when the `$property` at `k` (after the receiver `receiver`) is not the
    /// whole argument of such an `.onReceive`.
    static func edits(publisherAt k: Int, receiver: Range<Int>, in source: MigrationSource) -> [TextEdit]? {
        let code = source.code
        let open = receiver.lowerBound - 1
        guard code.kind(open) == .leftParen, let close = code.partner(of: open), code.text(open - 1, "onReceive") else { return nil }
        var edits = [source.edit(code[open - 1].range, "onChange"),
                     source.edit(code[receiver.lowerBound].start..<code[receiver.lowerBound].start, "of: "),
                     source.edit(code[k].range, String(code.string(k).dropFirst()))]
        let argumentEnd = k + 1
        if argumentEnd == close {
            // `.onReceive(m.$x) { … }`: the trailing closure.
            guard code.kind(close + 1) == .leftBrace, !code.lineBreakBefore[close + 1],
                  let header = closureHeader(at: close + 1, in: source) else { return nil }
            edits.append(source.edit(code[close].start..<code[close].start, ", initial: true"))
            edits += header
            return edits
        }
        // `.onReceive(m.$x, perform: …)`.
        guard code.kind(argumentEnd) == .comma, code.text(argumentEnd + 1, "perform"), code.kind(argumentEnd + 2) == .colon else { return nil }
        let value = argumentEnd + 3
        edits.append(source.edit(code[argumentEnd].start..<code[value].start, ", initial: true, "))
        if code.kind(value) == .leftBrace, let end = code.partner(of: value), end + 1 == close {
            guard let header = closureHeader(at: value, in: source) else { return nil }
            return edits + header
        }
        // `perform: handle`: a function of the new value.
        guard code.kind(value) == .identifier, value + 1 == close else { return nil }
        let function = code.string(value)
        edits.append(source.edit(code[value].range, "{ _, newValue in \(function)(newValue) }"))
        return edits
    }

    /// The edits that make a closure of the new value one of the old and new values:
    /// `{ v in` → `{ _, v in`, `{ _ in` → `{ _, _ in`, `{ … $0 … }` → `{ _, newValue in … newValue … }`.
    private static func closureHeader(at open: Int, in source: MigrationSource) -> [TextEdit]? {
        let code = source.code
        guard let close = code.partner(of: open) else { return nil }
        var j = open + 1
        if code.kind(j) == .leftBracket, let end = code.partner(of: j) { j = end + 1 }  // a capture list
        if code.kind(j) == .identifier || code.keyword(j) == .wildcard, code.keyword(j + 1) == .in {
            return [source.edit(code[j].start..<code[j].start, "_, ")]
        }
        if code.kind(j) == .leftParen, let end = code.partner(of: j), end == j + 2, code.keyword(end + 1) == .in {
            return [source.edit(code[j + 1].start..<code[j + 1].start, "_, ")]
        }
        // No named parameter: `$0` at the closure's own level becomes `newValue`.
        var uses: [Int] = []
        var k = open + 1
        while k < close {
            if code.kind(k) == .leftBrace, let end = code.partner(of: k) { k = end + 1; continue }
            if code.kind(k) == .identifier, code.text(k, "$0") { uses.append(k) }
            if code.kind(k) == .identifier, code.string(k).hasPrefix("$"), code.string(k).dropFirst().allSatisfy(\.isNumber), !code.text(k, "$0") {
                return nil
            }
            if code.keyword(k) == .in { return nil }  // parameters the shapes above do not read
            k += 1
        }
        let parameters = uses.isEmpty ? "_, _ in" : "_, newValue in"
        let insertion = code[open].end
        return [source.edit(insertion..<insertion, " \(parameters)")] + uses.map { source.edit(code[$0].range, "newValue") }
    }
}
