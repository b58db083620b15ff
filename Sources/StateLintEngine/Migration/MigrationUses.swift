import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Every place of the project that concerns candidate classes, each typed by the expression
/// typer: the property wrappers and `.environmentObject(_:)` calls to rewrite, and the uses that
/// keep a class (`objectWillChange`, `$property` publishers, a generic parameter or existential
/// that needs an `ObservableObject`). A use concerns the class its value is typed as; a value
/// StateLint cannot type concerns only the classes declaring every member the code uses on it.
package enum MigrationUses {
    package static func scan(_ project: MigrationProject, jobs: Int) -> [ClassUse] {
        let generics = GenericOwners(project)
        let files = Array(project.sources.indices)
        var projections: [String: String] = [:]
        for found in parallelMap(files, jobs: jobs, { projectionUses(in: $0, project) }) {
            for (key, place) in found where projections[key] == nil { projections[key] = place }
        }
        let found = projections
        return Array(parallelMap(files, jobs: jobs) { file -> [ClassUse] in
            var scan = FileScan(project: project, file: file, generics: generics, projections: found)
            scan.run()
            return scan.uses
        }.joined())
    }

    /// `$name` written in a type (any of its parts): `Owner.name`, and where.
    private static func projectionUses(in file: Int, _ project: MigrationProject) -> [(String, String)] {
        let code = project.sources[file].code
        var found: [(String, String)] = []
        for k in 0..<code.count where code.kind(k) == .identifier && code.file.bytes[code[k].start] == UInt8(ascii: "$") && code[k].length > 1 {
            guard let type = project.directory.enclosingType(of: k, in: file) else { continue }
            found.append((project.directory.typeName(of: type, in: file) + "." + String(code.string(k).dropFirst()), project.sources[file].place(k)))
        }
        return found
    }
}

/// The uses in one file.
private struct FileScan {
    let project: MigrationProject
    let file: Int
    let generics: GenericOwners
    /// `Owner.name` → where `$name` is first used in that type.
    let projections: [String: String]
    let typer: ExpressionTyper
    let source: MigrationSource
    let code: CodeTokens
    var uses: [ClassUse] = []

    init(project: MigrationProject, file: Int, generics: GenericOwners, projections: [String: String]) {
        self.project = project
        self.file = file
        self.generics = generics
        self.projections = projections
        typer = ExpressionTyper(directory: project.directory)
        source = project.sources[file]
        code = source.code
    }

    mutating func run() {
        wrapperProperties()
        let inherited = inheritancePositions()
        let constraints = generics.constraintTokens[file] ?? []
        // The names looked up by text (protocols, generic owners), filtered by length first: no
        // `String` is made for most identifiers.
        var names = project.candidates.observableProtocols
        for owner in generics.parameters.keys { names.insert(owner.hasPrefix("func ") ? String(owner.dropFirst(5)) : owner) }
        var lengths: UInt64 = 0
        for name in names where name.utf8.count < 64 { lengths |= 1 << UInt64(name.utf8.count) }
        for k in 0..<code.count where code.kind(k) == .identifier {
            let token = code[k]
            let first = code.file.bytes[token.start]
            if first == UInt8(ascii: "$") {
                if token.length > 1, !(code.file.bytes[token.start + 1] >= UInt8(ascii: "0") && code.file.bytes[token.start + 1] <= UInt8(ascii: "9")) {
                    publisher(at: k)
                }
            } else if first == UInt8(ascii: "o"), code.text(k, is: "objectWillChange") {
                objectWillChange(at: k)
            } else if first == UInt8(ascii: "e"), code.text(k, is: "environmentObject") {
                environmentObject(at: k)
            } else if token.length >= 64 || lengths & (1 << UInt64(token.length)) != 0 {
                let name = code.string(k)
                guard names.contains(name) else { continue }
                if project.candidates.observableProtocols.contains(name) {
                    if !inherited.contains(k), !constraints.contains(k) { observableType(at: k) }
                } else {
                    instantiation(at: k)
                }
            }
        }
    }

