import StateLintSyntax
import StateLintIndex

/// How a type's code uses a few of its properties (`PropertyUses`), in one pass over its body
/// comparing each identifier's bytes with those names: no `String` is made per token.
package struct UseScanner {
    package let code: CodeTokens
    /// The property names, without `$` or `_`.
    package let names: [String]

    /// A member of the scanned type: where its code is, and whether names in it mean other
    /// things than the type's instance properties (a nested type, a static member).
    package struct Member {
        package let range: ClosedRange<Int>
        package let name: String
        package let kind: Declaration.Kind
        package let isElsewhere: Bool
        /// `private` in its type: no other type can call it.
        package var isPrivate = false
    }

    /// Up to this many names, each identifier is compared with every name.
    package static let maximumSearchedNames = 8

    package func uses(in body: ClosedRange<Int>) -> [String: PropertyUses] {
        scan(in: body, members: nil, file: FileID(0)).uses
    }

    /// The uses, and with `members` (the type's members in source order) every mention of the
    /// names whose flag in `mentioning` (by position in `names`; all when nil) is set.
    package func scan(in body: ClosedRange<Int>, members: [Member]?, file: FileID,
                      mentioning: [Bool]? = nil) -> (uses: [String: PropertyUses], mentions: [String: [PropertyMention]],
                                                     presentsFullScreenCover: Bool, holdsNavigation: Bool) {
        var presentsFullScreenCover = false
        var holdsNavigation = false
        // The end of the last presentation modifier's arguments and closures (`.sheet { … }`): a
        // container presented there is not the view's own, and no release would make it again.
        var presentedUntil = -1
        var mentions: [String: [PropertyMention]] = [:]
        var memberIndex = 0
        let wanted = names.map { Array($0.utf8) }
        // Bit n: some name (or `$name`/`_name`) has n bytes; and the possible first bytes. Most
        // identifiers fail these two tests.
        var lengths: UInt64 = 0
        var firstBytes = [Bool](repeating: false, count: 256)
        firstBytes[Int(UInt8(ascii: "$"))] = true
        firstBytes[Int(UInt8(ascii: "_"))] = true
        for name in wanted {
            if name.count < 63 { lengths |= (1 << UInt64(name.count)) | (1 << UInt64(name.count + 1)) }
            if let first = name.first { firstBytes[Int(first)] = true }
        }
        let anyLength = wanted.contains { $0.count >= 63 }
        // Many names (a view with thousands of properties): found by hashing the token's bytes,
        // not by comparing it with each name, which made the pass quadratic.
        let table = wanted.count > Self.maximumSearchedNames ? NamePositions(wanted) : nil
        var found: [String: PropertyUses] = [:]
        let bytes = code.file.bytes
        let references = ReferenceReader(code: code)
        for k in body where code.kind(k) == .identifier {
            let token = code[k]
            let first = bytes[token.start]
            if token.length == 15, first == UInt8(ascii: "f"), code.kind(k - 1) == .period, code.text(k, is: "fullScreenCover") {
                presentsFullScreenCover = true
            }
            if !holdsNavigation, code.kind(k - 1) == .period, let end = presentationEnd(at: k) { presentedUntil = max(presentedUntil, end) }
            if !holdsNavigation, k > presentedUntil, first == UInt8(ascii: "N") || first == UInt8(ascii: "T"), isNavigationContainer(at: k) {
                holdsNavigation = true
            }
            guard firstBytes[Int(first)], anyLength || (token.length < 64 && lengths & (1 << UInt64(token.length)) != 0)
            else { continue }
            // `$name` and `_name` are the name with one more byte in front.
            let prefixed = first == UInt8(ascii: "$") || first == UInt8(ascii: "_")
            let match: Int?
            if let table {
                let whole = table.position(of: token.start..<token.end, in: bytes)
                let unprefixed = prefixed ? table.position(of: (token.start + 1)..<token.end, in: bytes) : nil
                match = whole.map { whole in unprefixed.map { min(whole, $0) } ?? whole } ?? unprefixed
            } else {
                match = wanted.firstIndex { name in
                    Self.spells(token, name, skippingFirst: false, bytes) || (prefixed && Self.spells(token, name, skippingFirst: true, bytes))
                }
            }
            guard let index = match else { continue }
            let isPrefixed = token.length == wanted[index].count + 1
            if let members, mentioning?[index] ?? true {
                while memberIndex < members.count, members[memberIndex].range.upperBound < k { memberIndex += 1 }
                let member = memberIndex < members.count && members[memberIndex].range.contains(k) ? members[memberIndex] : nil
                if member?.isElsewhere != true,
                   let mention = mention(at: k, prefix: isPrefixed ? first : nil, references, member: member, file: file) {
                    mentions[names[index], default: []].append(mention)
                }
            }
            var uses = found[names[index]] ?? PropertyUses()
            // `var name = …` declares; `name = …` (or `self.name = …`, `_name = …`) assigns.
            let isAssigned = code.kind(k + 1) == .operator && code.text(k + 1, is: "=")
                && code.keyword(k - 1) != .var && code.keyword(k - 1) != .let
            if isAssigned, references.reference(endingAt: k) != nil, !isPrefixed || first == UInt8(ascii: "_") {
                uses.assignments += 1
            } else if isPrefixed && first == UInt8(ascii: "$") {
                if code.kind(k + 1) != .period { uses.usesWholeProjection = true }
            } else if isPrefixed {
                uses.readsStorage = true
            } else if readsMember(after: k), references.reference(endingAt: k) != nil {
                uses.readsMembers = true
            }
            found[names[index]] = uses
        }
        return (found, mentions, presentsFullScreenCover, holdsNavigation)
    }

    /// `.sheet(…) { … }`, `.popover`, `.fullScreenCover`, `.inspector` at `k` (the name): the
    /// index of the last token of its arguments and trailing closure.
    private func presentationEnd(at k: Int) -> Int? {
        switch code[k].length {
        case 5: guard code.text(k, is: "sheet") else { return nil }
        case 7: guard code.text(k, is: "popover") else { return nil }
        case 9: guard code.text(k, is: "inspector") else { return nil }
        case 15: guard code.text(k, is: "fullScreenCover") else { return nil }
        default: return nil
        }
        var end = k
        if code.kind(end + 1) == .leftParen, let close = code.partner(of: end + 1) { end = close }
        if code.kind(end + 1) == .leftBrace, let close = code.partner(of: end + 1) { end = close }
        return end > k ? end : nil
    }

    /// `NavigationStack(…)` or `TabView {` at `k`: a navigation container the code makes, whose
    /// views keep navigation state (the path of a stack, the selected tab).
    private func isNavigationContainer(at k: Int) -> Bool {
        guard code.kind(k - 1) != .period, code.kind(k + 1) == .leftParen || code.kind(k + 1) == .leftBrace else { return false }
        switch code[k].length {
        case 7: return code.text(k, is: "TabView")
        case 14: return code.text(k, is: "NavigationView")
        case 15: return code.text(k, is: "NavigationStack")
        case 19: return code.text(k, is: "NavigationSplitView")
        default: return false
        }
    }

    /// How the name at `k` (`model`, `self.model`, `$model`, `_model`: `prefix` is the `$` or
    /// `_`) is used there; nil where it names something else (a member of another value, a
    /// declaration, an argument label).
    private func mention(at k: Int, prefix: UInt8?, _ references: ReferenceReader, member: Member?, file: FileID) -> PropertyMention? {
        guard let reference = references.reference(endingAt: k) else { return nil }
        let previous = code.keyword(reference.start - 1)
        let form: PropertyMention.Form
        if let member, prefix == nil, reference.start == k, declaresOwnName(at: k, previous: previous, in: member) {
            form = .shadow
        } else if previous == .var || previous == .let || previous == .func || previous == .case {
            return nil
        } else if code.kind(k + 1) == .colon, code.kind(k - 1) == .leftParen || code.kind(k - 1) == .comma {
            // `Child(model: x)`: a label.
            return nil
        } else if prefix == UInt8(ascii: "$") {
            form = code.kind(k + 1) == .period ? .projectedMember : .wholeProjection
        } else if prefix == UInt8(ascii: "_") {
            form = .storage
        } else if code.kind(k + 1) == .operator, code[k + 1].start == code[k].end, code.file.bytes[code[k + 1].start] == UInt8(ascii: "?") {
            form = .optionalChain
        } else if code.kind(k + 1) == .operator, code.text(k + 1, is: "=") {
            form = .assignment
        } else if code.kind(k + 1) == .operator, code.text(k + 1, is: "==") || code.text(k + 1, is: "!="),
                  code.keyword(k + 2) == .nil {
            form = .nilComparison
        } else if let opening = statementOpening(reference.start), let end = memberStatementEnd(after: k),
                  !returnsItsValue(opening: opening, end: end, member: member) {
            form = .memberStatement
        } else {
            form = .value
        }
        return PropertyMention(form: form, selfOffset: reference.start != k ? code[reference.start].start : nil, member: member?.name,
                               memberKind: member?.kind, isInPrivateMember: member?.isPrivate ?? false, file: file, offset: code[k].start)
    }

    /// Whether the name at `k`, in a member, declares a name of the member's own: a local
    /// (`let model`, `if let model`, `for model in`), a parameter of the member
    /// (`func f(model: Model)`, `func f(_ model: Model)`) or of a closure (`{ model in`).
    private func declaresOwnName(at k: Int, previous: Keyword, in member: Member) -> Bool {
        if previous == .var || previous == .let {
            // Not the property's own declaration.
            return !(member.kind == .variable && code.string(k) == member.name)
        }
        if previous == .for { return true }
        if code.keyword(k + 1) == .in, code.kind(k - 1) == .leftBrace || code.kind(k - 1) == .comma || code.kind(k - 1) == .leftParen {
            return true
        }
        guard code.kind(k + 1) == .colon else { return false }
        // `(_ model: Model)`, `(for model: Model)`: an argument label before it, in a declaration only.
        if code.keyword(k - 1) == .wildcard || code.kind(k - 1) == .identifier { return true }
        guard code.kind(k - 1) == .leftParen || code.kind(k - 1) == .comma, let open = enclosingParen(of: k) else { return false }
        // `func f(model: Model)`, `func f<T>(model: T)`, `init(model: Model)`, not `f(model: x)`.
        let before = open - 1
        if code.keyword(before) == Keyword.`init` || code.keyword(before) == .subscript { return true }
        if code.kind(before) == .identifier { return code.keyword(before - 1) == .func }
        if code.kind(before) == .operator, code.text(before, is: ">") {
            var j = before - 1
            var steps = 0
            while j >= 0, steps < 64, code.kind(j) != .leftBrace, code.kind(j) != .rightBrace {
                if code.keyword(j) == .func || code.keyword(j) == Keyword.`init` { return true }
                j -= 1
                steps += 1
            }
        }
        return false
    }

    /// The `(` whose parentheses hold `k` (a few arguments back at most).
    private func enclosingParen(of k: Int) -> Int? {
        var j = k - 1
        var steps = 0
        while j >= 0, steps < 256 {
            steps += 1
            if code.kind(j) == .leftParen { return j }
            if let partner = code.partner(of: j), partner < j { j = partner - 1; continue }
            if code.kind(j) == .leftBrace || code.kind(j) == .rightBrace { return nil }
            j -= 1
        }
        return nil
    }

    /// Where the statement starting at `k` (after any `try` and `await`) is opened: the token
    /// before it (`{`, `;`, or the end of the line before); nil when `k` starts no statement.
    /// (Not after a closure's `in`, which could be a `for`'s.)
    private func statementOpening(_ k: Int) -> Int? {
        var previous = k - 1
        while previous >= 0 {
            if code.keyword(previous) == .try || code.keyword(previous) == .await {
                previous -= 1
            } else if code.kind(previous) == .operator, code.keyword(previous - 1) == .try,
                      code.text(previous, is: "?") || code.text(previous, is: "!") {
                previous -= 1
            } else {
                break
            }
        }
        guard previous >= 0 else { return nil }
        switch code.kind(previous) {
        case .leftBrace?, .semicolon?:
            return previous
        case .rightBrace?, .rightParen?, .rightBracket?, .identifier?, .integer?, .float?, .stringDelimiter?:
            return code.lineBreakBefore[previous + 1] ? previous : nil
        case .keyword?:
            let word = code.keyword(previous)
            let endsExpression = word == .`self` || word == .true || word == .false || word == .nil
            return code.lineBreakBefore[previous + 1] && endsExpression ? previous : nil
        default:
            return nil
        }
    }

    /// Whether the statement between `opening` and `end` is the only one of its block and that
    /// block returns it: a getter or closure of one expression (`var title: String { model.name }`,
    /// `.map { model.name }`), where an optional chain would change the type. Only the body of a
    /// function that returns nothing (`func save() { model.save() }`) discards it for sure.
    private func returnsItsValue(opening: Int, end: Int, member: Member?) -> Bool {
        guard code.kind(opening) == .leftBrace, code.kind(end) == .rightBrace, code.partner(of: end) == opening else { return false }
        guard let member, member.kind == .function, member.range.upperBound == end else { return true }
        // `func f() -> T {`: an arrow outside the parameters' parentheses.
        var j = member.range.lowerBound
        while j < opening {
            if code.kind(j) == .leftParen || code.kind(j) == .leftBracket, let close = code.partner(of: j), close < opening {
                j = close + 1
                continue
            }
            if code.kind(j) == .operator, code.text(j, is: "->") { return true }
            j += 1
        }
        return false
    }

    /// Where the statement ends (the token after it) when `.member`, calls and subscripts follow
    /// the name at `k` to its end or to an assignment (`model.title = x`, `model.count += 1`):
    /// nothing that uses the value. Nil otherwise.
    private func memberStatementEnd(after k: Int) -> Int? {
        guard code.kind(k + 1) == .period else { return nil }
        var j = k + 1
        while j < code.count {
            if code.lineBreakBefore[j] && !(code.kind(j) == .period && ExpressionBounds.continuesExpression(j, in: code)) { return j }
            switch code.kind(j) {
            case .period?:
                guard code.kind(j + 1) == .identifier else { return nil }
                j += 2
            case .leftParen?, .leftBracket?, .leftBrace?:
                guard let close = code.partner(of: j) else { return nil }
                j = close + 1
            case .operator?:
                let token = code[j]
                let bytes = code.file.bytes
                // `!` or `?` against what it unwraps; an assignment (`=`, `+=`, …) ends the chain.
                if token.start == code[j - 1].end, code.text(j, is: "!") || code.text(j, is: "?") {
                    j += 1
                    continue
                }
                let assigns = bytes[token.end - 1] == UInt8(ascii: "=") && !code.text(j, is: "==") && !code.text(j, is: "!=")
                    && !code.text(j, is: "<=") && !code.text(j, is: ">=") && !code.text(j, is: "===") && !code.text(j, is: "!==")
                return assigns ? j : nil
            case .semicolon?, .rightBrace?:
                return j
            default:
                return nil
            }
        }
        return j
    }

    /// Whether the token's bytes (after its first byte, with `skippingFirst`) are `name`'s.
    private static func spells(_ token: Token, _ name: [UInt8], skippingFirst: Bool, _ bytes: [UInt8]) -> Bool {
        let offset = skippingFirst ? 1 : 0
        guard token.length == name.count + offset else { return false }
        for index in 0..<name.count where bytes[token.start + offset + index] != name[index] { return false }
        return true
    }

    /// Whether `name.member` or `name?.member` at `k` reads a property of the value (a call
    /// `name.load()` reads nothing the view shows).
    private func readsMember(after k: Int) -> Bool {
        var dot = k + 1
        if code.kind(dot) == .operator, code.text(dot, is: "?") || code.text(dot, is: "!") { dot += 1 }
        guard code.kind(dot) == .period, code.kind(dot + 1) == .identifier else { return false }
        return code.kind(dot + 2) != .leftParen
    }
}

/// The first position of each of many names, found by the process-keyed hash of their bytes
/// (`KeyedByteHash`: names chosen to collide cannot be found) and then compared byte for byte.
private struct NamePositions {
    private let names: [[UInt8]]
    /// Hash → the first name with it; names sharing a hash with an earlier one, in order, apart.
    private var first: [UInt64: Int] = [:]
    private var sharing: [UInt64: [Int]] = [:]

    init(_ names: [[UInt8]]) {
        self.names = names
        first.reserveCapacity(names.count)
        for (index, name) in names.enumerated() {
            let hash = name.withUnsafeBufferPointer { KeyedByteHash.hash($0) }
            if first[hash] == nil { first[hash] = index } else { sharing[hash, default: []].append(index) }
        }
    }

    /// The first name spelled by `bytes[range]`.
    func position(of range: Range<Int>, in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            let spelled = UnsafeBufferPointer(rebasing: buffer[range])
            let hash = KeyedByteHash.hash(spelled)
            guard let index = first[hash] else { return nil }
            if names[index].elementsEqual(spelled) { return index }
            return sharing[hash]?.first { names[$0].elementsEqual(spelled) }
        }
    }
}
