import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The targets a `Package.swift` declares, read from its tokens (the manifest is not run):
/// `.target`, `.executableTarget`, `.testTarget`, `.macro` and `.plugin` calls with a literal
/// `name:`, their `path:` (else SwiftPM's default folder) and the targets of the same package
/// they list in `dependencies:` (`"Name"`, `.target(name:)`, `.byName(name:)`; products of
/// other packages are not targets here).
public struct SwiftPackageManifest: Sendable, Equatable {
    public struct Target: Sendable, Equatable {
        public let name: String
        public let kind: String
        /// As written, relative to the package folder; nil for SwiftPM's default.
        public let path: String?
        public let dependencies: [String]
    }

    public let targets: [Target]

    package static let targetKinds: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin"]

    public init(bytes: [UInt8]) {
        let file = SourceFile(path: "Package.swift", bytes: bytes)
        let code = CodeTokens(file: file, scan: Tokenizer.scanCode(file.bytes))
        var targets: [Target] = []
        var k = 1
        while k + 1 < code.count {
            defer { k += 1 }
            guard code[k - 1].kind == .period, code[k].kind == .identifier, code[k + 1].kind == .leftParen,
                  Self.targetKinds.contains(code.string(k)), let close = code.partner(of: k + 1) else { continue }
            let arguments = Self.arguments(code, from: k + 2, to: close)
            guard let name = arguments["name"].flatMap({ Self.stringLiteral(code, at: $0.lowerBound, end: $0.upperBound) }) else { continue }
            let path = arguments["path"].flatMap { Self.stringLiteral(code, at: $0.lowerBound, end: $0.upperBound) }
            let dependencies = arguments["dependencies"].map { Self.targetNames(code, in: $0) } ?? []
            targets.append(Target(name: name, kind: code.string(k), path: path, dependencies: dependencies))
            k = close
        }
        self.targets = targets
    }

    /// The labelled arguments between `start` and `end` (exclusive): label → token range of the value.
    package static func arguments(_ code: CodeTokens, from start: Int, to end: Int) -> [String: Range<Int>] {
        var result: [String: Range<Int>] = [:]
        var k = start
        while k < end {
            var argumentEnd = k
            while argumentEnd < end && code[argumentEnd].kind != .comma {
                argumentEnd = (code.partner(of: argumentEnd).map { $0 > argumentEnd ? $0 : argumentEnd } ?? argumentEnd) + 1
            }
            argumentEnd = min(argumentEnd, end)
            if k + 1 < argumentEnd, code[k].kind == .identifier || code[k].kind == .keyword, code[k + 1].kind == .colon {
                result[code.string(k)] = (k + 2)..<argumentEnd
            }
            k = argumentEnd + 1
        }
        return result
    }

    /// The text of a plain string literal `"…"` exactly filling `start..<end`.
    package static func stringLiteral(_ code: CodeTokens, at start: Int, end: Int) -> String? {
        let count = end - start
        guard count == 2 || count == 3, start >= 0, end <= code.count, code[start].kind == .stringDelimiter,
              code.string(start) == "\"", code[end - 1].kind == .stringDelimiter else { return nil }
        if count == 2 { return "" }
        guard code[start + 1].kind == .stringSegment else { return nil }
        let text = code.string(start + 1)
        return text.contains("\\") ? nil : text
    }

    /// The same package's target names in a `dependencies:` array.
    package static func targetNames(_ code: CodeTokens, in range: Range<Int>) -> [String] {
        guard let open = range.first, code[open].kind == .leftBracket, let close = code.partner(of: open) else { return [] }
        var names: [String] = []
        var k = open + 1
        while k < close {
            var elementEnd = k
            while elementEnd < close && code[elementEnd].kind != .comma {
                elementEnd = (code.partner(of: elementEnd).map { $0 > elementEnd ? $0 : elementEnd } ?? elementEnd) + 1
            }
            elementEnd = min(elementEnd, close)
            if let name = stringLiteral(code, at: k, end: elementEnd) {
                names.append(name)
            } else if k + 2 < elementEnd, code[k].kind == .period, code[k + 2].kind == .leftParen,
                      ["target", "byName"].contains(code.string(k + 1)), let callEnd = code.partner(of: k + 2),
                      let value = arguments(code, from: k + 3, to: callEnd)["name"],
                      let name = stringLiteral(code, at: value.lowerBound, end: value.upperBound) {
                names.append(name)
            }
            k = elementEnd + 1
        }
        return names
    }

    /// SwiftPM's folder for a target without `path:`: `<Sources>/<name>` under the first of its
    /// predefined source folders that holds it (`Tests` for tests, `Plugins` for plugins).
    public static func defaultFolder(of target: Target, packageFolder: String,
                                     fileSystem: any ConfigurationFileSystem = LocalFileSystem()) -> String {
        let parents: [String]
        switch target.kind {
        case "testTarget": parents = ["Tests", "Sources", "Source", "src", "srcs"]
        case "plugin": parents = ["Plugins"]
        default: parents = ["Sources", "Source", "src", "srcs"]
        }
        for parent in parents where fileSystem.folderExists(atPath: packageFolder + "/" + parent + "/" + target.name) {
            return packageFolder + "/" + parent + "/" + target.name
        }
        return packageFolder + "/" + parents[0] + "/" + target.name
    }
}
