import StateLintSyntax
import StateLintIndex

/// Reads one body of code (a modifier's closure, a method, an initializer) into `ActionFacts`,
/// in one forward pass.
///
/// The pass keeps the blocks around the current token with what each tells about nil names:
/// its header (`if model == nil {`, the `else` of `if let model`, `while model == nil {`, the
/// `else` of `guard let model`) and the early exits before the current token
/// (`guard model == nil else { return }`, `if model != nil { return }`). An assignment is
/// nil-guarded when its target is among those names.
package struct ActionReader {
    package let code: CodeTokens
    package let file: FileID
    private let values: ValueReader
    private let conditions: ConditionReader
    private let references: ReferenceReader
    /// Made once: each reader holds a copy of the code, whose arrays a copy retains.
    private let blocks: BlockHeaders
    /// What the file's tasks do, worked out for all of them at the first one.
    private let tasks = FileTasks()

    package init(code: CodeTokens, file: FileID) {
        self.code = code
        self.file = file
        values = ValueReader(code: code, file: file)
        conditions = ConditionReader(code: code)
        references = ReferenceReader(code: code)
        blocks = BlockHeaders(code: code, conditions: conditions)
    }

    /// At most this many nil names are kept per call: a handful in real code; the bound keeps a
    /// hostile file with thousands of guards in front of thousands of calls linear.
    package static let maximumNilNamesPerCall = 256

    /// The facts of the body `{ … }` at `body` (the braces' code indices). `isAsync`: the body
    /// is an `async` method's or initializer's.
    package func facts(of body: ClosedRange<Int>, isAsync: Bool = false) -> ActionFacts {
        var facts = ActionFacts()
        var frames = Scopes(Frame(open: body.lowerBound, close: body.upperBound, header: nil, isDeferred: false))
        // `frames.last!.close`, kept apart: reading the last frame per token copied it, and
        // retained every collection in it.
        var innermostClose = body.upperBound
        // (`{`, the `if`, `while`, `guard` (for its `else` block) or `else` it belongs to), found
        // going forward, so blocks without one (closures) are never looked at again. Few are
        // pending at once: a list searched from the end.
        var headers: [(open: Int, keyword: Int)] = []
        var locals: LocalScopes?
        // For each unguarded creation, the names known nil where it is made (see `guardedBySiblings`).
        var siblingGuards: [(assignment: Int, nilNames: Set<String>)] = []
        var k = body.lowerBound + 1
        // Whether code before `k` may have left the body early (see `HandlerShapes.mayLeaveEarly`).
        var mayHaveLeft = false
        while k < body.upperBound {
            if !mayHaveLeft, code.kind(k) == .keyword || code.kind(k) == .pound {
                mayHaveLeft = HandlerShapes(code: code).mayLeaveEarly(k..<(k + 1))
            }
            if k > innermostClose {
                while frames.count > 1 && frames.innermost.close < k { frames.close() }
                innermostClose = frames.innermost.close
            }
            switch code.kind(k) {
            case .leftBrace?:
                var header: Int?
                if let found = headers.lastIndex(where: { $0.open == k }) { header = headers.remove(at: found).keyword }
                // A closure stored for later (`player.onFinish = { … }`) does not run with the body.
                let isDeferred = frames.innermost.isDeferred || isAssignment(at: k - 1)
                open(Frame(open: k, close: code.partner(of: k) ?? body.upperBound, header: header, isDeferred: isDeferred), in: &frames)
                innermostClose = frames.innermost.close
            case .keyword?:
                if let (open, exit) = controlBlock(at: k, before: body.upperBound) {
                    headers.append((open, k))
                    if let exit { frames.addExit(exit) }
                }
            case .identifier?:
                if isAssignment(at: k + 1) {
                    if let reference = references.reference(endingAt: k), code.keyword(reference.start - 1) != .let,
                       code.keyword(reference.start - 1) != .var {
                        facts.assignedNames.insert(code.string(k))
                    }
                    if let assignment = assignment(at: k, in: body, frames: &frames, locals: &locals,
                                                   cancelled: facts.cancelledNames) {
                        if !assignment.isNilGuarded, assignment.value.creation != nil {
                            let names = nilNames(at: k, frames: &frames)
                            if !names.isEmpty { siblingGuards.append((facts.assignments.count, names)) }
                        }
                        facts.assignments.append(assignment)
                    }
                } else if code.kind(k + 1) == .leftParen {
                    if var call = call(at: k, in: body, frames: &frames) {
                        call.followsPossibleExit = mayHaveLeft
                        facts.calls.append(call)
                    }
                    if let cancelled = cancelledName(at: k) {
                        facts.cancelledNames.append(boundValue(of: cancelled, in: frames) ?? cancelled)
                    }
                }
                if !frames.innermost.isDeferred, var task = taskStart(at: k) {
                    task.isInAsyncFunction = isAsync
                    facts.taskStarts.append(task)
                }
            default:
                break
            }
            k += 1
        }
        guardedBySiblings(siblingGuards, in: &facts)
        return facts
    }

    /// An unguarded creation made where another name is known nil, and that name is created in the
    /// same body, runs once per that name's value (`if a == nil { a = A(); b = B() }`): guarded too.
    private func guardedBySiblings(_ candidates: [(assignment: Int, nilNames: Set<String>)], in facts: inout ActionFacts) {
        guard !candidates.isEmpty else { return }
        let created = Set(facts.assignments.filter { $0.value.creation != nil }.map(\.target))
        for (index, names) in candidates where !names.isDisjoint(with: created) {
            facts.assignments[index].isNilGuarded = true
        }
    }

    // MARK: Assignments

    private func assignment(at k: Int, in body: ClosedRange<Int>, frames: inout Scopes,
                            locals: inout LocalScopes?, cancelled: [String]) -> AssignmentFacts? {
        guard let reference = references.reference(endingAt: k) else { return nil }
        // `let x = …`, `if let x = …`, `case let x = …`: bindings, not assignments.
        if code.keyword(reference.start - 1) == .let || code.keyword(reference.start - 1) == .var { return nil }
        let isStorage = code[k].length > 1 && code.file.bytes[code[k].start] == UInt8(ascii: "_")
        let valueStart = k + 2
        let valueEnd = min(ExpressionBounds.end(of: valueStart, in: code), body.upperBound)
        guard valueEnd > valueStart else { return nil }
        var value = values.value(in: valueStart..<valueEnd)
        let wrapper = isStorage ? wrapperValue(in: valueStart..<valueEnd) : nil
        // `let m = Manager(…); …; manager = m`: the local's creation is what the property gets.
        var isLocalCreation = false
        if !isStorage, value == .reference, valueEnd == valueStart + 1, code.kind(valueStart) == .identifier {
            if locals == nil { locals = LocalScopes(body: body, code: code) }
            if let keyword = locals?.binding(of: code.string(valueStart), at: valueStart), let creation = localCreation(boundAt: keyword) {
                value = .creation(creation)
                isLocalCreation = true
            }
        }
        // Only new instances and nil matter to the rules (what else is assigned, the wrapper fixes
        // learn from `UseScanner`).
        switch wrapper?.wrappedValue ?? value {
        case .creation, .coalescingCreation, .nilLiteral: break
        case .reference, .other: return nil
        }
        var target = code.string(k)
        if isStorage { target.removeFirst() }
        if reference.start == k && !isStorage {
            if locals == nil { locals = LocalScopes(body: body, code: code) }
            if locals?.isLocal(target, at: k) == true { return nil }
        }
        var facts = AssignmentFacts(
            target: target, isStorage: isStorage, value: value, wrapper: wrapper,
            isNilGuarded: isNil(target, at: k, frames: &frames), replacesStoppedValue: cancelled.contains(target),
            span: SourceSpan(file, code, reference.start, valueEnd - 1), isSpelledWithSelf: reference.start != k,
            isLocalCreation: isLocalCreation)
        facts.isUnconditional = frames.count == 1
        if (wrapper?.wrappedValue ?? value).creation != nil {
            facts.creationReads = names(readIn: valueStart..<valueEnd)
            if !facts.isNilGuarded { facts.onceFlag = onceFlag(around: frames) }
        }
        return facts
    }

    /// `if !loaded { …; loaded = true }` (or `if loaded == false`) around the current token:
    /// `loaded`, a flag the block sets so that it runs once.
    private func onceFlag(around frames: Scopes) -> String? {
        for frame in frames.frames.dropFirst().reversed() {
            guard let header = frame.header, code.keyword(header) == .if else { continue }
            var k = header + 1
            if code.keyword(k) == .self && code.kind(k + 1) == .period { k += 2 }
            let name: Int
            if code.kind(header + 1) == .operator, code.text(header + 1, is: "!"), code.kind(header + 2) == .identifier {
                name = header + 2
                guard name + 1 == frame.open else { continue }
            } else if code.kind(k) == .identifier, code.kind(k + 1) == .operator, code.text(k + 1, is: "=="),
                      code.keyword(k + 2) == .false, k + 3 == frame.open {
                name = k
            } else {
                continue
            }
            let flag = code.string(name)
            let setsIt = (frame.open..<frame.close).contains { j in
                code.kind(j) == .identifier && code.text(j, flag) && code.kind(j + 1) == .operator && code.text(j + 1, is: "=")
                    && code.keyword(j + 2) == .true
            }
            if setsIt { return flag }
        }
        return nil
    }

    /// The plain names read in `range` (`self` included), each once: not members (`.name`),
    /// argument labels (`name:`) or type names.
    private func names(readIn range: Range<Int>) -> [String] {
        var found: [String] = []
        for k in range {
            if code.keyword(k) == .self, code.kind(k - 1) != .period {
                if !found.contains("self") { found.append("self") }
                continue
            }
            guard code.kind(k) == .identifier, code.kind(k - 1) != .period, code.kind(k + 1) != .colon || code.kind(k - 1) == .leftBracket else { continue }
            let name = code.string(k)
            guard !startsUppercase(name), !found.contains(name) else { continue }
            found.append(name)
        }
        return found
    }

    /// The creation a local is bound to at `keyword` (`let m = Manager(…)`, `var m: Manager = .init()`,
    /// `guard let m = try? Manager() else`), if its value is one.
    private func localCreation(boundAt keyword: Int) -> Creation? {
        guard code.kind(keyword + 1) == .identifier else { return nil }
        var equal = keyword + 2
        if code.kind(equal) == .colon { equal = ExpressionBounds.typeEnd(of: equal + 1, in: code) }
        guard isAssignment(at: equal) else { return nil }
        let end = ExpressionBounds.end(of: equal + 1, in: code)
        guard end > equal + 1 else { return nil }
        return values.creation((equal + 1)..<end)
    }

    private func isAssignment(at k: Int) -> Bool {
        code.kind(k) == .operator && code.text(k, is: "=")
    }

    /// `State(wrappedValue: x)`, `State(initialValue: x)`, `SwiftUI.State(…)`, `State.init(…)`,
    /// `.init(wrappedValue: x)`, and the same for `StateObject` and `ObservedObject`, spanning `range`.
    package func wrapperValue(in range: Range<Int>) -> WrapperValue? {
        var s = range.lowerBound
        var typeToken: Int?
        if code.kind(s) == .period, code.keyword(s + 1) == .`init` {
            s += 2
        } else {
            if code.text(s, is: "SwiftUI"), code.kind(s + 1) == .period { s += 2 }
            guard code.kind(s) == .identifier else { return nil }
            typeToken = s
            s += 1
            if code.kind(s) == .period, code.keyword(s + 1) == .`init` { s += 2 }
        }
        guard code.kind(s) == .leftParen, let close = code.partner(of: s), close + 1 == range.upperBound,
              let argument = Self.labeledArgument(in: (s + 1)..<close, labels: ["wrappedValue", "initialValue"], code: code)
        else { return nil }
        let label = argument.lowerBound - 2
        return WrapperValue(typeName: typeToken.map(code.string), wrappedValue: values.value(in: argument),
                            typeSpan: typeToken.map { SourceSpan(file, code, $0, $0) },
                            initialValueLabelSpan: code.text(label, is: "initialValue") ? SourceSpan(file, code, label, label) : nil)
    }

    /// The expression after `label:` among the comma-separated arguments in `range`.
    package static func labeledArgument(in range: Range<Int>, labels: Set<String>, code: CodeTokens) -> Range<Int>? {
        var k = range.lowerBound
        while k < range.upperBound {
            if code.kind(k) == .identifier, code.kind(k + 1) == .colon, k == range.lowerBound || code.kind(k - 1) == .comma,
               labels.contains(code.string(k)) {
                var end = k + 2
                while end < range.upperBound, code.kind(end) != .comma {
                    if let close = code.partner(of: end), close > end { end = close + 1 } else { end += 1 }
                }
                return (k + 2)..<min(end, range.upperBound)
            }
            if let close = code.partner(of: k), close > k { k = close + 1 } else { k += 1 }
        }
        return nil
    }

    // MARK: Calls, tasks, cancellation

    /// `load(…)` or `self.load(…)`: a lower-case name (a method, not a type) called on `self`.
    private func call(at k: Int, in body: ClosedRange<Int>, frames: inout Scopes) -> CallFacts? {
        guard let reference = references.reference(endingAt: k), code.keyword(reference.start - 1) != .func else { return nil }
        let first = code.file.bytes[code[k].start]
        guard first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") || first == UInt8(ascii: "_") else { return nil }
        var call = CallFacts(name: code.string(k), nilNames: nilNames(at: k, frames: &frames), span: SourceSpan(file, code, reference.start, k))
        call.isNested = frames.count > 1
        if let close = code.partner(of: k + 1) {
            call.end = code[close].end
            call.endsBody = HandlerShapes(code: code).endsBody(after: close, body)
                && frames.frames.dropFirst().allSatisfy { $0.header.map { [.if, .else].contains(code.keyword($0)) } ?? false }
        }
        return call
    }

    /// `name.cancel()`, `name?.cancel()`, `self.name?.invalidate()`: the name.
    private func cancelledName(at k: Int) -> String? {
        guard code.text(k, is: "cancel") || code.text(k, is: "invalidate"), code.kind(k - 1) == .period,
              code.kind(k + 2) == .rightParen else { return nil }
        var receiver = k - 2
        if code.kind(receiver) == .operator, code.text(receiver, is: "?") { receiver -= 1 }
        guard let reference = references.reference(endingAt: receiver) else { return nil }
        return code.string(reference.name)
    }

    /// The property an `if let` around the current token binds `name` to: `work` in
    /// `if let w = work { w.cancel() }` (or `self.work`), so cancelling `w` stops `work`.
    private func boundValue(of name: String, in frames: Scopes) -> String? {
        // The binding is in one of the innermost blocks: a bounded look keeps deep nesting linear.
        for frame in frames.frames.reversed().prefix(Self.maximumBindingDepth) {
            guard let header = frame.header, code.keyword(header) == .if else { continue }
            var k = header + 1
            while k + 3 < frame.open {
                if code.keyword(k) == .let || code.keyword(k) == .var, code.kind(k + 1) == .identifier && code.string(k + 1) == name, code.text(k + 2, is: "=") {
                    var value = k + 3
                    if code.keyword(value) == .`self`, code.kind(value + 1) == .period { value += 2 }
                    let next = code.kind(value + 1)
                    guard code.kind(value) == .identifier, next == .comma || next == .leftBrace else { return nil }
                    return code.string(value)
                }
                k += 1
            }
        }
        return nil
    }

    /// How many of the innermost blocks `boundValue(of:in:)` looks at.
    private static let maximumBindingDepth = 32

    /// `Task { … }`, `Task(priority: .high) { … }`, `Task<Void, Never> { … }`,
    /// `Task.detached { … }` at `k`: an unstructured task.
    private func taskStart(at k: Int) -> TaskStartFacts? {
        // One byte and the length rule out almost every name before the comparison.
        guard code[k].length == 4, code.file.bytes[code[k].start] == UInt8(ascii: "T"), code.text(k, is: "Task"),
              code.kind(k - 1) != .period else { return nil }
        var j = TypeNames.skipGenericArguments(from: k + 1, in: code)
        var isDetached = false
        if code.kind(j) == .period {
            if code.text(j + 1, is: "detached") { isDetached = true } else if code.keyword(j + 1) != .`init` { return nil }
            j += 2
        }
        var end: Int?
        var priority: String?
        if code.kind(j) == .leftParen, let close = code.partner(of: j), !code.lineBreakBefore[j] {
            if let argument = Self.labeledArgument(in: (j + 1)..<close, labels: ["priority"], code: code),
               argument.count == 2, code.kind(argument.lowerBound) == .period, code.kind(argument.lowerBound + 1) == .identifier {
                priority = code.string(argument.lowerBound + 1)
            }
            end = close
            j = close + 1
        }
        if code.kind(j) == .leftBrace, !code.lineBreakBefore[j], let close = code.partner(of: j) { end = close }
        guard let last = end else { return nil }
        let use = handleUse(before: k, after: last + 1)
        let operation = tasks.operations(code).operation(closingAt: last)
        return TaskStartFacts(isDetached: isDetached, storedIn: use.storedIn, storedInLocal: use.local, isHandleKept: use.isKept,
                              isAwaitedAtOnce: isAwaitedResult(after: last + 1),
                              mayNoticeCancellation: tasks.mayNoticeCancellation(in: k...last, code),
                              mayThrow: operation.mayThrow,
                              returnsValue: operation.returnsValue,
                              priority: priority,
                              span: SourceSpan(file, code, k, last))
    }

    /// `Task { … }.value` (or `.result`): whoever started it waits for its end.
    private func isAwaitedResult(after end: Int) -> Bool {
        code.kind(end) == .period && !code.lineBreakBefore[end] && (code.text(end + 1, is: "value") || code.text(end + 1, is: "result"))
    }

    /// What happens to a task's handle: assigned (`handle = Task …`, `let t = Task …`), passed
    /// on, returned, awaited (`Task { … }.value`), or dropped (a statement of its own, `_ = Task …`).
    private func handleUse(before start: Int, after end: Int) -> (storedIn: String?, isKept: Bool, local: String?) {
        if code.kind(end) == .period, !code.lineBreakBefore[end] { return (nil, true, nil) }
        var k = start - 1
        if code.keyword(k) == .await || code.keyword(k) == .try { k -= 1 }
        switch code.kind(k) {
        case .operator? where code.text(k, is: "="):
            if code.keyword(k - 1) == .wildcard { return (nil, false, nil) }
            guard let reference = references.reference(endingAt: k - 1) else { return (nil, true, nil) }
            if code.keyword(reference.start - 1) == .let || code.keyword(reference.start - 1) == .var {
                return (nil, true, code.string(reference.name))
            }
            var name = code.string(reference.name)
            if name.utf8.first == UInt8(ascii: "_") { name.removeFirst() }
            return (name, true, nil)
        case .leftParen?, .comma?, .colon?, .leftBracket?:
            return (nil, true, nil)
        case .keyword?:
            return (nil, code.keyword(k) == .return, nil)
        default:
            return (nil, false, nil)
        }
    }

    // MARK: Nil guards

    /// An open block during the pass. What it tells is worked out on first use: most blocks
    /// contain no assignment or call that asks.
    private struct Frame {
        package let open: Int
        package let close: Int
        /// The `if`, `while`, `guard` or `else` whose block this is.
        package let header: Int?
        /// Inside a closure assigned for later (a callback), at any depth.
        package let isDeferred: Bool
        /// Statements in the block that may leave it early, in order, decided up to `decidedExits`.
        package var exits: [EarlyExit] = []
        package var decidedExits = 0
    }

    /// The open blocks, outermost first, and the names known nil at the current token: what the
    /// blocks' headers tell and what their early exits before it tell. Kept as the pass goes (a
    /// block's names leave with it), so a question costs the same at any depth: asking every
    /// open block at each assignment and call was quadratic in deep nesting.
    ///
    /// What an outer block tells does not change while an inner one is open (its exits before
    /// the current token end before the inner block opens), so only the innermost block's
    /// exits are decided as the pass goes on.
    private struct Scopes {
        private(set) var frames: [Frame]
        /// The names known nil, each once, in the order the blocks tell them (outermost first),
        /// with the position in `frames` of the block that told it.
        private var known: [(name: String, frame: Int)] = []
        private var names: Set<String> = []
        /// `frames[..<counted]` have their names in `known` (the innermost, up to the last question).
        fileprivate var counted = 0

        init(_ body: Frame) {
            frames = [body]
        }

        var count: Int { frames.count }
        var innermost: Frame { frames[frames.count - 1] }

        mutating func addExit(_ exit: EarlyExit) { frames[frames.count - 1].exits.append(exit) }

        /// Leaves the innermost block, forgetting what it told.
        mutating func close() {
            let leaving = frames.count - 1
            frames.removeLast()
            while let last = known.last, last.frame >= leaving {
                names.remove(last.name)
                known.removeLast()
            }
            counted = min(counted, frames.count)
        }

        fileprivate mutating func append(_ frame: Frame) { frames.append(frame) }

        fileprivate mutating func tell(_ told: Set<String>, frame: Int) {
            for name in told where names.insert(name).inserted { known.append((name, frame)) }
        }

        func contains(_ name: String) -> Bool { names.contains(name) }

        /// At most `limit` of the names, outermost blocks' first.
        func first(_ limit: Int) -> Set<String> {
            Set(known.prefix(limit).lazy.map(\.name))
        }

        fileprivate mutating func setDecided(_ decided: Int, frame: Int) { frames[frame].decidedExits = decided }
    }

    /// `guard C else { … }` (the rest of the block runs only when C holds) or `if C { …; return }`
    /// with no `else` (only when C fails): its condition and the block's last token.
    private struct EarlyExit {
        package let condition: Range<Int>
        package let block: ClosedRange<Int>
        package let isGuard: Bool
    }

    /// Enters a block: what the block it is in tells up to here is decided first, if counted.
    private func open(_ frame: Frame, in scopes: inout Scopes) {
        if scopes.counted == scopes.count { decideExits(of: scopes.count - 1, before: frame.open, in: &scopes) }
        scopes.append(frame)
    }

    /// Brings `scopes`' names up to the token at `k`: the blocks not counted yet (each once), and
    /// the innermost block's exits that end before `k`.
    private func update(_ scopes: inout Scopes, at k: Int) {
        while scopes.counted < scopes.count {
            let index = scopes.counted
            let frame = scopes.frames[index]
            if let header = frame.header { scopes.tell(blocks.nilNames(inBlockOf: header, openedAt: frame.open), frame: index) }
            let end = index + 1 < scopes.count ? scopes.frames[index + 1].open : k
            decideExits(of: index, before: end, in: &scopes)
            scopes.counted += 1
        }
        decideExits(of: scopes.count - 1, before: k, in: &scopes)
    }

    private func isNil(_ name: String, at k: Int, frames: inout Scopes) -> Bool {
        update(&frames, at: k)
        return frames.contains(name)
    }

    private func nilNames(at k: Int, frames: inout Scopes) -> Set<String> {
        update(&frames, at: k)
        return frames.first(Self.maximumNilNamesPerCall)
    }

    /// Works out the exits of the block at `index` in `scopes` that end before `k`.
    private func decideExits(of index: Int, before k: Int, in scopes: inout Scopes) {
        let frame = scopes.frames[index]
        var decided = frame.decidedExits
        while decided < frame.exits.count, frame.exits[decided].block.upperBound < k {
            let exit = frame.exits[decided]
            decided += 1
            let knowledge = conditions.knowledge(of: exit.condition)
            if exit.isGuard {
                scopes.tell(knowledge.nilWhenTrue, frame: index)
            } else if blocks.endsWithExit(exit.block) {
                scopes.tell(knowledge.nilWhenFalse, frame: index)
            }
        }
        scopes.setDecided(decided, frame: index)
    }

    /// For `if`, `while`, `guard` and `else` at `k`: the `{` of the block it controls (a guard's
    /// `else` block), and for a `guard`, or an `if` without `else`, the early exit it may be.
    private func controlBlock(at k: Int, before limit: Int) -> (open: Int, exit: EarlyExit?)? {
        let headers = blocks
        switch code.keyword(k) {
        case .guard:
            guard let elseToken = headers.elseOfGuard(k, before: limit), code.kind(elseToken + 1) == .leftBrace,
                  let close = code.partner(of: elseToken + 1) else { return nil }
            return (elseToken + 1, EarlyExit(condition: (k + 1)..<elseToken, block: (elseToken + 1)...close, isGuard: true))
        case .if:
            guard let open = headers.blockOpen(afterConditionAt: k + 1, before: limit), let close = code.partner(of: open)
            else { return nil }
            let mayExit = code.keyword(k - 1) != .else && code.keyword(close + 1) != .else
            return (open, mayExit ? EarlyExit(condition: (k + 1)..<open, block: open...close, isGuard: false) : nil)
        case .while:
            // Not the `while` of `repeat { … } while x`, which controls no block.
            if code.kind(k - 1) == .rightBrace, let open = code.partner(of: k - 1), code.keyword(open - 1) == .repeat { return nil }
            guard let open = headers.blockOpen(afterConditionAt: k + 1, before: limit) else { return nil }
            return (open, nil)
        case .else:
            // A guard's `else` is handled at the `guard`.
            guard code.kind(k + 1) == .leftBrace, code.kind(k - 1) == .rightBrace else { return nil }
            return (k + 1, nil)
        default:
            return nil
        }
    }
}

