import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Renders the effective configuration for `statelint config`: every key, its value and where
/// it came from. The output is itself a valid `.linter.yml` (origins are comments), so it can
/// be copied into a project as a fully spelled-out configuration.
public enum ConfigurationPrinter {
    public static func render(_ configuration: Configuration, schema: ConfigurationSchema) -> String {
        var lines: [(text: String, comment: String?)] = []
        func add(_ key: ConfigurationKey, _ value: String) {
            lines.append(("\(key.rawValue): \(value)", configuration.origin(of: key.rawValue).description))
        }
        add(.included, list(configuration.included.map(\.pattern)))
        add(.excluded, list(configuration.excluded.map(\.pattern)))
        if let onlyRules = configuration.onlyRules {
            add(.onlyRules, list(onlyRules))
        } else {
            add(.disabledRules, list(configuration.disabledRules))
            add(.optInRules, list(configuration.optInRules))
            lines.append(("# only_rules: not set", "default"))
        }
        let reporters = configuration.reporters
        add(.reporter, reporters.count == 1 ? scalar(reporters[0]) : list(reporters))
        add(.strict, configuration.strict ? "true" : "false")
        if let version = configuration.xcodeVersion {
            add(.xcodeVersion, scalar(version.description))
        } else {
            lines.append(("# xcode_version: not set (no .xcode-version file either)", "default"))
        }
        if let targets = configuration.deploymentTarget {
            let entries = DeploymentPlatform.allCases.compactMap { platform in
                targets[platform].map { "\(platform.rawValue): \($0.description)" }
            }
            add(.deploymentTarget, "{" + entries.joined(separator: ", ") + "}")
        } else {
            lines.append(("# deployment_target: not set (read from Package.swift and .xcodeproj)", "default"))
        }
        add(.knownClasses, list(configuration.knownClasses))
        add(.knownValueTypes, list(configuration.knownValueTypes))
        add(.index, list(configuration.index.map(\.pattern)))
        lines += dependencyLines(configuration)

        for spec in schema.rules {
            guard let rule = configuration.rule(spec.id) else { continue }
            lines.append(("", nil))
            lines.append(("\(spec.id):", enabledExplanation(rule, spec: spec, configuration)))
            lines.append(("  severity: \(rule.severity.rawValue)",
                          configuration.origin(of: "\(spec.id).severity").description))
            for option in spec.options {
                let value = rule.options[option.name] ?? option.defaultValue
                lines.append(("  \(option.name): \(render(value))",
                              configuration.origin(of: "\(spec.id).\(option.name)").description))
            }
        }

        var header = ["# Effective StateLint configuration"]
        header.append("# configuration file: \(configuration.configurationFilePath ?? "none (built-in defaults)")")
        header.append("# project root: \(configuration.rootDirectory)")
        let width = min(44, lines.map(\.text.count).max() ?? 0)
        let body = lines.map { line -> String in
            guard let comment = line.comment else { return line.text }
            let padding = String(repeating: " ", count: max(1, width - line.text.count + 1))
            return line.text + padding + "# " + comment
        }
        return (header + [""] + body).joined(separator: "\n") + "\n"
    }

    /// `dependencies`, one folder per line with its own origin: the command line adds to the file's.
    private static func dependencyLines(_ configuration: Configuration) -> [(text: String, comment: String?)] {
        let key = ConfigurationKey.dependencies.rawValue
        let keyOrigin = configuration.origin(of: key)
        guard !configuration.dependencies.isEmpty else {
            let comment = keyOrigin == .builtInDefault
                ? "default: no \(Configuration.swiftPMCheckouts) beside a Package.swift" : keyOrigin.description
            return [("\(key): []", comment)]
        }
        var lines: [(text: String, comment: String?)] = [("\(key):", keyOrigin == .builtInDefault ? nil : keyOrigin.description)]
        for folder in configuration.dependencies {
            let comment = folder.origin == .builtInDefault ? "default: beside Package.swift" : folder.origin.description
            lines.append(("  - " + scalar(configuration.displayPath(of: folder)), comment))
        }
        return lines
    }

    private static func enabledExplanation(_ rule: RuleConfiguration, spec: RuleConfigurationSpec,
                                           _ configuration: Configuration) -> String {
        if configuration.onlyRules != nil {
            return rule.isEnabled ? "enabled by only_rules" : "disabled: not in only_rules"
        }
        if configuration.disabledRules.contains(spec.id) { return "disabled by disabled_rules" }
        if configuration.optInRules.contains(spec.id) { return "enabled by opt_in_rules" }
        return rule.isEnabled ? "enabled (default)" : "disabled (opt-in rule)"
    }

    package static func render(_ value: RuleOptionValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .string(let text): return scalar(text)
        case .stringList(let items): return list(items)
        }
    }

    package static func list(_ items: [String]) -> String {
        "[" + items.map(scalar).joined(separator: ", ") + "]"
    }

    /// Plain when that reads back as the same string, double-quoted otherwise.
    package static func scalar(_ text: String) -> String {
        let reserved: Set<String> = ["true", "false", "null", "~"]
        let isPlainSafe = !text.isEmpty && !reserved.contains(text)
            && YAMLScalar(text: text, style: .plain).integer == nil
            && text.unicodeScalars.enumerated().allSatisfy { index, scalar in
                let isAlphanumeric = scalar.isASCII && scalar.properties.isAlphabetic
                    || (0x30...0x39).contains(scalar.value)
                let isSafeStart = isAlphanumeric || scalar == "_" || scalar == "." || scalar == "/"
                return index == 0 ? isSafeStart : (isSafeStart || "-*?+$".unicodeScalars.contains(scalar))
            }
        if isPlainSafe { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
