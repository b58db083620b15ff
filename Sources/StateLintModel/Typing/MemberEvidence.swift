import StateLintSyntax

/// What code says about a value the typer cannot type: the members it uses on it. `vault.coins`
/// and `vault.refresh()` near an untyped `vault` say that whatever `vault` is declares `coins`
/// and `refresh`, which narrows the classes it could be.
package enum MemberEvidence {
    /// Members used as `<expression>.member` (also `?.member`, `!.member`) in code tokens `scope`
    /// of `code`, where `<expression>` is spelled as code tokens `expression` are (and is not
    /// itself a member of something else).
    package static func members(of expression: Range<Int>, in scope: ClosedRange<Int>, code: CodeTokens) -> Set<String> {
        guard !expression.isEmpty, expression.count <= 64 else { return [] }
        var found: Set<String> = []
        let first = expression.lowerBound
        let length = expression.count
        var k = scope.lowerBound
        while k + length < scope.upperBound {
            defer { k += 1 }
            guard code.sameText(k, first), code.kind(k - 1) != .period else { continue }
            var same = true
            for offset in 1..<length where !code.sameText(k + offset, first + offset) {
                same = false
                break
            }
            guard same else { continue }
            var after = k + length
            if code.kind(after) == .operator, code.text(after, is: "?") || code.text(after, is: "!") { after += 1 }
            guard code.kind(after) == .period, code.kind(after + 1) == .identifier else { continue }
            var name = code.string(after + 1)
            if name.hasPrefix("$") { name.removeFirst() }
            found.insert(name)
        }
        return found
    }

    /// The code where a value used at `k` is looked at for evidence: the body of the closure that
    /// binds `$0` for an anonymous parameter, else the innermost function, initializer or
    /// accessor body around `k` (a stored property's: its type's body), else the whole file.
    package static func scope(of k: Int, anonymous: Bool, in file: Int, directory: TypeDirectory) -> ClosedRange<Int> {
        let code = directory.files[file].code
        var j = k - 1
        var steps = 0
        while j >= 0, steps < 100_000 {
            steps += 1
            let kind = code.kind(j)
            if kind == .rightBrace || kind == .rightParen || kind == .rightBracket {
                guard let open = code.partner(of: j) else { break }
                j = open - 1
                continue
            }
            if kind == .leftBrace, let close = code.partner(of: j) {
                if let owner = directory.owner(ofBodyAt: j, in: file) {
                    let declaration = directory.files[file].declarations[owner]
                    if !declaration.kind.isTypeLike || !anonymous { return j...close }
                } else if anonymous, ClosureCall.isClosure(at: j, in: code) {
                    return j...close
                }
            }
            j -= 1
        }
        return 0...max(0, code.count - 1)
    }
}
