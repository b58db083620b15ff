import Foundation
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// Sample rule and reporter specs mirroring the real rules, for configuration tests.
enum ConfigTestSupport {
    static let schema = ConfigurationSchema(
        rules: [
            RuleConfigurationSpec(id: "state_inline_class_init", options: [
                RuleOptionSpec(name: "report_unknown_types", defaultValue: .bool(false),
                               summary: "Also flag types that are not known to be value types."),
            ]),
            RuleConfigurationSpec(id: "appear_missing_nil_check", options: [
                RuleOptionSpec(name: "handlers", defaultValue: .stringList(["onAppear", "task"]),
                               summary: "Modifiers whose closures are checked."),
            ]),
            RuleConfigurationSpec(id: "disappear_missing_teardown"),
            RuleConfigurationSpec(id: "sample_opt_in_rule", defaultSeverity: .error, enabledByDefault: false, options: [
                RuleOptionSpec(name: "limit", defaultValue: .int(3), summary: "A sample integer option."),
                RuleOptionSpec(name: "label", defaultValue: .string("x"), summary: "A sample string option."),
            ]),
        ],
        reporterNames: ["xcode", "github", "json", "sarif"],
        defaultReporter: "xcode")

    /// The single diagnostic of a parse that must fail.
    static func parseFailure(_ text: String) -> ConfigurationError.Diagnostic? {
        parseFailure(Array(text.utf8))
    }

    static func parseFailure(_ bytes: [UInt8]) -> ConfigurationError.Diagnostic? {
        do {
            _ = try YAMLParser.parse(bytes, path: "c.yml")
            return nil
        } catch {
            return error.diagnostics.first
        }
    }

    static func decode(_ text: String, fileSystem: (any ConfigurationFileSystem)? = nil) throws -> Configuration {
        var decoder = ConfigurationDecoder(schema: schema, path: ".linter.yml", rootDirectory: "/project",
                                           fileSystem: fileSystem)
        return try decoder.decode(try YAMLParser.parse(text, path: ".linter.yml"))
    }

    /// The error messages (as printed) of a decode that must fail; empty if it succeeded.
    static func decodeErrors(_ text: String, fileSystem: (any ConfigurationFileSystem)? = nil) -> [String] {
        do {
            _ = try decode(text, fileSystem: fileSystem)
            return []
        } catch let error as ConfigurationError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["unexpected error type: \(error)"]
        }
    }

    /// A fresh temporary folder, removed by the caller with `FileManager.removeItem`.
    static func makeTemporaryDirectory() throws -> String {
        let path = (NSTemporaryDirectory() as NSString)
            .appendingPathComponent("statelint-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return (path as NSString).standardizingPath
    }

    /// A new temporary folder holding `files` (relative paths), each a one-line Swift file.
    static func makeTree(_ files: [String]) throws -> String {
        let root = try makeTemporaryDirectory()
        for file in files { try write("struct A {}\n", to: root + "/" + file) }
        return root
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}

/// An in-memory file system for decoder path checks.
struct FakeFileSystem: ConfigurationFileSystem {
    var paths: Set<String>

    func itemExists(atPath path: String) -> Bool { paths.contains(path) }

    func itemNames(inDirectory path: String) -> [String] {
        let prefix = path + "/"
        return paths.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
            .map { String($0.dropFirst(prefix.count)) }
    }
}
