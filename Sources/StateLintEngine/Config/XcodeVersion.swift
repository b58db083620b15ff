import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// An Xcode release such as 16.4 or 26.2, compared numerically (so 26.10 > 26.9).
///
/// Xcode numbering jumped from 16 to 26 in 2025 (matching the year of the OS releases), so
/// 17 through 25 never existed: those values are rejected as a likely mix-up with iOS versions.
public struct XcodeVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    /// Accepted because `.xcode-version` files often say `16.4.1`; rarely matters to rules.
    public var patch: Int

    public init(major: Int, minor: Int = 0, patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `26`, `26.4` or `26.4.1`. Returns the problem as text when invalid.
    public static func parse(_ text: String) -> Result<XcodeVersion, XcodeVersionProblem> {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return .failure(.malformed) }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 4, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let number = Int(part) else { return .failure(.malformed) }
            numbers.append(number)
        }
        let version = XcodeVersion(major: numbers[0], minor: numbers.count > 1 ? numbers[1] : 0,
                                   patch: numbers.count > 2 ? numbers[2] : 0)
        if version.major == 0 || version.major > 99 { return .failure(.outOfRange) }
        if (17...25).contains(version.major) { return .failure(.skippedMajor) }
        return .success(version)
    }

    public static func < (a: XcodeVersion, b: XcodeVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }

    public var description: String {
        patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
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
