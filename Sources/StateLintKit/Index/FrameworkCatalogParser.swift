/// A problem in catalog text, with the 1-based line and byte column where it starts.
public struct FrameworkCatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    public let location: SourceLocation
    public let message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}

/// Turns catalog text into `FrameworkCatalogStorage`, rejecting anything that is not exactly the
/// documented format: a silently skipped typo would quietly change what the linter reports.
///
/// One pass over the bytes; a valid line costs a word split, a name check and a hash-table
/// insert. Strings are only made for error messages and module names.
enum FrameworkCatalogParser {
    static func parse(_ text: String) throws(FrameworkCatalogError) -> FrameworkCatalogStorage {
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBufferPointer { buffer in
            var scan = Scan(bytes: buffer)
            return scan.run()
        }
        switch result {
        case .success(let parts):
            return FrameworkCatalogStorage(bytes: bytes, records: parts.records, moduleNames: parts.moduleNames,
                                           kinds: parts.kinds, immutableClasses: parts.immutableClasses,
                                           modules: parts.modules)
        case .failure(let error):
            throw error
        }
    }

    /// What a successful scan produces (the storage minus the bytes it points into).
    struct Parts {
        var records: [FrameworkCatalogStorage.Record] = []
        var moduleNames: [String] = []
        var kinds = NameTable()
        var immutableClasses = NameTable()
        var modules = NameTable()
    }

    /// A word of a line: `bytes[start..<end]`.
    private struct Word {
        let start: Int
        let end: Int
    }

    private enum Keyword { case module, `class`, value }

    /// The scan of one text; a struct so its helpers share the buffer and line state.
    private struct Scan {
        let bytes: UnsafeBufferPointer<UInt8>
        var parts = Parts()
        var currentModule: Int32 = -1
        var line = 1
        var lineStart = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            // Catalog lines average about 20 bytes; sized once, as rehashing is most of an insert.
            let estimate = bytes.count / 16
            parts.records.reserveCapacity(estimate)
            parts.kinds.reserveCapacity(estimate)
        }

