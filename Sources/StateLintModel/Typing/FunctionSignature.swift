import StateLintSyntax

/// What a function's or an initializer's header says: its generic parameters, its parameters
/// (argument label, name and written type) and its written return type, as code token ranges.
package struct FunctionSignature {
    package struct Parameter {
        /// The argument label callers write (nil for `_`).
        package let label: String?
        /// The name the body uses.
        package let name: String
        package let nameToken: Int
        /// The written type, without a default value.
        package let type: Range<Int>?
    }

    package let genericParameters: [GenericParameter]
    package let parameters: [Parameter]
    /// Code indices of the `(` and `)` around the parameters.
    package let parameterList: ClosedRange<Int>
    /// The type after `->`, if written.
    package let returnType: Range<Int>?

    /// The header of the function or initializer whose name token is `nameToken` (for an
    /// initializer, its `init`), or nil where it cannot be read.
    package init?(nameToken: Int, in code: CodeTokens) {
        var k = nameToken + 1
        // `init?`, `init!`.
        if code.kind(k) == .operator, code.text(k, is: "?") || code.text(k, is: "!") { k += 1 }
        genericParameters = GenericParameter.read(at: k, in: code)
        k = TypeNames.skipGenericArguments(from: k, in: code)
        guard code.kind(k) == .leftParen, let close = code.partner(of: k) else { return nil }
        parameterList = k...close
        parameters = Self.parameters(in: k...close, code)
        // Effects: `async`, `throws`, `rethrows`, `throws(E)`.
        var j = close + 1
        while j < code.count {
            if code.text(j, is: "async") || code.keyword(j) == .rethrows || code.text(j, is: "reasync") {
                j += 1
            } else if code.keyword(j) == .throws {
                j += 1
                if code.kind(j) == .leftParen, !code.lineBreakBefore[j], let end = code.partner(of: j) { j = end + 1 }
            } else {
                break
            }
        }
        guard code.kind(j) == .operator, code.text(j, is: "->") else {
            returnType = nil
            return
        }
        let start = j + 1
        var end = start
        while end < code.count {
            if end > start && code.lineBreakBefore[end] && !ExpressionBounds.continuesExpression(end, in: code) { break }
            let kind = code.kind(end)
            if kind == .leftBrace || kind == .rightBrace || kind == .semicolon || code.keyword(end) == .where { break }
            if (kind == .leftParen || kind == .leftBracket), let partner = code.partner(of: end) { end = partner + 1; continue }
            end += 1
        }
        returnType = end > start ? start..<end : nil
    }

    /// `label name: Type = default`, split at the commas of the list's own level.
    private static func parameters(in list: ClosedRange<Int>, _ code: CodeTokens) -> [Parameter] {
        var parameters: [Parameter] = []
        var start = list.lowerBound + 1
        var k = start
        var angles = 0
        func finish(_ end: Int) {
            defer { start = end + 1 }
            var j = start
            while code.kind(j) == .attribute { j += 1; if code.kind(j) == .leftParen, let close = code.partner(of: j) { j = close + 1 } }
            guard j < end else { return }
            let first = j
            let hasSecondName = j + 1 < end && (code.kind(j + 1) == .identifier || code.keyword(j + 1) == .wildcard)
            let nameToken = hasSecondName ? j + 1 : j
            guard code.kind(nameToken + 1) == .colon else { return }
            let label = code.keyword(first) == .wildcard ? nil : code.string(first)
            let name = code.keyword(nameToken) == .wildcard ? "_" : code.string(nameToken)
            var typeEnd = nameToken + 2
            var depth = 0
            while typeEnd < end {
                if code.kind(typeEnd) == .operator {
                    if code.text(typeEnd, is: "="), depth == 0 { break }
                    for byte in code.file.bytes[code[typeEnd].range] {
                        if byte == UInt8(ascii: "<") { depth += 1 } else if byte == UInt8(ascii: ">") { depth -= 1 }
                    }
                }
                if let partner = code.partner(of: typeEnd), partner > typeEnd { typeEnd = partner + 1; continue }
                typeEnd += 1
            }
            let type = typeEnd > nameToken + 2 ? (nameToken + 2)..<typeEnd : nil
            parameters.append(Parameter(label: label, name: name, nameToken: nameToken, type: type))
        }
        while k < list.upperBound {
            if let partner = code.partner(of: k), partner > k, code.kind(k) != .interpolationOpen {
                k = partner + 1
                continue
            }
            if code.kind(k) == .operator {
                for byte in code.file.bytes[code[k].range] {
                    if byte == UInt8(ascii: "<") { angles += 1 } else if byte == UInt8(ascii: ">") { angles = max(0, angles - 1) }
                }
            }
            if code.kind(k) == .comma, angles == 0 { finish(k) }
            k += 1
        }
        if start < list.upperBound { finish(list.upperBound) }
        return parameters
    }
}

/// A generic parameter written in `<…>` after a type's or a function's name: `T: ObservableObject`.
package struct GenericParameter: Sendable, Hashable {
    package let name: String
    /// The constraints after `:` (a `where` clause is not read).
    package let constraints: [String]

    /// The parameters in `<…>` at `k`, or none.
    package static func read(at k: Int, in code: CodeTokens) -> [GenericParameter] {
        guard code.kind(k) == .operator, code.file.bytes[code[k].start] == UInt8(ascii: "<") else { return [] }
        let end = TypeNames.skipGenericArguments(from: k, in: code)
        guard end > k else { return [] }
        var found: [GenericParameter] = []
        guard code[k].length == 1 else { return [] }
        var j = k + 1
        while j < end - 1 {
            guard code.kind(j) == .identifier || code.text(j, is: "each") else { return found }
            if code.text(j, is: "each") { j += 1 }
            let name = code.string(j)
            j += 1
            var constraints: [String] = []
            if code.kind(j) == .colon {
                j += 1
                while let (constraint, after) = TypeNames.qualifiedName(at: j, in: code) {
                    constraints.append(constraint)
                    j = after
                    guard code.kind(j) == .operator, code.text(j, is: "&") else { break }
                    j += 1
                }
            }
            found.append(GenericParameter(name: name, constraints: constraints))
            guard code.kind(j) == .comma else { break }
            j += 1
        }
        return found
    }
}
