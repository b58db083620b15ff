import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Paths in the byte order of their UTF-8, in one buffer, for finding every path below a folder
/// with two binary searches (a folder's files are one run of that order).
package struct SortedPaths {
    private var bytes: [UInt8] = []
    /// Each path's bytes in `bytes`, and its position in the list given, in byte order.
    package private(set) var spans: [(start: Int, count: Int, index: Int)] = []

    package init(_ paths: [String]) {
        spans.reserveCapacity(paths.count)
        var total = 0
        for path in paths { total += path.utf8.count }
        bytes.reserveCapacity(total)
        // One allocation for all the bytes, copied from each path's contiguous UTF-8 (native
        // strings): appending the `utf8` view went through its generic iterator, byte by byte.
        for (index, path) in paths.enumerated() {
            let start = bytes.count
            if path.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes += path.utf8 }
            spans.append((start, bytes.count - start, index))
        }
        bytes.withUnsafeBufferPointer { buffer in
            spans.sort { a, b in
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(buffer.baseAddress! + a.start, buffer.baseAddress! + b.start, common)
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
    }

    /// The positions in `spans` of the paths inside `folder` (at any depth).
    package func range(inFolder folder: String) -> Range<Int> {
        range(withPrefix: folder == "/" ? folder : folder + "/")
    }

    /// The positions in `spans` of the paths that start with `prefix`.
    package func range(withPrefix prefix: String) -> Range<Int> {
        var prefix = prefix
        return prefix.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { buffer in
                /// The order of the path at `k` against `wanted`: -1 before it, 0 starting with it, 1 after it.
                func compare(_ k: Int) -> Int {
                    let span = spans[k]
                    let common = min(span.count, wanted.count)
                    let order = common == 0 ? 0 : memcmp(buffer.baseAddress! + span.start, wanted.baseAddress!, common)
                    if order != 0 { return order < 0 ? -1 : 1 }
                    return span.count < wanted.count ? -1 : 0
                }
                var low = 0, high = spans.count
                while low < high {
                    let middle = (low + high) / 2
                    if compare(middle) < 0 { low = middle + 1 } else { high = middle }
                }
                let lower = low
                high = spans.count
                while low < high {
                    let middle = (low + high) / 2
                    if compare(middle) <= 0 { low = middle + 1 } else { high = middle }
                }
                return lower..<low
            }
        }
    }
}
