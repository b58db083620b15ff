/// Turns one file's structure into `FileFacts`: the token-level half of the view model.
///
/// Every struct and extension becomes a `TypeFacts` (views are structs, and any extension may
/// belong to a view declared in another file), and so does a class, enum or actor that names a
/// SwiftUI protocol after `:`. Their wrapped properties, the effects of their methods and
/// initializers, and the action modifiers written in their code are read here, once; which
/// of them are views is decided later, with the whole project (`ProjectViews`).
struct FactExtractor {
    let structure: FileStructure
    private let code: CodeTokens
    private let properties: PropertyReader
    private let actions: ActionReader

    init(structure: FileStructure) {
        self.structure = structure
        code = structure.code
        properties = PropertyReader(structure: structure)
        actions = ActionReader(code: structure.code)
    }

    func facts() -> FileFacts {
        var facts = FileFacts(path: structure.file.path)
        let declarations = structure.declarations
        // Declaration index → its position in `facts.types`, for the types that have one.
        var partOf = [Int32](repeating: -1, count: declarations.count)
        for (index, declaration) in declarations.enumerated() where declaration.kind.isTypeLike {
            guard mayBeSwiftUIType(index, declaration) else { continue }
            partOf[index] = Int32(facts.types.count)
            facts.types.append(TypeFacts(name: declaration.kind == .extension ? structure.name(of: index) : structure.qualifiedName(of: index),
                                         kind: declaration.kind, inheritance: structure.inheritance(of: index), bodyKind: nil))
        }
        for (index, declaration) in declarations.enumerated() where !declaration.kind.isTypeLike {
            guard let parent = declaration.parent, partOf[parent] >= 0 else { continue }
            let part = Int(partOf[parent])
            switch declaration.kind {
            case .variable:
                if let property = properties.property(index) { facts.types[part].properties.append(property) }
                if let name = properties.bodyProtocol(ofVariable: index) { facts.types[part].bodyKind = .property(name) }
            case .function:
                if isViewModifierBody(declaration) { facts.types[part].bodyKind = .viewModifier }
                guard let body = declaration.body else { continue }
                let action = actions.facts(of: body)
                if !action.isEmpty { facts.types[part].methods.append(MethodFacts(name: structure.name(of: index), action: action)) }
            case .initializer:
                guard let body = declaration.body else { continue }
                let action = actions.facts(of: body)
                if !action.isEmpty { facts.types[part].initializers.append(action) }
            default:
                break
            }
        }
        for call in structure.modifierCalls {
            guard let type = call.enclosingType, partOf[type] >= 0 else { continue }
            facts.types[Int(partOf[type])].handlers.append(handler(call))
        }
        for (index, declaration) in declarations.enumerated() where partOf[index] >= 0 {
            let part = Int(partOf[index])
            // An extension may belong to a view declared in another file; other types only matter
            // with a property a wrapper fix could change.
            guard let body = declaration.body,
                  declaration.kind == .extension || facts.types[part].properties.contains(where: \.mayNeedWrapperFix)
            else { continue }
            recordProjectionsAndStorage(in: body, of: &facts.types[part])
        }
        facts.previews = structure.previewBodies.map(preview)
        // Types with nothing to say are dropped: most structs of a project are models.
        facts.types.removeAll { $0.isEmpty }
        if !facts.isEmpty {
            facts.lines = LineIndex(structure.file)
            facts.style = SourceStyle(structure.file)
        }
        return facts
    }

    /// Structs and extensions, and other types that name a SwiftUI protocol (`final class
    /// Host: View`); never protocols.
    private func mayBeSwiftUIType(_ index: Int, _ declaration: Declaration) -> Bool {
        switch declaration.kind {
        case .struct, .extension: return true
        case .protocol: return false
        default: return structure.inheritance(of: index).contains { SwiftUIProtocol(named: $0) != nil }
        }
    }

    /// `func body(content: Content) -> some View`.
    private func isViewModifierBody(_ declaration: Declaration) -> Bool {
        code.text(declaration.nameToken, is: "body") && code.kind(declaration.nameToken + 1) == .leftParen
            && code.text(declaration.nameToken + 2, is: "content")
    }

    private func handler(_ call: ModifierCall) -> HandlerFacts {
        HandlerFacts(modifier: call.name, action: call.closure.map { actions.facts(of: $0) } ?? ActionFacts(),
                     performedMethod: call.performMethodToken.map { code.string($0) },
                     nameSpan: SourceSpan(code, call.nameToken, call.nameToken))
    }

    /// `$name` used alone, `_name` used anywhere except as an assignment's target, and the
    /// names assigned, in `body`.
    private func recordProjectionsAndStorage(in body: ClosedRange<Int>, of part: inout TypeFacts) {
        let bytes = code.file.bytes
        let references = ReferenceReader(code: code)
        for k in body where code.kind(k) == .identifier {
            let isAssigned = code.kind(k + 1) == .operator && code.text(k + 1, is: "=")
            let first = bytes[code[k].start]
            if isAssigned, references.reference(endingAt: k) != nil {
                let name = code.string(k)
                part.assignedNames.insert(first == UInt8(ascii: "_") ? String(name.dropFirst()) : name)
            }
            guard code[k].length > 1 else { continue }
            if first == UInt8(ascii: "$"), code.kind(k + 1) != .period {
                part.wholeProjections.insert(String(code.string(k).dropFirst()))
            } else if first == UInt8(ascii: "_"), !isAssigned {
                part.storageReferences.insert(String(code.string(k).dropFirst()))
            }
        }
    }

    /// The `@Previewable` state of a `#Preview { … }` body and the handlers written in it.
    private func preview(_ body: ClosedRange<Int>) -> PreviewFacts {
        var preview = PreviewFacts(span: SourceSpan(code, body.lowerBound - 1, body.lowerBound - 1))
        for call in structure.modifierCalls where body.contains(call.nameToken) { preview.handlers.append(handler(call)) }
        for k in body where code.kind(k) == .attribute && code.text(k, is: "@Previewable") {
            if let property = PreviewableReader(code: code).property(at: k) { preview.properties.append(property) }
        }
        return preview
    }
}

extension TypeFacts {
    var isEmpty: Bool {
        properties.isEmpty && methods.isEmpty && initializers.isEmpty && handlers.isEmpty && bodyKind == nil
            && inheritance.isEmpty
    }
}

extension PropertyFacts {
    /// Whether a wrapper fix could apply (`@ObservedObject` → `@StateObject`, `@State` →
    /// `@StateObject`): only for those wrappers are projections and storage uses recorded.
    var mayNeedWrapperFix: Bool { wrapper == .state || wrapper == .observedObject }
}
