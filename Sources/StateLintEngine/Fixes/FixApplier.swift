import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Applies findings' fixes to file contents in memory. Pure: bytes in, bytes out.
///
/// Fixes are taken in the order given (the findings' source order). A fix is kept whole or
/// not at all: it is rejected when one of its edits fails `EditBoundaries`, names a file not
/// given, overlaps another of its edits, or overlaps an edit of a fix kept before it (then
/// the first fix wins and the later one is reported as overlapping; a later re-lint usually
/// fixes it then). A fix identical to one kept already counts as applied: two findings that
/// need the same deletion get it once.
public enum FixApplier {
    public struct Application: Sendable {
        /// One entry per fix given: nil where no fix was given.
        public var outcomes: [FixOutcome?]
        /// The new bytes of every file whose bytes changed.
        public var changedFiles: [String: [UInt8]]
        /// How many fixes were applied (duplicates of a kept fix included).
        public var appliedCount: Int
    }

    /// An edit ready to splice: range in the original bytes, replacement in the file's line endings.
    public struct PreparedEdit: Sendable {
        public let path: String
        public let range: Range<Int>
        public let replacement: [UInt8]
    }

    public static func apply(_ fixes: [Fix?], to files: [String: [UInt8]]) -> Application {
        let selection = select(fixes, in: files)
        var changed: [String: [UInt8]] = [:]
        for (path, fileEdits) in selection.edits {
            guard let original = files[path] else { continue }
            let result = splice(original, fileEdits)
            if result != original { changed[path] = result }
        }
        return Application(outcomes: selection.outcomes, changedFiles: changed, appliedCount: selection.appliedCount)
    }

    /// Which of `fixes` can be applied together to `files`, and their edits: the one check of
    /// whether an edit can be applied, for `--fix`, `--diff` and the language server's code
    /// actions alike.
    public struct Selection: Sendable {
        /// One entry per fix given: nil where no fix was given.
        public var outcomes: [FixOutcome?]
        /// The edits of the applied fixes by file, each with its replacement in the file's line endings.
        public var edits: [String: [PreparedEdit]]
        public var appliedCount: Int
    }

    public static func select(_ fixes: [Fix?], in files: [String: [UInt8]]) -> Selection {
        var outcomes = [FixOutcome?](repeating: nil, count: fixes.count)
        var accepted: [String: AcceptedEdits] = [:]
        var keptFixes: Set<[TextEdit]> = []
        var edits: [String: [PreparedEdit]] = [:]
        var lineEndings: [String: SourceStyle.LineEnding] = [:]
        var appliedCount = 0
        for (index, fix) in fixes.enumerated() {
            guard let fix else { continue }
            let prepared: [PreparedEdit]
            switch prepare(fix, files: files, lineEndings: &lineEndings) {
            case .failure(let rejection):
                outcomes[index] = .rejected(rejection)
                continue
            case .success(let ready):
                prepared = ready
            }
            if keptFixes.contains(fix.edits) {
                outcomes[index] = .applied
                appliedCount += 1
                continue
            }
            if prepared.contains(where: { accepted[$0.path]?.conflicts(with: $0.range) ?? false }) {
                outcomes[index] = .rejected(.overlapsAnotherFix)
                continue
            }
            for edit in prepared {
                accepted[edit.path, default: AcceptedEdits()].insert(edit.range)
                edits[edit.path, default: []].append(edit)
            }
            keptFixes.insert(fix.edits)
            outcomes[index] = .applied
            appliedCount += 1
        }
        return Selection(outcomes: outcomes, edits: edits, appliedCount: appliedCount)
    }

    /// The fix's edits with their replacements in their files' line endings, or why it cannot apply.
    package static func prepare(_ fix: Fix, files: [String: [UInt8]],
                        lineEndings: inout [String: SourceStyle.LineEnding]) -> Result<[PreparedEdit], FixRejection> {
        guard !fix.edits.isEmpty else { return .failure(.noEdits) }
        var prepared: [PreparedEdit] = []
        var own: [String: AcceptedEdits] = [:]
        for edit in fix.edits {
            guard let bytes = files[edit.path] else { return .failure(.unknownFile(edit.path)) }
            let ending = lineEndings[edit.path] ?? SourceStyle.lineEnding(of: bytes)
            lineEndings[edit.path] = ending
            let replacement = SourceStyle.normalizingLineBreaks(Array(edit.replacement.utf8), to: ending)
            if let rejection = EditBoundaries.rejection(of: edit.range, replacement: replacement, in: bytes) {
                return .failure(rejection)
            }
            if own[edit.path]?.conflicts(with: edit.range) ?? false { return .failure(.overlappingEdits) }
            own[edit.path, default: AcceptedEdits()].insert(edit.range)
            prepared.append(PreparedEdit(path: edit.path, range: edit.range, replacement: replacement))
        }
        return .success(prepared)
    }

    /// `bytes` with disjoint `edits` applied. Every range refers to the original bytes, as if
    /// the edits were applied from the end of the file backwards; building the result in one
    /// forward pass gives the same bytes without moving the rest of the file once per edit.
    /// At one offset, an insertion goes before a replaced range that starts there.
    package static func splice(_ bytes: [UInt8], _ edits: [PreparedEdit]) -> [UInt8] {
        let ordered = edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + ordered.reduce(0) { $0 + $1.replacement.count })
        var position = 0
        for edit in ordered {
            out += bytes[position..<edit.range.lowerBound]
            out += edit.replacement
            position = edit.range.upperBound
        }
        out += bytes[position...]
        return out
    }
}
