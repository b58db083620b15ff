/// A growable buffer of plain values for the scanner's hot path.
///
/// `Array.append` checks uniqueness and capacity through the standard library on every call;
/// the scanner appends once per token, so it owns raw storage instead and hands out an
/// `Array` copy when done. The owner must call `release()` exactly once.
package struct ScanBuffer<Element: BitwiseCopyable> {
    package private(set) var base: UnsafeMutablePointer<Element>
    package private(set) var count = 0
    private var capacity: Int

    package init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    @inline(__always)
    package mutating func append(_ element: Element) {
        if count == capacity { grow() }
        base[count] = element  // a plain store: `Element` is trivial (see CodeTokenBuffer.append)
        count += 1
    }

    @inline(__always)
    package subscript(_ index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    package var last: Element? { count > 0 ? base[count - 1] : nil }

    package var isEmpty: Bool { count == 0 }

    /// Drops the elements from `newCount` on (a tentative token the scanner takes back).
    package mutating func truncate(to newCount: Int) {
        count = min(count, max(0, newCount))
    }

    package mutating func removeLast() { count -= 1 }

    private mutating func grow() {
        capacity *= 2
        base = RawStorage.moved(base, count: count, toCapacity: capacity)
    }

    package func array() -> [Element] { RawStorage.array(base, count: count) }

    package func release() { base.deallocate() }
}

/// Growing and copying out the scanner's raw buffers (`ScanBuffer`, `CodeTokenBuffer`).
package enum RawStorage {
    /// `count` elements moved from `old` (then freed) into new storage of `capacity`.
    package static func moved<T>(_ old: UnsafeMutablePointer<T>, count: Int, toCapacity capacity: Int) -> UnsafeMutablePointer<T> {
        let bigger = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        bigger.moveInitialize(from: old, count: count)
        old.deallocate()
        return bigger
    }

    /// `count` elements copied from `source` (left as it is) into new storage of `capacity`.
    package static func copied<T>(_ source: UnsafeMutablePointer<T>, count: Int, toCapacity capacity: Int) -> UnsafeMutablePointer<T> {
        let bigger = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        bigger.initialize(from: source, count: count)
        return bigger
    }

    /// A copy of the first `count` elements as an `Array`. Built through
    /// `unsafeUninitializedCapacity`: with `Array(UnsafeBufferPointer(...))`, Swift 6.3's
    /// optimizer freed the new storage before copying into it when the caller never read the
    /// array (seen under valgrind in a tokenizer micro-benchmark that ignored `lineBreakBefore`).
    package static func array<T>(_ base: UnsafeMutablePointer<T>, count: Int) -> [T] {
        [T](unsafeUninitializedCapacity: count) { storage, initialized in
            storage.baseAddress?.initialize(from: base, count: count)
            initialized = count
        }
    }
}
