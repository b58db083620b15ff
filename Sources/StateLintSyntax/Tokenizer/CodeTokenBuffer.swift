/// The code-mode scanner's output: code tokens with, at the same index, whether a newline
/// came before each and its bracket partner (-1 until paired).
///
/// Three parallel raw buffers with one count and one capacity check per token, instead of
/// three `ScanBuffer`s each checking and counting on its own. The owner calls `release()` once.
///
/// `Tokenizer.scanCode` lends it the uninitialised storage of the three result arrays, so a
/// file that fits (almost all: see `expectedCapacity`) is scanned straight into them and never
/// copied. Past that capacity it moves to storage of its own (`ownsStorage`).
package struct CodeTokenBuffer {
    private var tokens: UnsafeMutablePointer<Token>
    private var lineBreaks: UnsafeMutablePointer<Bool>
    private var partners: UnsafeMutablePointer<Int32>
    package private(set) var count = 0
    private var capacity: Int
    /// False while the buffers are the lent storage (never freed here).
    package private(set) var ownsStorage: Bool

    package init(capacity: Int) {
        self.capacity = max(16, capacity)
        tokens = .allocate(capacity: self.capacity)
        lineBreaks = .allocate(capacity: self.capacity)
        partners = .allocate(capacity: self.capacity)
        ownsStorage = true
    }

    /// Writes into storage the caller owns, until more than `capacity` tokens arrive.
    package init(lending tokens: UnsafeMutablePointer<Token>, lineBreaks: UnsafeMutablePointer<Bool>,
         partners: UnsafeMutablePointer<Int32>, capacity: Int) {
        self.tokens = tokens
        self.lineBreaks = lineBreaks
        self.partners = partners
        self.capacity = capacity
        ownsStorage = false
    }

    /// Room for the code tokens of `byteCount` bytes of Swift: one code token per 5.8 bytes in
    /// the generated SwiftUI corpus, but one per 3.1 bytes in the dense SDK interfaces, which
    /// overflowed a fifth (a copy, and more memory at the peak). Pages never written are never
    /// touched, so the unused part of a third costs address space, not memory.
    package static func expectedCapacity(forBytes byteCount: Int) -> Int { max(16, byteCount / 3 + 16) }

    /// Stores `token` unpaired; returns its index.
    @inline(__always)
    package mutating func append(_ token: Token, lineBreakBefore: Bool) -> Int {
        if count == capacity { grow() }
        let k = count
        // Plain stores: the element types are trivial, and in the lint engine's large
        // inlined scan the optimizer left `initialize(to:)` as an out-of-line call per token.
        tokens[k] = token
        lineBreaks[k] = lineBreakBefore
        partners[k] = -1
        count = k &+ 1
        return k
    }

    /// Records that the brackets at `a` and `b` close each other.
    @inline(__always)
    package mutating func pair(_ a: Int, _ b: Int) {
        partners[a] = Int32(truncatingIfNeeded: b)
        partners[b] = Int32(truncatingIfNeeded: a)
    }

    /// The token stored at `k` (`0 ..< count`).
    @inline(__always)
    package subscript(_ k: Int) -> Token { tokens[k] }

    /// Drops the tokens from `newCount` on (tentative tokens the scanner takes back; never
    /// brackets, so no partner points past the new end).
    package mutating func truncate(to newCount: Int) {
        count = min(count, max(0, newCount))
    }

    private mutating func grow() {
        capacity *= 2
        if ownsStorage {
            tokens = RawStorage.moved(tokens, count: count, toCapacity: capacity)
            lineBreaks = RawStorage.moved(lineBreaks, count: count, toCapacity: capacity)
            partners = RawStorage.moved(partners, count: count, toCapacity: capacity)
        } else {
            tokens = RawStorage.copied(tokens, count: count, toCapacity: capacity)
            lineBreaks = RawStorage.copied(lineBreaks, count: count, toCapacity: capacity)
            partners = RawStorage.copied(partners, count: count, toCapacity: capacity)
            ownsStorage = true
        }
    }

    /// Copies of the three buffers, as `CodeScan` holds them.
    package func arrays() -> (tokens: [Token], lineBreakBefore: [Bool], partner: [Int32]) {
        (RawStorage.array(tokens, count: count), RawStorage.array(lineBreaks, count: count),
         RawStorage.array(partners, count: count))
    }

    package func release() {
        guard ownsStorage else { return }
        tokens.deallocate()
        lineBreaks.deallocate()
        partners.deallocate()
    }
}
