/// The code-mode scanner's output: code tokens with, at the same index, whether a newline
/// came before each and its bracket partner (-1 until paired).
///
/// Three parallel raw buffers with one count and one capacity check per token, instead of
/// three `ScanBuffer`s each checking and counting on its own. The owner calls `release()` once.
struct CodeTokenBuffer {
    private var tokens: UnsafeMutablePointer<Token>
    private var lineBreaks: UnsafeMutablePointer<Bool>
    private var partners: UnsafeMutablePointer<Int32>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(16, capacity)
        tokens = .allocate(capacity: self.capacity)
        lineBreaks = .allocate(capacity: self.capacity)
        partners = .allocate(capacity: self.capacity)
    }

    /// Stores `token` unpaired; returns its index.
    @inline(__always)
    mutating func append(_ token: Token, lineBreakBefore: Bool) -> Int {
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
    mutating func pair(_ a: Int, _ b: Int) {
        partners[a] = Int32(truncatingIfNeeded: b)
        partners[b] = Int32(truncatingIfNeeded: a)
    }

    var last: Token? { count > 0 ? tokens[count - 1] : nil }

    /// Drops the tokens from `newCount` on (tentative tokens the scanner takes back; never
    /// brackets, so no partner points past the new end).
    mutating func truncate(to newCount: Int) {
        count = min(count, max(0, newCount))
    }

    private mutating func grow() {
        capacity *= 2
        tokens = RawStorage.moved(tokens, count: count, toCapacity: capacity)
        lineBreaks = RawStorage.moved(lineBreaks, count: count, toCapacity: capacity)
        partners = RawStorage.moved(partners, count: count, toCapacity: capacity)
    }

    /// Copies of the three buffers, as `CodeScan` holds them.
    func arrays() -> (tokens: [Token], lineBreakBefore: [Bool], partner: [Int32]) {
        (RawStorage.array(tokens, count: count), RawStorage.array(lineBreaks, count: count),
         RawStorage.array(partners, count: count))
    }

    func release() {
        tokens.deallocate()
        lineBreaks.deallocate()
        partners.deallocate()
    }
}