    // MARK: What a value is

    /// The classes a value may be, and whether that was typed or inferred from member evidence.
    struct Concern {
        var classes: Set<String> = []
        var isTyped = true
        var generic: GenericParameterKey?
        var unblock: String?
        /// Typed as a parameter a protocol group constrains: `classes` are the group's.
        var group: String?

        var isUnrelated: Bool { isTyped && classes.isEmpty && generic == nil }
    }

    func concern(of type: ValueType) -> Concern {
        let value = type.unwrapped
        guard !value.isMetatype else { return Concern() }
        if let owner = value.genericOwner {
            let key = GenericParameterKey(owner: owner.name, name: value.name)
            if let group = generics.groups[key], let members = project.candidates.groups[group]?.members {
                return Concern(classes: Set(members), group: group)
            }
            return generics.parameters[owner.name]?.contains { $0.name == value.name } == true ? Concern(generic: key) : Concern()
        }
        if let candidate = project.candidate(named: value.lastName) { return Concern(classes: [candidate]) }
        if project.directory.kind(ofType: value.lastName) == .protocol {
            return Concern(classes: project.candidates(conformingTo: value.lastName))
        }
        return Concern()
    }

    func concern(ofValue range: Range<Int>) -> Concern {
        if let type = typer.type(of: range, in: file) { return concern(of: type) }
        // A package's `Manager.shared`: its type is theirs, none of the project's classes.
        if typer.isStaticPropertyOfAnOutsideType(range, in: file) { return Concern() }
        return evidence(for: range)
    }

    /// The classes that declare every member the code near the value uses on it.
    func evidence(for range: Range<Int>) -> Concern {
        let anonymous = range.count == 1 && code.string(range.lowerBound).hasPrefix("$")
        let scope = MemberEvidence.scope(of: range.lowerBound, anonymous: anonymous, in: file, directory: project.directory)
        var members = MemberEvidence.members(of: range, in: scope, code: code)
        members.remove("objectWillChange")
        let classes = project.names.filter { name in members.allSatisfy { project.declares(name, member: $0) } }
        return Concern(classes: classes, isTyped: false, unblock: unblock(for: range))
    }

    /// What to write so that the value at `range` can be typed: the first step of its chain that
    /// the typer cannot type, and where it is declared.
    func unblock(for range: Range<Int>) -> String {
        // The chain's `.` on its own level, left to right.
        var periods: [Int] = []
        var k = range.lowerBound
        while k < range.upperBound {
            if let partner = code.partner(of: k), partner > k { k = partner + 1; continue }
            if code.kind(k) == .period { periods.append(k) }
            k += 1
        }
        var receiver: ValueType?
        var member = range.lowerBound
        for period in periods {
            var end = period
            if code.kind(end - 1) == .operator, code.text(end - 1, is: "?") || code.text(end - 1, is: "!") { end -= 1 }
            guard let typed = typer.type(of: range.lowerBound..<end, in: file) else { break }
            receiver = typed.unwrapped
            member = period + 1
        }
        let name = code.string(member)
        if let receiver {
            let owner = receiver.lastName
            let places = project.directory.members(named: name, ofType: owner)
            if let place = places.first {
                return "write the type of `\(owner).\(name)` where it is declared (\(self.place(place)))"
            }
            return "`\(owner).\(name)` is not declared where StateLint reads (a package or framework): give the value a written type, e.g. `let value: Model = …`"
        }
        if member == range.lowerBound, code.kind(member) == .identifier {
            switch typer.localBinding(of: name, at: member, in: file) {
            case .closureParameter?:
                return "write the type of the closure parameter `\(name)`: `{ (\(name): Model) in … }`"
            case .initialized(let value, _)?:
                return "write the type of the local `\(name)` (\(source.place(value.lowerBound))): `let \(name): Model = …`"
            case nil:
                if let global = project.directory.globals(named: name).first {
                    return "write the type of `\(name)` where it is declared (\(place(global))): `var \(name): Model`"
                }
                if let type = project.directory.enclosingType(of: member, in: file) {
                    let owner = project.directory.typeName(of: type, in: file)
                    if let place = project.directory.members(named: name, ofType: owner).first {
                        return "write the type of `\(owner).\(name)` where it is declared (\(self.place(place)))"
                    }
                }
                return "`\(name)` is not declared where StateLint reads (a package or framework): give the value a written type, e.g. `let value: Model = …`"
            default:
                break
            }
        }
        return "give the value a written type, e.g. `let value: Model = …`"
    }

