import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// An inline `statelint:` comment that switches rules off for part of a file:
///
///     // statelint:disable <rule_id>… [- reason]       until `enable` or the end of the file
///     // statelint:enable <rule_id>…
///     // statelint:disable:next <rule_id>…             the next line
///     // statelint:disable:this <rule_id>…             this line
///     // statelint:disable:previous <rule_id>…         the line before
///
/// `all` names every rule. Block comments work too.
public struct Directive: Sendable, Hashable {
    public enum Action: String, Sendable, Hashable, CaseIterable {
        case disable, enable
        case disableNext = "disable:next"
        case disableThis = "disable:this"
        case disablePrevious = "disable:previous"
    }

    public let action: Action
    /// Rule ids as written (`all` included).
    public let ruleIDs: [String]
    /// The byte range of each of `ruleIDs` in the file (to remove one of them).
    public let ruleIDRanges: [Range<Int>]
    /// Byte range of the comment, and its line.
    public let start: Int
    public let end: Int
    public let line: Int

    public func names(_ ruleID: String) -> Bool { ruleIDs.contains(ruleID) || ruleIDs.contains("all") }

    /// A `statelint:` comment that could not be understood.
    public struct Malformed: Sendable, Hashable {
        public let start: Int
        public let end: Int
        public let message: String
    }

    /// Every directive in a file's comments, and the malformed ones.
    public static func parse(_ file: SourceFile, tokens: [Token]) -> (directives: [Directive], malformed: [Malformed]) {
        var directives: [Directive] = []
        var malformed: [Malformed] = []
        let marker = Self.marker
        for token in tokens where token.kind.isComment && token.length > marker.count + 2 {
            // Only a comment that *starts* with the marker (after blanks) is a directive: the
            // marker is looked for there alone, not searched for through every comment.
            guard let markerStart = markerAfterBlanks(marker, in: file.bytes, token.range) else { continue }
            // Doc comments (`///`, `/**`) document directives; they are never directives.
            let third = file.bytes[token.start + 2]
            if third == UInt8(ascii: "/") || (token.kind == .blockComment && third == UInt8(ascii: "*")) { continue }
            let wordRanges = Self.words(file.bytes, from: markerStart + marker.count, to: token.end,
                                        isBlock: token.kind == .blockComment)
            let words = wordRanges.map { file.text($0) }
            let line = file.location(ofOffset: token.start).line
            guard let first = words.first, let action = Action(rawValue: first) else {
                let written = words.first ?? ""
                let suggestion = EditDistance.closestMatch(to: written, in: Action.allCases.map(\.rawValue))
                malformed.append(Malformed(start: token.start, end: token.end,
                    message: "unknown statelint directive `\(written)`" + (suggestion.map { "; did you mean `statelint:\($0)`?" } ?? "; expected disable, enable, disable:next, disable:this or disable:previous")))
                continue
            }
            let ids = Array(words.dropFirst())
            let idRanges = Array(wordRanges.dropFirst())
            guard !ids.isEmpty else {
                malformed.append(Malformed(start: token.start, end: token.end,
                    message: "`statelint:\(action.rawValue)` names no rule; list rule ids or `all`"))
                continue
            }
            directives.append(Directive(action: action, ruleIDs: ids, ruleIDRanges: idRanges,
                                        start: token.start, end: token.end, line: line))
        }
        return (directives, malformed)
    }

    private static let marker = Array("statelint:".utf8)

    /// The byte ranges of the words (action, then rule ids) of a directive whose text after the
    /// marker runs `start..<end`: separated by blanks or commas (not line breaks: a block
    /// comment's "id" may hold one, and is then reported as unknown), ending at a block
    /// comment's `*/` or at an optional ` - reason`.
    package static func words(_ bytes: [UInt8], from start: Int, to end: Int, isBlock: Bool) -> [Range<Int>] {
        var end = end
        if isBlock, end - start >= 2, bytes[end - 2] == UInt8(ascii: "*"), bytes[end - 1] == UInt8(ascii: "/") { end -= 2 }
        let reasonMark: [UInt8] = Array(" - ".utf8)
        var index = start
        while index + 3 <= end {
            if bytes[index] == reasonMark[0] && bytes[index + 1] == reasonMark[1] && bytes[index + 2] == reasonMark[2] { end = index; break }
            index += 1
        }
        var words: [Range<Int>] = []
        var wordStart: Int?
        for offset in start..<max(start, end) {
            let byte = bytes[offset]
            let separates = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ",")
            if separates {
                if let first = wordStart { words.append(first..<offset) }
                wordStart = nil
            } else if wordStart == nil {
                wordStart = offset
            }
        }
        if let first = wordStart, first < end { words.append(first..<end) }
        return words
    }

    /// Where `marker` starts in the comment `range` if only spaces and tabs stand between the
    /// comment's two-byte opener (`//`, `/*`) and it; nil otherwise.
    package static func markerAfterBlanks(_ marker: [UInt8], in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var start = range.lowerBound + 2
        while start < range.upperBound, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        guard range.upperBound - start >= marker.count else { return nil }
        for offset in marker.indices where bytes[start + offset] != marker[offset] { return nil }
        return start
    }
}
