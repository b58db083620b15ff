import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The file-system questions decoding asks (does `Sources` exist? what is next to it?), behind
/// a protocol so tests can answer them without touching the disk.
public protocol ConfigurationFileSystem: Sendable {
    func itemExists(atPath path: String) -> Bool
    func itemNames(inDirectory path: String) -> [String]
    /// Whether `path` is a folder (or a link to one).
    func folderExists(atPath path: String) -> Bool
}

extension ConfigurationFileSystem {
    /// For file systems that only know names (test fakes): anything that exists.
    public func folderExists(atPath path: String) -> Bool { itemExists(atPath: path) }
}

/// Turns a parsed `.linter.yml` into a `Configuration`, validating every key and value against
/// the schema. Collects all problems (up to `maximumReportedErrors`) instead of stopping at the first.
public struct ConfigurationDecoder {
    public static let maximumReportedErrors = 20

    public var schema: ConfigurationSchema
    /// The configuration file as shown in messages and origins.
    public var path: String
    public var rootDirectory: String
    /// When set, literal `included` and `index` paths must exist under `rootDirectory`.
    public var fileSystem: (any ConfigurationFileSystem)?

    private var diagnostics: [ConfigurationError.Diagnostic] = []

    public init(schema: ConfigurationSchema, path: String, rootDirectory: String,
                fileSystem: (any ConfigurationFileSystem)? = nil) {
        self.schema = schema
        self.path = path
        self.rootDirectory = rootDirectory
        self.fileSystem = fileSystem
    }

    public mutating func decode(_ document: YAMLNode?) throws(ConfigurationError) -> Configuration {
        diagnostics = []
        var configuration = Configuration(defaultsFor: schema, rootDirectory: rootDirectory)
        configuration.configurationFilePath = path
        if let document {
            if let entries = document.mapping {
                for entry in entries { decodeEntry(entry, into: &configuration) }
                checkRuleListConflicts(entries, configuration)
            } else {
                report("the configuration must be a mapping of keys to values, found \(document.summaryForMessages)",
                       at: document.location)
            }
        }
        configuration.recomputeEnabledRules(schema: schema)
        try throwIfNeeded()
        return configuration
    }

    // MARK: Entries

    private var validTopLevelKeys: [String] {
        ConfigurationKey.allCases.map(\.rawValue) + schema.ruleIDs
    }

    private mutating func decodeEntry(_ entry: YAMLMappingEntry, into configuration: inout Configuration) {
        let value = entry.value
        let origin = ValueOrigin.configurationFile(path: path, line: entry.keyLocation.line)
        guard let key = ConfigurationKey(rawValue: entry.key) else {
            if let spec = schema.rule(entry.key) {
                decodeRuleSection(spec, entry, into: &configuration)
            } else {
                report("unknown key \(Quoted.text(entry.key))"
                       + Quoted.suggestion(for: entry.key, among: validTopLevelKeys), at: entry.keyLocation)
            }
            return
        }
        switch key {
        case .included:
            guard let patterns = pathPatterns(value, key: key, mustExist: true) else { return }
            configuration.included = patterns
        case .excluded:
            guard let patterns = pathPatterns(value, key: key, mustExist: false) else { return }
            configuration.excluded = patterns
        case .index:
            guard let patterns = pathPatterns(value, key: key, mustExist: true) else { return }
            configuration.index = patterns
        case .disabledRules:
            guard let ids = ruleIDList(value, key: key) else { return }
            configuration.disabledRules = ids
        case .optInRules:
            guard let ids = ruleIDList(value, key: key) else { return }
            configuration.optInRules = ids
        case .onlyRules:
            guard let ids = ruleIDList(value, key: key) else { return }
            configuration.onlyRules = ids
        case .reporter:
            guard let names = reporterNames(value) else { return }
            configuration.reporters = names
        case .strict:
            guard let flag = value.scalar?.bool else {
                return report("`strict` expects true or false, found \(value.summaryForMessages)", at: value.location)
            }
            configuration.strict = flag
        case .xcodeVersion:
            guard let version = xcodeVersion(value) else { return }
            configuration.xcodeVersion = version
        case .deploymentTarget:
            guard let targets = deploymentTarget(value) else { return }
            configuration.deploymentTarget = targets
        case .knownClasses:
            guard let names = typeNames(value, key: key) else { return }
            configuration.knownClasses = names
        case .knownValueTypes:
            guard let names = typeNames(value, key: key) else { return }
            configuration.knownValueTypes = names
        case .dependencies:
            guard let folders = dependencyFolders(value) else { return }
            configuration.dependencies = folders
        }
        configuration.origins[key.rawValue] = origin
    }

