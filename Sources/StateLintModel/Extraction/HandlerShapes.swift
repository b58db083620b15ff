import StateLintSyntax
import StateLintIndex

/// The layout of an action modifier's call, read from tokens, for the fixes that edit it:
/// where the call ends, its closure's shape, the next modifier of its chain, and whether it is
/// `.onAppear { Task { … } }` with nothing else.
package struct HandlerShapes {
    package let code: CodeTokens

    /// The call's last token: its trailing closure's `}`, else its `)`, else its name.
    private func endToken(of call: ModifierCall) -> Int {
        var end = call.nameToken
        if code.kind(end + 1) == .leftParen, let close = code.partner(of: end + 1) { end = close }
        if let closure = call.closure, closure.lowerBound > end { end = closure.upperBound }
        return end
    }

    /// The offset just past the call.
    package func callEnd(of call: ModifierCall) -> Int {
        code[endToken(of: call)].end
    }

    package func closureShape(_ closure: ClosedRange<Int>) -> ClosureShape {
        let signatureEnd = self.signatureEnd(of: closure)
        let first = (signatureEnd ?? closure.lowerBound) + 1
        return ClosureShape(open: code[closure.lowerBound].start, close: code[closure.upperBound].start,
                            lastStatementEnd: closure.count > 2 ? code[closure.upperBound - 1].end : nil,
                            firstStatementStart: first < closure.upperBound ? code[first].start : nil,
                            statementsOpen: code[signatureEnd ?? closure.lowerBound].end,
                            takesStatementAtEnd: closure.count <= 2 || !endsUnfinishedOrReturning(closure.upperBound - 1))
    }

    /// A `.`, `,` or `:`, an operator that is not postfix (postfix: bound to the token before,
    /// as in `value!`), an attribute, or a keyword that needs what follows (`let`, `try`, `if`,
    /// `throw`), which the next token would continue; or `return`, after which nothing runs.
    private func endsUnfinishedOrReturning(_ k: Int) -> Bool {
        switch code.kind(k) {
        case .period?, .comma?, .colon?, .attribute?: return true
        case .operator?: return k == 0 || code[k - 1].end != code[k].start
        case .keyword?: return !Self.keywordsEndingAStatement.contains(code.keyword(k)) || code.keyword(k) == .return
        default: return false
        }
    }

    /// `return`, `break`, literals, `self`; `in`, which ends a closure's signature.
    private static let keywordsEndingAStatement: Set<Keyword> = [
        .break, .continue, .fallthrough, .return, .true, .false, .nil, .self, .Self, .super, .in, .Any, .`init`,
    ]

    /// Whether the signature of the closure opened at `open`, ending at `end`, is `@MainActor in`.
    private func isMainActorOnly(signatureEnd end: Int, open: Int) -> Bool {
        end == open + 2 && code.kind(open + 1) == .attribute && code.text(open + 1, is: "@MainActor")
    }

    /// The `in` that ends a closure's signature (`{ [weak self] in`, `{ @MainActor in`,
    /// `{ value in`, `{ (a: Int) async -> Void in`), if it has one.
    private func signatureEnd(of closure: ClosedRange<Int>) -> Int? {
        var k = closure.lowerBound + 1
        while k < closure.upperBound {
            if code.keyword(k) == .in { return k }
            switch code.kind(k) {
            case .leftBracket?, .leftParen?:
                guard let close = code.partner(of: k) else { return nil }
                k = close + 1
                continue
            case .attribute?, .identifier?, .comma?, .period?:
                break
            case .operator?:
                // `->`, and the `?`/`!` of types.
                guard code.text(k, is: "->") || code.text(k, is: "?") || code.text(k, is: "!") else { return nil }
            case .keyword?:
                switch code.keyword(k) {
                case .throws, .rethrows, .wildcard, .`Self`, .`Any`: break
                default: return nil
                }
            default:
                return nil
            }
            k += 1
        }
        return nil
    }

    /// The offset of the first code token after the call (comments and blanks skipped).
    package func offsetAfterCall(_ call: ModifierCall) -> Int {
        let end = endToken(of: call)
        return end + 1 < code.count ? code[end + 1].start : Int.max
    }

    /// Links each handler to the one whose `.` is the next code token after its call;
    /// `following[i]` is that token's offset for `handlers[i]`.
    package static func linkChains(_ handlers: inout [HandlerFacts], following: [Int]) {
        var byDot: [Int: Int] = [:]
        for (position, handler) in handlers.enumerated() { byDot[handler.dotOffset] = position }
        for position in handlers.indices { handlers[position].nextInChain = byDot[following[position]] }
    }

    /// `.onAppear { Task { … } }` — a trailing closure whose one statement is a `Task { … }`
    /// (or `Task(priority: p) { … }`), and no comment in the parts the fix removes. A capture list
    /// or `@MainActor in` stays with the body.
    package func taskConversion(of call: ModifierCall) -> TaskConversion? {
        guard let action = call.closure, isTrailingAction(action, of: call) else { return nil }
        return taskConversion(inBody: action)
    }

    /// A body `{ … }` (a closure's or a function's) whose one statement is a task: see above.
    /// `allowingSignature: false`: not a task whose closure has a capture list or `in` (a
    /// method's body cannot keep one).
    package func taskConversion(inBody action: ClosedRange<Int>, allowingSignature: Bool = true) -> TaskConversion? {
        guard let task = taskStatement(at: action.lowerBound + 1), task.end == action.upperBound else { return nil }
        if !allowingSignature, let close = code.partner(of: task.open), signatureEnd(of: task.open...close) != nil { return nil }
        let taskOpen = task.open
        let taskClose = code.partner(of: taskOpen)!
        let before = code[action.lowerBound].end..<code[taskOpen].end
        let after = code[taskClose].end..<code[action.upperBound].end
        let bytes = code.file.bytes
        // A comment in a removed stretch would be lost.
        guard !bytes[before].contains(UInt8(ascii: "/")), !bytes[after].contains(UInt8(ascii: "/")) else { return nil }
        var conversion = TaskConversion(removedBeforeBody: before, removedAfterBody: after,
                                        bodyOpen: code[taskOpen].start, bodyClose: code[taskClose].start, priority: task.priority)
        conversion.taskStart = code[task.start].start
        let signature = signatureEnd(of: taskOpen...taskClose)
        conversion.hasSignature = signature != nil
        if let signature, isMainActorOnly(signatureEnd: signature, open: taskOpen) {
            conversion.mainActorSignature = code[taskOpen].end..<code[signature].end
        }
        return conversion
    }

    /// `Task { … }` or `Task(priority: p) { … }` starting at code index `k`: its closure's `{`,
    /// the index just past the statement, and the priority argument as written.
    private func taskStatement(at k: Int) -> (start: Int, open: Int, end: Int, priority: String?)? {
        guard code.text(k, is: "Task") else { return nil }
        var open = k + 1
        var priority: String?
        if code.kind(open) == .leftParen, let close = code.partner(of: open) {
            guard code.text(open + 1, is: "priority"), code.kind(open + 2) == .colon, close > open + 3,
                  !(open + 3..<close).contains(where: { code.kind($0) == .comma }) else { return nil }
            priority = code.file.text(code[open + 1].start..<code[close - 1].end)
            open = close + 1
        }
        guard code.kind(open) == .leftBrace, !code.lineBreakBefore[open], let close = code.partner(of: open) else { return nil }
        return (k, open, close + 1, priority)
    }

    /// `.onAppear { a(); Task { … } }`, `.onAppear { a(); if ready { Task { … } } }`,
    /// `.onAppear { Task.detached { … } }`: the action's statements that are tasks (an `if`
    /// holding only a task must be the last: its condition would be read later), with no comment
    /// before them; each can move to a `.task { … }` of its own.
    package func taskMoves(of call: ModifierCall) -> [TaskMove] {
        guard let action = call.closure, isTrailingAction(action, of: call) else { return [] }
        let statements = Statements(code: code, body: (action.lowerBound + 1)..<action.upperBound).ranges
        guard !statements.isEmpty else { return [] }
        // No closure signature (`{ value in`): the statements are the action's own.
        if code.keyword(statements[0].upperBound - 1) == .in { return [] }
        let bytes = code.file.bytes
        var moves: [TaskMove] = []
        // Once a statement may leave the action early (or an `#if` may leave it out), no task
        // after it moves: out of the action, it would run where it did not.
        var mayHaveLeft = false
        for (index, statement) in statements.enumerated() {
            defer { mayHaveLeft = mayHaveLeft || mayLeaveEarly(statement) }
            if mayHaveLeft { break }
            var condition: String?
            var task: (start: Int, open: Int, end: Int, priority: String?)?
            var detached: String?
            // The `{ … }` the task's code moves in: as written, or (an `if`'s block) without `@MainActor in`.
            var closureText: String?
            if let plain = taskStatement(at: statement.lowerBound), plain.end == statement.upperBound {
                task = plain
            } else if let found = detachedTaskStatement(at: statement.lowerBound), found.end == statement.upperBound {
                task = (found.start, found.open, found.end, nil)
                detached = code.file.text(code[found.start].start..<code[found.open - 1].end)
            } else if code.keyword(statement.lowerBound) == .if, index == statements.count - 1,
                      let open = blockOpen(after: statement.lowerBound, before: statement.upperBound),
                      let close = code.partner(of: open), close + 1 == statement.upperBound,
                      let inner = taskStatement(at: open + 1) ?? detachedTaskStatement(at: open + 1).map({ ($0.start, $0.open, $0.end, nil) }),
                      inner.end == close,
                      let innerClose = code.partner(of: inner.open),
                      // A comment in the block around the task would go with its braces.
                      !bytes[code[open].end..<code[inner.start].start].contains(UInt8(ascii: "/")),
                      !bytes[code[innerClose].end..<code[close].start].contains(UInt8(ascii: "/")) {
                if code.kind(inner.start + 1) == .period {
                    // A detached task keeps its closure, and stays detached inside the `if`.
                    detached = code.file.text(code[inner.start].start..<code[inner.open - 1].end)
                } else if let end = signatureEnd(of: inner.open...innerClose) {
                    // The task's closure becomes the `if`'s block: no signature but `@MainActor in`
                    // (what a view's code runs on anyway), which goes.
                    guard isMainActorOnly(signatureEnd: end, open: inner.open) else { continue }
                    closureText = "{" + code.file.text(code[end].end..<code[innerClose].end)
                }
                task = inner
                condition = code.file.text(code[statement.lowerBound].start..<code[open - 1].end)
            }
            guard let task, let taskClose = code.partner(of: task.open) else { continue }
            // What leaves: from the end of what comes before (the statement before, or the
            // action's `{`) to the end of the statement; or, first of several, up to the next one.
            let ownLines = code.lineBreakBefore[statement.lowerBound] && code.lineBreakBefore[code.kind(statement.upperBound) == .semicolon ? statement.upperBound + 1 : statement.upperBound]
            let before = index > 0 ? code[statements[index - 1].upperBound - 1].end : code[action.lowerBound].end
            let after = index + 1 < statements.count ? code[statements[index + 1].lowerBound].start : code[action.upperBound].start
            let removed: Range<Int>
            if statements.count == 1 {
                removed = code[action.lowerBound].end..<code[action.upperBound].start
            } else if index > 0 || ownLines {
                removed = before..<code[statement.upperBound - 1].end
            } else {
                removed = code[statement.lowerBound].start..<after
            }
            // A comment in what leaves (before the statement, or after it up to the next) would go,
            // but `//` lines right above a statement on lines of its own go with it.
            let gap = index > 0 || ownLines ? before..<code[statement.lowerBound].start : code[statement.upperBound - 1].end..<after
            // Nor a comment after the statement on its last line, which would join the line before.
            var lineEnd = code[statement.upperBound - 1].end
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
            guard !bytes[code[statement.upperBound - 1].end..<lineEnd].contains(UInt8(ascii: "/")) else { continue }
            var leadingComments: [String] = []
            if bytes[gap].contains(UInt8(ascii: "/")) {
                guard ownLines || statements.count == 1, let comments = Self.lineComments(in: code.file.text(gap)) else { continue }
                leadingComments = comments
            }
            let indentation = indentation(before: statement.lowerBound)
            var move = TaskMove(removed: removed, taskOffset: code[task.start].start,
                                closure: closureText ?? code.file.text(code[task.open].start..<code[taskClose].end),
                                indentation: indentation, condition: condition, priority: task.priority,
                                detachedStart: detached, isWholeAction: statements.count == 1)
            move.leadingComments = leadingComments
            moves.append(move)
        }
        return moves
    }

    /// The `//` comments of `text` (trimmed), when it holds nothing else but blanks, each
    /// comment on a line of its own and the last line (where the statement starts) blank.
    static func lineComments(in text: String) -> [String]? {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        guard lines.count >= 2, lines.last!.allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
        var comments: [String] = []
        // The first line is the end of what comes before (the action's `{`, the last statement).
        for line in lines.dropFirst() {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("//"), !trimmed.contains("*/") else { return nil }
            comments.append(String(trimmed.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed()))
        }
        guard lines.first!.allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
        return comments.isEmpty ? nil : comments
    }

    /// Whether code in `range` may leave its body before the end (`return`, `guard`, `throw`,
    /// `break`, `continue`, at any depth: a closure's `return` counts too, to be safe) or is
    /// compiled only sometimes (`#if`).
    package func mayLeaveEarly(_ range: Range<Int>) -> Bool {
        range.contains { k in
            let keyword = code.keyword(k)
            if keyword == .return || keyword == .guard || keyword == .throw || keyword == .break || keyword == .continue { return true }
            return code.isConditionalDirective(k)
        }
    }

    /// The blanks before token `k` on its line, "" when code comes before it there.
    private func indentation(before k: Int) -> String {
        let bytes = code.file.bytes
        var lineStart = code[k].start
        while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
        guard lineStart == 0 || bytes[lineStart - 1] == 0x0A || bytes[lineStart - 1] == 0x0D else { return "" }
        return String(decoding: bytes[lineStart..<code[k].start], as: UTF8.self)
    }

    /// `.onAppear { … }`, `.onAppear() { … }`, `.task(priority: p) { … }`: the action is the
    /// trailing closure right after the name or its arguments.
    private func isTrailingAction(_ action: ClosedRange<Int>, of call: ModifierCall) -> Bool {
        let next = call.nameToken + 1
        return action.lowerBound == next || code.kind(next) == .leftParen && code.partner(of: next).map { $0 + 1 } == action.lowerBound
    }

    /// `Task.detached { … }` or `Task.detached(priority: p) { … }` at `k`.
    private func detachedTaskStatement(at k: Int) -> (start: Int, open: Int, end: Int)? {
        guard code.text(k, is: "Task"), code.kind(k + 1) == .period, code.text(k + 2, is: "detached") else { return nil }
        var open = k + 3
        if code.kind(open) == .leftParen, let close = code.partner(of: open) { open = close + 1 }
        guard code.kind(open) == .leftBrace, !code.lineBreakBefore[open], let close = code.partner(of: open) else { return nil }
        return (k, open, close + 1)
    }

    /// The first `{` after `start` outside brackets: the block of an `if` at `start`.
    private func blockOpen(after start: Int, before end: Int) -> Int? {
        var j = start
        while j < end {
            if code.kind(j) == .leftBrace { return j }
            if code.kind(j) == .leftParen || code.kind(j) == .leftBracket, let close = code.partner(of: j) { j = close + 1; continue }
            j += 1
        }
        return nil
    }

    /// A method's body that ends with one task (`Task { … }`, `Task(priority: p) { … }` or
    /// `Task { @MainActor in … }`, which a view's method is anyway; see `tailTasks`), with
    /// `Task {` and its `}` on lines of their own: removing those two lines leaves the task's code
    /// as the method's own.
    package func tailTaskConversion(inBody body: ClosedRange<Int>) -> TaskConversion? {
        let tails = tailTasks(inBody: body)
        return tails.count == 1 ? tails[0].conversion : nil
    }

    /// `.task(priority: p)`: `priority: p` as written, when that is its one argument.
    package func priorityArgument(of call: ModifierCall) -> String? {
        let open = call.nameToken + 1
        guard code.kind(open) == .leftParen, let close = code.partner(of: open), code.text(open + 1, is: "priority"),
              code.kind(open + 2) == .colon, close > open + 3, !(open + 3..<close).contains(where: { code.kind($0) == .comma }) else { return nil }
        return code.file.text(code[open + 1].start..<code[close - 1].end)
    }

    /// An `.onAppear` or `.task` action whose last work is `Task.detached { … }` (see below).
    package func detachedTail(of call: ModifierCall) -> DetachedTail? {
        guard let action = call.closure, isTrailingAction(action, of: call) else { return nil }
        return detachedTail(inBody: action)
    }

    /// A method's (or an action's) body whose last work is `Task.detached { … }` (with arguments or not), a
    /// statement of its own whose handle nothing keeps, in `if`/`else`/`do`/`catch` blocks only,
    /// its `}` ending its line: where the method, made `async`, keeps it detached and awaits it
    /// under a cancellation handler (see `DetachedTail`).
    package func detachedTail(inBody body: ClosedRange<Int>) -> DetachedTail? {
        var found: DetachedTail?
        var k = body.lowerBound + 1
        while k < body.upperBound {
            defer { k += 1 }
            guard let task = detachedTaskStatement(at: k), code.lineBreakBefore[k], let close = code.partner(of: task.open),
                  close + 1 < code.count, code.lineBreakBefore[close + 1] || code.kind(close + 1) == .rightBrace,
                  endsBody(after: close, body), isInBlocksOnly(k, body) else { continue }
            guard found == nil else { return nil }
            found = DetachedTail(start: code[k].start, end: code[close].end, indentation: indentation(before: k),
                                 isWholeBody: k == body.lowerBound + 1 && close + 1 == body.upperBound)
        }
        return found
    }

    /// The tasks an `.onAppear` or `.task` action ends with (see `tailTasks(inBody:)`).
    package func tailTasks(of call: ModifierCall) -> [TailTask] {
        guard let action = call.closure, isTrailingAction(action, of: call) else { return [] }
        return tailTasks(inBody: action)
    }

    /// The tasks a body ends with: after one's `}`, only the `}` of the blocks around it and
    /// `else`/`catch` branches (which do not run after it) up to the body's `}`; the blocks around
    /// it are `if`/`else`/`do`/`catch` blocks, not closures or loops; `Task {` and its `}` on lines
    /// of their own.
    private func tailTasks(inBody body: ClosedRange<Int>) -> [TailTask] {
        var found: [TailTask] = []
        var k = body.lowerBound + 1
        while k < body.upperBound {
            defer { k += 1 }
            guard let task = taskStatement(at: k), let close = code.partner(of: task.open),
                  code.lineBreakBefore[k], endsBody(after: close, body), isInBlocksOnly(k, body),
                  let conversion = ownLinesConversion(taskAt: k, open: task.open, close: close, priority: task.priority)
                    ?? oneLineConversion(taskAt: k, open: task.open, close: close, priority: task.priority) else { continue }
            found.append(TailTask(taskOffset: code[k].start, conversion: conversion))
        }
        return found
    }

    /// Whether nothing runs after the `}` or `)` at `close` in the body: only `}` and
    /// `else`/`catch` branches up to the body's `}`.
    package func endsBody(after close: Int, _ body: ClosedRange<Int>) -> Bool {
        var j = close + 1
        while j < body.upperBound {
            if code.kind(j) == .rightBrace { j += 1; continue }
            guard code.keyword(j) == .else || code.keyword(j) == .catch else { return false }
            // `else { … }`, `else if condition { … }`, `catch let error as E { … }`: skip the branch.
            guard let open = blockOpen(after: j, before: body.upperBound), let end = code.partner(of: open) else { return false }
            j = end + 1
        }
        return true
    }

    /// Whether every brace between the body's `{` and `k` that encloses `k` opens an `if`,
    /// `else`, `do` or `catch` block.
    private func isInBlocksOnly(_ k: Int, _ body: ClosedRange<Int>) -> Bool {
        var j = body.lowerBound + 1
        while j < k {
            if code.kind(j) == .leftBrace, let close = code.partner(of: j) {
                if close < k { j = close + 1; continue }
                // It encloses `k`: an `if`/`else`/`do`/`catch` block only.
                guard let header = blockHeaderKeyword(before: j), [.if, .else, .do, .catch].contains(header) else { return false }
            } else if (code.kind(j) == .leftParen || code.kind(j) == .leftBracket), let close = code.partner(of: j), close < k {
                j = close + 1
                continue
            }
            j += 1
        }
        return true
    }

    /// The keyword (`if`, `else`, `do`, `catch`, `guard`, a loop's, `switch`) whose block opens at
    /// `open`, looking back on its line(s); nil for a closure.
    private func blockHeaderKeyword(before open: Int) -> Keyword? {
        var j = open - 1
        var steps = 0
        while j >= 0, steps < 256 {
            steps += 1
            if let partner = code.partner(of: j), partner < j { j = partner - 1; continue }
            let keyword = code.keyword(j)
            if [.if, .else, .do, .catch, .guard, .while, .for, .switch, .repeat].contains(keyword) { return keyword }
            if code.kind(j) == .leftBrace || code.kind(j) == .rightBrace || code.kind(j) == .semicolon { return nil }
            j -= 1
        }
        return nil
    }

    /// Removing `Task { ` and ` }` around a task written on one line (`Task { await load() }`),
    /// its code kept where it was; no capture list (`@MainActor in` goes with `Task {`).
    private func oneLineConversion(taskAt k: Int, open: Int, close: Int, priority: String?) -> TaskConversion? {
        guard !(open + 1...close).contains(where: { code.lineBreakBefore[$0] }),
              let (bodyStart, hasSignature) = taskBodyStart(open: open, close: close), bodyStart < close else { return nil }
        return conversion(taskAt: k, open: open, close: close, priority: priority, hasSignature: hasSignature,
                          removing: code[k].start..<code[bodyStart].start, and: code[close - 1].end..<code[close].end)
    }

    /// The first token of the code of the task whose closure is `open`…`close`, after `@MainActor
    /// in` (which goes with `Task {`); nil for any other signature (a capture list stays).
    private func taskBodyStart(open: Int, close: Int) -> (Int, hasSignature: Bool)? {
        guard let end = signatureEnd(of: open...close) else { return (open + 1, false) }
        return isMainActorOnly(signatureEnd: end, open: open) ? (end + 1, true) : nil
    }

    /// The conversion that removes `header` and `footer` around the task at `k`, when neither
    /// holds a comment (it would be lost).
    private func conversion(taskAt k: Int, open: Int, close: Int, priority: String?, hasSignature: Bool,
                            removing header: Range<Int>, and footer: Range<Int>) -> TaskConversion? {
        let bytes = code.file.bytes
        guard !bytes[header].contains(UInt8(ascii: "/")), !bytes[footer].contains(UInt8(ascii: "/")) else { return nil }
        var conversion = TaskConversion(removedBeforeBody: header, removedAfterBody: footer,
                                        bodyOpen: code[open].start, bodyClose: code[close].start, priority: priority)
        conversion.taskStart = code[k].start
        conversion.hasSignature = hasSignature
        return conversion
    }

    /// Removing `Task {` and its `}` where each is on a line of its own (through the line break),
    /// the body's lines kept; no capture list (`@MainActor in` goes with the `Task {` line).
    private func ownLinesConversion(taskAt k: Int, open: Int, close: Int, priority: String?) -> TaskConversion? {
        guard let (bodyStart, hasSignature) = taskBodyStart(open: open, close: close), bodyStart < close,
              code.lineBreakBefore[bodyStart], code.lineBreakBefore[close], close + 1 < code.count,
              code.lineBreakBefore[close + 1] || code.kind(close + 1) == .rightBrace else { return nil }
        let bytes = code.file.bytes
        func lineStart(_ offset: Int) -> Int {
            var start = offset
            while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
            return start
        }
        func lineEnd(after offset: Int) -> Int? {
            var end = offset
            while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
            guard end < bytes.count, bytes[end] == 0x0A || bytes[end] == 0x0D else { return nil }
            return end + (bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A ? 2 : 1)
        }
        guard let headerEnd = lineEnd(after: code[bodyStart - 1].end), let footerEnd = lineEnd(after: code[close].end) else { return nil }
        return conversion(taskAt: k, open: open, close: close, priority: priority, hasSignature: hasSignature,
                          removing: lineStart(code[k].start)..<headerEnd, and: lineStart(code[close].start)..<footerEnd)
    }
}