    func place(_ declaration: TypeDirectory.Place) -> String {
        let source = project.sources[declaration.file]
        return source.place(source.declarations[declaration.declaration].nameToken)
    }

    mutating func add(_ concern: Concern, at k: Int, typed: String, untyped: String) {
        guard !concern.isUnrelated else { return }
        var use = ClassUse(classes: concern.classes, isTyped: concern.isTyped, place: source.place(k),
                           reason: concern.isTyped ? typed : untyped, unblock: concern.isTyped ? nil : concern.unblock)
        use.genericParameter = concern.generic
        uses.append(use)
    }

    // MARK: Uses that keep a class

    /// `x.objectWillChange`, `self.objectWillChange`, or a bare `objectWillChange` in a class.
    mutating func objectWillChange(at k: Int) {
        let place = source.place(k)
        guard code.kind(k - 1) == .period else {
            // `objectWillChange.send()` inside the class (or `let objectWillChange = …` declaring its own).
            guard let own = typer.selfType(at: k, in: file) else { return }
            add(concern(of: own), at: k, typed: "its `objectWillChange` is used at \(place)",
                untyped: "`objectWillChange` is used at \(place) on a value StateLint cannot type")
            return
        }
        guard let receiver = receiver(endingAt: k - 1) else {
            add(Concern(classes: project.names, isTyped: false, unblock: "give the value a written type, e.g. `let value: Model = …`"), at: k,
                typed: "", untyped: "`objectWillChange` is used at \(place) on a value StateLint cannot type")
            return
        }
        add(concern(ofValue: receiver), at: k, typed: "its `objectWillChange` is used at \(place)",
            untyped: "`objectWillChange` is used at \(place) on a value StateLint cannot type")
    }

    /// `model.$title` (a class's publisher), or `$title` inside the class.
    mutating func publisher(at k: Int) {
        let property = String(code.string(k).dropFirst())
        let publishing = Set(project.published.filter { $0.value.contains(property) }.keys)
        guard !publishing.isEmpty else { return }
        let place = source.place(k)
        let typed = "its publisher `$\(property)` is used at \(place)"
        if code.kind(k - 1) == .period {
            guard let receiver = receiver(endingAt: k - 1) else { return }
            var concern = concern(ofValue: receiver)
            concern.classes.formIntersection(publishing)
            if concern.isTyped && concern.classes.isEmpty && concern.generic == nil { return }
            // `.onReceive(model.$title) { … }` of an `Equatable` property: `.onChange(of:initial:)`.
            if concern.isTyped, concern.generic == nil, concern.classes.count == 1, let owner = concern.classes.first,
               case .value(let type) = typer.member(property, of: ValueType(owner)), project.isEquatable(type),
               let edits = OnReceiveRewrite.edits(publisherAt: k, receiver: receiver, in: source) {
                var use = ClassUse(classes: [owner], isTyped: true, place: place)
                use.edits = edits
                uses.append(use)
                return
            }
            add(concern, at: k, typed: typed, untyped: "`.$\(property)` is used at \(place) on a value StateLint cannot type")
            return
        }
        // Inside the class that publishes it.
        guard let own = project.enclosingCandidate(of: k, in: file), publishing.contains(own) else { return }
        add(Concern(classes: [own]), at: k, typed: typed, untyped: "")
    }