    // MARK: Lists

    /// The non-empty scalar items of a list, with their positions; reports and returns `nil`
    /// for anything else.
    package mutating func stringItems(_ node: YAMLNode, key: String,
                                      itemDescription: String) -> [(text: String, location: SourceLocation)]? {
        guard let items = node.sequence else {
            let example = node.scalar.map { "; write `\(key): [\($0.text)]`" } ?? ""
            report("`\(key)` expects a list of \(itemDescription), found \(node.summaryForMessages)"
                   + (node.scalar?.isNull == false ? example : ""), at: node.location)
            return nil
        }
        var result: [(text: String, location: SourceLocation)] = []
        var seen: [String: Int] = [:]
        var valid = true
        for item in items {
            guard let scalar = item.scalar, !scalar.isNull else {
                report("`\(key)` expects \(itemDescription), found \(item.summaryForMessages)", at: item.location)
                valid = false
                continue
            }
            if let firstLine = seen[scalar.text] {
                report("\(Quoted.text(scalar.text)) is listed twice in `\(key)` (first on line \(firstLine))",
                       at: item.location)
                valid = false
                continue
            }
            seen[scalar.text] = item.location.line
            result.append((scalar.text, item.location))
        }
        return valid ? result : nil
    }

    private mutating func ruleIDList(_ node: YAMLNode, key: ConfigurationKey) -> [String]? {
        guard let items = stringItems(node, key: key.rawValue, itemDescription: "rule ids") else { return nil }
        var valid = true
        for item in items where schema.rule(item.text) == nil {
            report("unknown rule id \(Quoted.text(item.text)) in `\(key.rawValue)`"
                   + Quoted.suggestion(for: item.text, among: schema.ruleIDs), at: item.location)
            valid = false
        }
        return valid ? items.map(\.text) : nil
    }

    private mutating func reporterNames(_ node: YAMLNode) -> [String]? {
        let items: [(text: String, location: SourceLocation)]
        if let scalar = node.scalar, !scalar.isNull {
            items = [(scalar.text, node.location)]
        } else {
            guard let list = stringItems(node, key: "reporter", itemDescription: "reporter names") else { return nil }
            guard !list.isEmpty else {
                report("`reporter` expects at least one reporter name", at: node.location)
                return nil
            }
            items = list
        }
        var valid = true
        for item in items where !schema.reporterNames.contains(item.text) {
            report("unknown reporter \(Quoted.text(item.text))"
                   + Quoted.suggestion(for: item.text, among: schema.reporterNames)
                   + "; available: \(schema.reporterNames.joined(separator: ", "))", at: item.location)
            valid = false
        }
        return valid ? items.map(\.text) : nil
    }

    private mutating func pathPatterns(_ node: YAMLNode, key: ConfigurationKey, mustExist: Bool) -> [GlobPattern]? {
        guard let items = stringItems(node, key: key.rawValue, itemDescription: "paths") else { return nil }
        var patterns: [GlobPattern] = []
        var valid = true
        for item in items {
            do {
                let pattern = try GlobPattern(item.text)
                if mustExist, pattern.isLiteral, let problem = missingPathProblem(pattern.pattern) {
                    report("`\(key.rawValue)` path \(Quoted.text(item.text)) does not exist" + problem, at: item.location)
                    valid = false
                }
                patterns.append(pattern)
            } catch {
                report("the pattern \(Quoted.text(item.text)) in `\(key.rawValue)` \(error.explanation)", at: item.location)
                valid = false
            }
        }
        return valid ? patterns : nil
    }

    /// `nil` when the path exists (or nobody can tell); else a did-you-mean suffix (maybe empty).
    private func missingPathProblem(_ relativePath: String) -> String? {
        guard let fileSystem, relativePath != "." else { return nil }
        let absolute = rootDirectory + "/" + relativePath
        if fileSystem.itemExists(atPath: absolute) { return nil }
        return Self.suggestion(forMissing: absolute, in: fileSystem)
    }

    /// "; did you mean `x`?" naming the closest sibling of the missing `absolutePath`, or "".
    package static func suggestion(forMissing absolutePath: String, in fileSystem: any ConfigurationFileSystem) -> String {
        guard let slash = absolutePath.lastIndex(of: "/") else { return "" }
        let last = String(absolutePath[absolutePath.index(after: slash)...])
        let parent = slash == absolutePath.startIndex ? "/" : String(absolutePath[..<slash])
        guard !last.isEmpty else { return "" }
        return Quoted.suggestion(for: last, among: fileSystem.itemNames(inDirectory: parent).sorted())
    }

