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

/// Turns catalog text into entries, rejecting anything that is not exactly the documented format:
/// a silently skipped typo would quietly change what the linter reports.
enum FrameworkCatalogParser {
    struct Result {
        var entries: [FrameworkCatalog.Entry] = []
        var moduleNames: [String] = []
    }

    /// A word on a line: its text and its 1-based byte column.
    private struct Word {
        let string: String
        let column: Int
    }

    static func parse(_ text: String) throws(FrameworkCatalogError) -> Result {
        let file = SourceFile(path: "<catalog>", text: text)
        var result = Result()
        var currentModule: String?
        var seenModules: Set<String> = []
        // Kind and line of each name's first entry. Sized up front: this parse is most of
        // every run's start-up time.
        var firstEntryOfName: [String: (kind: TypeKind, line: Int)] = [:]
        firstEntryOfName.reserveCapacity(4096)
        result.entries.reserveCapacity(4096)

        for line in 1...file.lineCount {
            let words = self.words(in: file, line: line)
            guard let keyword = words.first else { continue }
            func fail(_ column: Int, _ message: String) -> FrameworkCatalogError {
                FrameworkCatalogError(location: SourceLocation(line: line, column: column), message: message)
            }
            let kind: TypeKind?
            switch keyword.string {
            case "module": kind = nil
            case "class": kind = .referenceType
            case "value": kind = .valueType
            default:
                throw fail(keyword.column, "expected `module`, `class` or `value`, found `\(keyword.string)`")
            }
            guard words.count >= 2 else {
                let end = keyword.column + keyword.string.utf8.count
                throw fail(end, "expected a name after `\(keyword.string)`")
            }
            if words.count > 2 {
                throw fail(words[2].column, "unexpected `\(words[2].string)` after the name (start comments with #)")
            }
            let nameWord = words[1]
            let name = nameWord.string
            if let badOffset = invalidNameOffset(name, allowDots: kind != nil) {
                let what = kind == nil ? "module name" : "type name"
                throw fail(nameWord.column + badOffset, "invalid \(what) `\(name)`")
            }

            guard let kind else {
                // A module may have several sections (generated and curated parts of Foundation).
                if seenModules.insert(name).inserted { result.moduleNames.append(name) }
                currentModule = name
                continue
            }
            guard let module = currentModule else {
                throw fail(keyword.column, "`\(name)` is listed before the first `module` line")
            }
            if let earlier = firstEntryOfName[name] {
                if earlier.kind == kind {
                    throw fail(nameWord.column, "duplicate entry `\(name)` (already listed at line \(earlier.line))")
                }
                throw fail(nameWord.column, "`\(name)` is listed as \(keyword.string) here but as "
                           + "\(earlier.kind == .referenceType ? "class" : "value") at line \(earlier.line)")
            }
            let entry = FrameworkCatalog.Entry(name: name, kind: kind, module: module,
                                               location: SourceLocation(line: line, column: nameWord.column))
            firstEntryOfName[name] = (kind, line)
            result.entries.append(entry)
        }
        // Lookups drop a leading module name, so an entry starting with one could never be found.
        // On UTF-8 (names are ASCII): `Character` iteration here cost ~5 ms of every start-up.
        for entry in result.entries {
            // On the contiguous bytes: `utf8.firstIndex(of:)` stayed a generic call costing
            // about 440 instructions per entry (0.7M per start-up).
            var name = entry.name
            guard let offset = name.withUTF8({ $0.firstIndex(of: UInt8(ascii: ".")) }) else { continue }
            let firstComponent = entry.name[..<entry.name.utf8.index(entry.name.utf8.startIndex, offsetBy: offset)]
            if seenModules.contains(String(firstComponent)) {
                throw FrameworkCatalogError(location: entry.location, message: "`\(entry.name)` starts with "
                    + "the module name `\(firstComponent)`; list names without a module prefix")
            }
        }
        return result
    }

    /// The whitespace-separated words of a line, up to a `#` comment.
    private static func words(in file: SourceFile, line: Int) -> [Word] {
        let range = file.lineRange(line)
        var words: [Word] = []
        var wordStart: Int?
        var offset = range.lowerBound
        func endWord(at end: Int) {
            guard let start = wordStart else { return }
            let text = String(decoding: file.bytes[start..<end], as: UTF8.self)
            words.append(Word(string: text, column: start - range.lowerBound + 1))
            wordStart = nil
        }
        while offset < range.upperBound {
            let byte = file.bytes[offset]
            if byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                endWord(at: offset)
            } else if wordStart == nil {
                wordStart = offset
            }
            offset += 1
        }
        endWord(at: offset)
        return words
    }

    /// The byte offset of the first character that makes `name` invalid, or nil if it is valid:
    /// ASCII identifiers (letters, digits, `_`, not starting with a digit), joined by single dots.
    private static func invalidNameOffset(_ name: String, allowDots: Bool) -> Int? {
        var name = name
        return name.withUTF8 { invalidNameOffset($0, allowDots: allowDots) }
    }

    private static func invalidNameOffset(_ name: UnsafeBufferPointer<UInt8>, allowDots: Bool) -> Int? {
        var atComponentStart = true
        for (offset, byte) in name.enumerated() {
            let isLetter = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if byte == UInt8(ascii: ".") && allowDots && !atComponentStart {
                atComponentStart = true
            } else if isLetter || (isDigit && !atComponentStart) {
                atComponentStart = false
            } else {
                return offset
            }
        }
        return atComponentStart ? name.count : nil
    }
}
