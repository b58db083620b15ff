import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The lines that differ between two texts, for `UnifiedDiff`.
///
/// Lines end at LF, as `diff` and `patch` count them (a CRLF line keeps its CR; a file with
/// lone-CR line breaks is one line to them, and so here). Common leading and trailing lines
/// are set aside first, then Myers' O(ND) algorithm finds a shortest edit script for the rest:
/// fixes change a few lines, so D is small. Past `maximumDistance` the rest is reported as one
/// block (still a correct diff, just not a minimal one) so memory stays bounded.
package enum LineDiff {
    package static let maximumDistance = 1000

    /// A run of old lines replaced by a run of new lines (either may be empty), as line indices.
    package struct Change: Equatable {
        package var old: Range<Int>
        package var new: Range<Int>
    }

    /// The byte range of each line of `bytes`, its LF included.
    package static func lines(_ bytes: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(start..<(index + 1))
            start = index + 1
        }
        if start < bytes.count { lines.append(start..<bytes.count) }
        return lines
    }

    package static func changes(old: [UInt8], _ oldLines: [Range<Int>], new: [UInt8], _ newLines: [Range<Int>]) -> [Change] {
        // Equal lines get equal numbers, so the search compares integers.
        var numbers: [ArraySlice<UInt8>: Int] = [:]
        func number(_ line: ArraySlice<UInt8>) -> Int {
            if let known = numbers[line] { return known }
            numbers[line] = numbers.count
            return numbers.count - 1
        }
        let a = oldLines.map { number(old[$0]) }
        let b = newLines.map { number(new[$0]) }
        return changes(a, b)
    }

    /// The changes that turn `a` into `b`.
    package static func changes(_ a: [Int], _ b: [Int]) -> [Change] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = prefix..<(a.count - suffix), newMiddle = prefix..<(b.count - suffix)
        if oldMiddle.isEmpty && newMiddle.isEmpty { return [] }
        if oldMiddle.isEmpty || newMiddle.isEmpty { return [Change(old: oldMiddle, new: newMiddle)] }
        guard let script = shortestEditScript(Array(a[oldMiddle]), Array(b[newMiddle])) else {
            return [Change(old: oldMiddle, new: newMiddle)]
        }
        return script.map { Change(old: ($0.old.lowerBound + prefix)..<($0.old.upperBound + prefix),
                                   new: ($0.new.lowerBound + prefix)..<($0.new.upperBound + prefix)) }
    }

    /// Myers' greedy forward search, keeping each round's furthest points to walk back from
    /// the end; nil when the texts are more than `maximumDistance` edits apart.
    package static func shortestEditScript(_ a: [Int], _ b: [Int]) -> [Change]? {
        let n = a.count, m = b.count
        let limit = min(n + m, maximumDistance)
        // v[k] (k = x - y, stored at k + offset): furthest x reached on diagonal k.
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // trace[d] holds v[-d...d] as it was before round d.
        var trace: [[Int]] = []
        var distance: Int?
        search: for d in 0...limit {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { distance = d; break search }
            }
        }
        guard let distance else { return nil }
        // Walk back: each round is one deletion or insertion after a run of equal lines.
        var changes: [Change] = []
        var x = n, y = m
        for d in stride(from: distance, to: 0, by: -1) {
            let previous = trace[d]
            func at(_ k: Int) -> Int { previous[k + d] }
            let k = x - y
            let down = k == -d || (k != d && at(k - 1) < at(k + 1))
            let previousK = down ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            // The edit goes from (previousX, previousY) to (middleX, …); equal lines lead on to (x, y).
            let middleX = down ? previousX : previousX + 1
            changes.append(down ? Change(old: middleX..<middleX, new: previousY..<(previousY + 1))
                                : Change(old: previousX..<middleX, new: previousY..<previousY))
            x = previousX; y = previousY
        }
        return merged(changes.reversed())
    }

    /// Adjacent single-line edits joined into runs.
    package static func merged(_ changes: [Change]) -> [Change] {
        var result: [Change] = []
        for change in changes {
            if var last = result.last, last.old.upperBound == change.old.lowerBound, last.new.upperBound == change.new.lowerBound {
                last.old = last.old.lowerBound..<change.old.upperBound
                last.new = last.new.lowerBound..<change.new.upperBound
                result[result.count - 1] = last
            } else {
                result.append(change)
            }
        }
        return result
    }
}