/// What one file's tasks do, worked out once for every task at the first one asked about
/// (nested tasks each reading their whole code made a file of them quadratic). Each reader is
/// used by one thread.
private final class FileTasks {
    private var blocks: TaskOperations?
    /// Entry k: how many tokens before k may notice cancellation.
    private var noticing: [Int32]?

    func operations(_ code: CodeTokens) -> TaskOperations {
        if let blocks { return blocks }
        let made = TaskOperationReader(code: code).operationsOfEveryBlock()
        blocks = made
        return made
    }

    /// Whether the task's code can suspend (`await`) or reads its cancellation: cancellation is
    /// cooperative, so a task that does neither runs to its end whatever happens to the view.
    func mayNoticeCancellation(in range: ClosedRange<Int>, _ code: CodeTokens) -> Bool {
        let counts = noticing ?? Self.count(code)
        noticing = counts
        return counts[range.upperBound + 1] > counts[range.lowerBound]
    }

    private static func count(_ code: CodeTokens) -> [Int32] {
        var counts = [Int32](repeating: 0, count: code.count + 1)
        var total: Int32 = 0
        for k in 0..<code.count {
            if code.keyword(k) == .await || code.text(k, is: "isCancelled") || code.text(k, is: "checkCancellation") { total += 1 }
            counts[k + 1] = total
        }
        return counts
    }
}
