import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Applies fixes, lints the fixed text again, and repeats until a round changes nothing, so
/// the result is a fixed point: fixing it again changes nothing. A fix can make another
/// finding fixable (or leave one that overlapped it free to apply), hence the rounds; they are
/// bounded, in case two fixes undo each other.
///
/// Everything happens in memory: `relint` lints with the changed files' bytes in place of
/// the files on disk. Nothing is written here.
public enum FixRounds {
    public static let maximumRounds = 5

    /// What one lint gives the rounds: its findings (sorted) and the bytes of every file a
    /// fix edits, as they were linted.
    public struct Lint: Sendable {
        public var findings: [Finding]
        public var sources: [String: [UInt8]]

        public init(findings: [Finding], sources: [String: [UInt8]]) {
            self.findings = findings
            self.sources = sources
        }
    }

    public struct Outcome: Sendable {
        /// What the last lint reported: the findings that remain in `fixed`.
        public var findings: [Finding]
        /// Why the fix of a remaining finding was not applied, by index into `findings`.
        public var unfixed: [Int: FixRejection]
        /// The bytes of each changed file as first linted, and as fixed. Only files whose
        /// bytes differ in the end are here.
        public var original: [String: [UInt8]]
        public var fixed: [String: [UInt8]]
        /// Fixes applied over all rounds, and how many of them by the path of their finding.
        public var appliedCount: Int
        public var appliedByFile: [String: Int]
        /// Rounds that changed something.
        public var rounds: Int
        /// False when the last round still had fixes to apply (the bound was reached).
        public var settled: Bool
    }

    public static func run(_ first: Lint, maximumRounds: Int = maximumRounds,
                           relint: (_ changed: [String: [UInt8]]) -> Lint) -> Outcome {
        var current = first
        var original: [String: [UInt8]] = [:]
        var changed: [String: [UInt8]] = [:]
        var appliedCount = 0
        var appliedByFile: [String: Int] = [:]
        var rounds = 0
        while true {
            // A file's original bytes are the first ones seen: later lints read the changed bytes.
            for (path, bytes) in current.sources where original[path] == nil && changed[path] == nil {
                original[path] = bytes
            }
            let step = FixApplier.apply(current.findings.map(\.fix), to: current.sources)
            let settled = step.changedFiles.isEmpty
            if settled || rounds == maximumRounds {
                var unfixed: [Int: FixRejection] = [:]
                for (index, outcome) in step.outcomes.enumerated() {
                    switch outcome {
                    case .rejected(let rejection)?: unfixed[index] = rejection
                    case .applied?: unfixed[index] = settled ? .changesNothing : .didNotSettle(rounds: rounds)
                    case nil: break
                    }
                }
                let fixed = changed.filter { original[$0.key] != $0.value }
                return Outcome(findings: current.findings, unfixed: unfixed,
                               original: original.filter { fixed[$0.key] != nil }, fixed: fixed,
                               appliedCount: appliedCount, appliedByFile: appliedByFile, rounds: rounds, settled: settled)
            }
            rounds += 1
            appliedCount += step.appliedCount
            for (index, outcome) in step.outcomes.enumerated() where outcome == .applied {
                appliedByFile[current.findings[index].path, default: 0] += 1
            }
            changed.merge(step.changedFiles) { $1 }
            current = relint(changed)
        }
    }
}
