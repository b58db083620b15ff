import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// A path pattern from `included` / `excluded`, matched against paths relative to the folder
/// holding `.linter.yml`, with `/` separators.
///
/// - `*` matches any run of characters within one path component (never `/`);
/// - `?` matches exactly one character other than `/`;
/// - `**` as a whole component matches any number of folders, including none;
/// - everything else is literal.
///
/// A pattern that matches a folder also matches everything below it, so `Sources` means
/// "the Sources folder and its contents" and `Tests/**/Fixtures` covers every file in any
/// `Fixtures` folder under `Tests`.
public struct GlobPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as normalized: no leading `./`, no trailing or doubled `/`.
    public let pattern: String
    private let components: [Component]
    private var isWildcardFree: Bool { !pattern.utf8.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") } }

    private enum Component: Sendable, Hashable {
        case anyFolders
        case name([Unicode.Scalar])
    }

    /// Why a pattern was rejected; phrased to follow "the pattern `x` ".
    public enum Problem: Error, Sendable, Equatable {
        case empty, absolute, parentReference, unsupportedSyntax(Character)

        public var explanation: String {
            switch self {
            case .empty: return "is empty"
            case .absolute: return "is absolute; paths are relative to the folder holding .linter.yml"
            case .parentReference: return "uses `..`; paths must stay inside the folder holding .linter.yml"
            case .unsupportedSyntax(let character):
                return "uses `\(character)`, which is not supported (only `*`, `**` and `?` are wildcards)"
            }
        }
    }

    public init(_ text: String) throws(Problem) {
        if text.hasPrefix("/") { throw .absolute }
        var parts: [Substring] = []
        for part in text.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == ".." { throw .parentReference }
            parts.append(part)
        }
        if parts.isEmpty {
            // `.` alone means the project root itself.
            guard text.split(separator: "/").contains(".") else { throw .empty }
        }
        for character in text where "[]{}\\".contains(character) {
            throw .unsupportedSyntax(character)
        }
        // Consecutive `**` mean the same as one and would only slow matching down.
        var components: [Component] = []
        for part in parts {
            if part == "**" {
                if components.last != .anyFolders { components.append(.anyFolders) }
            } else {
                components.append(.name(Array(part.unicodeScalars)))
            }
        }
        self.components = components
        self.pattern = parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `.`: the whole project root (the default for `included` and `index`).
    public static let projectRoot = GlobPattern(normalized: ".", components: [])

    private init(normalized: String, components: [Component]) {
        self.pattern = normalized
        self.components = components
    }

    public var description: String { pattern }

    /// Whether the pattern has no wildcard, i.e. names one file or folder.
    public var isLiteral: Bool { isWildcardFree }

    /// Whether `relativePath` (or one of the folders containing it) matches.
    public func matches(_ relativePath: String) -> Bool {
        // A pattern without wildcards names one file or folder: a string comparison decides,
        // without splitting the path (file discovery asks this for every file).
        if components.isEmpty { return true }
        if isLiteral && !relativePath.hasPrefix("./") && !Self.hasEmptyComponent(relativePath) {
            return relativePath == pattern || (relativePath.hasPrefix(pattern) && relativePath.utf8.dropFirst(pattern.utf8.count).first == UInt8(ascii: "/"))
        }
        let path = Self.pathComponents(relativePath)
        return matchState(path).matchedSomePrefix
    }

    /// Whether something inside the folder `relativeDirectory` could match, so file discovery
    /// can skip folders that an `included` list can never reach.
    public func canMatchInside(_ relativeDirectory: String) -> Bool {
        let state = matchState(Self.pathComponents(relativeDirectory))
        return state.matchedSomePrefix || state.patternCanContinue
    }

    /// Whether `path` contains `//` (checked on bytes: `String.contains` goes through Foundation).
    private static func hasEmptyComponent(_ path: String) -> Bool {
        var previousWasSlash = false
        for byte in path.utf8 {
            let isSlash = byte == UInt8(ascii: "/")
            if isSlash && previousWasSlash { return true }
            previousWasSlash = isSlash
        }
        return false
    }

    private static func pathComponents(_ path: String) -> [[Unicode.Scalar]] {
        path.split(separator: "/", omittingEmptySubsequences: true)
            .filter { $0 != "." }
            .map { Array($0.unicodeScalars) }
    }

    /// One dynamic-programming pass over (pattern component, path component) pairs: linear in
    /// their product, never exponential backtracking on `**`.
    private func matchState(_ path: [[Unicode.Scalar]]) -> (matchedSomePrefix: Bool, patternCanContinue: Bool) {
        if components.isEmpty { return (true, true) }
        // reachable[p] == true: the first `i` path components can be consumed by components[..<p].
        var reachable = [Bool](repeating: false, count: components.count + 1)
        reachable[0] = true
        closeOverAnyFolders(&reachable)
        var matchedPrefix = reachable[components.count]
        for name in path {
            var next = [Bool](repeating: false, count: components.count + 1)
            for index in 0..<components.count where reachable[index] {
                switch components[index] {
                case .anyFolders:
                    next[index] = true // `**` absorbs this folder and may absorb more
                case .name(let pattern):
                    if Self.matchComponent(pattern, name) { next[index + 1] = true }
                }
            }
            closeOverAnyFolders(&next)
            reachable = next
            if reachable[components.count] { matchedPrefix = true }
        }
        return (matchedPrefix, reachable.dropLast().contains(true))
    }

    /// `**` may match zero folders: whoever reaches it also reaches the component after it.
    private func closeOverAnyFolders(_ reachable: inout [Bool]) {
        for index in 0..<components.count where reachable[index] && components[index] == .anyFolders {
            reachable[index + 1] = true
        }
    }

    /// `*` and `?` within one component, with the classic single-backtrack wildcard algorithm
    /// (linear in practice, O(n·m) worst case, no recursion).
    package static func matchComponent(_ pattern: [Unicode.Scalar], _ name: [Unicode.Scalar]) -> Bool {
        var patternIndex = 0
        var nameIndex = 0
        var starIndex: Int?
        var nameIndexAtStar = 0
        while nameIndex < name.count {
            if patternIndex < pattern.count, pattern[patternIndex] == "*" {
                starIndex = patternIndex
                nameIndexAtStar = nameIndex
                patternIndex += 1
            } else if patternIndex < pattern.count, pattern[patternIndex] == "?" || pattern[patternIndex] == name[nameIndex] {
                patternIndex += 1
                nameIndex += 1
            } else if let star = starIndex {
                patternIndex = star + 1
                nameIndexAtStar += 1
                nameIndex = nameIndexAtStar
            } else {
                return false
            }
        }
        while patternIndex < pattern.count, pattern[patternIndex] == "*" { patternIndex += 1 }
        return patternIndex == pattern.count
    }
}
