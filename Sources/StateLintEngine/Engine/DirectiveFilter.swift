import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// A rule violation located in its file: what the engine keeps of a file between linting it
/// and deciding, with the whole project's index, which violations stand.
package struct Candidate: Sendable {
    package let ruleID: String
    package let violation: RuleViolation
    package let start: SourceLocation
    package let end: SourceLocation
}

/// Applies a file's directives to its violations and reports the directives that did nothing.
/// Built while the file is in memory; keeps only the directives and their positions.
package struct DirectiveFilter: Sendable {
    package let directives: [Directive]
    package let malformed: [Directive.Malformed]
    /// Start and end of each directive's comment, then of each malformed one.
    private let directiveSpans: [(SourceLocation, SourceLocation)]
    private let malformedSpans: [(SourceLocation, SourceLocation)]
    private let id: FileID
    /// The edits that remove each directive, or one of its rule ids (malformed ones get no fix).
    private let removals: [DirectiveRemovals]

    package init(file: SourceFile, id: FileID, tokens: [Token]) {
        self.id = id
        let (directives, malformed) = Directive.parse(file, tokens: tokens)
        self.directives = directives
        self.malformed = malformed
        directiveSpans = directives.map { (file.location(ofOffset: $0.start), file.location(ofOffset: $0.end)) }
        malformedSpans = malformed.map { (file.location(ofOffset: $0.start), file.location(ofOffset: $0.end)) }
        removals = directives.map { DirectiveRemovals($0, in: file) }
    }

    package var isEmpty: Bool { directives.isEmpty && malformed.isEmpty }

    package struct Outcome {
        package var kept: [Candidate] = []
        /// Problems with the directives themselves (`superfluous_disable_command`).
        package var directiveProblems: [Candidate] = []
    }

    /// `ranRules` are the rules that ran on this file (a directive for a rule that did not run
    /// is not superfluous); `knownRules` are all rule ids.
    package func apply(_ candidates: [Candidate], ranRules: Set<String>, knownRules: [String]) -> Outcome {
        var outcome = Outcome()
        guard !isEmpty else {
            outcome.kept = candidates
            return outcome
        }
        var used = [Bool](repeating: false, count: directives.count)
        for candidate in candidates {
            var suppressed = false
            for (index, directive) in directives.enumerated() where directive.names(candidate.ruleID) {
                if suppresses(directive, index: index, line: candidate.start.line, offset: candidate.violation.span.range.lowerBound, ruleID: candidate.ruleID) {
                    used[index] = true
                    suppressed = true
                }
            }
            if !suppressed { outcome.kept.append(candidate) }
        }
        let problemID = SuperfluousDisableCommand.description.id
        func problem(_ span: (SourceLocation, SourceLocation), _ start: Int, _ end: Int, _ message: String,
                     fix: Fix?) -> Candidate {
            Candidate(ruleID: problemID, violation: RuleViolation(at: SourceSpan(file: id, range: start..<end), message, fix: fix),
                      start: span.0, end: span.1)
        }
        let isKnown = { (id: String) in id == "all" || knownRules.contains(id) }
        for (index, directive) in directives.enumerated() {
            // A block comment left open is never edited (see `DirectiveRemovals.isEditable`).
            let editable = removals[index].isEditable
            let removeDirective = editable ? Fix(summary: "Remove the directive", edits: [removals[index].comment]) : nil
            // A directive that names no valid rule does nothing: it goes whole.
            let namesValidRule = directive.ruleIDs.contains(where: isKnown)
            for (position, id) in directive.ruleIDs.enumerated() where !isKnown(id) {
                let suggestion = EditDistance.closestMatch(to: id, in: knownRules)
                let fix = namesValidRule && editable
                    ? Fix(summary: "Remove `\(id)` from the directive", edits: [removals[index].ruleIDs[position]]) : removeDirective
                outcome.directiveProblems.append(problem(directiveSpans[index], directive.start, directive.end,
                    "unknown rule `\(id)` in `statelint:\(directive.action.rawValue)`" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
                    fix: fix))
            }
            let namesRanRule = directive.ruleIDs.contains { $0 == "all" || ranRules.contains($0) }
            if directive.action != .enable && !used[index] && namesRanRule {
                outcome.directiveProblems.append(problem(directiveSpans[index], directive.start, directive.end,
                    "`statelint:\(directive.action.rawValue) \(directive.ruleIDs.joined(separator: " "))` suppresses nothing here; remove it",
                    fix: removeDirective))
            }
        }
        // A malformed directive's intent is unknown: it gets no fix.
        for (index, item) in malformed.enumerated() {
            outcome.directiveProblems.append(problem(malformedSpans[index], item.start, item.end, item.message, fix: nil))
        }
        return outcome
    }

    private func suppresses(_ directive: Directive, index: Int, line: Int, offset: Int, ruleID: String) -> Bool {
        switch directive.action {
        case .disableThis: return line == directive.line
        case .disableNext: return line == directive.line + 1
        case .disablePrevious: return line == directive.line - 1
        case .enable: return false
        case .disable:
            guard offset >= directive.end else { return false }
            // Until the first later `enable` naming this rule.
            for later in directives[(index + 1)...] where later.action == .enable && later.names(ruleID) && later.start > directive.start {
                return offset < later.start
            }
            return true
        }
    }
}
