import StateLintSyntax
import StateLintIndex

/// Which names are nil wherever a modified view exists, read from the view builder code
/// around the modifier call: `if model == nil { Loading().task { … } }`, the `else` of
/// `if let model { … } else { … }`, `guard let model else { return … }`, and the `case nil:`
/// (or `case .none:`) of `switch model { … }`. An action modifier of such a view runs only while
/// those names are nil: the structure is its nil check.
package struct ViewConditions {
    package let code: CodeTokens
    private let blocks: BlockHeaders

    /// How far back a `case` label is looked for in a `switch`: top-level tokens of one case.
    private static let maximumCaseDistance = 4096

    package init(code: CodeTokens) {
        self.code = code
        blocks = BlockHeaders(code: code, conditions: ConditionReader(code: code))
    }

    package func nilNames(around call: ModifierCall) -> Set<String> {
        var names: Set<String> = []
        // A token of the code directly inside the block being looked at.
        var inner = call.nameToken
        for block in call.enclosingBlocks {
            let open = Int(block)
            if let (keyword, _) = blocks.header(of: open) {
                names.formUnion(blocks.nilNames(inBlockOf: keyword, openedAt: open))
            } else if let subject = switchSubject(open), isNilCase(around: inner, inSwitchOpenedAt: open) {
                names.insert(subject)
            }
            inner = open
        }
        return names
    }

    /// The names the conditions that decide whether the view is shown read: those of each `if`
    /// around it and of the `if`s before it in its chain (`if a { … } else if b { HERE }`), and
    /// the subject of a `switch` around it. Where the handler's action sets one of them
    /// (`if !reachedEnd { ProgressView().onAppear { reachedEnd = true; … } }`), its view may go
    /// away as soon as the action runs.
    package func namesRead(around call: ModifierCall) -> Set<String> {
        var names: Set<String> = []
        for block in call.enclosingBlocks {
            let open = Int(block)
            if let (keyword, condition) = blocks.header(of: open) {
                let isIf = code.keyword(keyword) == .if
                guard isIf || code.keyword(keyword) == .else else { continue }
                names.formUnion(self.names(in: condition))
                // The conditions before it in its chain: `} else if C {`, `} else {`.
                let previous = isIf ? keyword - 2 : keyword - 1
                if code.keyword(previous + 1) == .else {
                    for earlier in blocks.chainConditions(endingAt: previous) { names.formUnion(self.names(in: earlier)) }
                }
            } else if let subject = switchSubject(open) {
                names.insert(subject)
            }
        }
        return names
    }

    /// The names a condition reads: `reachedEnd` of `!reachedEnd`, `self.isLoading`, `items` of
    /// `items.isEmpty` (not `isEmpty`, a member of another value).
    private func names(in condition: Range<Int>) -> Set<String> {
        var names: Set<String> = []
        for k in condition where code.kind(k) == .identifier {
            if code.kind(k - 1) == .period && code.keyword(k - 2) != .`self` { continue }
            names.insert(code.string(k))
        }
        return names
    }

    /// `switch model {` or `switch self.model {` whose block opens at `open`: the name.
    private func switchSubject(_ open: Int) -> String? {
        guard code.kind(open - 1) == .identifier else { return nil }
        if code.keyword(open - 2) == .switch { return code.string(open - 1) }
        if code.kind(open - 2) == .period, code.keyword(open - 3) == .`self`, code.keyword(open - 4) == .switch {
            return code.string(open - 1)
        }
        return nil
    }

    /// Whether the `case` label that `k` (a token at the top level of the switch block, or
    /// inside brackets there) comes under is `case nil:` or `case .none:`.
    private func isNilCase(around k: Int, inSwitchOpenedAt open: Int) -> Bool {
        var j = k - 1
        var steps = 0
        while j > open, steps < Self.maximumCaseDistance {
            if let partner = code.partner(of: j), partner < j {
                j = partner - 1
                steps += 1
                continue
            }
            switch code.keyword(j) {
            case .default:
                return false
            case .case:
                // Not `if case`, `guard case`, `for case`, `while case`, nor a second pattern after `,`.
                let before = code.keyword(j - 1)
                guard before != .if, before != .guard, before != .for, before != .while, code.kind(j - 1) != .comma else { break }
                return isNilPattern(from: j + 1)
            default:
                break
            }
            j -= 1
            steps += 1
        }
        return false
    }

    /// `nil:`, `.none:` or `Optional.none:` from `k`.
    private func isNilPattern(from k: Int) -> Bool {
        if code.keyword(k) == .nil { return code.kind(k + 1) == .colon }
        if code.kind(k) == .period, code.text(k + 1, is: "none") { return code.kind(k + 2) == .colon }
        if code.text(k, is: "Optional"), code.kind(k + 1) == .period, code.text(k + 2, is: "none") { return code.kind(k + 3) == .colon }
        return false
    }
}
