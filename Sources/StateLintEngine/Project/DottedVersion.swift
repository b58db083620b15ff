/// A release number such as 16, 16.4 or 10.15.7 (an OS release, or an Xcode release),
/// compared numerically (so 26.10 > 26.9).
public struct DottedVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    /// Accepted because `.xcode-version` files often say `16.4.1`.
    public var patch: Int

    public init(major: Int, minor: Int = 0, patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// `16`, `16.4` or `16.4.1` (digits only, at most four each); nil otherwise.
    public static func parse(_ text: String, separator: Character = ".") -> DottedVersion? {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 4, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let number = Int(part) else { return nil }
            numbers.append(number)
        }
        return DottedVersion(major: numbers[0], minor: numbers.count > 1 ? numbers[1] : 0, patch: numbers.count > 2 ? numbers[2] : 0)
    }

    public static func < (a: DottedVersion, b: DottedVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }

    /// `16.0`, `10.15`, `16.4.1`.
    public var description: String {
        patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
    }

    /// `17` for 17.0, else as `description`.
    public var shortDescription: String {
        minor == 0 && patch == 0 ? "\(major)" : description
    }
}

/// An OS release (a deployment target).
public typealias OSVersion = DottedVersion
/// An Xcode release (`xcode_version`, `.xcode-version`): see `parseRelease(_:)`.
public typealias XcodeVersion = DottedVersion
