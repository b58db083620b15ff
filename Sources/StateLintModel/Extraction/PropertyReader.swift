import StateLintSyntax
import StateLintIndex

/// Reads a variable declaration into `PropertyFacts`: its wrapper, declared type and initial value.
package struct PropertyReader {
    package let structure: FileStructure
    package let file: FileID
    private let values: ValueReader

    package init(structure: FileStructure, file: FileID) {
        self.structure = structure
        self.file = file
        values = ValueReader(code: structure.code, file: file)
    }

    /// Attributes that are never property wrappers; the first other attribute is the wrapper.
    package static let nonWrapperAttributes: Set<String> = [
        "available", "MainActor", "objc", "nonobjc", "ObservationIgnored", "ObservationTracked", "Previewable",
        "preconcurrency", "discardableResult", "inlinable", "usableFromInline", "IBOutlet", "IBInspectable",
        "GKInspectable", "NSManaged", "NSCopying", "exclusivity", "backDeployed", "_spi", "Sendable", "unchecked",
        "globalActor", "frozen", "dynamicMemberLookup",
    ]

    /// What of a property without a wrapper is kept: most are kept not at all.
    package enum PlainProperty {
        /// One whose declaration creates an object (`let model = Model()`).
        case creatingInDeclaration
        /// One declared with a type and no value (`let model: Model`), which `init` sets.
        case annotated
    }

    /// The property declared at `index` (a variable declaration), if it has a wrapper (or
    /// `@Previewable`), or, for `plain`, if it has none and is of that kind (not `static`).
    package func property(_ index: Int, plain: PlainProperty? = nil) -> PropertyFacts? {
        let declaration = structure.declarations[index]
        // Most properties without a wrapper are of neither kind: ruled out before any attribute is read.
        switch plain {
        case .creatingInDeclaration?:
            guard let value = declaration.initializer, !value.isEmpty, Self.mayCreate(at: value.lowerBound, in: structure.code) else { return nil }
        case .annotated?:
            guard declaration.initializer == nil, declaration.typeAnnotation?.isEmpty == false else { return nil }
        case nil:
            break
        }
        let attributes = structure.attributes(of: index)
        guard !attributes.isEmpty || plain != nil else { return nil }
        var wrapperAttribute: Declaration.Attribute?
        var wrapper = PropertyWrapper.none
        var isPreviewable = false
        for attribute in attributes {
            switch AttributeName.meaning(of: attribute.nameToken, in: structure.code) {
            case .previewable:
                isPreviewable = true
            case .wrapper(let named):
                guard wrapperAttribute == nil else { continue }
                wrapperAttribute = attribute
                wrapper = named
            case .notAWrapper:
                continue
            }
        }
        let code = structure.code
        if plain != nil {
            guard wrapper == .none, !isPreviewable, !structure.modifiers(of: index).contains(where: { $0 == .static || $0 == .class })
            else { return nil }
        } else if wrapper == .none && !isPreviewable {
            return nil
        }
        var declaredType: DeclaredType?
        if let annotation = declaration.typeAnnotation, let (name, isOptional) = TypeNames.annotatedType(annotation, in: code) {
            declaredType = DeclaredType(name: name, isOptional: isOptional)
        }
        var valueRange = declaration.initializer
        if valueRange == nil, let arguments = wrapperAttribute?.arguments {
            // `@State(initialValue: Model()) var model`
            valueRange = ActionReader.labeledArgument(in: (arguments.lowerBound + 1)..<arguments.upperBound,
                                                      labels: ["initialValue", "wrappedValue"], code: code)
        }
        let end = (declaration.initializer?.upperBound ?? declaration.typeAnnotation?.upperBound ?? declaration.nameToken + 1) - 1
        let modifiers = structure.modifiers(of: index)
        let initialValue = valueRange.map { values.value(in: $0) }
        var written: WrittenCreation?
        if case .creation(let creation)? = initialValue, declaration.initializer != nil {
            written = writtenCreation(index, creation)
        }
        var annotationText: WrittenAnnotation?
        if valueRange == nil, wrapper == .state || wrapper == .stateObject || plain == .annotated,
           let annotation = declaration.typeAnnotation, !annotation.isEmpty {
            let span = SourceSpan(file, code, annotation.lowerBound, annotation.upperBound - 1)
            annotationText = WrittenAnnotation(
                text: structure.file.text(span.range), span: span, isLet: code.keyword(declaration.keywordToken) == .let,
                declaresSeveral: declaration.nameToken != declaration.keywordToken + 1 || code.kind(annotation.upperBound) == .comma,
                hasAccessors: declaration.body != nil,
                keyword: SourceSpan(file, code, declaration.keywordToken, declaration.keywordToken))
        }
        return PropertyFacts(
            name: structure.name(of: index), wrapper: wrapper, isPreviewable: isPreviewable,
            isStatic: modifiers.contains(.static) || modifiers.contains(.class),
            isPrivate: modifiers.contains(.private) || modifiers.contains(.fileprivate),
            hasWrittenAccess: modifiers.contains { [.private, .fileprivate, .internal, .public, .open].contains($0) },
            declaredType: declaredType, initialValue: initialValue,
            span: SourceSpan(file, code, declaration.startToken, max(declaration.startToken, end)),
            nameSpan: SourceSpan(file, code, declaration.nameToken, declaration.nameToken),
            wrapperSpan: wrapperAttribute.map { SourceSpan(file, code, $0.token, $0.nameToken) },
            wrapperNameSpan: wrapperAttribute.map { SourceSpan(file, code, $0.nameToken, $0.nameToken) },
            hasWrapperArguments: wrapperAttribute?.arguments != nil, writtenCreation: written, writtenAnnotation: annotationText)
    }

    /// Whether a value starting at `k` may create an object: `Model(…)`, `Module.Model(…)`,
    /// `.init(…)` (an upper-case name or `.`), not a literal or a lower-case call.
    private static func mayCreate(at k: Int, in code: CodeTokens) -> Bool {
        if code.kind(k) == .period { return true }
        guard code.kind(k) == .identifier, let first = code.file.bytes[code[k].start...].first else { return false }
        return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
    }

    /// The text around the creation `= Model(…)` of the variable declared at `index`.
    private func writtenCreation(_ index: Int, _ creation: Creation) -> WrittenCreation? {
        let declaration = structure.declarations[index]
        let code = structure.code
        guard let value = declaration.initializer, !value.isEmpty else { return nil }
        let file = structure.file
        let valueText = file.text(code[value.lowerBound].start..<code[value.upperBound - 1].end)
        let annotation = declaration.typeAnnotation.flatMap { range in
            range.isEmpty ? nil : file.text(code[range.lowerBound].start..<code[range.upperBound - 1].end)
        }
        // The created type as written: from the creation's first token to the call (generic
        // arguments kept), without `.init`.
        var createdType: String?
        var isImplicitInit = false
        var k = code.kind(value.lowerBound) == .leftBrace ? value.upperBound : value.lowerBound
        while k < value.upperBound, code.keyword(k) == .try || code.keyword(k) == .await || code.kind(k) == .operator { k += 1 }
        if k < value.upperBound, code[k].start == creation.span.range.lowerBound {
            if code.kind(k) == .period {
                isImplicitInit = code.keyword(k + 1) == .`init`
            } else if let nameEnd = TypeNames.qualifiedNameEnd(at: k, in: code), nameEnd > k {
                createdType = file.text(code[k].start..<code[nameEnd - 1].end)
            }
        }
        let next = value.upperBound
        // `= Model() { didSet { … } }`: the braces read as a trailing closure are observers.
        var observers = false
        if code.kind(value.upperBound - 1) == .rightBrace, let open = code.partner(of: value.upperBound - 1) {
            observers = code.keyword(open + 1) == .didSet || code.keyword(open + 1) == .willSet
        }
        return WrittenCreation(
            value: valueText,
            afterName: SourceSpan(file: self.file, range: code[declaration.nameToken].end..<code[value.upperBound - 1].end),
            annotation: annotation, annotationEnd: declaration.typeAnnotation.map { code[$0.upperBound - 1].end },
            createdType: createdType, isImplicitInit: isImplicitInit,
            isLet: code.keyword(declaration.keywordToken) == .let,
            declaresSeveral: declaration.nameToken != declaration.keywordToken + 1 || code.kind(next) == .comma,
            hasAccessors: declaration.body != nil || observers,
            keyword: SourceSpan(file: self.file, range: code[declaration.keywordToken].start..<code[declaration.keywordToken].end))
    }

    /// `var body: some View` (or another `some Protocol`): the protocol's name.
    package func bodyProtocol(ofVariable index: Int) -> String? {
        let declaration = structure.declarations[index]
        let code = structure.code
        guard code.text(declaration.nameToken, is: "body"), let annotation = declaration.typeAnnotation,
              code.keyword(annotation.lowerBound) == .some,
              let (name, end) = TypeNames.qualifiedName(at: annotation.lowerBound + 1, in: code), end == annotation.upperBound
        else { return nil }
        return name
    }
}
