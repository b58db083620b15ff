import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// What became of one finding's fix when a round of fixes was applied.
public enum FixOutcome: Sendable, Hashable {
    /// Its edits are in the fixed text (or an identical fix's are: two findings, one fix).
    case applied
    case rejected(FixRejection)
}

/// Why a fix was not applied. Every case but `overlapsAnotherFix` means the rule built a bad
/// fix; the finding is then reported as if it had none.
public enum FixRejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// An edit overlaps an edit of a fix earlier in source order, which was kept.
    case overlapsAnotherFix
    /// Two edits of the fix itself overlap.
    case overlappingEdits
    case noEdits
    /// An edit names a file that was not linted (its bytes are not known).
    case unknownFile(String)
    /// An edit's range ends past the end of the file.
    case outsideFile
    case splitsUTF8Sequence
    case splitsCRLF
    /// An edit would change or precede the file's byte-order mark.
    case touchesByteOrderMark
    /// An edit would put a CR and an LF side by side, turning two line breaks into one.
    case joinsLineBreaks
    /// The fix was applied in every round and the finding came back (see `FixRounds`).
    case didNotSettle(rounds: Int)
    /// Applying the fix leaves the text as it was.
    case changesNothing
    /// The file was not written (it changed on disk since it was read, or cannot be written).
    case notWritten(String)

    public var description: String {
        switch self {
        case .overlapsAnotherFix: return "overlaps another fix"
        case .overlappingEdits: return "its edits overlap each other"
        case .noEdits: return "the fix has no edits"
        case .unknownFile(let path): return "it edits \(path), which was not linted"
        case .outsideFile: return "an edit falls outside the file"
        case .splitsUTF8Sequence: return "an edit splits a UTF-8 sequence"
        case .splitsCRLF: return "an edit splits a CRLF line break"
        case .touchesByteOrderMark: return "an edit touches the byte-order mark"
        case .joinsLineBreaks: return "an edit would join a CR and an LF into one line break"
        case .didNotSettle(let rounds): return "still reported after \(rounds) rounds of fixes"
        case .changesNothing: return "the fix changes nothing"
        case .notWritten(let reason): return "file not written: \(reason)"
        }
    }
}
