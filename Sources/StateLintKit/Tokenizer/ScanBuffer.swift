/// A growable buffer of plain values for the scanner's hot path.
///
/// `Array.append` checks uniqueness and capacity through the standard library on every call;
/// the scanner appends once per token, so it owns raw storage instead and hands out an
/// `Array` copy when done. The owner must call `release()` exactly once.
struct ScanBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        base[count] = element  // a plain store: `Element` is trivial (see CodeTokenBuffer.append)
        count += 1
    }

    @inline(__always)
    subscript(_ index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    var last: Element? { count > 0 ? base[count - 1] : nil }

    var isEmpty: Bool { count == 0 }

    /// Drops the elements from `newCount` on (a tentative token the scanner takes back).
    mutating func truncate(to newCount: Int) {
        count = min(count, max(0, newCount))
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    /// A copy as an `Array`. Built through `unsafeUninitializedCapacity`: with
    /// `Array(UnsafeBufferPointer(...))`, Swift 6.3's optimizer freed the new storage before
    /// copying into it when the caller never read the array (seen under valgrind in a
    /// tokenizer micro-benchmark that ignored `lineBreakBefore`).
    func array() -> [Element] {
        let count = self.count, base = self.base
        return [Element](unsafeUninitializedCapacity: count) { storage, initialized in
            storage.baseAddress?.initialize(from: base, count: count)
            initialized = count
        }
    }

    func release() { base.deallocate() }
}
