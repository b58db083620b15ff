import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The edits that fix a `superfluous_disable_command` finding: removing a directive's comment,
/// or one rule id from it. Computed while the file is in memory, with their positions.
package struct DirectiveRemovals: Sendable {
    /// Deletes the whole comment: its line (with the line ending) when nothing else is on it,
    /// else the comment and the blanks that separate it from the code.
    package let comment: TextEdit
    /// Per rule id, deletes that id and the separator before it (after it, for the first id).
    package let ruleIDs: [TextEdit]
    /// Whether the comment may be edited: not a block comment left open (`/*` without its
    /// `*/`), which runs to the end of the file and holds whatever follows the directive.
    package let isEditable: Bool

    package init(_ directive: Directive, in file: SourceFile) {
        let text = file.bytes[directive.start..<directive.end]
        let isBlock = text.starts(with: Array("/*".utf8))
        isEditable = !isBlock || (text.count >= 4 && text.suffix(2).elementsEqual("*/".utf8))
        let commentRange = Self.commentRemoval(directive.start..<directive.end, in: file.bytes)
        let idRanges = directive.ruleIDRanges.indices.map { Self.ruleIDRemoval($0, of: directive.ruleIDRanges) }
        let edits = ([commentRange] + idRanges).map { TextEdit(path: file.path, range: $0, replacement: "") }
        let placed = FixPlacement.place(edits, in: file)
        comment = placed[0]
        ruleIDs = Array(placed.dropFirst())
    }

    /// What deleting the comment `range` removes; see `comment`.
    package static func commentRemoval(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        let textStart = SourceStyle.hasByteOrderMark(bytes) ? 3 : 0
        var lineStart = range.lowerBound
        while lineStart > textStart, !isLineBreak(bytes[lineStart - 1]) { lineStart -= 1 }
        var lineEnd = range.upperBound
        while lineEnd < bytes.count, !isLineBreak(bytes[lineEnd]) { lineEnd += 1 }
        let blankBefore = bytes[lineStart..<range.lowerBound].allSatisfy(isBlank)
        let blankAfter = bytes[range.upperBound..<lineEnd].allSatisfy(isBlank)
        switch (blankBefore, blankAfter) {
        case (true, true):
            if lineEnd < bytes.count {
                return lineStart..<(lineEnd + lineBreakLength(at: lineEnd, bytes))
            }
            // The last line, without a line ending: take the one before it instead, so the file
            // still ends the way it did.
            guard lineStart > textStart else { return lineStart..<lineEnd }
            let breakStart = lineStart >= 2 && bytes[lineStart - 2] == 0x0D && bytes[lineStart - 1] == 0x0A ? lineStart - 2 : lineStart - 1
            return breakStart..<lineEnd
        case (false, _):
            var start = range.lowerBound
            while start > lineStart, isBlank(bytes[start - 1]) { start -= 1 }
            return start..<(blankAfter ? lineEnd : range.upperBound)
        case (true, false):
            var end = range.upperBound
            while end < lineEnd, isBlank(bytes[end]) { end += 1 }
            return range.lowerBound..<end
        }
    }

    /// The id at `index` with the separator before it, or (the first id) after it. A lone
    /// id is just its range: removing it would leave a malformed directive, so callers remove
    /// the whole comment instead.
    package static func ruleIDRemoval(_ index: Int, of ranges: [Range<Int>]) -> Range<Int> {
        if index > 0 { return ranges[index - 1].upperBound..<ranges[index].upperBound }
        if ranges.count > 1 { return ranges[0].lowerBound..<ranges[1].lowerBound }
        return ranges[0]
    }

    private static func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func lineBreakLength(at offset: Int, _ bytes: [UInt8]) -> Int {
        bytes[offset] == 0x0D && offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1
    }
}