    /// The receiver of a member whose `.` is at `period`: its code tokens, or nil.
    func receiver(endingAt period: Int) -> Range<Int>? {
        var end = period
        if code.kind(end - 1) == .operator, code.text(end - 1, is: "?") || code.text(end - 1, is: "!") { end -= 1 }
        guard let start = PostfixChain.start(endingBefore: end, in: code), start < end else { return nil }
        return start..<end
    }

    /// `ObservableObject` as a type outside an inheritance list or a generic parameter's
    /// constraint: an existential (`any ObservableObject`) or a `where` clause.
    mutating func observableType(at k: Int) {
        if code.keyword(k - 1) == .import || code.kind(k - 1) == .period && code.keyword(k - 2) == .import { return }
        // The protocol's own declaration, and `extension ListModel { … }`: no value of it.
        if code.keyword(k - 1) == .protocol || code.keyword(k - 1) == .extension { return }
        if code.kind(k - 1) == .period { return }  // `Combine.ObservableObject` is read at `Combine`
        let name = code.string(k)
        let classes = name == "ObservableObject" ? project.names : project.candidates(conformingTo: name)
        uses.append(ClassUse(classes: classes, isTyped: false, place: source.place(k),
                             reason: "`\(name)` is used as a type at \(source.place(k)) (an existential or a `where` clause), where StateLint cannot tell which classes go",
                             unblock: "constrain a generic parameter instead (`<T: \(name)>`), whose arguments StateLint reads"))
    }

    /// The positions of the names after the `:` of the file's types, extensions and protocols.
    func inheritancePositions() -> Set<Int> {
        var positions: Set<Int> = []
        for (d, declaration) in source.declarations.enumerated() where declaration.kind.isTypeLike {
            for start in source.structure.inheritanceStarts(of: d) {
                positions.insert(start)
                var j = start
                while code.kind(j + 1) == .period, code.kind(j + 2) == .identifier { j += 2; positions.insert(j) }
            }
        }
        return positions
    }

    // MARK: Generic parameters

    /// A generic owner named at `k`: `ObservableArray<Post>` (the written argument), or
    /// `watch(model)` / `Row(model: m)` (an argument of the parameter's type).
    mutating func instantiation(at k: Int) {
        let name = code.string(k)
        let declaration = source.declarations.contains { ($0.nameToken == k || $0.nameEndToken == k) && $0.kind != .extension }
        if declaration { return }
        let isFunction = !startsUppercase(name)
        let owner = isFunction ? "func " + name : name
        guard let parameters = generics.parameters[owner] else { return }
        let place = source.place(k)
        let end = TypeNames.skipGenericArguments(from: k + 1, in: code)
        if !isFunction, end > k + 1, code[k + 1].start == code[k].end {
            guard let written = typer.writtenType(k..<end, in: file) else {
                uses.append(ClassUse(classes: project.names, isTyped: false, place: place,
                                     reason: "`\(name)<…>` at \(place) has generic arguments StateLint cannot read", unblock: nil))
                return
            }
            for (index, parameter) in parameters where index < written.arguments.count {
                let key = GenericParameterKey(owner: owner, name: parameter)
                if generics.groups[key] != nil { continue }  // it takes the group's classes, which migrate together
                var use = instantiationUse(concern(of: written.arguments[index]), key: key, at: k,
                                           typed: "it is used as the `\(parameter)` of `\(name)` at \(place), which needs an `ObservableObject`",
                                           untyped: "")
                use?.instantiates = key
                if let use { uses.append(use) }
            }
            return
        }
        guard code.kind(end) == .leftParen, let close = code.partner(of: end) else { return }
        let arguments = CallArguments.read(end...close, in: code)
        for (index, parameter) in parameters {
            let key = GenericParameterKey(owner: owner, name: parameter)
            if generics.groups[key] != nil { continue }  // it takes the group's classes, which migrate together
            for label in labels(of: parameter, at: index, owner: owner, isFunction: isFunction, name: name) {
                guard let argument = arguments.argument(label: label.label, position: label.position) else { continue }
                let concern = concern(ofValue: argument)
                var use = instantiationUse(concern, key: key, at: argument.lowerBound,
                                           typed: "it is passed as the `\(parameter)` of `\(name)` at \(source.place(argument.lowerBound)), which needs an `ObservableObject`",
                                           untyped: "the `\(parameter)` of `\(name)` at \(source.place(argument.lowerBound)) is inferred from a value StateLint cannot type")
                use?.instantiates = key
                if let use { uses.append(use) }
            }
        }
    }

