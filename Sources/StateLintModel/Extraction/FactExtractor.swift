import StateLintSyntax
import StateLintIndex

/// Turns one file's structure into `FileFacts`: the token-level half of the view model.
///
/// Every struct and extension becomes a `TypeFacts` (views are structs, and any extension may
/// belong to a view declared in another file), and so does a class, enum or actor that names a
/// SwiftUI protocol after `:`. Their wrapped properties, the effects of their methods and
/// initializers, and the action modifiers written in their code are read here, once; which
/// of them are views is decided later, with the whole project (`ProjectViews`).
package struct FactExtractor {
    package let structure: FileStructure
    /// The number spans give the file (its place in the engine's list).
    package let file: FileID
    /// Which method and initializer bodies are read.
    package let bodies: BodyReading
    private let code: CodeTokens
    private let properties: PropertyReader
    private let actions: ActionReader

    /// Most structs and extensions of a project are no views, and reading what their methods do
    /// was most of the work here: a run over many files reads only the bodies of the types that
    /// show a sign of being a view in this file, and `ProjectViews` has the others read when the
    /// whole project makes one of them a view (`TypeFacts.hasUnreadBodies`).
    package enum BodyReading {
        /// Every method and initializer body.
        case all
        /// Those of the types whose parts in this file name a SwiftUI protocol after `:`, or
        /// declare wrapped properties, handlers or SwiftUI's `body`.
        case ofLikelyViews
    }

    /// The file's declarations as the index summarised them: their names and inheritance are
    /// taken from there instead of being read again.
    private let summary: TypeDeclarationSummary?

    package init(structure: FileStructure, file: FileID, bodies: BodyReading = .all, summary: TypeDeclarationSummary? = nil) {
        self.structure = structure
        self.file = file
        self.bodies = bodies
        self.summary = summary
        code = structure.code
        properties = PropertyReader(structure: structure, file: file)
        actions = ActionReader(code: structure.code, file: file)
    }

    package func facts() -> FileFacts {
        let facts = FileFacts(path: structure.file.path, file: file)
        let declarations = structure.declarations
        // Declaration index → its position in `facts.types`, for the types that have one.
        var partOf = [Int32](repeating: -1, count: declarations.count)
        for (index, declaration) in declarations.enumerated() where declaration.kind.isTypeLike {
            // A type that names nothing after `:` has no header, and no inheritance to read.
            let header = summary?.header(ofDeclaration: index)
            let inheritance = header?.inheritance ?? (summary == nil ? structure.inheritance(of: index) : [])
            guard mayBeSwiftUIType(declaration, inheritance: inheritance) else { continue }
            partOf[index] = Int32(facts.types.count)
            let name = header?.name ?? (declaration.kind == .extension ? structure.name(of: index) : structure.qualifiedName(of: index))
            facts.types.append(TypeFacts(name: name, kind: declaration.kind, inheritance: inheritance, bodyKind: nil,
                                         file: file, start: code[declaration.keywordToken].start))
            if structure.previewBodies.contains(where: { $0.contains(declaration.keywordToken) }) {
                facts.types[facts.types.count - 1].isDeclaredInPreview = true
            }
        }
        var bodies: [(part: Int, index: Int)] = []  // methods and initializers, read below
        var plainProperties: [(part: Int, property: PropertyFacts)] = []  // kept below for likely views
        var viewBodies: [(part: Int, index: Int)] = []  // `var body: some View { … }`, a modifier's `func body(content:)`
        for (index, declaration) in declarations.enumerated() where !declaration.kind.isTypeLike {
            guard let parent = declaration.parent, partOf[parent] >= 0 else { continue }
            let part = Int(partOf[parent])
            switch declaration.kind {
            case .variable:
                if let property = properties.property(index) {
                    facts.types[part].properties.append(property)
                } else if let property = properties.property(index, plain: .creatingInDeclaration).flatMap(Self.mayBeObject) {
                    plainProperties.append((part, property))
                }
                if let name = properties.bodyProtocol(ofVariable: index) {
                    facts.types[part].bodyKind = .property(name)
                    if name == "View" || name == "SwiftUI.View" { viewBodies.append((part, index)) }
                }
                if code.text(declaration.nameToken, is: "body") {
                    facts.types[part].declaresBody = true
                    facts.types[part].bodyCount += 1
                }
            case .function:
                if isViewModifierBody(declaration) {
                    facts.types[part].bodyKind = .viewModifier
                    facts.types[part].bodyCount += 1
                    viewBodies.append((part, index))
                }
                if declaration.body != nil { bodies.append((part, index)) }
            case .initializer:
                facts.types[part].initializerCount += 1
                if declaration.body != nil { bodies.append((part, index)) }
            default:
                break
            }
        }
        // Properties without a wrapper, of the parts that may be views: most structs are models,
        // and their properties would make every one a part to merge. A struct whose `View`
        // conformance is only in another file's extension is not seen this way.
        if !plainProperties.isEmpty {
            let viewNames = Set(facts.types.lazy.filter { part in
                part.mayBeView || part.inheritance.contains { !ProjectViews.isPlainProtocol($0) }
            }.map(\.name))
            for (part, property) in plainProperties where viewNames.contains(facts.types[part].name) {
                facts.types[part].properties.append(property)
            }
        }
        // Per part, the offset of the code token after each handler's call, to link chains.
        // (Made only for a file with modifiers: most have none.)
        var following = structure.modifierCalls.isEmpty ? [] : [[Int]](repeating: [], count: facts.types.count)
        let shapes = HandlerShapes(code: code)
        for call in structure.modifierCalls {
            guard let type = call.enclosingType, partOf[type] >= 0 else { continue }
            facts.types[Int(partOf[type])].handlers.append(handler(call))
            following[Int(partOf[type])].append(shapes.offsetAfterCall(call))
        }
        if !structure.environmentCalls.isEmpty {
            let reader = EnvironmentReader(structure: structure, file: file)
            let values = ValueReader(code: code, file: file)
            // Code in an action (`.onAppear { … }`, `.task { … }`) runs on events, not with `body`.
            let actionClosures = Set(structure.modifierCalls.compactMap { $0.closure.map { Int32($0.lowerBound) } })
            for call in structure.environmentCalls where !call.enclosingBlocks.contains(where: actionClosures.contains) {
                guard let type = call.enclosingType, partOf[type] >= 0,
                      let injection = reader.injection(call, typeIndex: type, values: values) else { continue }
                facts.types[Int(partOf[type])].injections.append(injection)
            }
        }
        for (part, offsets) in following.enumerated() where offsets.count > 1 {
            HandlerShapes.linkChains(&facts.types[part].handlers, following: offsets)
        }
        let likelyViews = self.bodies == .all ? nil : Set(facts.types.filter(\.mayBeView).map(\.name))
        for (part, index) in bodies {
            let type = facts.types[part]
            guard likelyViews?.contains(type.name) ?? true else {
                type.hasUnreadBodies = true
                continue
            }
            let declaration = declarations[index]
            var action = actions.facts(of: declaration.body!, isAsync: isAsync(declaration))
            if declaration.kind == .initializer {
                let body = declaration.body!
                action.storageAssignments = storageAssignments(in: body)
                action.delegatesToSelfInit = (body.lowerBound..<body.upperBound).contains {
                    code.keyword($0) == .self && code.kind($0 + 1) == .period && code.keyword($0 + 2) == .`init`
                }
                guard !action.isEmpty || !action.storageAssignments.isEmpty || action.delegatesToSelfInit else { continue }
                action.parameterNames = FunctionSignature(nameToken: declaration.nameToken, in: code)?.parameters.map(\.name) ?? []
                for index in action.assignments.indices {
                    if let span = action.assignments[index].assignedValue.creation?.span {
                        action.assignments[index].creationText = structure.file.text(span.range)
                    }
                }
                type.initializers.append(action)
            } else {
                guard !action.isEmpty else { continue }
                var method = MethodFacts(name: structure.name(of: index), action: action)
                if action.taskStarts.count == 1, !isAsync(declaration) {
                    method.asyncConversion = asyncConversion(of: index)
                }
                type.methods.append(method)
            }
        }
        // A property without a wrapper that an `init` gives a new object (`self.model = Model()`).
        if facts.types.contains(where: { $0.initializers.contains { $0.assignments.contains { !$0.isStorage && $0.value.creation != nil } } }) {
            let children = structure.children
            for (index, declaration) in declarations.enumerated() where declaration.kind.isTypeLike && partOf[index] >= 0 {
                let part = facts.types[Int(partOf[index])]
                let targets = Set(part.initializers.flatMap { $0.assignments.filter { !$0.isStorage && $0.value.creation != nil }.map(\.target) })
                for child in children[index] where declarations[child].kind == .variable && targets.contains(structure.name(of: child)) {
                    if !part.properties.contains(where: { $0.name == structure.name(of: child) }),
                       let property = properties.property(child, plain: .annotated).flatMap(Self.mayBeObject) {
                        part.properties.append(property)
                    }
                }
            }
        }
        // The member names of the parts whose `@State` is set in `init`.
        if facts.types.contains(where: { $0.properties.contains { $0.writtenAnnotation != nil } }) {
            for (index, declaration) in declarations.enumerated() where declaration.kind == .variable || declaration.kind == .function {
                guard let parent = declaration.parent, partOf[parent] >= 0 else { continue }
                let part = facts.types[Int(partOf[parent])]
                if part.properties.contains(where: { $0.writtenAnnotation != nil }) { part.memberNames.append(structure.name(of: index)) }
            }
        }
        // How the parts that declare properties that may hold an object, and the extensions of
        // them in this file, use those properties.
        // type name → property names, each once: a file declaring the same view many times
        // must not give each of its parts every copy's names.
        // Mentions (where each use is) only of the properties whose creation a fix may move (a
        // written creation, or an annotation of one set in `init`): the fixes ask of no others.
        var watched: [String: [String]] = [:]
        var mentioned: [String: [Bool]] = [:]
        var watchedNames: [String: Set<String>] = [:]
        for part in facts.types where part.kind != .extension {
            for property in part.properties where Self.mayHoldObject(property) {
                if watchedNames[part.name, default: []].insert(property.name).inserted {
                    watched[part.name, default: []].append(property.name)
                    mentioned[part.name, default: []].append(Self.mayMove(property))
                } else if Self.mayMove(property), let position = watched[part.name]?.lastIndex(of: property.name) {
                    mentioned[part.name]?[position] = true
                }
            }
        }
        if !watched.isEmpty {
            let children = structure.children
            for (index, declaration) in declarations.enumerated() where partOf[index] >= 0 {
                let part = Int(partOf[index])
                guard let body = declaration.body, let names = watched[facts.types[part].name] else { continue }
                let mentioning = mentioned[facts.types[part].name] ?? []
                let scanned = UseScanner(code: code, names: names).scan(
                    in: body, members: mentioning.contains(true) ? members(children[index]) : nil, file: file, mentioning: mentioning)
                facts.types[part].uses = scanned.uses
                facts.types[part].mentions = scanned.mentions
                facts.types[part].isFullyScanned = true
                facts.types[part].presentsFullScreenCover = scanned.presentsFullScreenCover
                facts.types[part].holdsNavigation = scanned.holdsNavigation
                // The shapes of the members that name a property a fix may move (not `body`).
                if !scanned.mentions.isEmpty {
                    var named: Set<String> = []
                    for mentions in scanned.mentions.values {
                        for mention in mentions where mention.memberKind == .function || mention.memberKind == .variable {
                            if let member = mention.member, member != "body" { named.insert(member) }
                        }
                    }
                    if !named.isEmpty {
                        let reader = MemberBodyReader(structure: structure, file: file)
                        for child in children[index] where named.contains(structure.name(of: child)) {
                            if let shape = reader.facts(of: child) { facts.types[part].memberBodies.append(shape) }
                        }
                    }
                }
            }
        }
        // `body`'s shape, for the fixes that wrap it: of views whose properties may hold an
        // object, and of views that hand a new object to the environment (a hoist keeps it in one).
        let injecting = Set(facts.types.lazy.filter { !$0.injections.isEmpty }.map(\.name))
        for (part, index) in viewBodies where facts.types[part].isFullyScanned || injecting.contains(facts.types[part].name) {
            if let body = declarations[index].body {
                facts.types[part].viewBody = ViewBodyReader(code: code, file: file).facts(of: body)
            }
        }
        // An extension whose code was not scanned (its file declares none of the properties) may
        // still use them: it stays a part, so its view is known not to be fully scanned.
        for (index, declaration) in declarations.enumerated() where partOf[index] >= 0 && declaration.kind == .extension {
            let part = Int(partOf[index])
            if !facts.types[part].isFullyScanned, let body = declaration.body, body.count > 2 {
                facts.types[part].hasUnscannedCode = true
                facts.types[part].unscannedNames = NameFilter(code: code, range: body)
            }
        }
        for body in structure.previewBodies { facts.previews.append(preview(body)) }
        // Types with nothing to say are dropped: most structs of a project are models.
        facts.types.removeAll { $0.isEmpty }
        facts.memberReferences = MemberReferences(structure: structure)
        facts.declaresApp = facts.types.contains { $0.kind != .extension && $0.inheritance.contains { $0 == "App" || $0 == "SwiftUI.App" } }
        // Positions and fixes are wanted where rules may report: at members, handlers and what
        // bodies do (a file whose bodies wait to be read gets them when its facts are made anew).
        if facts.types.contains(where: \.hasReportableFacts) || !facts.previews.isEmpty {
            let lines = LineIndex(structure.file)
            facts.lines = lines
            // Fixes insert lines where rules report: at wrapped properties and action modifiers.
            // Files with only methods (most extensions) need no indentation.
            let mayGetLines = facts.types.contains { !$0.properties.isEmpty || !$0.handlers.isEmpty }
                || facts.previews.contains { !$0.handlers.isEmpty || !$0.properties.isEmpty }
            facts.style = SourceStyle(bytes: structure.file.bytes, lineStarts: lines.starts, readingIndentation: mayGetLines)
            facts.bracketsPair = code.bracketsPair
        }
        return facts
    }

    /// `func load() { Task { … } }` with no result: how to make it `async` (see `AsyncConversion`).
    private func asyncConversion(of index: Int) -> AsyncConversion? {
        let declaration = structure.declarations[index]
        guard let body = declaration.body, let signature = FunctionSignature(nameToken: declaration.nameToken, in: code),
              signature.returnType == nil, signature.parameterList.upperBound + 1 == body.lowerBound || code.keyword(signature.parameterList.upperBound + 1) == .throws
        else { return nil }
        let shapes = HandlerShapes(code: code)
        let whole = shapes.taskConversion(inBody: body, allowingSignature: false)
        let task = whole ?? shapes.tailTaskConversion(inBody: body)
        let detached = task == nil ? shapes.detachedTail(inBody: body) : nil
        guard task != nil || detached != nil else { return nil }
        let isTaskOnly = whole != nil || detached?.isWholeBody == true
        let name = code.string(declaration.nameToken)
        // The type's parts in this file: only their code can call it without a receiver.
        guard let parent = declaration.parent else { return nil }
        let owner = TypeDirectory.lastComponent(structure.name(of: parent))
        let parts = structure.declarations.indices.compactMap { index -> ClosedRange<Int>? in
            let part = structure.declarations[index]
            guard part.kind.isTypeLike, TypeDirectory.lastComponent(structure.name(of: index)) == owner else { return nil }
            return part.body
        }
        var mentions = 0
        var calls: [Range<Int>]? = []
        for part in parts {
        for k in part where k != declaration.nameToken && code.kind(k) == .identifier && code.text(k, name) {
            if code.keyword(k - 1) == .func { continue }  // an overload or a nested type's
            // `feed.load()` is another type's.
            if code.kind(k - 1) == .period && code.keyword(k - 2) != .self { continue }
            mentions += 1
            // `load()` or `self.load()`, a statement of its own (after `{`, `;`, `in` or a line
            // break, before `}`, `;` or a line break).
            let start = code.kind(k - 1) == .period && code.keyword(k - 2) == .self ? k - 2 : k
            let startsStatement = code.lineBreakBefore[start] || code.kind(start - 1) == .leftBrace
                || code.kind(start - 1) == .semicolon || code.keyword(start - 1) == .in
            guard startsStatement, code.kind(k + 1) == .leftParen, let close = code.partner(of: k + 1), close + 1 < code.count,
                  code.lineBreakBefore[close + 1] || code.kind(close + 1) == .rightBrace || code.kind(close + 1) == .semicolon else {
                calls = nil
                continue
            }
            calls?.append(code[start].start..<code[close].end)
        }
        }
        var conversion = AsyncConversion(asyncOffset: code[signature.parameterList.upperBound].end, task: task,
                                         isPrivate: structure.isFilePrivate(index), isTypePrivate: structure.isTypePrivate(index),
                                         takesNoArguments: signature.parameterList.count == 2, mentions: mentions,
                                         calls: calls, isTaskOnly: isTaskOnly)
        conversion.detached = detached
        return conversion
    }

    /// The names of the `_name = …` assignments in an initializer's body.
    private func storageAssignments(in body: ClosedRange<Int>) -> [String] {
        var names: [String] = []
        for k in body where code.kind(k) == .identifier && code.kind(k + 1) == .operator && code.text(k + 1, is: "=") {
            let token = code[k]
            guard token.length > 1, code.file.bytes[token.start] == UInt8(ascii: "_"), code.kind(k - 1) != .period || code.keyword(k - 2) == .self
            else { continue }
            names.append(String(code.string(k).dropFirst()))
        }
        return names
    }

    /// The members of a type (or extension), its declarations' `children`, whose code a
    /// `UseScanner` attributes names to, in source order.
    private func members(_ children: [Int]) -> [UseScanner.Member] {
        children.compactMap { member in
            let declaration = structure.declarations[member]
            let end = declaration.body?.upperBound ?? declaration.initializer.map { $0.upperBound - 1 }
            guard let end, end >= declaration.startToken else { return nil }
            let modifiers = structure.modifiers(of: member)
            let isElsewhere = declaration.kind.isTypeLike || modifiers.contains(.static) || modifiers.contains(.class)
            let name = declaration.kind == .initializer ? "init" : structure.name(of: member)
            var scanned = UseScanner.Member(range: declaration.startToken...end, name: name, kind: declaration.kind, isElsewhere: isElsewhere)
            scanned.isPrivate = structure.isTypePrivate(member)
            return scanned
        }
    }

    /// Structs and extensions, and other types that name a SwiftUI protocol (`final class
    /// Host: View`); never protocols.
    private func mayBeSwiftUIType(_ declaration: Declaration, inheritance: [String]) -> Bool {
        switch declaration.kind {
        case .struct, .extension: return true
        case .protocol: return false
        default: return TypeFacts.namesSwiftUIProtocol(inheritance)
        }
    }

    /// Whether a function or initializer is `async`: the keyword after its parameters, before its body.
    private func isAsync(_ declaration: Declaration) -> Bool {
        guard let body = declaration.body else { return false }
        var k = declaration.nameToken + 1
        while k < body.lowerBound {
            if code.keyword(k) == .async { return true }
            // The parameters (and their closure types' own `async`) are skipped.
            if let close = code.partner(of: k), close > k { k = close + 1 } else { k += 1 }
        }
        return false
    }

    /// `func body(content: Content) -> some View`.
    private func isViewModifierBody(_ declaration: Declaration) -> Bool {
        code.text(declaration.nameToken, is: "body") && code.kind(declaration.nameToken + 1) == .leftParen
            && code.text(declaration.nameToken + 2, is: "content")
    }

    private func handler(_ call: ModifierCall) -> HandlerFacts {
        let shapes = HandlerShapes(code: code)
        var facts = HandlerFacts(modifier: call.name, action: call.closure.map { actions.facts(of: $0) } ?? ActionFacts(),
                            performedMethod: call.performMethodToken.map { code.string($0) },
                            nameSpan: SourceSpan(file, code, call.nameToken, call.nameToken),
                            dotOffset: code[call.nameToken - 1].start, callEnd: shapes.callEnd(of: call),
                            closure: call.closure.map(shapes.closureShape), nextInChain: nil,
                            taskConversion: call.name == "onAppear" ? shapes.taskConversion(of: call) : nil,
                            taskMoves: call.name == "onAppear" ? shapes.taskMoves(of: call) : [],
                            tailTasks: call.name == "onAppear" || call.name == "task" ? shapes.tailTasks(of: call) : [],
                            shownWhileNil: call.enclosingBlocks.isEmpty ? [] : ViewConditions(code: code).nilNames(around: call))
        if call.name == "onAppear" || call.name == "task" { facts.detachedTail = shapes.detachedTail(of: call) }
        if call.name == "task" { facts.priority = shapes.priorityArgument(of: call) }
        if !call.enclosingBlocks.isEmpty && (call.name == "onAppear" || call.name == "task") {
            facts.shownWhileReading = ViewConditions(code: code).namesRead(around: call)
        }
        return facts
    }

    /// Whether a fix may move the property's creation (`LazilyOwnedStateFix`): made in its
    /// declaration, or declared with a type to be set in `init`.
    private static func mayMove(_ property: PropertyFacts) -> Bool {
        property.writtenCreation != nil || property.writtenAnnotation != nil
    }

    /// Whether the property may hold an object a wrapper fix or `observable_object_in_state`
    /// cares about: an `@ObservedObject`, a `@StateObject` or a property without a wrapper
    /// created in its declaration or `init` (which `LazilyOwnedStateFix` may rewrite), or a `@State` whose declared or created type the catalog
    /// does not know as a value type (`Date()`, `String?` need nothing).
    private static func mayHoldObject(_ property: PropertyFacts) -> Bool {
        switch property.wrapper {
        case .observedObject: return true
        case .stateObject: return property.writtenCreation != nil || property.writtenAnnotation != nil
        case .none: return (property.writtenCreation != nil || property.writtenAnnotation != nil) && mayBeObject(property) != nil
        case .state: return isCatalogValueType(property) == false
        default: return false
        }
    }

    /// The property, unless the catalog knows its created or declared type as a value type
    /// (`let color = Color(…)`, `let id: UUID`): most properties without a wrapper are such,
    /// and nothing asks of them.
    private static func mayBeObject(_ property: PropertyFacts) -> PropertyFacts? {
        isCatalogValueType(property) == true ? nil : property
    }

    /// Whether the catalog knows the property's created (else declared) type as a value type;
    /// nil when neither is written.
    private static func isCatalogValueType(_ property: PropertyFacts) -> Bool? {
        guard let type = property.initialValue?.creation?.typeName(declared: property.declaredType) ?? property.declaredType?.name
        else { return nil }
        return FrameworkCatalog.builtIn.kind(of: type) == .valueType
    }

    /// The `@Previewable` state of a `#Preview { … }` body and the handlers written in it.
    private func preview(_ body: ClosedRange<Int>) -> PreviewFacts {
        var preview = PreviewFacts(span: SourceSpan(file, code, body.lowerBound - 1, body.lowerBound - 1))
        for call in structure.modifierCalls where body.contains(call.nameToken) { preview.handlers.append(handler(call)) }
        for k in body where code.kind(k) == .attribute && code.text(k, is: "@Previewable") {
            if let property = PreviewableReader(code: code, file: file).property(at: k) { preview.properties.append(property) }
        }
        let watched = preview.properties.filter(Self.mayHoldObject).map(\.name)
        if !watched.isEmpty { preview.uses = UseScanner(code: code, names: watched).uses(in: body) }
        return preview
    }
}

extension TypeFacts {
    package var isEmpty: Bool {
        properties.isEmpty && methods.isEmpty && initializers.isEmpty && handlers.isEmpty && injections.isEmpty && bodyKind == nil
            && inheritance.isEmpty && !hasUnreadBodies && !hasUnscannedCode
            // An extension that only uses the view's properties (`var header: some View { … }`):
            // a rewrite of them must see those uses.
            && uses.isEmpty && mentions.isEmpty
    }

    package var hasReportableFacts: Bool {
        !properties.isEmpty || !handlers.isEmpty || !methods.isEmpty || !initializers.isEmpty || !injections.isEmpty
    }

    /// What this part alone tells of its type being a view (see `FactExtractor.BodyReading`); an
    /// extension of `View` itself is a part of every view.
    package var mayBeView: Bool {
        !properties.isEmpty || !handlers.isEmpty || bodyKind != nil || Self.namesSwiftUIProtocol(inheritance)
            || (kind == .extension && SwiftUIProtocol(named: name) != nil)
    }

    /// `View`, `SwiftUI.App`, … among the names after `:`.
    package static func namesSwiftUIProtocol(_ inheritance: [String]) -> Bool {
        inheritance.contains { SwiftUIProtocol(named: $0) != nil }
    }
}

