import StateLintSyntax
import StateLintIndex

/// Reads a file's `.environmentObject(…)` and `.environment(…)` calls into
/// `EnvironmentInjectionFacts`, for those written in members SwiftUI evaluates with the view.
package struct EnvironmentReader {
    package let structure: FileStructure
    package let file: FileID
    private var code: CodeTokens { structure.code }

    /// The call's facts, when it is in a view-building member of the type at `typeIndex`.
    package func injection(_ call: EnvironmentCall, typeIndex: Int, values: ValueReader) -> EnvironmentInjectionFacts? {
        guard let memberIndex = call.enclosingDeclaration, isViewBuilding(memberIndex, of: typeIndex) else { return nil }
        let argument = SourceSpan(file, code, call.argument.lowerBound, call.argument.upperBound - 1)
        let type = structure.declarations[typeIndex]
        var typeBodyOpen: Int?
        if let body = type.body, body.lowerBound + 1 < code.count, code.lineBreakBefore[body.lowerBound + 1] {
            typeBodyOpen = code[body.lowerBound].end
        }
        return EnvironmentInjectionFacts(
            modifier: call.name, value: values.value(in: call.argument), argument: argument,
            argumentText: structure.file.text(argument.range),
            member: structure.name(of: memberIndex), isInExtension: type.kind == .extension, typeBodyOpen: typeBodyOpen,
            instanceNames: instanceNames(in: call.argument))
    }

    /// A member of the type (not static) that SwiftUI evaluates with the view: `var body`, any
    /// computed `some …` property, `func body(content:)`, and methods that are `@ViewBuilder` or
    /// return `some …`.
    private func isViewBuilding(_ index: Int, of typeIndex: Int) -> Bool {
        let declaration = structure.declarations[index]
        guard declaration.parent == typeIndex, declaration.body != nil else { return false }
        let modifiers = structure.modifiers(of: index)
        if modifiers.contains(.static) || modifiers.contains(.class) { return false }
        switch declaration.kind {
        case .variable:
            guard let annotation = declaration.typeAnnotation, !annotation.isEmpty else { return false }
            return code.keyword(annotation.lowerBound) == .some || isViewBuilderAttributed(index)
        case .function:
            return isViewBuilderAttributed(index) || returnsOpaqueType(declaration)
        default:
            return false
        }
    }

    private func isViewBuilderAttributed(_ index: Int) -> Bool {
        structure.attributes(of: index).contains { code.text($0.nameToken, is: "ViewBuilder") }
    }

    /// `-> some View` between the name and the body.
    private func returnsOpaqueType(_ declaration: Declaration) -> Bool {
        guard let body = declaration.body else { return false }
        var k = declaration.nameToken + 1
        while k < body.lowerBound {
            if code.kind(k) == .leftParen, let close = code.partner(of: k), close < body.lowerBound {
                k = close + 1
                continue
            }
            if code.kind(k) == .operator, code.text(k, is: "->") { return code.keyword(k + 1) == .some }
            k += 1
        }
        return false
    }

    /// Lower-case names the argument reads that are not members of something else or labels:
    /// what `self` may have to give (a closure's own parameters count too: precision first).
    private func instanceNames(in range: Range<Int>) -> [String] {
        var names: [String] = []
        for k in range where code.kind(k) == .identifier || code.keyword(k) == .`self` {
            if code.keyword(k) == .`self` { names.append("self"); continue }
            if k > range.lowerBound, code.kind(k - 1) == .period { continue }
            if code.kind(k + 1) == .colon { continue }  // a label
            let first = code.file.bytes[code[k].start]
            guard first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") || first == UInt8(ascii: "_") else { continue }
            names.append(code.string(k))
        }
        return names
    }
}