    private func instantiationUse(_ concern: Concern, key: GenericParameterKey, at k: Int, typed: String, untyped: String) -> ClassUse? {
        guard !concern.isUnrelated else { return nil }
        var use = ClassUse(classes: concern.classes, isTyped: concern.isTyped, place: source.place(k),
                           reason: concern.isTyped ? typed : untyped, unblock: concern.isTyped ? nil : concern.unblock)
        use.genericParameter = concern.generic
        return use
    }

    /// The arguments that bind a generic parameter in a call: the labels (or positions) of the
    /// parameters written as `T`, `T?` or `[T]` of the function, or of the type's initializers
    /// and (for a memberwise initializer) its stored properties.
    private func labels(of parameter: String, at index: Int, owner: String, isFunction: Bool, name: String) -> [(label: String?, position: Int)] {
        let directory = project.directory
        var places: [TypeDirectory.Place] = []
        if isFunction {
            places = directory.globals(named: name).filter { directory.declaration($0).kind == .function }
            if places.isEmpty {
                // A method: any type's method of that name with generics.
                places = project.sources.indices.flatMap { f in
                    directory.genericFunctions(in: f).filter { project.sources[f].code.string(project.sources[f].declarations[$0].nameToken) == name }
                        .map { TypeDirectory.Place(file: f, declaration: $0) }
                }
            }
        } else {
            places = directory.members(named: "init", ofType: owner)
        }
        var found: [(label: String?, position: Int)] = []
        func mentions(_ type: ValueType?) -> Bool {
            guard let type else { return false }
            return type.name == parameter || type.arguments.contains { mentions($0) }
        }
        for place in places {
            let code = directory.files[place.file].code
            guard let signature = FunctionSignature(nameToken: directory.declaration(place).nameToken, in: code) else { continue }
            for (position, item) in signature.parameters.enumerated() where mentions(item.type.flatMap { TypeSyntax.parse($0, in: code) }) {
                found.append((item.label, position))
            }
        }
        if !isFunction, places.isEmpty {
            // The memberwise initializer: stored properties in order.
            for part in directory.parts(ofType: owner) where directory.declaration(part).kind == .struct {
                let structure = directory.files[part.file]
                for member in structure.members(of: part.declaration) where structure.declarations[member].kind == .variable {
                    let declaration = structure.declarations[member]
                    guard declaration.body == nil, let annotation = declaration.typeAnnotation,
                          mentions(TypeSyntax.parse(annotation, in: structure.code)) else { continue }
                    found.append((structure.code.string(declaration.nameToken), 0))
                }
            }
        }
        return found
    }

    // MARK: Uses that are rewritten

