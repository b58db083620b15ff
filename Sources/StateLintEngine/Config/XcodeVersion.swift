import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Xcode numbering jumped from 16 to 26 in 2025 (matching the year of the OS releases), so
/// 17 through 25 never existed: those values are rejected as a likely mix-up with iOS versions.
extension DottedVersion {
    /// Parses an Xcode release, `26`, `26.4` or `26.4.1`. Returns the problem when invalid.
    public static func parseRelease(_ text: String) -> Result<XcodeVersion, XcodeVersionProblem> {
        guard let version = parse(text) else { return .failure(.malformed) }
        if version.major == 0 || version.major > 99 { return .failure(.outOfRange) }
        if (17...25).contains(version.major) { return .failure(.skippedMajor) }
        return .success(version)
    }
}

public enum XcodeVersionProblem: Error, Sendable, Equatable {
    case malformed, outOfRange, skippedMajor

    /// The end of a sentence starting with "found `x`".
    public var explanation: String {
        switch self {
        case .malformed: return "expected a version like `26` or `26.4`"
        case .outOfRange: return "expected a major version between 1 and 99"
        case .skippedMajor:
            return "there is no Xcode 17 to 25: Xcode jumped from 16 to 26 in 2025 (did you write an iOS version?)"
        }
    }
}
