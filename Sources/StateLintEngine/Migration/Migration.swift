import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// `statelint migrate`: moves `ObservableObject` classes to `@Observable`, each class with every
/// use of it in the project, or keeps the class as it is and says why (all or nothing per class).
///
/// Pure: bytes in, bytes out. The class and its uses are rewritten from the tokens
/// (`MigrationRewrites`); on Xcode 26 and earlier (or an unknown Xcode) a `@StateObject` that
/// creates its object becomes `@State` and then takes `state_inline_class_init`'s lazily owned
/// rewrite (`LazilyOwnedStateFix`), found by linting the migrated files; where that rewrite is
/// refused, the class is kept.
package enum Migration {
    package struct Request {
        /// Every file of the project (absolute path, bytes).
        package var files: [(path: String, bytes: [UInt8])]
        /// Whether a class declared in this file is to be migrated (`statelint migrate PATH`).
        package var requested: (String) -> Bool = { _ in true }
        /// `--type NAME`: only these classes (empty: all).
        package var types: [String] = []
        /// The Xcode major version; nil when unknown (treated as 26).
        package var xcodeMajor: Int?
        /// Why the deployment target keeps every class, when it does.
        package var deploymentRefusal: String?
        /// The project's deployment targets (`DeploymentTargets.read`, or `deployment_target`):
        /// a platform below Observation's first release keeps every class; none known gives a
        /// note and the classes migrate. Nil: not checked.
        package var deploymentTargets: DeploymentTargets?
        package var knownClasses: [String] = []
        package var displayPath: (String) -> String = { $0 }
        /// Threads for reading the files and their uses.
        package var jobs = 1

        package init(files: [(path: String, bytes: [UInt8])]) { self.files = files }
    }

    package struct Report: Sendable, Equatable {
        package struct Migrated: Sendable, Equatable {
            package var type: String
            package var files: [String]
        }
        package struct Refused: Sendable, Equatable {
            package var type: String
            package var reasons: [String]
        }
        /// A place that keeps more than one class (a value StateLint cannot type, an existential).
        package struct Blocker: Sendable, Equatable {
            package var file: String
            package var line: Int
            package var reason: String
            /// What to write there so that StateLint can tell which class it is.
            package var unblock: String?
            package var keeps: [String]
        }
        package var migrated: [Migrated] = []
        package var refused: [Refused] = []
        /// Most classes kept first.
        package var blockers: [Blocker] = []
        /// Said once for the whole run (the deployment target is unknown).
        package var notes: [String] = []

        /// `migrated N of M classes; K blockers keep L of them`.
        package var summary: String {
            let total = migrated.count + refused.count
            var text = "migrated \(migrated.count) of \(total) \(total == 1 ? "class" : "classes")"
            if !blockers.isEmpty {
                let kept = Set(blockers.flatMap(\.keeps)).count
                text += "; \(blockers.count) \(blockers.count == 1 ? "blocker keeps" : "blockers keep") \(kept) of them"
            }
            return text
        }

        /// One line per class, one per blocker, and the summary.
        package var lines: [String] {
            migrated.map { "migrated \($0.type): " + $0.files.joined(separator: ", ") }
                + refused.map { "kept \($0.type): " + $0.reasons.joined(separator: "; ") }
                + blockers.map { blocker in
                    let unblock = blocker.unblock.map { "; to unblock: \($0)" } ?? ""
                    return "blocker \(blocker.file):\(blocker.line) keeps \(blocker.keeps.count) classes ("
                        + Self.listed(blocker.keeps) + "): \(blocker.reason)" + unblock
                }
                + [summary]
        }

        private static func listed(_ names: [String]) -> String {
            let shown = names.prefix(5).joined(separator: ", ")
            return names.count > 5 ? shown + ", … \(names.count - 5) more" : shown
        }

        /// `{"migrated":[{"type":…,"files":[…]}],"refused":[{"type":…,"reasons":[…]}],
        /// "blockers":[{"file":…,"line":…,"reason":…,"unblock":…,"keeps":[…]}],"summary":…}`, and
        /// `"notes":[…]` when there are notes.
        package var json: JSONValue {
            var entries: [(key: String, value: JSONValue)] = [
                ("migrated", .array(migrated.map { .object([("type", .string($0.type)), ("files", .array($0.files.map(JSONValue.string)))]) })),
                ("refused", .array(refused.map { .object([("type", .string($0.type)), ("reasons", .array($0.reasons.map(JSONValue.string)))]) })),
                ("blockers", .array(blockers.map { blocker in
                    var fields: [(key: String, value: JSONValue)] = [("file", .string(blocker.file)), ("line", .int(blocker.line)),
                                                                  ("reason", .string(blocker.reason))]
                    if let unblock = blocker.unblock { fields.append(("unblock", .string(unblock))) }
                    fields.append(("keeps", .array(blocker.keeps.map(JSONValue.string))))
                    return .object(fields)
                })),
                ("summary", .string(summary)),
            ]
            if !notes.isEmpty { entries.append(("notes", .array(notes.map(JSONValue.string)))) }
            return .object(entries)
        }
    }

    package struct Outcome {
        package var report = Report()
        /// The bytes of every file that changes, and of those files as they were.
        package var changed: [String: [UInt8]] = [:]
        package var original: [String: [UInt8]] = [:]
    }

    package static let unknownDeploymentTarget = "the deployment target is unknown (no `platforms:` in Package.swift, no deployment "
        + "target in an .xcodeproj, no `deployment_target` in .linter.yml): classes are migrated; @Observable needs "
        + "iOS 17, macOS 14, tvOS 17, watchOS 10 or visionOS 1"

    /// How many times classes may be dropped and the rest planned again.
    private static let maximumPasses = 16

    package static func run(_ request: Request) -> Outcome {
        let shown = request.files.map { request.displayPath($0.path) }
        let sources = parallelMap(Array(request.files.indices), jobs: request.jobs) { [files = request.files] index in
            MigrationSource(path: files[index].path, bytes: files[index].bytes, displayPath: shown[index])
        }
        let bytes = Dictionary(request.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        let candidates = MigrationCandidates(sources, requested: request.requested)
        let project = MigrationProject(sources: sources, candidates: candidates, xcodeMajor: request.xcodeMajor)
        let uses = resolved(MigrationUses.scan(project, jobs: request.jobs))
        var reasons = candidates.reasons
        let deploymentRefusal = request.deploymentRefusal ?? request.deploymentTargets?.observationRefusal
        var byClass: [String: [ClassUse]] = [:]
        for use in uses {
            for name in use.classes { byClass[name, default: []].append(use) }
        }
        for candidate in candidates.candidates {
            func add(_ reason: String) { if !(reasons[candidate.name] ?? []).contains(reason) { reasons[candidate.name, default: []].append(reason) } }
            if let deployment = deploymentRefusal { add(deployment) }
            for use in byClass[candidate.name] ?? [] { if let reason = use.reason { add(reason) } }
        }
        let selected = candidates.candidates.filter { $0.isRequested && (request.types.isEmpty || request.types.contains($0.name)) }
        var outcome = Outcome()
        if request.deploymentRefusal == nil, request.deploymentTargets?.isUnknown == true {
            outcome.report.notes.append(Self.unknownDeploymentTarget)
        }
        var migratedFiles: [String: Set<String>] = [:]
        // Each pass lints the project again; most of its files are as the last lint read them.
        let analyses = AnalysisCache()
        analyses.seed(sources.map { ($0.structure, $0.comments) })
        let selectedNames = Set(selected.map(\.name))
        for _ in 0..<maximumPasses {
            Self.keepGroupsWhole(candidates.groups, selected: selectedNames, reasons: &reasons)
            let active = selected.filter { (reasons[$0.name] ?? []).isEmpty }
            var edits: [String: [TextEdit]] = [:]
            var owners: [String: Set<String>] = [:]  // path → classes with edits there
            var lazilyOwned: [(type: String, path: String, offset: Int, place: String)] = []
            for candidate in active {
                let own = (byClass[candidate.name] ?? []).filter { $0.reason == nil && $0.classes.count == 1 }
                for edit in MigrationRewrites.classEdits(candidate, sources) + own.flatMap(\.edits) {
                    edits[edit.path, default: []].append(edit)
                    owners[edit.path, default: []].insert(candidate.name)
                }
                lazilyOwned += own.compactMap(\.lazilyOwned).map { (candidate.name, $0.path, $0.offset, $0.place) }
            }
            // A group's protocol, and the uses typed as a parameter it constrains, change with all
            // its classes (every one is active here, or none is).
            let activeNames = Set(active.map(\.name))
            for group in candidates.groups.values.sorted(by: { $0.name < $1.name })
            where !group.members.isEmpty && group.members.allSatisfy(activeNames.contains) {
                let groupEdits = MigrationRewrites.protocolEdits(group, sources)
                    + uses.filter { $0.group == group.name && $0.reason == nil }.flatMap(\.edits)
                for edit in groupEdits {
                    edits[edit.path, default: []].append(edit)
                    owners[edit.path, default: []].formUnion(group.members)
                }
            }
            // One fix per file: its edits, each once.
            let paths = edits.keys.sorted()
            let fixes: [Fix?] = paths.map { path in
                var seen: Set<TextEdit> = []
                let unique = edits[path]!.filter { seen.insert($0).inserted }
                    .sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
                return Fix(summary: "Migrate to @Observable", edits: unique)
            }
            let first = FixApplier.apply(fixes, to: bytes)
            var dropped = false
            for (index, result) in first.outcomes.enumerated() {
                guard case .rejected(let rejection)? = result else { continue }
                for name in owners[paths[index]] ?? [] {
                    reasons[name, default: []].append("its edits in \(request.displayPath(paths[index])) cannot be applied together (\(rejection))")
                    dropped = true
                }
            }
            if dropped { continue }
            var files = first.changedFiles
            var classFiles: [String: Set<String>] = [:]
            for (path, names) in owners where files[path] != nil { for name in names { classFiles[name, default: []].insert(path) } }
            // Owned state: what the view makes becomes state it owns, by the rules' own fixes.
            // The lazily owned `@State` of `state_inline_class_init` (Xcode 26 and earlier) where
            // a wrapper became `@State`, or where `@State` already held a new object of a
            // migrated class; and `observable_inline_init`'s fix where a property without a
            // wrapper is given one (set in `init` by an `@ObservedObject`, or never wrapped):
            // migrate leaves no such finding behind. Fixes that overlap in a view apply one per
            // round.
            var merged = bytes.merging(files) { $1 }
            let isModern = (request.xcodeMajor ?? 0) >= 27
            for round in 0..<maximumOwnedStateRounds where !files.isEmpty {
                let lint = lintOwnedState(merged, knownClasses: request.knownClasses, modern: isModern,
                                          inlineState: !isModern || round == 0 && !lazilyOwned.isEmpty, cache: analyses)
                var roundFixes: [Fix] = []
                var roundOwners: [String] = []
                var isInlineState: [Bool] = []
                func add(_ fix: Fix, owner: String, inlineState: Bool) {
                    guard !roundFixes.contains(fix) else { return }
                    roundFixes.append(fix)
                    roundOwners.append(owner)
                    isInlineState.append(inlineState)
                }
                if round == 0 {
                    for property in lazilyOwned {
                        let edited = edits[property.path] ?? []
                        let original = bytes[property.path] ?? []
                        let ending = SourceStyle.lineEnding(of: original)
                        var offset = property.offset
                        for edit in edited where edit.range.upperBound <= property.offset {
                            offset += SourceStyle.normalizingLineBreaks(Array(edit.replacement.utf8), to: ending).count - edit.range.count
                        }
                        let line = SourceFile(path: property.path, bytes: merged[property.path] ?? original).location(ofOffset: offset).line
                        guard let finding = lint.first(where: { $0.ruleID == LintEngine.inlineClassInitID && $0.path == property.path && $0.start.line == line }) else { continue }
                        if let fix = finding.fix {
                            add(fix, owner: property.type, inlineState: true)
                        } else {
                            reasons[property.type, default: []].append("the object the view owns at \(property.place) cannot become a lazily owned `@State` (made once, on appear): \(refusal(in: finding))")
                            dropped = true
                        }
                    }
                }
                let isLastRound = round == maximumOwnedStateRounds - 1
                // (On Xcode 27 `@State`'s initial value is made once: only the places above.)
                for finding in lint where finding.ruleID == observableInlineInitID || !isModern && finding.ruleID == LintEngine.inlineClassInitID {
                    guard let owner = Self.migratedClass(madeAt: finding, in: merged, among: activeNames) else { continue }
                    if let fix = finding.fix, !isLastRound {
                        add(fix, owner: owner, inlineState: false)
                        continue
                    }
                    let property = Self.propertyName(inMessage: finding.message)
                    let place = finding.ruleID == observableInlineInitID
                        ? "`\(property)` in \(request.displayPath(finding.path)), a property without a wrapper given a new `\(owner)`,"
                        : "`@State` `\(property)` in \(request.displayPath(finding.path)), given a new `\(owner)` on every view init,"
                    if !(reasons[owner] ?? []).contains(where: { $0.hasPrefix(place) }) {
                        reasons[owner, default: []].append("\(place) cannot become state the view owns: \(finding.fix == nil ? refusal(in: finding) : "its rewrite overlaps another")")
                    }
                    dropped = true
                }
                if dropped || roundFixes.isEmpty { break }
                let applied = FixApplier.apply(roundFixes, to: merged)
                for (index, result) in applied.outcomes.enumerated() {
                    // A fix of a property without a wrapper that overlaps another is found again next round.
                    guard case .rejected(let rejection)? = result, isInlineState[index] else { continue }
                    reasons[roundOwners[index], default: []].append("its lazily owned `@State` rewrite cannot be applied (\(rejection))")
                    dropped = true
                }
                if dropped { break }
                for (index, fix) in roundFixes.enumerated() where applied.outcomes[index].map({ if case .rejected = $0 { return false } else { return true } }) ?? true {
                    for edit in fix.edits { classFiles[roundOwners[index], default: []].insert(edit.path) }
                }
                merged.merge(applied.changedFiles) { $1 }
                files.merge(applied.changedFiles) { $1 }
            }
            if dropped { continue }
            outcome.changed = files
            outcome.original = bytes.filter { files[$0.key] != nil }
            migratedFiles = classFiles
            for candidate in active where migratedFiles[candidate.name] == nil { migratedFiles[candidate.name] = [] }
            break
        }
        for candidate in selected {
            if let reasons = reasons[candidate.name], !reasons.isEmpty {
                outcome.report.refused.append(.init(type: candidate.name, reasons: reasons))
            } else if let files = migratedFiles[candidate.name] {
                outcome.report.migrated.append(.init(type: candidate.name, files: files.map(request.displayPath).sorted()))
            }
        }
        for name in request.types where !selected.contains(where: { $0.name == name }) {
            outcome.report.refused.append(.init(type: name, reasons: ["no class of that name conforms to `ObservableObject` where StateLint looked"]))
        }
        outcome.report.blockers = blockers(uses, among: Set(selected.map(\.name)))
        return outcome
    }

    /// The classes of a protocol group migrate together: while one is kept (or not asked for),
    /// every other is kept too, with the reason.
    private static func keepGroupsWhole(_ groups: [String: MigrationCandidates.ProtocolGroup], selected: Set<String>,
                                        reasons: inout [String: [String]]) {
        var changed = true
        while changed {
            changed = false
            for group in groups.values.sorted(by: { $0.name < $1.name }) {
                guard let kept = group.members.first(where: { !(reasons[$0] ?? []).isEmpty || !selected.contains($0) }) else { continue }
                let reason = "it conforms to `ObservableObject` through `\(group.name)`, whose classes migrate together, and `\(kept)` is kept"
                for member in group.members where member != kept && (reasons[member] ?? []).isEmpty {
                    reasons[member, default: []].append(reason)
                    changed = true
                }
            }
        }
    }

    /// The uses with the classes of generic parameters filled in (the classes used for each
    /// parameter, through parameters passed on to others), and `.environmentObject(x)` of an
    /// untyped `x` narrowed to the classes read from the environment.
    private static func resolved(_ scanned: [ClassUse]) -> [ClassUse] {
        var uses = scanned
        var used: [GenericParameterKey: Set<String>] = [:]
        var changed = true
        var rounds = 0
        while changed && rounds < 32 {
            changed = false
            rounds += 1
            for use in uses {
                guard let key = use.instantiates else { continue }
                var classes = use.classes
                if let passed = use.genericParameter { classes.formUnion(used[passed] ?? []) }
                let before = used[key]?.count ?? 0
                used[key, default: []].formUnion(classes)
                if used[key]!.count != before { changed = true }
            }
        }
        let readFromEnvironment = Set(uses.filter(\.readsFromEnvironment).flatMap(\.classes))
        for index in uses.indices {
            if let key = uses[index].genericParameter { uses[index].classes.formUnion(used[key] ?? []) }
            if uses[index].onlyClassesReadFromEnvironment { uses[index].classes.formIntersection(readFromEnvironment) }
        }
        return uses
    }

    /// Every place that keeps more than one of `selected` once, most classes first.
    private static func blockers(_ uses: [ClassUse], among selected: Set<String>) -> [Report.Blocker] {
        var merged: [String: Report.Blocker] = [:]
        var order: [String] = []
        for use in uses {
            guard let reason = use.reason else { continue }
            let keeps = use.classes.intersection(selected)
            guard keeps.count > 1 else { continue }
            let key = use.place + "\u{0}" + reason
            if var blocker = merged[key] {
                blocker.keeps = Array(Set(blocker.keeps).union(keeps)).sorted()
                merged[key] = blocker
                continue
            }
            let (file, line) = split(use.place)
            merged[key] = Report.Blocker(file: file, line: line, reason: reason, unblock: use.unblock, keeps: keeps.sorted())
            order.append(key)
        }
        return order.compactMap { merged[$0] }.sorted {
            ($0.keeps.count, $1.file, $1.line) > ($1.keeps.count, $0.file, $0.line)
        }
    }

    /// `path:line` → (path, line).
    private static func split(_ place: String) -> (String, Int) {
        guard let colon = place.lastIndex(of: ":"), let line = Int(place[place.index(after: colon)...]) else { return (place, 0) }
        return (String(place[..<colon]), line)
    }

    /// `state_inline_class_init`'s findings in `files`, with their lazily owned fixes.
    /// Rounds of owned-state fixes: each may apply what overlapped another in the one before.
    private static let maximumOwnedStateRounds = 4
    private static let observableInlineInitID = ObservableInlineInitRule.description.id

    /// The findings of `observable_inline_init` (and `state_inline_class_init` when
    /// `inlineState`) in the project as migration leaves it, with their fixes for its toolchain.
    private static func lintOwnedState(_ files: [String: [UInt8]], knownClasses: [String], modern: Bool, inlineState: Bool,
                                       cache: AnalysisCache) -> [Finding] {
        var options = LintEngine.Options()
        options.knownClasses = knownClasses
        options.stateMakesInitialValueOnce = modern
        options.analysisCache = cache
        var rules = [LintEngine.ConfiguredRule(rule: ObservableInlineInitRule(configuration: nil), severity: .warning)]
        if inlineState { rules.append(LintEngine.ConfiguredRule(rule: StateInlineClassInitRule(configuration: nil), severity: .warning)) }
        return LintEngine(rules: rules, directiveSeverity: nil, options: options).lint(files.keys.sorted().map { ($0, files[$0]!) }).findings
    }

    /// The migrated class a finding's creation makes: the one named on its line (`Model(…)`,
    /// or the type written before `.init()`). None for a class that was `@Observable` before.
    private static func migratedClass(madeAt finding: Finding, in files: [String: [UInt8]], among names: Set<String>) -> String? {
        guard let bytes = files[finding.path] else { return nil }
        let line = String(decoding: bytes[SourceFile(path: finding.path, bytes: bytes).lineRange(finding.start.line)], as: UTF8.self)
        let words = Set(line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
        return names.filter(words.contains).sorted().first
    }

    /// The property an owned-state finding is about: the first code span of its message that is
    /// not a wrapper (`@State`).
    private static func propertyName(inMessage message: String) -> String {
        let spans = message.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        return spans.first { !$0.hasPrefix("@") }.map(String.init) ?? "a property"
    }

    /// What a finding says about why it has no fix.
    private static func refusal(in finding: Finding) -> String {
        finding.message.range(of: "No automatic fix: ").map { String(finding.message[$0.upperBound...]).trimmingSuffix(".") } ?? "no rewrite"
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