    /// `.environmentObject(x)` (or `environmentObject(x)` in a `View` extension) → `.environment(x)`.
    mutating func environmentObject(at k: Int) {
        guard code.kind(k + 1) == .leftParen, let close = code.partner(of: k + 1), close > k + 2,
              code.keyword(k - 1) != .func else { return }
        // `environmentObject(x,)`: Swift 6.1 allows a trailing comma.
        let argument = (k + 2)..<(code.kind(close - 1) == .comma ? close - 1 : close)
        let place = source.place(k)
        let concern = concern(ofValue: argument)
        guard !concern.isUnrelated else { return }
        if concern.isTyped, concern.generic == nil, concern.classes.count == 1 {
            var use = ClassUse(classes: concern.classes, isTyped: true, place: place)
            use.edits = [source.edit(code[k].range, "environment")]
            uses.append(use)
            return
        }
        var use = ClassUse(classes: concern.classes, isTyped: concern.isTyped, place: place,
                           reason: concern.isTyped ? "`.environmentObject(…)` at \(place) passes a value of several classes"
                                                   : "`.environmentObject(…)` at \(place) passes a value StateLint cannot type",
                           unblock: concern.unblock)
        use.genericParameter = concern.generic
        use.onlyClassesReadFromEnvironment = !concern.isTyped
        uses.append(use)
    }

    /// `@StateObject`, `@ObservedObject` and `@EnvironmentObject` properties.
    mutating func wrapperProperties() {
        let structure = source.structure
        for (d, declaration) in source.declarations.enumerated() where declaration.kind == .variable {
            for attribute in structure.attributes(of: d) {
                let wrapper = structure.attributeName(attribute)
                guard wrapper == "StateObject" || wrapper == "ObservedObject" || wrapper == "EnvironmentObject" else { continue }
                wrapperProperty(d, declaration, attribute, wrapper)
            }
        }
    }

