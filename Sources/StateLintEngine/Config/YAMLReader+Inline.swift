import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Scalars, flow collections and input validation: everything below the block structure.
extension YAMLReader {
    // MARK: Input validation

    /// Invalid UTF-8, NUL and other control bytes are rejected up front, with their position.
    package func rejectUnreadableBytes() throws(ConfigurationError) {
        let invalidUTF8 = UTF8Validation.firstInvalidOffset(in: bytes)
        let scanLimit = invalidUTF8 ?? bytes.count
        var controlOffset: Int?
        for offset in 0..<scanLimit {
            let byte = bytes[offset]
            if byte < 0x20, byte != Byte.tab, byte != Byte.lineFeed, byte != Byte.carriageReturn {
                controlOffset = offset
                break
            }
            if byte == Byte.delete { controlOffset = offset; break }
        }
        guard let offset = controlOffset ?? invalidUTF8 else { return }
        let location = SourceFile(path: path, bytes: bytes).location(ofOffset: offset)
        let hex = "0x" + String(bytes[offset], radix: 16, uppercase: true)
        if controlOffset == nil {
            throw error("invalid UTF-8 (byte \(hex)); save the file as UTF-8", at: location)
        }
        let name = bytes[offset] == 0 ? "NUL byte" : "control character \(hex)"
        throw error("\(name) is not allowed; is this a binary file?", at: location)
    }

    // MARK: Values

    /// A scalar or flow collection starting at the current position.
    package mutating func parseInlineValue(depth: Int, inFlow: Bool) throws(ConfigurationError) -> YAMLNode {
        try checkDepth(depth)
        guard let first = current, !atLineEnd else {
            throw error("expected a value, found \(describeCurrent())", at: location)
        }
        switch first {
        case Byte.openBracket: return try parseFlowSequence(depth: depth)
        case Byte.openBrace: return try parseFlowMapping(depth: depth)
        case Byte.doubleQuote, Byte.singleQuote:
            let start = location
            let scalar = try parseQuotedScalar()
            return YAMLNode(.scalar(scalar), at: start)
        default:
            try rejectIndicator(first, inFlow: inFlow)
            let start = location
            let text = try scanPlainScalar(inFlow: inFlow, isKey: false)
            return YAMLNode(.scalar(YAMLScalar(text: text, style: .plain)), at: start)
        }
    }

    /// Characters that start YAML features outside the subset, or that cannot start a plain value.
    private func rejectIndicator(_ byte: UInt8, inFlow: Bool) throws(ConfigurationError) {
        let next = self.byte(at: position + 1)
        let message: String
        switch byte {
        case Byte.ampersand: message = "anchors (`&name`) are not supported"
        case Byte.asterisk: message = "aliases (`*name`) are not supported"
        case Byte.exclamation: message = "tags (`!tag`) are not supported"
        case Byte.pipe, Byte.greaterThan:
            message = "block scalars (`|`, `>`) are not supported; use a quoted string with `\\n`"
        case Byte.percent: message = "directives (`%`) are not supported"
        case Byte.at, Byte.backtick: message = "\(describeCurrent()) is reserved in YAML and cannot start a plain value; quote the value"
        case Byte.question where isSeparator(next): message = "complex keys (`? `) are not supported"
        case Byte.dash where isSeparator(next): message = "unexpected list item `-` here"
        case Byte.colon where isSeparator(next): message = "missing key before `:`"
        case Byte.comma, Byte.closeBracket, Byte.closeBrace: message = "unexpected \(describeCurrent())"
        case Byte.hash: message = "a `#` comment needs a space before it"
        default: return
        }
        throw error(message, at: location)
    }

