/// Byte-level questions about a token's spelling, for the name lookups the rules make per
/// member. On the raw buffer: slicing `file.bytes` and iterating the slice generically cost
/// several times as much.
extension CodeTokens {
    /// Whether token `k` is spelled in ASCII only (then `String` equality is byte equality).
    package func isASCII(_ k: Int) -> Bool {
        let token = tokens[k]
        return file.bytes.withUnsafeBufferPointer { buffer in
            for index in token.start..<token.end where buffer[index] >= 0x80 { return false }
            return true
        }
    }

    /// Whether token `k` is `#if`, `#elseif`, `#else` or `#endif`.
    package func isConditionalDirective(_ k: Int) -> Bool {
        kind(k) == .pound && (text(k, is: "#if") || text(k, is: "#elseif") || text(k, is: "#else") || text(k, is: "#endif"))
    }

    /// Whether tokens `a` and `b` have the same bytes.
    package func sameBytes(_ a: Int, _ b: Int) -> Bool {
        let x = tokens[a], y = tokens[b]
        guard x.length == y.length else { return false }
        return file.bytes.withUnsafeBufferPointer { buffer in
            for offset in 0..<x.length where buffer[x.start + offset] != buffer[y.start + offset] { return false }
            return true
        }
    }

    /// The process-keyed hash of token `k`'s bytes (`KeyedByteHash`): equal bytes, equal
    /// hashes, in every file and on every thread; names chosen to collide cannot be found.
    package func byteHash(_ k: Int) -> UInt64 {
        let token = tokens[k]
        return file.bytes.withUnsafeBufferPointer { buffer in
            KeyedByteHash.hash(UnsafeBufferPointer(rebasing: buffer[token.start..<token.end]))
        }
    }
}
