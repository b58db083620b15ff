import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Parser for the strict YAML subset accepted in `.linter.yml`.
///
/// Supported: block mappings and sequences by indentation, flow sequences `[a, b]` and flow
/// mappings `{ a: 1 }` (which may span lines), plain / single-quoted / double-quoted scalars,
/// `#` comments, blank lines and one leading `---`. Everything else — tabs in indentation,
/// anchors, aliases, tags, block scalars, several documents, duplicate keys, invalid UTF-8,
/// control characters — is an error pointing at the offending byte, never a silent fallback.
///
/// The parser is a single forward pass over the bytes (linear time). Recursion is bounded by
/// `maximumDepth`, so hostile nesting ends in an error instead of a stack overflow.
public enum YAMLParser {
    public static let maximumDepth = 64

    /// Parses one document. Returns `nil` for a document with no content (empty file,
    /// only comments, or only `---`).
    public static func parse(_ bytes: [UInt8], path: String) throws(ConfigurationError) -> YAMLNode? {
        var reader = try YAMLReader(bytes: bytes, path: path)
        return try reader.parseDocument()
    }

    public static func parse(_ text: String, path: String) throws(ConfigurationError) -> YAMLNode? {
        try parse(Array(text.utf8), path: path)
    }
}

/// The cursor and the block-structure half of the parser; scalars and flow collections are in
/// `YAMLReader+Inline.swift`.
package struct YAMLReader {
    package let bytes: [UInt8]
    package let path: String
    package var position = 0
    package var line = 1
    package var lineStart = 0
    package var sawContent = false

    package init(bytes: [UInt8], path: String) throws(ConfigurationError) {
        self.bytes = bytes
        self.path = path
        try rejectUnreadableBytes()
        // A UTF-8 byte order mark is invisible in editors; accept it rather than report column 1.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            position = 3
            lineStart = 3
        }
    }

    // MARK: Cursor

    package var location: SourceLocation { SourceLocation(line: line, column: position - lineStart + 1) }

    package func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
    package var current: UInt8? { byte(at: position) }

    package var atLineEnd: Bool {
        guard let byte = current else { return true }
        return byte == Byte.lineFeed || byte == Byte.carriageReturn
    }

    package func error(_ message: String, at location: SourceLocation) -> ConfigurationError {
        ConfigurationError(path: path, location: location, message: message)
    }

    package mutating func skipBlanks() {
        while let byte = current, byte == Byte.space || byte == Byte.tab { position += 1 }
    }

    /// Consumes one LF, CRLF or lone CR (the same line endings `SourceFile` counts).
    package mutating func consumeLineBreak() {
        guard let byte = current else { return }
        if byte == Byte.carriageReturn, self.byte(at: position + 1) == Byte.lineFeed { position += 1 }
        if byte == Byte.carriageReturn || byte == Byte.lineFeed {
            position += 1
            line += 1
            lineStart = position
        }
    }

    package mutating func skipToLineEnd() {
        while !atLineEnd { position += 1 }
    }

    /// After a value: only blanks and a comment may follow on the line.
    package mutating func expectLineEnd(after what: String) throws(ConfigurationError) {
        skipBlanks()
        if current == Byte.hash { skipToLineEnd() }
        guard atLineEnd else {
            throw error("unexpected \(describeCurrent()) after \(what)", at: location)
        }
    }

    package func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        if byte == Byte.lineFeed || byte == Byte.carriageReturn { return "end of line" }
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return Quoted.text(String(decoding: bytes[position..<end], as: UTF8.self))
    }

    /// Moves to the first character of the next line holding content and returns its
    /// indentation, or `nil` at the end of the document. Skips blank and comment-only lines.
    package mutating func nextContentLine() throws(ConfigurationError) -> Int? {
        while true {
            if position != lineStart {
                skipToLineEnd()
                guard current != nil else { return nil }
                consumeLineBreak()
                continue
            }
            var scan = position
            while scan < bytes.count, bytes[scan] == Byte.space { scan += 1 }
            var rest = scan
            while rest < bytes.count, bytes[rest] == Byte.space || bytes[rest] == Byte.tab { rest += 1 }
            let restByte = byte(at: rest)
            let isBlankLine = restByte == nil || restByte == Byte.lineFeed
                || restByte == Byte.carriageReturn || restByte == Byte.hash
            if isBlankLine {
                position = rest
                skipToLineEnd()
                guard current != nil else { return nil }
                consumeLineBreak()
                continue
            }
            if rest != scan {
                position = scan
                throw error("tab character in indentation; indent with spaces", at: location)
            }
            position = scan
            if try skipDocumentStartMarker() { continue }
            sawContent = true
            return position - lineStart
        }
    }

    /// `---` may open the document; a second `---` or `...` would start another document.
    /// Returns whether the line was a leading `---` (now consumed up to the line end).
    private mutating func skipDocumentStartMarker() throws(ConfigurationError) -> Bool {
        guard position == lineStart else { return false }
        for marker: UInt8 in [Byte.dash, Byte.dot] {
            let isMarker = byte(at: position) == marker && byte(at: position + 1) == marker
                && byte(at: position + 2) == marker && isSeparator(byte(at: position + 3))
            guard isMarker else { continue }
            if marker == Byte.dot {
                throw error("document end marker `...` is not supported; a .linter.yml holds one document", at: location)
            }
            if sawContent {
                throw error("multiple documents are not supported; remove the second `---`", at: location)
            }
            position += 3
            try expectLineEnd(after: "`---`")
            sawContent = true
            return true
        }
        return false
    }

    /// Whitespace, a line break or the end of input: what must follow `-`, `:` and `---`.
    package func isSeparator(_ byte: UInt8?) -> Bool {
        guard let byte else { return true }
        return byte == Byte.space || byte == Byte.tab || byte == Byte.lineFeed || byte == Byte.carriageReturn
    }

    package var atSequenceDash: Bool { current == Byte.dash && isSeparator(byte(at: position + 1)) }

    package func checkDepth(_ depth: Int) throws(ConfigurationError) {
        if depth > YAMLParser.maximumDepth {
            throw error("nesting is deeper than \(YAMLParser.maximumDepth) levels", at: location)
        }
    }

    // MARK: Block structure

    package mutating func parseDocument() throws(ConfigurationError) -> YAMLNode? {
        guard let indent = try nextContentLine() else { return nil }
        let root = try parseBlockNode(indent: indent, depth: 1)
        if current != nil {
            throw error("unexpected \(describeCurrent()); check the indentation of this line", at: location)
        }
        return root
    }

    /// Parses the node starting at the current content position, whose column is `indent`.
    /// Returns positioned at the next content line (or the end of input).
    package mutating func parseBlockNode(indent: Int, depth: Int) throws(ConfigurationError) -> YAMLNode {
        try checkDepth(depth)
        if atSequenceDash { return try parseBlockSequence(indent: indent, depth: depth) }
        if startsMappingEntry() { return try parseBlockMapping(indent: indent, depth: depth) }
        let node = try parseInlineValue(depth: depth, inFlow: false)
        try expectLineEnd(after: "the value")
        _ = try nextContentLine()
        return node
    }

    package mutating func parseBlockMapping(indent: Int, depth: Int) throws(ConfigurationError) -> YAMLNode {
        try checkDepth(depth)
        let start = location
        var entries: [YAMLMappingEntry] = []
        var firstLocations: [String: SourceLocation] = [:]
        while true {
            if atSequenceDash {
                throw error("expected `key: value`, found a list item; a mapping and a list cannot share an indentation level", at: location)
            }
            let (key, keyLocation) = try parseMappingKey(inFlow: false)
            if let first = firstLocations[key] {
                throw error("duplicate key \(Quoted.text(key)) (first defined at line \(first.line))", at: keyLocation)
            }
            firstLocations[key] = keyLocation
            let value = try parseBlockMappingValue(mappingIndent: indent, depth: depth, keyLocation: keyLocation)
            entries.append(YAMLMappingEntry(key: key, keyLocation: keyLocation, value: value))
            guard current != nil else { break }
            let nextIndent = position - lineStart
            if nextIndent < indent { break }
            if nextIndent > indent {
                throw error("unexpected indentation: expected \(indent) spaces like the key on line \(keyLocation.line), found \(nextIndent)", at: location)
            }
        }
        return YAMLNode(.mapping(entries), at: start)
    }

    /// The value after `key:`: inline on the same line, a block on the following lines
    /// (deeper, or a list at the key's own indentation), or nothing (null).
    private mutating func parseBlockMappingValue(mappingIndent: Int, depth: Int,
                                                 keyLocation: SourceLocation) throws(ConfigurationError) -> YAMLNode {
        skipBlanks()
        let valueLocation = location
        if current == Byte.hash || atLineEnd {
            let null = YAMLNode(.scalar(YAMLScalar(text: "", style: .plain)), at: valueLocation)
            guard let nextIndent = try nextContentLine() else { return null }
            if nextIndent > mappingIndent { return try parseBlockNode(indent: nextIndent, depth: depth + 1) }
            if nextIndent == mappingIndent, atSequenceDash {
                return try parseBlockSequence(indent: nextIndent, depth: depth + 1)
            }
            return null
        }
        if atSequenceDash {
            throw error("a list item cannot follow `key:` on the same line; start the list on the next line", at: location)
        }
        let value = try parseInlineValue(depth: depth + 1, inFlow: false)
        try expectLineEnd(after: "the value of the key on line \(keyLocation.line)")
        _ = try nextContentLine()
        return value
    }

    package mutating func parseBlockSequence(indent: Int, depth: Int) throws(ConfigurationError) -> YAMLNode {
        try checkDepth(depth)
        let start = location
        var items: [YAMLNode] = []
        while true {
            let dashLocation = location
            position += 1
            if current == Byte.tab {
                throw error("tab after `-`; use a space", at: location)
            }
            skipBlanks()
            if current == Byte.hash || atLineEnd {
                let null = YAMLNode(.scalar(YAMLScalar(text: "", style: .plain)), at: dashLocation)
                if let nextIndent = try nextContentLine(), nextIndent > indent {
                    items.append(try parseBlockNode(indent: nextIndent, depth: depth + 1))
                } else {
                    items.append(null)
                }
            } else {
                // Compact forms `- - a` and `- key: value` open a nested block at this column.
                let itemIndent = position - lineStart
                items.append(try parseBlockNode(indent: itemIndent, depth: depth + 1))
            }
            guard current != nil else { break }
            let nextIndent = position - lineStart
            if nextIndent < indent { break }
            if nextIndent > indent {
                throw error("unexpected indentation: expected \(indent) spaces like the `-` on line \(dashLocation.line), found \(nextIndent)", at: location)
            }
            // Same indentation but no dash: the enclosing mapping continues (`key:\n- a\nnext: b`).
            if !atSequenceDash { break }
        }
        return YAMLNode(.sequence(items), at: start)
    }

    /// Whether the current line starts with `key:` (plain or quoted key), looking ahead only.
    package func startsMappingEntry() -> Bool {
        var scan = position
        guard let first = byte(at: scan) else { return false }
        if first == Byte.doubleQuote || first == Byte.singleQuote {
            scan += 1
            while let byte = byte(at: scan), byte != Byte.lineFeed, byte != Byte.carriageReturn {
                if byte == Byte.backslash, first == Byte.doubleQuote { scan += 2; continue }
                if byte == first {
                    if first == Byte.singleQuote, self.byte(at: scan + 1) == Byte.singleQuote { scan += 2; continue }
                    break
                }
                scan += 1
            }
            guard byte(at: scan) == first else { return true } // let the key parser report it
            scan += 1
            while byte(at: scan) == Byte.space || byte(at: scan) == Byte.tab { scan += 1 }
            return byte(at: scan) == Byte.colon
        }
        if first == Byte.openBracket || first == Byte.openBrace { return false }
        while let byte = byte(at: scan), byte != Byte.lineFeed, byte != Byte.carriageReturn {
            if byte == Byte.hash, scan > position, bytes[scan - 1] == Byte.space || bytes[scan - 1] == Byte.tab {
                return false
            }
            if byte == Byte.colon, isSeparator(self.byte(at: scan + 1)) { return true }
            scan += 1
        }
        return false
    }
}

