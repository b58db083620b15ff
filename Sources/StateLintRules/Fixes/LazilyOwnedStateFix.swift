import StateLintSyntax
import StateLintIndex
import StateLintModel

/// The lazily owned state rewrite: a property that creates its object in its declaration
/// (`@State private var model = Model(args)`, or `@StateObject` — the wrapper replaced is a
/// parameter) becomes an optional `@State` the view creates on appear and releases on disappear:
///
///     @State private var model: Model?
///
///     var body: some View {
///         ZStack {
///             if let model {
///                 CONTENT                      // every use of `model` sees the object
///             }
///         }
///         .onAppear {
///             if model == nil { model = Model(args) }
///         }
///         .onDisappear { model = nil }
///     }
///
/// The body's expression is wrapped up to the appear and disappear modifiers at its end that do
/// not use the property (they stay outside, on the wrapper, and take the creation and the
/// release); a `ZStack` and not a `Group`, whose modifiers apply to its members and not to itself:
/// on a `Group` the `.onAppear` would wait for content that waits for it. `$model.title` goes
/// through `@Bindable var model = model` inside the `if let` (for an `@Observable` class). A
/// property declared optional already (`@State var model: Model? = Model()`) keeps its type and
/// its uses: only the creation moves. In a view that presents a `fullScreenCover` or makes a
/// navigation container, and in a view modifier, the object is made on first appear and not
/// released (see `keptOnDisappear`).
///
/// Offered only where every use compiles the same after it (see `Plan.refusals` for the reasons
/// it is not): one fix for every property of the view it can take, with edits in the files of the
/// declarations and of `body`.
package enum LazilyOwnedStateFix {
    package struct Plan {
        /// The rewrite of every property it could take, or nil.
        package let fix: Fix?
        /// Why each other property is left alone (one short reason), by name.
        package let refusals: [String: String]
    }

    /// The most properties of one view it rewrites.
    package static let maximumProperties = 16
    /// Modifiers that may follow the wrapper: they take actions only, and compile on any view.
    /// Outside it, an event handler (`.onOpenURL`, `.onReceive`, `.onChange`) listens from the
    /// start as before, not only once the object is made: a URL that opens the app is not missed.
    private static let lifecycleModifiers: Set<String> = [
        "onAppear", "task", "onDisappear", "onOpenURL", "onContinueUserActivity", "onReceive", "onChange",
    ]

    /// Where the object is made now.
    private enum Made {
        /// `= Model(…)` in the declaration.
        case declaration(WrittenCreation)
        /// `_model = State(initialValue: Model(…))` once in each `init`: the creation moves into a
        /// closure the view keeps (`makeModel`), called on appear. Without a factory (a property
        /// without a wrapper, whose creation reads nothing of `init`), the creation itself moves
        /// to the appear handler and the assignments' lines (`removed`) go.
        case initializers(WrittenAnnotation, [AssignmentFacts], factory: String?, removed: [SourceSpan])
    }

    private struct Accepted {
        let property: PropertyFacts
        let made: Made
        /// Its type keeps being optional as declared: only the creation moves.
        let isDeclaredOptional: Bool
        let typeText: String
        let creation: String
        let isUsedInBody: Bool
        /// `body` itself uses `$model.title`: its `if let` gets `@Bindable var model = model`.
        let bodyUsesProjection: Bool
        /// `$model` passed whole (`Child(model: $model)`), which becomes a binding of its own,
        /// and the member it is in (nil: `body`).
        let wholeBindings: [(span: SourceSpan, member: String?)]
        /// Where a `?` makes a statement outside `body` an optional chain (`model?.save()`).
        let chains: [SourceSpan]
        /// The `self.` of `self.model` in `body` and wrapped members, which go: there the name
        /// means the unwrapped object of the `if let`.
        let selfPrefixes: [SourceSpan]
        /// Members that make a view from it (an `if let` of their own), and methods that start
        /// with `guard let` for it; those of the first that use `$model.title`.
        let wrappedMembers: [MemberBodyFacts]
        let guardedMembers: [MemberBodyFacts]
        let projectedMembers: Set<String>
    }

    package static func plan(_ properties: [PropertyFacts], replacing wrapper: PropertyWrapper, in view: SwiftUIView,
                             _ context: RuleContext) -> Plan {
        var refusals: [String: String] = [:]
        // Each name once, the first declaration (a set: a view of 100,000 such properties).
        var seen: Set<String> = []
        let candidates = properties.filter { seen.insert($0.name).inserted }
        // One fix takes them all, and every finding carries it: a bound keeps the reports linear.
        guard candidates.count <= maximumProperties else {
            return Plan(fix: nil, refusals: refuseAll(candidates, "the view makes more than \(maximumProperties) objects this way, too many to rewrite at once"))
        }
        if let reason = viewRefusal(view) { return Plan(fix: nil, refusals: refuseAll(candidates, reason)) }
        guard let body = view.viewBody else { return Plan(fix: nil, refusals: [:]) }
        var accepted: [Accepted] = []
        for property in candidates {
            switch accept(property, replacing: wrapper, in: view, context) {
            case .success(let ok): accepted.append(ok)
            case .failure(let refusal): refusals[property.name] = refusal.reason
            }
        }
        guard !accepted.isEmpty else { return Plan(fix: nil, refusals: refusals) }
        let rewritten = body.expression.map { rewrite(accepted, replacing: wrapper, body: body, expression: $0, in: view, context) }
            ?? body.statements.flatMap { rewrite(accepted, replacing: wrapper, body: body, statements: $0, in: view, context) }
        guard let fix = rewritten else {
            return Plan(fix: nil, refusals: refusals.merging(refuseAll(accepted.map(\.property), "the rewrite would overlap itself")) { a, _ in a })
        }
        return Plan(fix: fix, refusals: refusals)
    }

    /// Why the view can keep no object lazily owned, whatever its uses: its `body` cannot take
    /// the wrapper and the `.onAppear` that makes the object. Nil when it can.
    package static func viewRefusal(_ view: SwiftUIView) -> String? {
        guard let body = view.viewBody, view.role == .view || view.role == .viewModifier else {
            return "the view has no single `var body: some View` to wrap"
        }
        if body.expression == nil && body.statements == nil {
            return "`body` is neither one view expression nor declarations and one view, each on lines of their own, to wrap"
        }
        if let expression = body.expression, expression.makesSeveralViews {
            return "`body` is a `\(expression.rootName)` of several views, which a wrapper would merge"
        }
        return nil
    }

    private static func refuseAll(_ properties: [PropertyFacts], _ reason: String) -> [String: String] {
        Dictionary(properties.map { ($0.name, reason) }, uniquingKeysWith: { a, _ in a })
    }

    // MARK: What it takes

    private static func accept(_ property: PropertyFacts, replacing wrapper: PropertyWrapper, in view: SwiftUIView,
                               _ context: RuleContext) -> Result<Accepted, FixRefusal> {
        guard property.wrapper == wrapper, !property.isStatic else { return .failure(FixRefusal("it is `static`")) }
        // Code the fix has not read (an extension in another file) must not name it.
        if view.mayUseOutsideScannedParts(property.name) { return .failure(FixRefusal("a part of the view in another file may use it")) }
        guard let written = property.writtenCreation else {
            if property.hasWrapperArguments { return .failure(FixRefusal("it is written `@\(wrapper.typeName ?? "State")(initialValue:)`")) }
            return acceptCreatedInInit(property, replacing: wrapper, in: view, context)
        }
        // A property without a wrapper becomes `@State var` (a wrapped `let` says more than that).
        if written.isLet && wrapper != .none { return .failure(FixRefusal("it is a `let`")) }
        if written.declaresSeveral { return .failure(FixRefusal("its declaration declares several properties")) }
        if written.hasAccessors { return .failure(FixRefusal("it has `didSet` or `willSet`")) }
        let isDeclaredOptional = property.declaredType?.isOptional == true
        // The type the optional holds, as written.
        let typeText: String
        if let annotation = written.annotation {
            typeText = isDeclaredOptional ? annotation : parenthesizedIfNeeded(annotation)
        } else if let created = written.createdType {
            // `Store(initialState: …)` of a generic `Store` infers what `Store?` would not say.
            if !created.contains("<") {
                let traits = context.types.traits(of: created, inScope: view.name)
                if traits.kind == nil { return .failure(FixRefusal("StateLint does not know the type it creates")) }
                if context.types.mayBeGeneric(created) { return .failure(FixRefusal("the generic arguments of `\(created)` are inferred, not written")) }
            }
            typeText = created
        } else {
            return .failure(FixRefusal("the type it creates is not written out"))
        }
        // The value, as `.onAppear` can make it.
        var creation = written.value
        if written.isImplicitInit {
            guard !isDeclaredOptional, written.annotation != nil, creation.hasPrefix(".init") else {
                return .failure(FixRefusal("its initial value is an `.init` of an unwritten type"))
            }
            creation = typeText + creation.dropFirst(".init".count)
        }
        return accept(property, made: .declaration(written), isDeclaredOptional: isDeclaredOptional, typeText: typeText,
                      creation: creation, in: view, context)
    }

    /// A property set once in each `init` (`_model = State(initialValue: Model(title: title))`):
    /// the creation can move into a closure `init` stores, when it reads nothing of the view
    /// (only the initializer's parameters, locals and globals).
    private static func acceptCreatedInInit(_ property: PropertyFacts, replacing wrapper: PropertyWrapper, in view: SwiftUIView,
                                            _ context: RuleContext) -> Result<Accepted, FixRefusal> {
        let name = property.name
        guard let annotation = property.writtenAnnotation, let declared = property.declaredType else {
            return .failure(FixRefusal("it is created in `init` and its type is not written out"))
        }
        if annotation.isLet && wrapper != .none { return .failure(FixRefusal("it is a `let`")) }
        if annotation.declaresSeveral { return .failure(FixRefusal("its declaration declares several properties")) }
        if annotation.hasAccessors { return .failure(FixRefusal("it has `didSet` or `willSet`")) }
        if declared.isOptional { return .failure(FixRefusal("it is created in `init` and declared optional")) }
        let factory = "make" + name.prefix(1).uppercased() + name.dropFirst()
        if view.declaresMember(named: factory) { return .failure(FixRefusal("the view already has a member `\(factory)`")) }
        if wrapper == .none {
            // `self.model = Model()` leaves `init` and is made on appear.
            switch plainInitCreation(of: name, in: view, context) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let made):
                return accept(property, made: .initializers(annotation, made.assignments, factory: nil, removed: made.lines), isDeclaredOptional: false,
                              typeText: parenthesizedIfNeeded(annotation.text), creation: made.text, in: view, context)
            }
        }
        var assignments: [AssignmentFacts] = []
        for initializer in view.initializers {
            let writes = initializer.storageAssignments.filter { $0 == name }.count
            if writes == 0 && initializer.delegatesToSelfInit { continue }
            let creations = initializer.assignments.filter { assignment in
                guard assignment.target == name, assignment.isStorage, let made = assignment.wrapper,
                      made.typeName == nil || made.typeName == wrapper.typeName, made.wrappedValue.creation != nil else { return false }
                return true
            }
            if creations.contains(where: { !$0.isUnconditional }) { return .failure(FixRefusal("an `init` sets it inside a condition or closure")) }
            guard writes == 1, creations.count == 1, let assignment = creations.first else {
                return .failure(FixRefusal("an `init` sets it other than once with a new object"))
            }
            // Read in `init`, a property of the view (or `self`) is not there yet for the closure.
            if let read = assignment.creationReads.first(where: { $0 == "self" || view.declaresMember(named: $0) && !initializer.parameterNames.contains($0) }) {
                return .failure(FixRefusal("its creation in `init` reads `\(read)`, which the view's own closure cannot capture there"))
            }
            assignments.append(assignment)
        }
        guard !assignments.isEmpty else { return .failure(FixRefusal("it is created in `init`")) }
        return accept(property, made: .initializers(annotation, assignments, factory: factory, removed: []), isDeclaredOptional: false,
                      typeText: parenthesizedIfNeeded(annotation.text), creation: factory + "()", in: view, context)
    }

    /// What every `init` does to a property without a wrapper it gives a new object: the same
    /// creation (its text), once, unconditionally, on a line of its own (`lines`, which go when
    /// the creation moves), reading nothing of `init` or the view. Shared by both owned forms
    /// (`OwnedStateFix` on Xcode 27, the lazily owned one before).
    package struct PlainInitCreation {
        package let text: String
        package let assignments: [AssignmentFacts]
        package let lines: [SourceSpan]
    }

    /// The first name a creation in `init` reads of that `init` (a parameter) or of the view (a
    /// member, `self`): an object it made and the view then owned would keep the first value and
    /// miss every later one.
    package static func initValueRead(by assignment: AssignmentFacts, in initializer: ActionFacts, of view: SwiftUIView) -> String? {
        assignment.creationReads.first { $0 == "self" || initializer.parameterNames.contains($0) || view.declaresMember(named: $0) }
    }

    package static func plainInitCreation(of name: String, in view: SwiftUIView, _ context: RuleContext) -> Result<PlainInitCreation, FixRefusal> {
        var text: String?
        var assignments: [AssignmentFacts] = []
        var lines: [SourceSpan] = []
        for initializer in view.initializers {
            // Only new objects and nil are recorded: a plain property's other writes are not counted.
            let writes = initializer.assignments.filter { $0.target == name }
            if writes.isEmpty && initializer.delegatesToSelfInit { continue }
            guard writes.count == 1, let assignment = writes.first, !assignment.isStorage, assignment.value.creation != nil,
                  let made = assignment.creationText else {
                return .failure(FixRefusal("an `init` sets it other than once with a new object"))
            }
            guard assignment.isUnconditional else { return .failure(FixRefusal("an `init` sets it inside a condition or closure")) }
            // The object was made again with every init's values: owned, it would keep the first ones.
            if let read = initValueRead(by: assignment, in: initializer, of: view) {
                return .failure(FixRefusal("its creation in `init` reads `\(read)`: owned state would keep the first object, made from the first value, and miss every later one; pass the object in from a parent that owns it"))
            }
            guard text == nil || text == made else { return .failure(FixRefusal("the `init`s make it differently")) }
            text = made
            guard let line = wholeLine(of: assignment.span, context) else {
                return .failure(FixRefusal("its assignment in `init` shares its line with other code"))
            }
            assignments.append(assignment)
            lines.append(line)
        }
        guard let text else { return .failure(FixRefusal("it is created in `init`")) }
        return .success(PlainInitCreation(text: text, assignments: assignments, lines: lines))
    }

    /// Whether every use compiles the same with the optional (outside `body`) or the unwrapped
    /// object (in `body`), and how.
    private static func accept(_ property: PropertyFacts, made: Made, isDeclaredOptional: Bool, typeText: String, creation: String,
                               in view: SwiftUIView, _ context: RuleContext) -> Result<Accepted, FixRefusal> {
        let name = property.name
        var isUsedInBody = false
        var usesProjection = false
        var bodyUsesProjection = false
        var wholeBindings: [(span: SourceSpan, member: String?)] = []
        var chains: [SourceSpan] = []
        var selfPrefixes: [SourceSpan] = []
        var moved: [SourceSpan] = []
        if case .initializers(_, let assignments, _, _) = made { moved = assignments.map(\.span) }
        // Outside `body`, the mentions of each computed property or method decide together how it
        // changes.
        var byMember: [String: [PropertyMention]] = [:]
        var memberOrder: [String] = []
        let bindsItself = view.viewBody?.statements?.bindsFirst == name
        for mention in view.mentions(of: name) {
            // The `_model = State(initialValue: …)` the rewrite turns into `makeModel = { … }`.
            if moved.contains(where: { $0.file == mention.file && $0.range.contains(mention.offset) }) { continue }
            if mention.form == .storage { return .failure(FixRefusal("the view uses `_\(name)`")) }
            if mention.memberKind == .initializer { return .failure(FixRefusal("an `init` of the view uses it")) }
            guard !isDeclaredOptional else { continue }
            let inBody = isInBody(mention, of: view)
            guard inBody else {
                guard let member = mention.member else { return .failure(FixRefusal("the view's declaration uses it")) }
                if byMember[member] == nil { memberOrder.append(member) }
                byMember[member, default: []].append(mention)
                continue
            }
            // A local or parameter of the same name (`@Bindable var model = model`, `{ model in … }`)
            // inside the `if let` hides the unwrapped object as it hid the property, unless an
            // edit reaches its uses (see `shadowRefusal`).
            if mention.form == .shadow { continue }
            isUsedInBody = true
            // After `@Bindable var model = model` first in `body`, `$model` is that local's.
            if bindsItself && (mention.form == .projectedMember || mention.form == .wholeProjection) && !mention.isSpelledWithSelf { continue }
            switch unwrappedUse(mention, of: name, in: "`body`") {
            case .failure(let refusal): return .failure(refusal)
            case .success(.plain): break
            case .success(.projectedMember): usesProjection = true; bodyUsesProjection = true
            case .success(.wholeBinding): wholeBindings.append((wholeBindingSpan(mention, of: name), nil))
            }
            if let start = mention.selfOffset { selfPrefixes.append(SourceSpan(file: mention.file, range: start..<mention.offset)) }
        }
        let bodyMentions = view.mentions(of: name).filter { isInBody($0, of: view) }
        if !isDeclaredOptional, let refusal = shadowRefusal(bodyMentions, of: name, projectionsAreTheShadows: bindsItself) {
            return .failure(refusal)
        }
        var wrappedMembers: [MemberBodyFacts] = []
        var guardedMembers: [MemberBodyFacts] = []
        var projectedMembers: Set<String> = []
        for member in memberOrder {
            let mentions = byMember[member]!
            let described = describe(mentions[0])
            let shape = view.memberBody(named: member)
            // A member another type may call on a view value (`logView.setSource(…)`) would do
            // nothing while the object is nil, before the view appears: the call would be lost.
            if mentions[0].memberKind == .function, !mentions[0].isInPrivateMember, shape?.returnsSomeView != true,
               let place = context.reference(toMember: member) {
                return .failure(FixRefusal("\(described) uses it and may be called on a view value (`.\(member)` at \(place)), before the view appears, when the object is still nil"))
            }
            // A parameter of the same name (`func controls(model: Model)`): every plain use in the
            // member is the parameter's, and the member stays as it is.
            if let shape, mentions.contains(where: { $0.form == .shadow && $0.file == shape.file && $0.offset < shape.open }) {
                if mentions.contains(where: \.isSpelledWithSelf) {
                    return .failure(FixRefusal("\(described) has a parameter `\(name)` and uses `self.\(name)` too"))
                }
                continue
            }
            let forms = Set(mentions.map(\.form))
            // Outside the `if let`s, a local of the same name would take the edits of the property's uses.
            if forms.contains(.shadow) && shape?.returnsSomeView != true {
                return .failure(FixRefusal("\(described) declares a `\(name)` of its own, which hides the property"))
            }
            if let refusal = shadowRefusal(mentions, of: name) { return .failure(refusal) }
            if forms.isSubset(of: [.optionalChain, .assignment, .nilComparison, .memberStatement]) {
                // Each statement works the same on an optional chain (`model?.save()`).
                for mention in mentions where mention.form == .memberStatement {
                    let end = mention.offset + name.utf8.count
                    chains.append(SourceSpan(file: mention.file, range: end..<end))
                }
                continue
            }
            guard let shape, !shape.hasAccessors else { return .failure(FixRefusal("\(described) uses it as a non-optional")) }
            if shape.returnsSomeView {
                // A view of its own: its code goes inside an `if let` too.
                // `return VIEW` after declarations loses its `return` inside the `if let`.
                guard !shape.hasTopLevelReturn || shape.finalReturn != nil else {
                    return .failure(FixRefusal("\(described) uses it and returns its view with `return` after code other than `let` and `var` declarations, which no `if let` can take"))
                }
                for mention in mentions where mention.form != .shadow {
                    switch unwrappedUse(mention, of: name, in: described) {
                    case .failure(let refusal): return .failure(refusal)
                    case .success(.plain): break
                    case .success(.projectedMember): projectedMembers.insert(member); usesProjection = true
                    case .success(.wholeBinding): wholeBindings.append((wholeBindingSpan(mention, of: name), member))
                    }
                    if let start = mention.selfOffset { selfPrefixes.append(SourceSpan(file: mention.file, range: start..<mention.offset)) }
                }
                wrappedMembers.append(shape)
            } else if shape.kind == .function, shape.returnsVoid {
                // A method that returns nothing starts with `guard let model else { return }`.
                guard forms.isSubset(of: [.value, .memberStatement]), !mentions.contains(where: \.isSpelledWithSelf) else {
                    return .failure(FixRefusal("\(described) uses it as a non-optional and also sets it, compares it with nil or chains it"))
                }
                guardedMembers.append(shape)
            } else {
                return .failure(FixRefusal("\(described) returns a value made from it, which would be optional"))
            }
        }
        if usesProjection {
            let created = property.initialValue?.creation?.typeName(declared: property.declaredType) ?? property.declaredType?.name
            guard let created, context.types.traits(of: created, inScope: view.name).isObservable else {
                return .failure(FixRefusal("`$\(name)` would need `@Bindable`, which takes only an `@Observable` class"))
            }
        }
        return .success(Accepted(property: property, made: made, isDeclaredOptional: isDeclaredOptional,
                                 typeText: typeText, creation: creation, isUsedInBody: isUsedInBody,
                                 bodyUsesProjection: bodyUsesProjection, wholeBindings: wholeBindings, chains: chains, selfPrefixes: selfPrefixes, wrappedMembers: wrappedMembers,
                                 guardedMembers: guardedMembers, projectedMembers: projectedMembers))
    }

    /// In `var body`, or a modifier's `func body(content:)`.
    private static func isInBody(_ mention: PropertyMention, of view: SwiftUIView) -> Bool {
        mention.member == "body" && (mention.memberKind == .variable || mention.memberKind == .function && view.role == .viewModifier)
    }

    /// Why a member the `if let` wraps that declares a name of its own (a shadow) cannot be
    /// rewritten: the scanner does not tell which uses mean the shadow, and an edit of a use
    /// (`self.` going, `$model` through a new `@Bindable`) could reach the shadow's. Nil when no
    /// use needs an edit.
    /// `projectionsAreTheShadows`: `body` starts with `@Bindable var model = model`, so every
    /// `$model` after it is the local's and needs no edit.
    private static func shadowRefusal(_ mentions: [PropertyMention], of name: String, projectionsAreTheShadows: Bool = false) -> FixRefusal? {
        guard let shadow = mentions.first(where: { $0.form == .shadow }) else { return nil }
        let edited = mentions.contains { mention in
            mention.isSpelledWithSelf || !projectionsAreTheShadows && (mention.form == .projectedMember || mention.form == .wholeProjection)
        }
        guard edited else { return nil }
        return FixRefusal("\(describe(shadow)) declares a `\(name)` of its own, which hides the property")
    }

    /// How a use inside an `if let` of `member` changes: not at all (`plain`), through
    /// `@Bindable var model = model` (`$model.title`), or into a binding of its own (`$model`).
    private enum UnwrappedUse {
        case plain, projectedMember, wholeBinding
    }

    /// Whether a mention compiles the same with the unwrapped object of an `if let` in `member`
    /// (`body`, or a member that makes a view), and how it changes.
    private static func unwrappedUse(_ mention: PropertyMention, of name: String, in member: String) -> Result<UnwrappedUse, FixRefusal> {
        // `self.model.title` becomes `model.title` (the `self.` goes); other forms would change.
        if mention.isSpelledWithSelf, mention.form != .value, mention.form != .memberStatement {
            return .failure(FixRefusal("\(member) uses `self.\(name)`, which would be the optional"))
        }
        switch mention.form {
        case .value, .nilComparison, .memberStatement: return .success(.plain)
        case .projectedMember: return .success(.projectedMember)
        case .wholeProjection: return .success(.wholeBinding)
        case .assignment: return .failure(FixRefusal("\(member) assigns it"))
        case .optionalChain, .storage: return .failure(FixRefusal("\(member) uses `\(name)?`"))
        case .shadow: return .failure(FixRefusal("\(member) declares a `\(name)` of its own, which hides the property"))
        }
    }

    /// The `$model` token of a whole binding.
    private static func wholeBindingSpan(_ mention: PropertyMention, of name: String) -> SourceSpan {
        SourceSpan(file: mention.file, range: mention.offset..<(mention.offset + 1 + name.utf8.count))
    }

    /// What `$model` passed whole becomes inside the `if let`: a binding that reads the state
    /// while it holds the object (the unwrapped one after it is released) and sets the state, as
    /// `$model` did. Where the `if let` also has `@Bindable var model = model`, the closure
    /// captures that `var`'s object (`[model]`): a `@Sendable` closure may not capture a `var`.
    private static func wholeBinding(of name: String, capturing: Bool) -> String {
        "Binding(get: { \(capturing ? "[\(name)] in " : "")self.\(name) ?? \(name) }, set: { self.\(name) = $0 })"
    }

    /// `any Service` → `(any Service)`: what `?` can follow.
    private static func parenthesizedIfNeeded(_ type: String) -> String {
        let needs = type.hasPrefix("any ") || type.hasPrefix("some ") || type.contains("&") || type.contains("->")
        return needs ? "(\(type))" : type
    }

    /// `save()`, `header`, the view's declaration: where a mention is.
    private static func describe(_ mention: PropertyMention) -> String {
        guard let member = mention.member else { return "the view's declaration" }
        return mention.memberKind == .function ? "`\(member)()`" : "`\(member)`"
    }

    // MARK: The rewrite

    private static func rewrite(_ accepted: [Accepted], replacing wrapper: PropertyWrapper, body: ViewBodyFacts,
                                expression: RootExpression, in view: SwiftUIView, _ context: RuleContext) -> Fix? {
        let file = body.file
        let changesType = Set(accepted.filter { !$0.isDeclaredOptional }.map(\.property.name))
        // The modifiers at the end of the chain that stay outside the wrapper: appear and
        // disappear modifiers that do not use a property whose type changes.
        var mentionOffsets: [Int] = []
        for name in changesType { mentionOffsets += view.mentions(of: name).map(\.offset) }
        var outside = expression.modifiers.count
        while outside > 0 {
            let modifier = expression.modifiers[outside - 1]
            guard lifecycleModifiers.contains(modifier.name),
                  !mentionOffsets.contains(where: { $0 >= modifier.dotOffset && $0 < modifier.end }) else { break }
            outside -= 1
        }
        let trailing = expression.modifiers[outside...]
        let wrappedEnd = trailing.first?.previousEnd ?? expression.end

        let style = context.style(of: SourceSpan(file: file, range: expression.start..<expression.start))
        let unit = style.indentation.unit
        let firstLine = context.line(ofOffset: expression.start, in: file)
        let indent = style.indentation(ofLine: firstLine)
        let isOnLinesOfItsOwn = expression.start - context.start(ofLine: firstLine, in: file) == indent.utf8.count
        var edits: [TextEdit] = []
        func insert(_ text: String, at offset: Int, in file: FileID = file) {
            edits.append(context.edit(SourceSpan(file: file, range: offset..<offset), text))
        }

        edits += declarationEdits(accepted, replacing: wrapper, context)

        // The wrapper around the body's content, binding the properties it uses. Also where only
        // members that make views use them: those are empty while the object is nil, and an
        // `.onAppear` on an empty view never runs, so it goes on a `ZStack` that is always there.
        let bound = accepted.filter { $0.isUsedInBody && !$0.isDeclaredOptional }
        let wrapsContent = !bound.isEmpty || accepted.contains { !$0.wrappedMembers.isEmpty }
        var closing = ""
        if wrapsContent {
            let condition = "if " + bound.map { "let \($0.property.name)" }.joined(separator: ", ")
            let bindables = bound.filter(\.bodyUsesProjection).map { "@Bindable var \($0.property.name) = \($0.property.name)" }
            if isOnLinesOfItsOwn {
                let levels = bound.isEmpty ? unit : unit + unit
                let inner = indent + levels
                let binding = bound.isEmpty ? "" : "\(indent + unit)\(condition) {\n" + bindables.map { "\(inner)\($0)\n" }.joined()
                insert("ZStack {\n" + binding + inner, at: expression.start)
                let lastLine = context.line(ofOffset: max(expression.start, wrappedEnd - 1), in: file)
                if lastLine > firstLine {
                    for line in (firstLine + 1)...lastLine where !isBlank(line, in: file, style, context) {
                        insert(levels, at: context.start(ofLine: line, in: file))
                    }
                }
                closing = bound.isEmpty ? "\n\(indent)}" : "\n\(indent + unit)}\n\(indent)}"
            } else {
                let binding = bound.isEmpty ? "" : "\(condition) { " + bindables.map { "\($0); " }.joined()
                insert("ZStack { " + binding, at: expression.start)
                closing = bound.isEmpty ? " }" : " } }"
            }
        }

        // The creations, into the first appear modifier outside the wrapper, else into a new one.
        // New modifiers line up with those at the end of the chain; after the wrapper's `}`, with it.
        func indentation(ofModifier modifier: RootModifier) -> String? {
            let line = context.line(ofOffset: modifier.dotOffset, in: file)
            let lineIndent = style.indentation(ofLine: line)
            return modifier.dotOffset - context.start(ofLine: line, in: file) == lineIndent.utf8.count ? lineIndent : nil
        }
        // An expression that ends with its `}` on a line of its own at its first line's
        // indentation (`VStack {` … `}`) takes modifiers at that indentation.
        let lastLine = context.line(ofOffset: max(expression.start, expression.end - 1), in: file)
        let endsWithBrace = lastLine > firstLine && style.indentation(ofLine: lastLine) == indent
            && expression.end - 1 - context.start(ofLine: lastLine, in: file) == indent.utf8.count
        let chainIndent = trailing.last.flatMap(indentation(ofModifier:))
            ?? (!wrapsContent ? expression.modifiers.last.flatMap(indentation(ofModifier:)) ?? (endsWithBrace ? indent : indent + unit) : indent)
        let appearPosition = trailing.lazy.compactMap { modifier -> Int? in
            guard modifier.name == "onAppear" || modifier.name == "task" else { return nil }
            return view.handlerPosition(at: modifier.dotOffset, in: file)
        }.first { view.handlers[$0].facts.closure != nil }
        let names = accepted.map(\.property.name)
        let kept = keptOnDisappear(view)
        let releases = kept == nil
        var appended = ""
        if let appearPosition {
            let handler = view.handlers[appearPosition].facts
            edits.append(creations(accepted, into: handler.closure!, file: file, style, context))
            if releases {
                edits += TeardownFix.fix(releasing: names, at: TeardownFix.destination(after: appearPosition, in: view), in: view, context).edits
            }
        } else {
            let disappear = trailing.lazy.compactMap { modifier -> Int? in
                guard modifier.name == "onDisappear" else { return nil }
                return view.handlerPosition(at: modifier.dotOffset, in: file)
            }.first { view.handlers[$0].facts.closure?.takesStatementAtEnd ?? false }
            if isOnLinesOfItsOwn {
                let statements = accepted.map { "\(chainIndent + unit)\(statement($0, indent: chainIndent + unit, style, context))\n" }
                appended = "\n\(chainIndent).onAppear {\n" + statements.joined() + "\(chainIndent)}"
                if releases && disappear == nil { appended += "\n\(chainIndent)\(TeardownFix.modifier(releasing: names))" }
            } else {
                let statements = accepted.map { statement($0, indent: indent, style, context) }
                appended = ".onAppear { \(statements.joined(separator: "; ")) }"
                if releases && disappear == nil { appended += TeardownFix.modifier(releasing: names) }
            }
            if releases, let disappear {
                edits += TeardownFix.fix(releasing: names, at: .into(disappear), in: view, context).edits
            }
        }
        if wrappedEnd == expression.end {
            if !closing.isEmpty || !appended.isEmpty { insert(closing + appended, at: expression.end) }
        } else {
            if !closing.isEmpty { insert(closing, at: wrappedEnd) }
            if !appended.isEmpty { insert(appended, at: expression.end) }
            // A chain indented under its first line (`Text(…)` / `    .onAppear { … }`) now
            // follows the wrapper's `}`: one level less, with what the fix adds there.
            if wrapsContent, isOnLinesOfItsOwn, let first = trailing.first, indentation(ofModifier: first) == indent + unit {
                edits = dedented(edits, lines: context.line(ofOffset: first.dotOffset, in: file)...context.line(ofOffset: expression.end - 1, in: file),
                                 under: indent + unit, file: file, style, context)
            }
        }
        guard !overlap(edits) else { return nil }
        return Fix(summary: summary(names, keptBecause: kept), edits: edits)
    }

    /// The rewrite of a `body` of declarations and one view: every statement goes inside the
    /// `if let` (a result builder takes declarations there too), and a new `.onAppear` and
    /// `.onDisappear` follow the `ZStack`:
    ///
    ///     var body: some View {
    ///         ZStack {
    ///             if let model {
    ///                 let isEmpty = model.items.isEmpty
    ///                 if isEmpty { Text("None") } else { List(model.items) { … } }
    ///             }
    ///         }
    ///         .onAppear { … }
    ///         .onDisappear { model = nil }
    ///     }
    private static func rewrite(_ accepted: [Accepted], replacing wrapper: PropertyWrapper, body: ViewBodyFacts,
                                statements: BodyStatements, in view: SwiftUIView, _ context: RuleContext) -> Fix? {
        let file = body.file
        let style = context.style(of: SourceSpan(file: file, range: statements.start..<statements.start))
        let unit = style.indentation.unit
        let firstLine = context.line(ofOffset: statements.start, in: file)
        let lastLine = context.line(ofOffset: max(statements.start, statements.end - 1), in: file)
        let indent = style.indentation(ofLine: firstLine)
        var edits = declarationEdits(accepted, replacing: wrapper, context)
        func insert(_ text: String, at offset: Int) {
            edits.append(context.edit(SourceSpan(file: file, range: offset..<offset), text))
        }
        // The wrapper, and the `if let` when `body` uses an object (one level each).
        let bound = accepted.filter { $0.isUsedInBody && !$0.isDeclaredOptional }
        let levels = bound.isEmpty ? 1 : 2
        var opening = "\(indent)ZStack {\n"
        if !bound.isEmpty {
            let bindables = bound.filter(\.bodyUsesProjection).map { "\(indent + unit + unit)@Bindable var \($0.property.name) = \($0.property.name)\n" }
            opening += "\(indent + unit)if " + bound.map { "let \($0.property.name)" }.joined(separator: ", ") + " {\n" + bindables.joined()
        }
        insert(opening, at: context.start(ofLine: firstLine, in: file))
        for line in firstLine...lastLine where !isBlank(line, in: file, style, context) {
            insert(String(repeating: unit, count: levels), at: context.start(ofLine: line, in: file))
        }
        if let keyword = statements.finalReturn { edits.append(context.edit(SourceSpan(file: file, range: keyword), "")) }
        // After the last statement's line (a comment there stays with it).
        let lastLineEnd = context.start(ofLine: lastLine + 1, in: file) - style.lineEnding.rawValue.utf8.count
        let names = accepted.map(\.property.name)
        var appended = bound.isEmpty ? "\n\(indent)}" : "\n\(indent + unit)}\n\(indent)}"
        let creations = accepted.map { "\(indent + unit)\(statement($0, indent: indent + unit, style, context))\n" }
        appended += "\n\(indent).onAppear {\n" + creations.joined() + "\(indent)}"
        let kept = keptOnDisappear(view)
        if kept == nil { appended += "\n\(indent)\(TeardownFix.modifier(releasing: names))" }
        insert(appended, at: lastLineEnd)
        let all = merged(edits, file: file, context)
        guard !overlap(all) else { return nil }
        return Fix(summary: summary(names, keptBecause: kept), edits: all)
    }

    /// Why the object must not go with `.onDisappear`, or nil when it goes there. In a view
    /// that presents a `fullScreenCover`, the cover's appearance calls the view's
    /// `.onDisappear` (on iOS), and the release would take the object (and a cover it drives)
    /// away while the cover is up. In a view that makes a navigation container, the release
    /// would make the container again when the view comes back (a tab left and selected again):
    /// its pushed path or selected tab would be lost. In a view modifier the `if let` wraps
    /// `content`, its caller's view, which a release would make again on every disappearance
    /// (a detail pushed over a list), losing its scroll position and state. There the object
    /// lives as long as the view's state, as a `@StateObject`'s did.
    package static func keptOnDisappear(_ view: SwiftUIView) -> String? {
        if view.presentsFullScreenCover { return "the view presents a `fullScreenCover`, whose appearance calls `.onDisappear`" }
        if view.holdsNavigation { return "the view makes a navigation container, whose path a release would lose" }
        if view.role == .viewModifier { return "a release would make the modifier's content again, losing its state" }
        return nil
    }

    private static func summary(_ names: [String], keptBecause reason: String?) -> String {
        let listed = names.map { "`\($0)`" }.joined(separator: ", ")
        guard let reason else { return "Own \(listed) lazily: an optional created on appear and released on disappear" }
        return "Own \(listed) lazily: an optional created on first appear and kept, since \(reason)"
    }

    /// `@State` before a property without a wrapper, whose `let` becomes `var` (`State` needs a
    /// setter): one edit where the keyword starts the declaration, so that none overlap. State is
    /// `private` (as SwiftLint's `private_swiftui_state` asks) unless an access level is written
    /// or code outside the view may read the property (`other.model`), or so may the view's code
    /// in other files (`usedInOtherFiles`), which `private` would shut out.
    package static func stateAttributeEdits(_ property: PropertyFacts, keyword: SourceSpan, isLet: Bool, usedInOtherFiles: Bool = false,
                                            _ context: RuleContext) -> [TextEdit] {
        let access = property.hasWrittenAccess || usedInOtherFiles || context.reference(toMember: property.name) != nil ? "" : "private "
        let start = property.span.range.lowerBound
        if keyword.range.lowerBound == start { return [context.edit(keyword, "@State \(access)var")] }
        let attribute = context.edit(SourceSpan(file: property.span.file, range: start..<start), "@State \(access)")
        return isLet ? [attribute, context.edit(keyword, "var")] : [attribute]
    }

    /// The whole line of `span` (its indentation and line break included) when `span` is all
    /// the code on it: what goes when a statement moves out of `init`.
    package static func wholeLine(of span: SourceSpan, _ context: RuleContext) -> SourceSpan? {
        let file = span.file
        let line = context.line(ofOffset: span.range.lowerBound, in: file)
        guard context.line(ofOffset: span.range.upperBound, in: file) == line else { return nil }
        let style = context.style(of: span)
        let start = context.start(ofLine: line, in: file)
        let next = context.start(ofLine: line + 1, in: file)
        guard span.range.lowerBound - start == style.indentation(ofLine: line).utf8.count,
              next - style.lineEnding.rawValue.utf8.count == span.range.upperBound else { return nil }
        return SourceSpan(file: file, range: start..<next)
    }

    /// `edits` with insertions at the same offset joined into one, in order.
    private static func merged(_ edits: [TextEdit], file: FileID, _ context: RuleContext) -> [TextEdit] {
        var result: [TextEdit] = []
        for edit in edits {
            if edit.range.isEmpty, let index = result.lastIndex(where: { $0.path == edit.path && $0.range == edit.range }) {
                result[index] = TextEdit(path: edit.path, range: edit.range, replacement: result[index].replacement + edit.replacement)
            } else {
                result.append(edit)
            }
        }
        return result
    }

    /// The declarations (`@State private var model: Model?`, and `makeModel` for one made in
    /// `init`) and the statements outside `body` that become optional chains.
    private static func declarationEdits(_ accepted: [Accepted], replacing wrapper: PropertyWrapper, _ context: RuleContext) -> [TextEdit] {
        var edits: [TextEdit] = []
        for item in accepted {
            let property = item.property
            switch item.made {
            case .declaration(let written):
                if item.isDeclaredOptional, let annotationEnd = written.annotationEnd {
                    edits.append(context.edit(SourceSpan(file: written.afterName.file, range: annotationEnd..<written.afterName.range.upperBound), ""))
                } else {
                    edits.append(context.edit(written.afterName, ": \(item.typeText)?"))
                }
            case .initializers(let annotation, _, nil, let removed):
                edits.append(context.edit(annotation.span, item.typeText + "?"))
                edits += removed.map { context.edit($0, "") }
            case .initializers(let annotation, let assignments, let factory?, _):
                edits.append(context.edit(annotation.span, item.typeText + "?"))
                // `private let makeModel: () -> Model` on a line of its own after the declaration's.
                let style = context.style(of: annotation.span)
                let line = context.line(ofOffset: annotation.span.range.lowerBound, in: annotation.span.file)
                let lineEnd = context.start(ofLine: line + 1, in: annotation.span.file) - style.lineEnding.rawValue.utf8.count
                let indent = style.indentation(ofLine: line)
                edits.append(context.edit(SourceSpan(file: annotation.span.file, range: lineEnd..<lineEnd),
                                          "\n\(indent)private let \(factory): () -> \(annotation.text)"))
                for assignment in assignments {
                    guard let made = assignment.assignedValue.creation?.span else { continue }
                    let target = assignment.isSpelledWithSelf ? "self." + factory : factory
                    edits.append(context.edit(SourceSpan(file: made.file, range: assignment.span.range.lowerBound..<made.range.lowerBound),
                                              "\(target) = { "))
                    edits.append(context.edit(SourceSpan(file: made.file, range: made.range.upperBound..<assignment.span.range.upperBound), " }"))
                }
            }
            if wrapper == .none {
                // `let model = Model()` → `@State var model: Model?`.
                switch item.made {
                case .declaration(let written): edits += stateAttributeEdits(property, keyword: written.keyword, isLet: written.isLet, context)
                case .initializers(let annotation, _, _, _): edits += stateAttributeEdits(property, keyword: annotation.keyword, isLet: annotation.isLet, context)
                }
            } else if wrapper != .state, let name = property.wrapperNameSpan {
                let withAt = name.range.count == (wrapper.typeName ?? "").utf8.count + 1
                edits.append(context.edit(name, withAt ? "@State" : "State"))
            }
        }

        // Statements outside `body` that use the object: optional chains.
        for item in accepted {
            edits += item.chains.map { context.edit($0, "?") }
            edits += item.selfPrefixes.map { context.edit($0, "") }
            for (span, member) in item.wholeBindings {
                // `body` and each member have `@Bindable var model = model` when they use `$model.title`.
                let bindable = member.map(item.projectedMembers.contains) ?? item.bodyUsesProjection
                edits.append(context.edit(span, wholeBinding(of: item.property.name, capturing: bindable)))
            }
        }

        edits += memberEdits(accepted, context)
        return edits
    }

    /// The computed properties and methods that use an object as a value: `if let` around the
    /// code of one that makes a view (with `@ViewBuilder`, which takes an `if`), `guard let … else
    /// { return }` first in a method that returns nothing.
    private static func memberEdits(_ accepted: [Accepted], _ context: RuleContext) -> [TextEdit] {
        var edits: [TextEdit] = []
        var members: [String: (shape: MemberBodyFacts, names: [String], bindables: [String], wraps: Bool)] = [:]
        var order: [String] = []
        for item in accepted {
            let name = item.property.name
            for (shape, wraps) in item.wrappedMembers.map({ ($0, true) }) + item.guardedMembers.map({ ($0, false) }) {
                if members[shape.name] == nil { order.append(shape.name); members[shape.name] = (shape, [], [], wraps) }
                members[shape.name]!.names.append(name)
                if item.projectedMembers.contains(shape.name) { members[shape.name]!.bindables.append(name) }
            }
        }
        for member in order {
            guard let entry = members[member], let statements = entry.shape.statements else { continue }
            let shape = entry.shape
            let file = shape.file
            let bindings = entry.names.map { "let \($0)" }.joined(separator: ", ")
            let style = context.style(of: SourceSpan(file: file, range: statements.lowerBound..<statements.lowerBound))
            let unit = style.indentation.unit
            func insert(_ text: String, at offset: Int) {
                edits.append(context.edit(SourceSpan(file: file, range: offset..<offset), text))
            }
            if entry.wraps {
                if !shape.hasViewBuilder { insert("@ViewBuilder ", at: shape.start) }
                let bindables = entry.bindables.map { "@Bindable var \($0) = \($0)" }
                if shape.isMultiline {
                    let firstLine = context.line(ofOffset: statements.lowerBound, in: file)
                    let lastLine = context.line(ofOffset: max(statements.lowerBound, statements.upperBound - 1), in: file)
                    let indent = style.indentation(ofLine: firstLine)
                    var opening = "\(indent)if \(bindings) {\n" + bindables.map { "\(indent + unit)\($0)\n" }.joined()
                    for line in firstLine...lastLine where !isBlank(line, in: file, style, context) {
                        let start = context.start(ofLine: line, in: file)
                        if line == firstLine { opening += unit } else { insert(unit, at: start) }
                    }
                    insert(opening, at: context.start(ofLine: firstLine, in: file))
                    let lastLineEnd = context.start(ofLine: lastLine + 1, in: file) - style.lineEnding.rawValue.utf8.count
                    insert("\n\(indent)}", at: lastLineEnd)
                } else {
                    let opening = "if \(bindings) { " + bindables.map { "\($0); " }.joined()
                    if let keyword = shape.finalReturn, keyword.lowerBound == statements.lowerBound {
                        // `{ return Text(model.title) }`: the `if let` takes the place of the `return`.
                        edits.append(context.edit(SourceSpan(file: file, range: keyword), opening))
                    } else {
                        insert(opening, at: statements.lowerBound)
                    }
                    insert(" }", at: statements.upperBound)
                }
                if let keyword = shape.finalReturn, shape.isMultiline || keyword.lowerBound != statements.lowerBound {
                    edits.append(context.edit(SourceSpan(file: file, range: keyword), ""))
                }
            } else if shape.isMultiline {
                let firstLine = context.line(ofOffset: statements.lowerBound, in: file)
                let indent = style.indentation(ofLine: firstLine)
                insert("\(indent)guard \(bindings) else { return }\n", at: context.start(ofLine: firstLine, in: file))
            } else {
                insert("guard \(bindings) else { return }; ", at: statements.lowerBound)
            }
        }
        return edits
    }

    /// `if model == nil { model = Model(args) }`, the value's later lines indented from `indent`
    /// as they were from its declaration's line.
    private static func statement(_ item: Accepted, indent: String, _ style: SourceStyle, _ context: RuleContext) -> String {
        let name = item.property.name
        var value = item.creation
        if value.contains("\n") || value.contains("\r") {
            let declarationStyle = context.style(of: item.property.nameSpan)
            let declarationIndent = declarationStyle.indentation(ofLine: context.location(of: item.property.nameSpan).line)
            let lines = value.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            value = lines.enumerated().map { position, line in
                guard position > 0, line.hasPrefix(declarationIndent) else { return String(line) }
                return indent + line.dropFirst(declarationIndent.count)
            }.joined(separator: "\n")
        }
        return "if \(name) == nil { \(name) = \(value) }"
    }

    /// An edit adding the creations at the start of an action closure: lines of their own before
    /// the first statement of a multi-line closure, else `…; ` before it on its line.
    private static func creations(_ accepted: [Accepted], into closure: ClosureShape, file: FileID, _ style: SourceStyle,
                                  _ context: RuleContext) -> TextEdit {
        let openLine = context.line(ofOffset: closure.statementsOpen - 1, in: file)
        let closeLine = context.line(ofOffset: closure.close, in: file)
        if let first = closure.firstStatementStart {
            let firstLine = context.line(ofOffset: first, in: file)
            if firstLine > openLine {
                let indent = style.indentation(ofLine: firstLine)
                let lines = accepted.map { "\(indent)\(statement($0, indent: indent, style, context))\n" }.joined()
                return context.edit(SourceSpan(file: file, range: context.start(ofLine: firstLine, in: file)..<context.start(ofLine: firstLine, in: file)), lines)
            }
            let indent = style.indentation(ofLine: firstLine)
            let text = accepted.map { statement($0, indent: indent, style, context) + "; " }.joined()
            return context.edit(SourceSpan(file: file, range: first..<first), text)
        }
        if closeLine > openLine {
            let lineStart = context.start(ofLine: closeLine, in: file)
            let closeIndent = style.indentation(ofLine: closeLine)
            if closure.close - lineStart == closeIndent.utf8.count {
                let indent = closeIndent + style.indentation.unit
                let lines = accepted.map { "\(indent)\(statement($0, indent: indent, style, context))\n" }.joined()
                return context.edit(SourceSpan(file: file, range: lineStart..<lineStart), lines)
            }
        }
        let indent = style.indentation(ofLine: openLine)
        let text = accepted.map { statement($0, indent: indent, style, context) }.joined(separator: "; ")
        return context.edit(SourceSpan(file: file, range: closure.statementsOpen..<closure.close), " \(text) ")
    }

    /// `edits` with lines `lines` of `file` (those indented at least `indentation`) one unit
    /// less indented, and the lines the edits add there too.
    private static func dedented(_ edits: [TextEdit], lines: ClosedRange<Int>, under indentation: String, file: FileID,
                                 _ style: SourceStyle, _ context: RuleContext) -> [TextEdit] {
        let unit = style.indentation.unit
        let path = context.path(of: SourceSpan(file: file, range: 0..<0))
        let regionStart = context.start(ofLine: lines.lowerBound, in: file)
        let regionEnd = context.start(ofLine: lines.upperBound + 1, in: file)
        func dedent(_ text: String, first: Bool) -> String {
            var lines = text.components(separatedBy: "\n")
            for index in lines.indices where (index > 0 || first) && lines[index].hasPrefix(unit) {
                lines[index].removeFirst(unit.count)
            }
            return lines.joined(separator: "\n")
        }
        var lineStarts: [Int: Int] = [:]  // offset of a line start → its line, for the lines dedented
        for line in lines where !isBlank(line, in: file, style, context) && style.indentation(ofLine: line).hasPrefix(indentation) {
            lineStarts[context.start(ofLine: line, in: file)] = line
        }
        var result: [TextEdit] = []
        for var edit in edits {
            guard edit.path == path, edit.range.lowerBound >= regionStart, edit.range.lowerBound < regionEnd else {
                result.append(edit)
                continue
            }
            if edit.range.isEmpty, lineStarts.removeValue(forKey: edit.range.lowerBound) != nil {
                // Lines added at the start of a line dedented: one edit for both.
                let start = edit.range.lowerBound
                edit = context.edit(SourceSpan(file: file, range: start..<(start + unit.utf8.count)), dedent(edit.replacement, first: true))
            } else {
                edit = context.edit(SourceSpan(file: file, range: edit.range), dedent(edit.replacement, first: false))
            }
            result.append(edit)
        }
        for start in lineStarts.keys.sorted() {
            result.append(context.edit(SourceSpan(file: file, range: start..<(start + unit.utf8.count)), ""))
        }
        return result
    }

    /// Whether line `line` holds nothing but blanks (and its line break).
    private static func isBlank(_ line: Int, in file: FileID, _ style: SourceStyle, _ context: RuleContext) -> Bool {
        let length = context.start(ofLine: line + 1, in: file) - context.start(ofLine: line, in: file)
        return length - style.indentation(ofLine: line).utf8.count <= style.lineEnding.rawValue.utf8.count
    }

    /// Whether two edits touch the same bytes (or insert at the same place) in one file.
    private static func overlap(_ edits: [TextEdit]) -> Bool {
        let sorted = edits.sorted { ($0.path, $0.range.lowerBound, $0.range.upperBound) < ($1.path, $1.range.lowerBound, $1.range.upperBound) }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.path == b.path {
            if b.range.lowerBound < a.range.upperBound || b.range.lowerBound == a.range.lowerBound { return true }
        }
        return false
    }
}
