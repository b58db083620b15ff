/// Pairs brackets (`( ) { } [ ]`, interpolation open/close) as code tokens arrive, for the
/// scanner's code mode and for `CodeTokens(file:allTokens:)` alike.
///
/// A closer pairs with the nearest matching opener at most `searchDepth` levels down; unmatched
/// openers above it stay unpaired and are dropped. The bound keeps broken files linear.
/// Raw storage (see `ScanBuffer`): the owner calls `release()` once.
package struct BracketMatcher {
    package static let searchDepth = 8

    private struct Opener: BitwiseCopyable {
        package let index: Int32
        package let kind: TokenKind
    }

    /// Unpaired openers, innermost last.
    private var openers = ScanBuffer<Opener>(capacity: 64)
    /// No closer so far was left unpaired or dropped an opener.
    private var pairedSoFar = true

    /// Whether every bracket fed so far has its partner.
    package var allPaired: Bool { pairedSoFar && openers.count == 0 }

    package func release() { openers.release() }

    /// Feeds code token `k` of `kind`; returns the index of the opener it closes, if any.
    @inline(__always)
    package mutating func add(_ kind: TokenKind, at k: Int32) -> Int32? {
        let opener: TokenKind
        switch kind {
        case .leftParen, .leftBrace, .leftBracket, .interpolationOpen:
            openers.append(Opener(index: k, kind: kind))
            return nil
        case .rightParen: opener = .leftParen
        case .rightBrace: opener = .leftBrace
        case .rightBracket: opener = .leftBracket
        case .interpolationClose: opener = .interpolationOpen
        default: return nil
        }
        var depth = openers.count - 1
        let lowest = max(0, openers.count - Self.searchDepth)
        while depth >= lowest && openers[depth].kind != opener { depth -= 1 }
        guard depth >= lowest else {
            pairedSoFar = false
            return nil
        }
        if depth != openers.count - 1 { pairedSoFar = false }
        let open = openers[depth].index
        openers.truncate(to: depth)
        return open
    }
}
