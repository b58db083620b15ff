import StateLintSyntax

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
/// One pass over the bytes: a line's words are found, and its name checked and hashed, as each
/// byte is first read. Strings are only made for error messages and module names.
package enum FrameworkCatalogParser {
    package static func parse(_ text: String) throws(FrameworkCatalogError) -> FrameworkCatalogStorage {
        // Copied from the contiguous UTF-8 in one go: `Array(text.utf8)` measured ~20 instructions
        // a byte here (the catalog is ~190 KB).
        var text = text
        let bytes = text.withUTF8 { Array($0) }
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
    package struct Parts {
        package var records: [FrameworkCatalogStorage.Record] = []
        package var moduleNames: [String] = []
        package var kinds = NameTable()
        package var immutableClasses = NameTable()
        package var modules = NameTable()
    }

    /// A word of a line: `bytes[start..<end]`.
    private struct Word {
        package let start: Int
        package let end: Int
    }

    /// What reading a line's second word (the name) learns on the way.
    package struct NameCheck {
        /// `NameTable.hash` of the name.
        package var hash: UInt64 = 0
        /// The offset of the first byte that makes the name invalid even with dots allowed.
        package var invalidOffset: Int?
        /// The offset of the first dot (module names allow none).
        package var firstDot: Int?

        /// The offset `invalid … name` points at, or nil when the name is valid.
        package func badOffset(allowDots: Bool) -> Int? {
            guard !allowDots, let dot = firstDot else { return invalidOffset }
            return min(dot, invalidOffset ?? dot)
        }
    }

    private enum Keyword { case module, `class`, value }

    /// The scan of one text; a struct so its helpers share the buffer and line state.
    private struct Scan {
        package let bytes: UnsafeBufferPointer<UInt8>
        package var parts = Parts()
        package var currentModule: Int32 = -1
        package var line = 1
        package var lineStart = 0
        /// Records whose name has a dot, with the dot's offset: checked against the modules at the end.
        package var dottedNames: [(record: Int, dot: Int)] = []

        package init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            // Catalog lines average about 30 bytes; sized once, as rehashing is most of an insert.
            let estimate = bytes.count / 24
            parts.records.reserveCapacity(estimate)
            parts.kinds.reserveCapacity(estimate)
        }

        package mutating func run() -> Result<Parts, FrameworkCatalogError> {
            let bytes = self.bytes  // a local, so the loops below keep its base in a register
            var offset = 0
            while offset < bytes.count {
                lineStart = offset
                // The words of the line up to a `#` comment; every byte is looked at once here.
                var words: (Word?, Word?, Word?, Word?) = (nil, nil, nil, nil)
                var name = NameCheck()
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
                    if count == 1 {
                        name = Self.checkName(bytes, from: start, end: &offset)
                    } else {
                        while offset < bytes.count && !Self.endsWord(bytes[offset]) { offset += 1 }
                    }
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
                if let error = parseLine(words, name) { return .failure(error) }
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

        /// Reads the name word from `start`, leaving `end` after it: ASCII identifiers (letters,
        /// digits, `_`, not starting with a digit) joined by single dots are valid.
        private static func checkName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: inout Int) -> NameCheck {
            var check = NameCheck()
            var atComponentStart = true
            while end < bytes.count {
                let byte = bytes[end]
                if Self.endsWord(byte) { break }
                if check.invalidOffset == nil {
                    // Unsigned wrap-around makes each range test one comparison.
                    if (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_") {
                        atComponentStart = false
                    } else if byte &- UInt8(ascii: "0") < 10 && !atComponentStart {
                        // a digit after the first character
                    } else if byte == UInt8(ascii: ".") && !atComponentStart {
                        atComponentStart = true
                        if check.firstDot == nil { check.firstDot = end - start }
                    } else {
                        check.invalidOffset = end - start
                    }
                }
                end += 1
            }
            if check.invalidOffset == nil && atComponentStart { check.invalidOffset = end - start }
            check.hash = NameTable.hash(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            return check
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
        private mutating func parseLine(_ words: (Word?, Word?, Word?, Word?), _ nameCheck: NameCheck)
            -> FrameworkCatalogError? {
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
            if let badOffset = nameCheck.badOffset(allowDots: keyword != .module) {
                let what = keyword == .module ? "module name" : "type name"
                return fail(nameWord.start + badOffset, "invalid \(what) `\(text(nameWord))`")
            }
            let length = nameWord.end - nameWord.start
            let hash = nameCheck.hash

            if keyword == .module {
                // A module may have several sections (generated and curated parts of Foundation).
                let moduleName = text(nameWord)
                let name = UnsafeBufferPointer(rebasing: bytes[nameWord.start..<nameWord.end])
                if parts.modules.state(name, hash: hash, in: bytes) == NameTable.empty {
                    parts.modules.add(start: nameWord.start, length: length, hash: hash, .valueType, in: bytes)
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
            let earlierState = parts.kinds.add(start: nameWord.start, length: length, hash: hash, kind, in: bytes)
            if earlierState != NameTable.empty {
                return duplicate(nameWord, kind: kind, earlierKind: NameTable.kind(of: earlierState))
            }
            if isImmutable {
                parts.immutableClasses.add(start: nameWord.start, length: length, hash: hash, kind, in: bytes)
            }
            if let dot = nameCheck.firstDot { dottedNames.append((parts.records.count, dot)) }
            parts.records.append(FrameworkCatalogStorage.Record(
                nameStart: Int32(nameWord.start), nameLength: Int32(length), line: Int32(line),
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
            for (index, dot) in dottedNames {
                let record = parts.records[index]
                let first = UnsafeBufferPointer(rebasing: bytes[Int(record.nameStart)..<(Int(record.nameStart) + dot)])
                if parts.modules.state(first, hash: NameTable.hash(first), in: bytes) != NameTable.empty {
                    let location = SourceLocation(line: Int(record.line), column: Int(record.column))
                    let entry = String(decoding: bytes[record.nameRange], as: UTF8.self)
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
}