    /// A mapping key followed by `:`; leaves the position after the colon.
    package mutating func parseMappingKey(inFlow: Bool) throws(ConfigurationError) -> (String, SourceLocation) {
        let keyLocation = location
        let key: String
        if let first = current, first == Byte.doubleQuote || first == Byte.singleQuote {
            key = try parseQuotedScalar().text
            skipBlanks()
        } else {
            guard let first = current, !atLineEnd else {
                throw error("expected a key, found \(describeCurrent())", at: location)
            }
            if first == Byte.openBracket || first == Byte.openBrace {
                throw error("a collection cannot be used as a mapping key", at: location)
            }
            try rejectIndicator(first, inFlow: inFlow)
            key = try scanPlainScalar(inFlow: inFlow, isKey: true)
            skipBlanks()
        }
        guard current == Byte.colon else {
            throw error("expected `:` after the key \(Quoted.text(key)), found \(describeCurrent())", at: location)
        }
        position += 1
        let next = current
        let separated = isSeparator(next)
            || (inFlow && (next == Byte.comma || next == Byte.closeBrace || next == Byte.closeBracket))
        guard separated else {
            throw error("expected a space after `:`", at: location)
        }
        return (key, keyLocation)
    }

    /// A plain (unquoted) scalar. In block context it runs to the end of the line or a ` #`
    /// comment; in flow context it also stops at `,` `[` `]` `{` `}`. A `: ` inside a block
    /// value is an error (YAML would read a nested mapping there; quoting says what was meant).
    package mutating func scanPlainScalar(inFlow: Bool, isKey: Bool) throws(ConfigurationError) -> String {
        let start = position
        var end = position
        while let byte = current, byte != Byte.lineFeed, byte != Byte.carriageReturn {
            if byte == Byte.hash, position > start, bytes[position - 1] == Byte.space || bytes[position - 1] == Byte.tab {
                break
            }
            if byte == Byte.colon {
                let next = self.byte(at: position + 1)
                let endsPlain = isSeparator(next) || (inFlow && next.map(isFlowIndicator) == true)
                if endsPlain {
                    if isKey || inFlow { break }
                    throw error("`: ` inside an unquoted value; quote the value or put the nested key on its own line", at: location)
                }
            }
            if inFlow, isFlowIndicator(byte) { break }
            position += 1
            if byte != Byte.space, byte != Byte.tab { end = position }
        }
        position = end
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    package func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == Byte.comma || byte == Byte.openBracket || byte == Byte.closeBracket
            || byte == Byte.openBrace || byte == Byte.closeBrace
    }

    // MARK: Quoted scalars

    /// `'...'` (with `''` for a quote) or `"..."` (with backslash escapes). Both end on the
    /// line they start on; a missing closing quote points at the opening one.
    package mutating func parseQuotedScalar() throws(ConfigurationError) -> YAMLScalar {
        let openingLocation = location
        let quote = bytes[position]
        position += 1
        var text: [UInt8] = []
        while true {
            guard let byte = current, byte != Byte.lineFeed, byte != Byte.carriageReturn else {
                let kind = quote == Byte.singleQuote ? "single" : "double"
                throw error("unterminated \(kind)-quoted string; quoted strings must close on the same line", at: openingLocation)
            }
            if byte == quote {
                if quote == Byte.singleQuote, self.byte(at: position + 1) == Byte.singleQuote {
                    text.append(Byte.singleQuote)
                    position += 2
                    continue
                }
                position += 1
                break
            }
            if byte == Byte.backslash, quote == Byte.doubleQuote {
                try appendEscape(to: &text, openingLocation: openingLocation)
                continue
            }
            text.append(byte)
            position += 1
        }
        let style: YAMLScalar.Style = quote == Byte.singleQuote ? .singleQuoted : .doubleQuoted
        return YAMLScalar(text: String(decoding: text, as: UTF8.self), style: style)
    }

