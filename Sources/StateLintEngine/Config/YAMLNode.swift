import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// One node of a parsed `.linter.yml` document. Every node remembers where it starts so
/// configuration errors can point at the exact token.
public struct YAMLNode: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        /// Entries in file order; keys are unique (duplicates are a parse error).
        case mapping([YAMLMappingEntry])
    }

    public var content: Content
    /// 1-based line and UTF-8 byte column of the node's first character.
    public var location: SourceLocation

    public init(_ content: Content, at location: SourceLocation) {
        self.content = content
        self.location = location
    }

    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    public var mapping: [YAMLMappingEntry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// How the node reads in a "found …" clause of an error message.
    package var summaryForMessages: String {
        switch content {
        case .scalar(let scalar):
            if scalar.style == .plain, scalar.text.isEmpty { return "nothing" }
            return Quoted.text(scalar.style == .plain ? scalar.text : scalar.sourceLikeText)
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

/// A scalar keeps its text and quoting: only plain scalars are ever booleans, numbers or null,
/// so `"true"` stays a string, as in YAML.
public struct YAMLScalar: Sendable, Equatable {
    public enum Style: Sendable, Equatable {
        case plain, singleQuoted, doubleQuoted
    }

    public var text: String
    public var style: Style

    public init(text: String, style: Style) {
        self.text = text
        self.style = style
    }

    /// `null`, `~` or an empty value (`key:` with nothing after it).
    public var isNull: Bool {
        style == .plain && (text.isEmpty || text == "null" || text == "~")
    }

    /// Only the lowercase YAML 1.2 spellings: `yes`, `on` and `True` are not booleans here.
    public var bool: Bool? {
        guard style == .plain else { return nil }
        switch text {
        case "true": return true
        case "false": return false
        default: return nil
        }
    }

    /// A decimal integer (`[-+]?[0-9]+`) that fits in `Int`.
    public var integer: Int? {
        guard style == .plain else { return nil }
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }

    package var sourceLikeText: String {
        style == .singleQuoted ? "'\(text)'" : "\"\(text)\""
    }
}

public struct YAMLMappingEntry: Sendable, Equatable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: YAMLNode

    public init(key: String, keyLocation: SourceLocation, value: YAMLNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
