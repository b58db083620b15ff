/// Reading type names out of code tokens.
package enum TypeNames {
    /// A possibly qualified, possibly generic name at `k` (`Model`, `Outer.Inner`,
    /// `Store<Feature>`) without generic arguments, and the index after it.
    package static func qualifiedName(at k: Int, in code: CodeTokens) -> (String, Int)? {
        var name = ""
        guard let end = components(at: k, in: code, { component in
            if !name.isEmpty { name += "." }
            name += code.string(component)
        }) else { return nil }
        return (name, end)
    }

    /// The index after the name `qualifiedName(at:in:)` reads at `k`, without making its `String`.
    package static func qualifiedNameEnd(at k: Int, in code: CodeTokens) -> Int? {
        components(at: k, in: code) { _ in }
    }

    /// Calls `component` with the token of each part of the name at `k` (`Outer` and `Inner`
    /// of `Outer<T>.Inner`); returns the index after the name, or nil if none starts at `k`.
    @inline(__always)
    private static func components(at k: Int, in code: CodeTokens, _ component: (Int) -> Void) -> Int? {
        guard code.kind(k) == .identifier || code.keyword(k) == .`Any` else { return nil }
        component(k)
        var j = skipGenericArguments(from: k + 1, in: code)
        while code.kind(j) == .period, code.kind(j + 1) == .identifier {
            component(j + 1)
            j = skipGenericArguments(from: j + 2, in: code)
        }
        return j
    }

    /// Whether `qualifiedName(at:in:)` would return `expected` (a dotted ASCII name such as
    /// `SwiftUI.App`), compared on the tokens' bytes without making a `String`.
    package static func qualifiedName(at k: Int, in code: CodeTokens, is expected: StaticString) -> Bool {
        guard code.kind(k) == .identifier || code.keyword(k) == .`Any` else { return false }
        let bytes = UnsafeBufferPointer(start: expected.utf8Start, count: expected.utf8CodeUnitCount)
        var matched = 0  // bytes of `expected` matched so far
        var component = k
        while true {
            // A non-ASCII spelling could still equal `expected` as a `String` (canonical
            // equivalence): compare those the slow way.
            guard code.isASCII(component) else { return qualifiedName(at: k, in: code)?.0 == expected.description }
            let token = code[component]
            guard matched + token.length <= bytes.count else { return false }
            let same = code.file.bytes.withUnsafeBufferPointer { source in
                for offset in 0..<token.length where source[token.start + offset] != bytes[matched + offset] { return false }
                return true
            }
            guard same else { return false }
            matched += token.length
            let j = skipGenericArguments(from: component + 1, in: code)
            guard code.kind(j) == .period, code.kind(j + 1) == .identifier else { return matched == bytes.count }
            guard matched < bytes.count, bytes[matched] == UInt8(ascii: ".") else { return false }
            matched += 1
            component = j + 1
        }
    }

    /// Skips `<…>` generic arguments at `k` (angle brackets are operator tokens, possibly
    /// merged like `>>` or `>?`); returns the index after them, or `k` if there are none.
    package static func skipGenericArguments(from k: Int, in code: CodeTokens) -> Int {
        guard code.kind(k) == .operator, code.file.bytes[code[k].start] == UInt8(ascii: "<"),
              !code.lineBreakBefore[k] else { return k }
        var depth = 0
        var j = k
        while j < code.count && j < k + 256 {
            let token = code[j]
            switch token.kind {
            case .operator:
                for byte in code.file.bytes[token.range] {
                    if byte == UInt8(ascii: "<") { depth += 1 } else if byte == UInt8(ascii: ">") { depth -= 1 }
                }
                if depth <= 0 { return depth == 0 ? j + 1 : k }
            case .leftParen, .leftBracket:
                j = code.partner(of: j) ?? j
            case .leftBrace, .rightBrace, .semicolon, .rightParen, .rightBracket:
                return k
            default:
                break
            }
            j += 1
        }
        return k
    }

    /// The type a declared type annotation names, and whether it is optional:
    /// `Model` → (Model, false); `Model?`, `Optional<Model>`, `Model!` → (Model, true).
    package static func annotatedType(_ range: Range<Int>, in code: CodeTokens) -> (name: String, isOptional: Bool)? {
        guard !range.isEmpty else { return nil }
        let start = range.lowerBound
        if code.text(start, is: "Optional"), code.kind(start + 1) == .operator, code.text(start + 1, is: "<"),
           let (inner, _) = qualifiedName(at: start + 2, in: code) {
            return (inner, true)
        }
        guard let (name, end) = qualifiedName(at: start, in: code) else { return nil }
        var isOptional = false
        // `Task<Void, Never>?`: the `>` and the `?` are one operator token, which the name took.
        if end > start, code.kind(end - 1) == .operator, code[end - 1].length > 1 {
            let last = code.file.bytes[code[end - 1].end - 1]
            isOptional = last == UInt8(ascii: "?") || last == UInt8(ascii: "!")
        }
        if end < range.upperBound, code.kind(end) == .operator {
            let first = code.file.bytes[code[end].start]
            isOptional = first == UInt8(ascii: "?") || first == UInt8(ascii: "!")
            if !isOptional { return nil }
            if end + 1 < range.upperBound { return nil }
        } else if end < range.upperBound {
            return nil  // a function type, tuple or something more complex
        }
        return (name, isOptional)
    }
}