    private mutating func appendEscape(to text: inout [UInt8], openingLocation: SourceLocation) throws(ConfigurationError) {
        let escapeLocation = location
        let letter = byte(at: position + 1)
        position += 2
        switch letter {
        case UInt8(ascii: "\""): text.append(Byte.doubleQuote)
        case UInt8(ascii: "\\"): text.append(Byte.backslash)
        case UInt8(ascii: "/"): text.append(UInt8(ascii: "/"))
        case UInt8(ascii: "n"): text.append(Byte.lineFeed)
        case UInt8(ascii: "t"): text.append(Byte.tab)
        case UInt8(ascii: "r"): text.append(Byte.carriageReturn)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let digitCount = letter == UInt8(ascii: "u") ? 4 : 8
            var value: UInt32 = 0
            for _ in 0..<digitCount {
                guard let byte = current, let digit = hexValue(byte) else {
                    let name = digitCount == 4 ? "\\u" : "\\U"
                    throw error("`\(name)` escape needs \(digitCount) hex digits", at: escapeLocation)
                }
                value = value &* 16 &+ UInt32(digit)
                position += 1
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw error("`\\u` escape is not a Unicode scalar value (surrogate or above U+10FFFF)", at: escapeLocation)
            }
            text.append(contentsOf: Array(String(Character(scalar)).utf8))
        case nil, Byte.lineFeed, Byte.carriageReturn:
            throw error("unterminated double-quoted string; quoted strings must close on the same line", at: openingLocation)
        default:
            position -= 1
            throw error("unknown escape \\\(describeCurrent()) in double-quoted string; supported: \\\" \\\\ \\/ \\n \\t \\r \\uXXXX \\UXXXXXXXX", at: escapeLocation)
        }
    }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    // MARK: Flow collections

    /// Skips spaces, tabs, line breaks and comments between flow items.
    private mutating func skipFlowWhitespace() {
        while let byte = current {
            if byte == Byte.space || byte == Byte.tab {
                position += 1
            } else if byte == Byte.lineFeed || byte == Byte.carriageReturn {
                consumeLineBreak()
            } else if byte == Byte.hash, position == lineStart || bytes[position - 1] == Byte.space || bytes[position - 1] == Byte.tab {
                skipToLineEnd()
            } else {
                return
            }
        }
    }

    package mutating func parseFlowSequence(depth: Int) throws(ConfigurationError) -> YAMLNode {
        try checkDepth(depth)
        let start = location
        position += 1
        var items: [YAMLNode] = []
        while true {
            skipFlowWhitespace()
            guard let byte = current else { throw error("unterminated list: missing `]`", at: start) }
            if byte == Byte.closeBracket { position += 1; break }
            items.append(try parseInlineValue(depth: depth + 1, inFlow: true))
            skipFlowWhitespace()
            guard let separator = current else { throw error("unterminated list: missing `]`", at: start) }
            if separator == Byte.comma { position += 1; continue }
            if separator == Byte.closeBracket { position += 1; break }
            throw error("expected `,` or `]` in the list, found \(describeCurrent())", at: location)
        }
        return YAMLNode(.sequence(items), at: start)
    }

    package mutating func parseFlowMapping(depth: Int) throws(ConfigurationError) -> YAMLNode {
        try checkDepth(depth)
        let start = location
        position += 1
        var entries: [YAMLMappingEntry] = []
        var firstLocations: [String: SourceLocation] = [:]
        while true {
            skipFlowWhitespace()
            guard let byte = current else { throw error("unterminated mapping: missing `}`", at: start) }
            if byte == Byte.closeBrace { position += 1; break }
            let (key, keyLocation) = try parseMappingKey(inFlow: true)
            if let first = firstLocations[key] {
                throw error("duplicate key \(Quoted.text(key)) (first defined at line \(first.line))", at: keyLocation)
            }
            firstLocations[key] = keyLocation
            skipFlowWhitespace()
            let value: YAMLNode
            if current == Byte.comma || current == Byte.closeBrace {
                value = YAMLNode(.scalar(YAMLScalar(text: "", style: .plain)), at: location)
            } else {
                value = try parseInlineValue(depth: depth + 1, inFlow: true)
            }
            entries.append(YAMLMappingEntry(key: key, keyLocation: keyLocation, value: value))
            skipFlowWhitespace()
            guard let separator = current else { throw error("unterminated mapping: missing `}`", at: start) }
            if separator == Byte.comma { position += 1; continue }
            if separator == Byte.closeBrace { position += 1; break }
            throw error("expected `,` or `}` in the mapping, found \(describeCurrent())", at: location)
        }
        return YAMLNode(.mapping(entries), at: start)
    }
}
