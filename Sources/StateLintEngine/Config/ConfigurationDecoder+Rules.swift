import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Per-rule sections: `rule_id: error` or `rule_id: { severity: error, option: value }`.
extension ConfigurationDecoder {
    package mutating func decodeRuleSection(_ spec: RuleConfigurationSpec, _ entry: YAMLMappingEntry,
                                    into configuration: inout Configuration) {
        let value = entry.value
        if let scalar = value.scalar, !scalar.isNull {
            guard let severity = severity(value, ruleID: spec.id) else { return }
            configuration.rules[spec.id]?.severity = severity
            configuration.origins["\(spec.id).severity"] = .configurationFile(path: path, line: value.location.line)
            return
        }
        guard let settings = value.mapping else {
            let optionNames = spec.options.map(\.name).joined(separator: ", ")
            let shape = optionNames.isEmpty ? "{ severity: error }" : "{ severity: error, \(spec.options[0].name): … }"
            report("`\(spec.id)` expects a severity (`warning` or `error`) or a mapping like `\(shape)`, found \(value.summaryForMessages)",
                   at: value.location)
            return
        }
        let validKeys = ["severity"] + spec.options.map(\.name)
        for setting in settings {
            let origin = ValueOrigin.configurationFile(path: path, line: setting.keyLocation.line)
            if setting.key == "severity" {
                guard let severity = severity(setting.value, ruleID: spec.id) else { continue }
                configuration.rules[spec.id]?.severity = severity
                configuration.origins["\(spec.id).severity"] = origin
                continue
            }
            guard let option = spec.options.first(where: { $0.name == setting.key }) else {
                let known = spec.options.isEmpty ? "; this rule has no options, only `severity`"
                    : "; options: \(spec.options.map(\.name).joined(separator: ", "))"
                let suggestion = Quoted.suggestion(for: setting.key, among: validKeys)
                report("unknown option \(Quoted.text(setting.key)) for rule `\(spec.id)`"
                       + (suggestion.isEmpty ? known : suggestion), at: setting.keyLocation)
                continue
            }
            guard let optionValue = optionValue(setting.value, option: option, ruleID: spec.id) else { continue }
            configuration.rules[spec.id]?.options[option.name] = optionValue
            configuration.origins["\(spec.id).\(option.name)"] = origin
        }
    }

    private mutating func severity(_ node: YAMLNode, ruleID: String) -> Severity? {
        let names = Severity.allCases.map(\.rawValue)
        if let scalar = node.scalar, let severity = Severity(rawValue: scalar.text) { return severity }
        let found = node.summaryForMessages
        let suggestion = node.scalar.map { Quoted.suggestion(for: $0.text, among: names) } ?? ""
        report("severity of `\(ruleID)` must be `warning` or `error`, found \(found)" + suggestion
               + (suggestion.isEmpty ? "; to turn the rule off, list it in `disabled_rules`" : ""),
               at: node.location)
        return nil
    }

    private mutating func optionValue(_ node: YAMLNode, option: RuleOptionSpec,
                                      ruleID: String) -> RuleOptionValue? {
        let name = "`\(ruleID).\(option.name)`"
        switch option.type {
        case .bool:
            if let value = node.scalar?.bool { return .bool(value) }
        case .int:
            if let value = node.scalar?.integer { return .int(value) }
        case .string:
            if let scalar = node.scalar, !scalar.isNull { return .string(scalar.text) }
        case .stringList:
            if let items = node.sequence {
                var strings: [String] = []
                for item in items {
                    guard let scalar = item.scalar, !scalar.isNull else {
                        report("\(name) expects a list of strings, found \(item.summaryForMessages) in the list",
                               at: item.location)
                        return nil
                    }
                    strings.append(scalar.text)
                }
                return .stringList(strings)
            }
        }
        report("\(name) expects \(option.type.expectation), found \(node.summaryForMessages)", at: node.location)
        return nil
    }
}