    private mutating func typeNames(_ node: YAMLNode, key: ConfigurationKey) -> [String]? {
        guard let items = stringItems(node, key: key.rawValue, itemDescription: "type names") else { return nil }
        var valid = true
        for item in items where !Self.isTypeName(item.text) {
            report("\(Quoted.text(item.text)) in `\(key.rawValue)` is not a type name (expected e.g. `Model` or `Outer.Inner`)",
                   at: item.location)
            valid = false
        }
        return valid ? items.map(\.text) : nil
    }

    /// `Name` or `Outer.Inner`, each part a Swift identifier (ASCII letters, digits, `_`, or non-ASCII).
    package static func isTypeName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, !(0x30...0x39).contains(first.value) else { return false }
            return part.unicodeScalars.allSatisfy { scalar in
                scalar.value > 0x7F || scalar == "_" || scalar.properties.isAlphabetic
                    || (0x30...0x39).contains(scalar.value)
            } && !part.unicodeScalars.contains { $0.properties.isWhitespace }
        }
    }

    private mutating func xcodeVersion(_ node: YAMLNode) -> XcodeVersion? {
        guard let scalar = node.scalar, !scalar.isNull else {
            report("`xcode_version` expects a version like `26` or `26.4`, found \(node.summaryForMessages)",
                   at: node.location)
            return nil
        }
        switch XcodeVersion.parseRelease(scalar.text) {
        case .success(let version): return version
        case .failure(let problem):
            report("`xcode_version` found \(node.summaryForMessages): \(problem.explanation)", at: node.location)
            return nil
        }
    }

    /// `{iOS: 17, macOS: 14.2}`: platform names as `Package.swift` spells them, versions like `17` or `16.4`.
    private mutating func deploymentTarget(_ node: YAMLNode) -> [DeploymentPlatform: OSVersion]? {
        let names = DeploymentPlatform.allCases.map(\.rawValue)
        guard let entries = node.mapping, !entries.isEmpty else {
            report("`deployment_target` expects a mapping of platforms to versions like `{iOS: 17, macOS: 14}`, found \(node.summaryForMessages)",
                   at: node.location)
            return nil
        }
        var result: [DeploymentPlatform: OSVersion] = [:]
        var valid = true
        for entry in entries {
            guard let platform = DeploymentPlatform(rawValue: entry.key) else {
                report("unknown platform \(Quoted.text(entry.key)) in `deployment_target`"
                       + Quoted.suggestion(for: entry.key, among: names) + "; expected one of \(names.joined(separator: ", "))",
                       at: entry.keyLocation)
                valid = false
                continue
            }
            guard let scalar = entry.value.scalar, !scalar.isNull, let version = OSVersion.parse(scalar.text) else {
                report("`deployment_target.\(entry.key)` expects a version like `17` or `16.4`, found \(entry.value.summaryForMessages)",
                       at: entry.value.location)
                valid = false
                continue
            }
            result[platform] = version
        }
        return valid ? result : nil
    }

    // MARK: Cross-key checks

    private mutating func checkRuleListConflicts(_ entries: [YAMLMappingEntry], _ configuration: Configuration) {
        let byKey = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        if let only = byKey[ConfigurationKey.onlyRules.rawValue] {
            for other in [ConfigurationKey.disabledRules, .optInRules] {
                if byKey[other.rawValue] != nil {
                    report("`only_rules` cannot be combined with `\(other.rawValue)`; `only_rules` lists exactly the rules that run",
                           at: only.keyLocation)
                }
            }
        }
        if let optIn = byKey[ConfigurationKey.optInRules.rawValue] {
            for id in configuration.optInRules where configuration.disabledRules.contains(id) {
                report("\(Quoted.text(id)) is in both `opt_in_rules` and `disabled_rules`", at: optIn.keyLocation)
            }
        }
    }

    // MARK: Reporting

    package mutating func report(_ message: String, at location: SourceLocation) {
        diagnostics.append(ConfigurationError.Diagnostic(path: path, location: location, message: message))
    }

    private func throwIfNeeded() throws(ConfigurationError) {
        guard !diagnostics.isEmpty else { return }
        let sorted = diagnostics.enumerated().sorted { a, b in
            let (left, right) = (a.element.location ?? SourceLocation(line: 0, column: 0),
                                 b.element.location ?? SourceLocation(line: 0, column: 0))
            return left == right ? a.offset < b.offset : left < right
        }.map(\.element)
        var shown = Array(sorted.prefix(Self.maximumReportedErrors))
        if sorted.count > shown.count {
            shown.append(ConfigurationError.Diagnostic(
                path: path, location: nil,
                message: "\(sorted.count - shown.count) more errors not shown"))
        }
        throw ConfigurationError(diagnostics: shown)
    }
}
