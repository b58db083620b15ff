import StateLintSyntax

/// Reads a type as written in source (`Vault`, `[Coin]`, `[String: Coin]?`, `Store<Feature>`,
/// `any Service`, `Model!`, `Model.Type`) into a `ValueType`.
///
/// Function types, tuples and compositions (`A & B`) are nil: no member of them is looked up.
/// Attributes (`@escaping`, `@MainActor`) and ownership words (`inout`, `sending`) are skipped,
/// `any`/`some` too (the value's members are the protocol's); a variadic `T...` is `[T]`.
package enum TypeSyntax {
    /// The type written in code tokens `range`.
    package static func parse(_ range: Range<Int>, in code: CodeTokens) -> ValueType? {
        guard !range.isEmpty, range.count <= 256 else { return nil }
        var text: [UInt8] = []
        var previousEnd = -1
        for k in range {
            let token = code[k]
            if token.kind == .attribute {
                continue  // `@escaping`: its name is one token; arguments (`@convention(c)`) make it a function type anyway
            }
            // Tokens apart in the source stay apart (`any P`); `T.Type` stays one word.
            if !text.isEmpty, token.start != previousEnd { text.append(0x20) }
            text.append(contentsOf: code.file.bytes[token.range])
            previousEnd = token.end
        }
        return parse(text)
    }

    /// The type spelled by `text`.
    package static func parse(_ text: String) -> ValueType? { parse(Array(text.utf8)) }

    private static func parse(_ bytes: [UInt8]) -> ValueType? {
        var parser = Parser(bytes: bytes)
        guard let type = parser.type(), parser.atEnd else { return nil }
        return type
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0
        var depth = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool {
            mutating get { skipBlanks(); return position >= bytes.count }
        }

        mutating func skipBlanks() {
            while position < bytes.count, bytes[position] == 0x20 { position += 1 }
        }

        mutating func peek() -> UInt8? {
            skipBlanks()
            return position < bytes.count ? bytes[position] : nil
        }

        mutating func eat(_ byte: UInt8) -> Bool {
            guard peek() == byte else { return false }
            position += 1
            return true
        }

        /// An identifier (or backticked name) at the position, consumed.
        mutating func identifier() -> String? {
            skipBlanks()
            if position < bytes.count, bytes[position] == UInt8(ascii: "`") {
                guard let close = bytes[(position + 1)...].firstIndex(of: UInt8(ascii: "`")) else { return nil }
                defer { position = close + 1 }
                return String(decoding: bytes[(position + 1)..<close], as: UTF8.self)
            }
            let start = position
            while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
            guard position > start else { return nil }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
        }

        static let skippedWords: Set<String> = ["inout", "borrowing", "consuming", "sending", "__owned", "__shared", "any", "some", "isolated"]

        mutating func type() -> ValueType? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 32 else { return nil }
            var type: ValueType
            switch peek() {
            case UInt8(ascii: "["):
                position += 1
                guard let first = self.type() else { return nil }
                if eat(UInt8(ascii: ":")) {
                    guard let value = self.type(), eat(UInt8(ascii: "]")) else { return nil }
                    type = ValueType("Dictionary", [first, value])
                } else {
                    guard eat(UInt8(ascii: "]")) else { return nil }
                    type = .array(first)
                }
            case UInt8(ascii: "("):
                position += 1
                guard let inner = self.type(), eat(UInt8(ascii: ")")) else { return nil }  // a tuple has a comma
                type = inner
            default:
                let save = position
                guard let word = identifier() else { return nil }
                if Self.skippedWords.contains(word), let next = peek(), next != UInt8(ascii: "."), next != UInt8(ascii: "<") {
                    return self.type()
                }
                position = save
                guard let named = nominal() else { return nil }
                type = named
            }
            // Postfix: `?`, `!`, `.Type`, `...`.
            while true {
                if eat(UInt8(ascii: "?")) {
                    type = .optional(type)
                } else if peek() == UInt8(ascii: "!") {
                    position += 1
                } else if lookingAt("...") {
                    position += 3
                    type = .array(type)
                } else if lookingAt(".Type") {
                    position += 5
                    type = type.metatype
                } else {
                    break
                }
            }
            // A function type or a composition is not a value type the typer follows.
            if lookingAt("->") || lookingAt("async") || lookingAt("throws") || peek() == UInt8(ascii: "&") { return nil }
            return type
        }

        mutating func lookingAt(_ word: StaticString) -> Bool {
            skipBlanks()
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count else { return false }
            for i in 0..<count where bytes[position + i] != word.utf8Start[i] { return false }
            return true
        }

        /// `Name`, `Outer.Inner`, `Store<Feature>`, `Array<Int>`, `Optional<T>`.
        mutating func nominal() -> ValueType? {
            var name = ""
            var arguments: [ValueType] = []
            repeat {
                if lookingAt(".Type") { break }
                guard let part = identifier() else { return nil }
                if !name.isEmpty { name += "." }
                name += part
                arguments = []
                if eat(UInt8(ascii: "<")) {
                    repeat {
                        guard let argument = type() else { return nil }
                        arguments.append(argument)
                    } while eat(UInt8(ascii: ","))
                    guard eat(UInt8(ascii: ">")) else { return nil }
                }
            } while peek() == UInt8(ascii: ".") && !lookingAt("...") && !lookingAt(".Type") && { position += 1; return true }()
            if name.hasPrefix("Swift.") { name.removeFirst("Swift.".count) }
            if name == "Optional", arguments.count == 1 { return .optional(arguments[0]) }
            if name == "ImplicitlyUnwrappedOptional", arguments.count == 1 { return arguments[0] }
            return ValueType(name, arguments)
        }
    }
}
