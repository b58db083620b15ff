import StateLintSyntax

/// Reads the shape of a computed property or method into `MemberBodyFacts`.
package struct MemberBodyReader {
    package let structure: FileStructure
    package let file: FileID

    package func facts(of index: Int) -> MemberBodyFacts? {
        let declaration = structure.declarations[index]
        let code = structure.code
        guard declaration.kind == .function || declaration.kind == .variable, let body = declaration.body else { return nil }
        let attributes = structure.attributes(of: index).map { structure.attributeName($0) }
        var returnsSomeView = false
        var returnsVoid = false
        if declaration.kind == .function {
            let signature = FunctionSignature(nameToken: declaration.nameToken, in: code)
            if let range = signature?.returnType {
                returnsSomeView = Self.isSomeView(range, code)
                returnsVoid = range.count == 1 && code.text(range.lowerBound, is: "Void")
                    || range.count == 2 && code.kind(range.lowerBound) == .leftParen && code.kind(range.lowerBound + 1) == .rightParen
            } else {
                returnsVoid = signature != nil
            }
        } else if let annotation = declaration.typeAnnotation {
            returnsSomeView = Self.isSomeView(annotation, code)
        } else if code.keyword(declaration.nameToken + 1) == .some || code.kind(declaration.nameToken + 1) == .colon {
            // `var x: some View {`: the structure pass ends an annotation at a keyword.
            returnsSomeView = code.kind(declaration.nameToken + 1) == .colon && code.keyword(declaration.nameToken + 2) == .some
                && code.text(declaration.nameToken + 3, is: "View") && declaration.nameToken + 4 == body.lowerBound
        }
        let inner = (body.lowerBound + 1)..<body.upperBound
        let first = inner.first { _ in true }
        let hasAccessors = declaration.kind == .variable && first.map {
            let keyword = code.keyword($0)
            return keyword == .get || keyword == .set || keyword == .didSet || keyword == .willSet || code.text($0, is: "get")
                || code.text($0, is: "set") || code.text($0, is: "didSet") || code.text($0, is: "willSet")
        } == true
        let ranges = inner.isEmpty ? [] : Statements(code: code, body: inner).ranges
        let hasTopLevelReturn = ranges.contains { code.keyword($0.lowerBound) == .return }
        let finalReturn = hasTopLevelReturn ? LocalDeclarations.finalReturn(of: ranges, in: code) : nil
        var statements: Range<Int>?
        if let firstRange = ranges.first, let lastRange = ranges.last {
            statements = code[firstRange.lowerBound].start..<code[lastRange.upperBound - 1].end
        }
        let isMultiline = !inner.isEmpty && code.lineBreakBefore[inner.lowerBound] && code.lineBreakBefore[body.upperBound]
        return MemberBodyFacts(
            name: structure.name(of: index), kind: declaration.kind, file: file, start: code[declaration.startToken].start,
            hasViewBuilder: attributes.contains("ViewBuilder"), returnsSomeView: returnsSomeView, returnsVoid: returnsVoid,
            open: code[body.lowerBound].start, close: code[body.upperBound].start, statements: statements,
            isMultiline: isMultiline, hasTopLevelReturn: hasTopLevelReturn, finalReturn: finalReturn, hasAccessors: hasAccessors)
    }

    /// `some View` (or `some SwiftUI.View`) written in `range`.
    private static func isSomeView(_ range: Range<Int>, _ code: CodeTokens) -> Bool {
        guard code.keyword(range.lowerBound) == .some, let (name, end) = TypeNames.qualifiedName(at: range.lowerBound + 1, in: code)
        else { return false }
        return end == range.upperBound && (name == "View" || name == "SwiftUI.View")
    }
}