/// The ASCII bytes the parser cares about, named.
package enum Byte {
    package static let tab: UInt8 = 0x09
    package static let lineFeed: UInt8 = 0x0A
    package static let carriageReturn: UInt8 = 0x0D
    package static let space: UInt8 = 0x20
    package static let exclamation: UInt8 = 0x21
    package static let doubleQuote: UInt8 = 0x22
    package static let hash: UInt8 = 0x23
    package static let percent: UInt8 = 0x25
    package static let ampersand: UInt8 = 0x26
    package static let singleQuote: UInt8 = 0x27
    package static let asterisk: UInt8 = 0x2A
    package static let comma: UInt8 = 0x2C
    package static let dash: UInt8 = 0x2D
    package static let dot: UInt8 = 0x2E
    package static let colon: UInt8 = 0x3A
    package static let greaterThan: UInt8 = 0x3E
    package static let question: UInt8 = 0x3F
    package static let at: UInt8 = 0x40
    package static let openBracket: UInt8 = 0x5B
    package static let backslash: UInt8 = 0x5C
    package static let closeBracket: UInt8 = 0x5D
    package static let backtick: UInt8 = 0x60
    package static let openBrace: UInt8 = 0x7B
    package static let pipe: UInt8 = 0x7C
    package static let closeBrace: UInt8 = 0x7D
    package static let delete: UInt8 = 0x7F
}
