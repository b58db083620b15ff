/// Edit distance and "did you mean" suggestions for misspelled names in configuration and CLI input.
public enum EditDistance {
    /// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions, so `rlues`
    /// is one edit from `rules`), compared by Unicode scalars.
    ///
    /// Returns `nil` as soon as the distance is known to exceed `limit`: a 5 MB key must not cost
    /// a 5 MB × candidate-length table.
    public static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        // The length difference is a lower bound on the distance.
        if abs(x.count - y.count) > limit { return nil }
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var beforePrevious = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        let result = previous[y.count]
        return result <= limit ? result : nil
    }

    /// The candidate closest to `word`, if it is close enough to be a plausible typo.
    ///
    /// Names that differ only in case, `_`/`-` or camelCase (`disabledRules`) always match;
    /// otherwise up to one edit per three characters (at least 1, at most 3) is accepted.
    /// Ties go to the earlier candidate, so callers control the preference order.
    public static func closestMatch(to word: String, in candidates: [String]) -> String? {
        let normalizedWord = normalized(word)
        if let exact = candidates.first(where: { normalized($0) == normalizedWord }), exact != word {
            return exact
        }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let limit = max(1, min(3, max(word.unicodeScalars.count, candidate.unicodeScalars.count) / 3))
            guard let distance = distance(word.lowercased(), candidate.lowercased(), limit: limit) else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    private static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
    }
}
