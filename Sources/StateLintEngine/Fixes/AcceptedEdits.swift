import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The edit ranges already accepted in one file, kept sorted and pairwise disjoint, so a new
/// range is checked against its neighbours only (a file may carry thousands of fixes).
package struct AcceptedEdits {
    package private(set) var ranges: [Range<Int>] = []

    /// Whether two edits cannot both be applied: their ranges share a byte, two insertions
    /// are at the same offset (their order would be a guess), or an insertion falls strictly
    /// inside a replaced range. Touching ranges do not conflict.
    package static func conflict(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        if a.isEmpty && b.isEmpty { return a.lowerBound == b.lowerBound }
        if a.isEmpty { return b.lowerBound < a.lowerBound && a.lowerBound < b.upperBound }
        if b.isEmpty { return a.lowerBound < b.lowerBound && b.lowerBound < a.upperBound }
        return a.lowerBound < b.upperBound && b.lowerBound < a.upperBound
    }

    /// Where `range` would go: the first accepted range that sorts after it.
    private func insertionIndex(_ range: Range<Int>) -> Int {
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            let other = ranges[mid]
            if (other.lowerBound, other.upperBound) < (range.lowerBound, range.upperBound) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Since the accepted ranges are disjoint and sorted, only the one before `range`'s place
    /// and those starting no later than its end can conflict with it.
    package func conflicts(with range: Range<Int>) -> Bool {
        let index = insertionIndex(range)
        if index > 0 && Self.conflict(ranges[index - 1], range) { return true }
        var next = index
        while next < ranges.count && ranges[next].lowerBound <= range.upperBound {
            if Self.conflict(ranges[next], range) { return true }
            next += 1
        }
        return false
    }

    package mutating func insert(_ range: Range<Int>) {
        ranges.insert(range, at: insertionIndex(range))
    }
}