    private mutating func wrapperProperty(_ d: Int, _ declaration: Declaration, _ attribute: Declaration.Attribute, _ wrapper: String) {
        let name = code.string(declaration.nameToken)
        let place = source.place(declaration.nameToken)
        var concern: Concern
        if let annotation = declaration.typeAnnotation, let type = typer.writtenType(annotation, in: file) {
            concern = self.concern(of: type)
        } else if let initializer = declaration.initializer, !initializer.isEmpty {
            concern = self.concern(ofValue: initializer)
        } else {
            concern = Concern(classes: project.names, isTyped: false, unblock: nil)
        }
        if !concern.isTyped, let parent = declaration.parent, let body = source.declarations[parent].body {
            // What the type does with the property says what it may hold.
            var members = MemberEvidence.members(of: declaration.nameToken..<(declaration.nameToken + 1), in: body, code: code)
            members.remove("objectWillChange")
            concern.classes = project.names.filter { name in members.allSatisfy { project.declares(name, member: $0) } }
        }
        guard !concern.isUnrelated, concern.generic == nil else { return }
        guard concern.isTyped, concern.classes.count == 1 || concern.group != nil, let type = concern.classes.sorted().first else {
            let reason = concern.isTyped ? "`@\(wrapper) var \(name)` at \(place) holds a protocol several classes conform to"
                                         : "the type of `@\(wrapper) var \(name)` at \(place) is not written where StateLint can read it"
            let unblock = concern.unblock.map { "write its type (`@\(wrapper) var \(name): Model`), or \($0)" }
            uses.append(ClassUse(classes: concern.classes, isTyped: concern.isTyped, place: place, reason: reason, unblock: unblock))
            return
        }
        var use = ClassUse(classes: concern.group == nil ? [type] : concern.classes, isTyped: true, place: place)
        use.group = concern.group
        defer { uses.append(use) }
        use.readsFromEnvironment = wrapper == "EnvironmentObject"
        if attribute.arguments != nil {
            use.reason = "`@\(wrapper)(…) var \(name)` at \(place) has arguments"
            return
        }
        let owner = declaration.parent.map { project.directory.typeName(of: $0, in: file) }
        let projection = owner.flatMap { projections[$0 + "." + name] }
        let projected = projection != nil
        let plain = projected ? source.edit(source.range(of: attribute), "@Bindable") : source.deletion(of: attribute)
        let reader = ValueReader(code: code, file: FileID(file))
        switch wrapper {
        case "StateObject", "ObservedObject":
            if let initializer = declaration.initializer, !initializer.isEmpty {
                if case .reference = reader.value(in: initializer) {
                    // An existing object (`Settings.shared`, a global): the view never owned it.
                    use.edits.append(plain)
                } else {
                    // The view makes the object (an `@ObservedObject` re-made it on every init): owned state.
                    use.edits.append(source.edit(source.range(of: attribute), "@State"))
                    if !project.isModern {
                        use.lazilyOwned = LazilyOwnedPlace(path: source.path, offset: code[initializer.lowerBound].start, place: place)
                    }
                }
                for k in MigrationRewrites.wrapperInitializers(wrapper, of: name, in: source) {
                    use.edits += MigrationRewrites.plainValue(at: k, of: name, in: source)
                }
                return
            }
            let initializers = MigrationRewrites.wrapperInitializers(wrapper, of: name, in: source)
            let storage = "_" + name
            let scope = declaration.parent.flatMap { source.declarations[$0].body } ?? 0...max(0, code.count - 1)
            let storageUses = scope.filter { code.kind($0) == .identifier && code.text($0, storage) }.count
            guard storageUses == initializers.count else {
                use.reason = "`\(storage)` of `@\(wrapper) var \(name)` at \(place) is used other than as `\(storage) = \(wrapper)(wrappedValue: …)` in `init`, which StateLint does not rewrite"
                return
            }
            if wrapper == "ObservedObject" {
                // Handed in: a plain property (or `@Bindable` where `$name` is used).
                use.edits.append(plain)
                for k in initializers { use.edits += MigrationRewrites.plainValue(at: k, of: name, in: source) }
                return
            }
            guard !initializers.isEmpty else {
                use.reason = "`@StateObject var \(name)` at \(place) has no initial value: the memberwise initializer sets it, and `@State` would take a new object from every caller's init"
                return
            }
            let handsIn = initializers.allSatisfy { k in
                guard let close = code.partner(of: k + 1) else { return false }
                if case .reference = reader.value(in: (k + 4)..<close) { return true }
                return false
            }
            guard handsIn else {
                // `State(initialValue: Model(…))` in `init` would make a `Model` on every init, on
                // any Xcode: it becomes `@State` and then takes the lazily owned rewrite (the
                // creation moves into a closure made in `init` and called on appear).
                use.edits.append(source.edit(source.range(of: attribute), "@State"))
                for k in initializers {
                    use.edits.append(source.edit(code[k].range, "State"))
                    use.edits.append(source.edit(code[k + 2].range, "initialValue"))
                }
                if let first = initializers.first {
                    use.lazilyOwned = LazilyOwnedPlace(path: source.path, offset: code[first - 2].start, place: place)
                }
                return
            }
            // `_store = StateObject(wrappedValue: store)`: the view keeps the first object it is
            // handed, as `State(initialValue:)` does.
            use.edits.append(source.edit(source.range(of: attribute), "@State"))
            for k in initializers {
                use.edits.append(source.edit(code[k].range, "State"))
                use.edits.append(source.edit(code[k + 2].range, "initialValue"))
            }
        default:  // EnvironmentObject
            if projected {
                use.reason = "`$\(name)` of `@EnvironmentObject var \(name)` is used at \(projection ?? place)"
                return
            }
            guard let annotation = declaration.typeAnnotation, !annotation.isEmpty, declaration.initializer == nil else {
                use.reason = "`@EnvironmentObject var \(name)` at \(place) has no plain type annotation"
                return
            }
            let typeText = code.file.text(code[annotation.lowerBound].start..<code[annotation.upperBound - 1].end)
            use.edits.append(source.edit(source.range(of: attribute), "@Environment(\(typeText).self)"))
            use.edits.append(source.edit(code[declaration.nameToken].end..<code[annotation.upperBound - 1].end, ""))
        }
    }
}