        mutating func run() -> Result<Parts, FrameworkCatalogError> {
            var offset = 0
            while offset < bytes.count {
                lineStart = offset
                // The words of the line up to a `#` comment; every byte is looked at once here.
                var words: (Word?, Word?, Word?, Word?) = (nil, nil, nil, nil)
                var count = 0
                while offset < bytes.count {
                    let byte = bytes[offset]
                    if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
                    if byte == UInt8(ascii: "#") {
                        while offset < bytes.count && !Self.endsLine(bytes[offset]) { offset += 1 }
                        break
                    }
                    if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                        offset += 1
                        continue
                    }
                    let start = offset
                    while offset < bytes.count && !Self.endsWord(bytes[offset]) { offset += 1 }
                    let word = Word(start: start, end: offset)
                    switch count {
                    case 0: words.0 = word
                    case 1: words.1 = word
                    case 2: words.2 = word
                    case 3: words.3 = word
                    default: break
                    }
                    count += 1
                }
                if let error = parseLine(words) { return .failure(error) }
                // LF, CRLF and a lone CR each end a line, as in `SourceFile`.
                if offset < bytes.count && bytes[offset] == UInt8(ascii: "\r") && offset + 1 < bytes.count
                    && bytes[offset + 1] == UInt8(ascii: "\n") {
                    offset += 1
                }
                offset += 1
                line += 1
            }
            if let error = entryStartingWithAModuleName() { return .failure(error) }
            return .success(parts)
        }

        /// Bytes above `#` never end a word: one comparison for almost every byte of a name.
        @inline(__always)
        private static func endsWord(_ byte: UInt8) -> Bool {
            byte <= UInt8(ascii: "#") && (byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "#") || endsLine(byte))
        }

        @inline(__always)
        private static func endsLine(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        }

        /// Checks one line's words (at most the first four matter); nil when the line is valid.
        private mutating func parseLine(_ words: (Word?, Word?, Word?, Word?)) -> FrameworkCatalogError? {
            guard let keywordWord = words.0 else { return nil }

            let keyword: Keyword
            if equals(keywordWord, "class") {
                keyword = .class
            } else if equals(keywordWord, "value") {
                keyword = .value
            } else if equals(keywordWord, "module") {
                keyword = .module
            } else {
                return fail(keywordWord.start, "expected `module`, `class` or `value`, found `\(text(keywordWord))`")
            }
            guard let nameWord = words.1 else {
                return fail(keywordWord.end, "expected a name after `\(text(keywordWord))`")
            }
            var isImmutable = false
            if let third = words.2 {
                guard equals(third, "immutable"), keyword != .module else {
                    return fail(third.start, "unexpected `\(text(third))` after the name (start comments with #)")
                }
                guard keyword == .class else {
                    return fail(third.start, "`immutable` applies only to classes, but `\(text(nameWord))` is a value type")
                }
                isImmutable = true
            }
            if let fourth = words.3 {
                return fail(fourth.start, "unexpected `\(text(fourth))` after `immutable` (start comments with #)")
            }
            let name = UnsafeBufferPointer(rebasing: bytes[nameWord.start..<nameWord.end])
            var hash = NameTable.hashSeed
            if let badOffset = FrameworkCatalogParser.invalidNameOffset(name, allowDots: keyword != .module, hash: &hash) {
                let what = keyword == .module ? "module name" : "type name"
                return fail(nameWord.start + badOffset, "invalid \(what) `\(text(nameWord))`")
            }

            if keyword == .module {
                // A module may have several sections (generated and curated parts of Foundation).
                let moduleName = text(nameWord)
                if parts.modules.state(name, hash: hash, in: bytes) == NameTable.empty {
                    parts.modules.add(start: nameWord.start, length: name.count, hash: hash, .valueType, in: bytes)
                    parts.moduleNames.append(moduleName)
                    currentModule = Int32(parts.moduleNames.count - 1)
                } else {
                    currentModule = Int32(parts.moduleNames.firstIndex(of: moduleName) ?? 0)
                }
                return nil
            }
            guard currentModule >= 0 else {
                return fail(keywordWord.start, "`\(text(nameWord))` is listed before the first `module` line")
            }
            let kind: TypeKind = keyword == .class ? .referenceType : .valueType
            let earlierState = parts.kinds.add(start: nameWord.start, length: name.count, hash: hash, kind, in: bytes)
            if earlierState != NameTable.empty {
                return duplicate(nameWord, kind: kind, earlierKind: NameTable.kind(of: earlierState))
            }
            if isImmutable {
                parts.immutableClasses.add(start: nameWord.start, length: name.count, hash: hash, kind, in: bytes)
            }
            parts.records.append(FrameworkCatalogStorage.Record(
                nameStart: Int32(nameWord.start), nameLength: Int32(name.count), line: Int32(line),
                column: Int32(nameWord.start - lineStart + 1), module: currentModule, kind: kind,
                isImmutable: isImmutable))
            return nil
        }

        /// The error for a name listed twice (rare, so the earlier line is found by a scan).
        private func duplicate(_ nameWord: Word, kind: TypeKind, earlierKind: TypeKind?) -> FrameworkCatalogError {
            let name = bytes[nameWord.start..<nameWord.end]
            let earlier = parts.records.first { bytes[$0.nameRange].elementsEqual(name) }
            let earlierLine = earlier.map { Int($0.line) } ?? 0
            if earlierKind == kind {
                return fail(nameWord.start, "duplicate entry `\(text(nameWord))` (already listed at line \(earlierLine))")
            }
            return fail(nameWord.start, "`\(text(nameWord))` is listed as \(kind == .referenceType ? "class" : "value") "
                        + "here but as \(kind == .referenceType ? "value" : "class") at line \(earlierLine)")
        }

        /// Lookups drop a leading module name, so an entry starting with one could never be
        /// found. Checked once every module is known: a section may come after the entry.
        private func entryStartingWithAModuleName() -> FrameworkCatalogError? {
            for record in parts.records {
                let name = UnsafeBufferPointer(rebasing: bytes[record.nameRange])
                guard let dot = name.firstIndex(of: UInt8(ascii: ".")) else { continue }
                let first = UnsafeBufferPointer(rebasing: name[..<dot])
                if parts.modules.state(first, hash: NameTable.hash(first), in: bytes) != NameTable.empty {
                    let location = SourceLocation(line: Int(record.line), column: Int(record.column))
                    let entry = String(decoding: name, as: UTF8.self)
                    let module = String(decoding: first, as: UTF8.self)
                    return FrameworkCatalogError(location: location, message: "`\(entry)` starts with "
                        + "the module name `\(module)`; list names without a module prefix")
                }
            }
            return nil
        }

        private func equals(_ word: Word, _ literal: StaticString) -> Bool {
            guard word.end - word.start == literal.utf8CodeUnitCount else { return false }
            let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
            return bytes[word.start..<word.end].elementsEqual(expected)
        }

        private func text(_ word: Word) -> String {
            String(decoding: bytes[word.start..<word.end], as: UTF8.self)
        }

        private func fail(_ offset: Int, _ message: String) -> FrameworkCatalogError {
            FrameworkCatalogError(location: SourceLocation(line: line, column: offset - lineStart + 1), message: message)
        }
    }

    /// The byte offset of the first character that makes `name` invalid, or nil if it is valid:
    /// ASCII identifiers (letters, digits, `_`, not starting with a digit), joined by single dots.
    /// Folds the bytes into `hash` (`NameTable.hash`) on the way, so a name is read once.
    static func invalidNameOffset(_ name: UnsafeBufferPointer<UInt8>, allowDots: Bool, hash: inout UInt64) -> Int? {
        var atComponentStart = true
        for offset in 0..<name.count {
            let byte = name[offset]
            hash = NameTable.hash(hash, adding: byte)
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                || byte == UInt8(ascii: "_")
            if isLetter || (!atComponentStart && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                atComponentStart = false
            } else if byte == UInt8(ascii: ".") && allowDots && !atComponentStart {
                atComponentStart = true
            } else {
                return offset
            }
        }
        return atComponentStart ? name.count : nil
    }
}
