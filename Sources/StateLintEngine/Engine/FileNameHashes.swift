import StateLintIndex

/// Each project file's type names as hashes (`NameTable.hash`), in contiguous arrays filled as
/// the files' summaries come in: what `ContestedNames` and the overlays' restriction read of
/// every file. Going back to every file's summary for them read memory long out of the cache,
/// twice per run.
package struct FileNameHashes {
    /// A class, actor, struct or enum the file declares.
    package struct Declared {
        package let hash: UInt64
        package let isReference: Bool
    }

    private var declared: [Declared] = []
    /// The names of the file's summary entries and headers: what `restricted(toNames:)` keeps.
    private var named: [UInt64] = []
    /// By position: each file's stretch of `declared` and of `named`.
    private var ranges: [(declared: Range<Int32>, named: Range<Int32>)]

    package init(files: Int) {
        ranges = Array(repeating: (0..<0, 0..<0), count: files)
    }

    package mutating func add(_ summary: TypeDeclarationSummary, position: Int) {
        let declaredStart = Int32(declared.count), namedStart = Int32(named.count)
        for entry in summary.entries {
            named.append(entry.hash)
            guard entry.kind != .extension else { continue }
            declared.append(Declared(hash: entry.hash, isReference: entry.kind == .class || entry.kind == .actor))
        }
        named += summary.headerHashes
        ranges[position] = (declaredStart..<Int32(declared.count), namedStart..<Int32(named.count))
    }

    /// The types the file at `position` declares.
    package func declared(at position: Int) -> ArraySlice<Declared> {
        let range = ranges[position].declared
        return declared[Int(range.lowerBound)..<Int(range.upperBound)]
    }

    /// Whether the file at `position` declares or extends any of the names hashed in `hashes`.
    package func names(at position: Int, meet hashes: Set<UInt64>) -> Bool {
        let range = ranges[position].named
        return named[Int(range.lowerBound)..<Int(range.upperBound)].contains(where: hashes.contains)
    }
}
