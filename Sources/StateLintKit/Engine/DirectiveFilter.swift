/// Applies a file's directives to its violations and reports the directives that did nothing.
struct DirectiveFilter {
    let file: SourceFile
    let directives: [Directive]
    let malformed: [Directive.Malformed]

    struct Outcome {
        var kept: [(ruleID: String, violation: RuleViolation)] = []
        /// Problems with the directives themselves (`superfluous_disable_command`).
        var directiveProblems: [RuleViolation] = []
    }

    /// `violations` by rule id; `ranRules` are the rules that ran on this file (a directive for
    /// a rule that did not run is not superfluous); `knownRules` are all rule ids.
    func apply(_ violations: [(ruleID: String, violation: RuleViolation)], ranRules: Set<String>,
               knownRules: [String]) -> Outcome {
        var outcome = Outcome()
        var used = [Bool](repeating: false, count: directives.count)
        for item in violations {
            let line = file.location(ofOffset: item.violation.start).line
            var suppressed = false
            for (index, directive) in directives.enumerated() where directive.names(item.ruleID) {
                if suppresses(directive, index: index, line: line, offset: item.violation.start, ruleID: item.ruleID) {
                    used[index] = true
                    suppressed = true
                }
            }
            if !suppressed { outcome.kept.append(item) }
        }
        for (index, directive) in directives.enumerated() {
            for id in directive.ruleIDs where id != "all" && !knownRules.contains(id) {
                let suggestion = EditDistance.closestMatch(to: id, in: knownRules)
                outcome.directiveProblems.append(RuleViolation(start: directive.start, end: directive.end,
                    message: "unknown rule `\(id)` in `statelint:\(directive.action.rawValue)`" + (suggestion.map { "; did you mean `\($0)`?" } ?? "")))
            }
            let namesRanRule = directive.ruleIDs.contains { $0 == "all" || ranRules.contains($0) }
            if directive.action != .enable && !used[index] && namesRanRule {
                outcome.directiveProblems.append(RuleViolation(start: directive.start, end: directive.end,
                    message: "`statelint:\(directive.action.rawValue) \(directive.ruleIDs.joined(separator: " "))` suppresses nothing here; remove it"))
            }
        }
        for problem in malformed {
            outcome.directiveProblems.append(RuleViolation(start: problem.start, end: problem.end, message: problem.message))
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
