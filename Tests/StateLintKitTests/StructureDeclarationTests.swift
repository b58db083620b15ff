import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// The declaration scanner's output on the cases its fast paths must keep: which tokens it
/// looks at (`DecisionTable`), where it skips work, and where it must fall back.
@Suite struct StructureDeclarationTests {
    /// One line per declaration: kind, name, parent's name, and the parts rules read.
    static func dump(_ source: String) -> [String] {
        let file = SourceFile(path: "D.swift", text: source)
        let structure = FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes))
        let code = structure.code
        // The counts the scanner keeps as it goes agree with the declarations they count.
        #expect(structure.typeLikeCount == structure.declarations.filter { $0.kind.isTypeLike }.count)
        #expect(structure.stateVariables == structure.declarations.indices.filter {
            structure.declarations[$0].hasStateAttribute && structure.declarations[$0].kind == .variable
        })
        func text(_ range: Range<Int>?) -> String {
            guard let range, !range.isEmpty else { return "-" }
            return range.map { code.string($0) }.joined(separator: " ")
        }
        return structure.declarations.indices.map { index in
            let d = structure.declarations[index]
            var line = "\(d.kind) \(structure.name(of: index)) in \(d.parent.map { structure.name(of: $0) } ?? "-")"
            line += " start=\(code.string(d.startToken))"
            let attributes = structure.attributes(of: index).map { structure.attributeName($0) }
            let modifiers = structure.modifiers(of: index).map { "\($0)" }
            if !attributes.isEmpty { line += " @[\(attributes.joined(separator: ","))]" }
            if !modifiers.isEmpty { line += " mods=[\(modifiers.joined(separator: ","))]" }
            if d.hasStateAttribute { line += " state" }
            if d.typeAnnotation != nil { line += " type=\(text(d.typeAnnotation))" }
            if d.initializer != nil { line += " init=\(text(d.initializer))" }
            if let body = d.body { line += " body=\(body.upperBound - body.lowerBound + 1)" }
            return line
        }
    }

    @Test func moduleQualifiedAttributeOnTheSameLine() {
        let found = Self.dump("""
        struct V: View {
            @SwiftUI.State var model = Model()
            @SwiftUI.State private var other = Model()
            @Observation.ObservationIgnored @SwiftUI.State var third = 0
            var body: some View { Text("x").onAppear { let m = Model.Kind.x; print(m) } }
        }
        """)
        #expect(found == [
            "struct V in - start=struct body=61",
            "variable model in V start=@SwiftUI @[State] state init=Model ( )",
            "variable other in V start=@SwiftUI @[State] mods=[private] state init=Model ( )",
            "variable third in V start=@Observation @[ObservationIgnored,State] state init=0",
            "variable body in V start=var type=some View body=25",
        ])
    }

    @Test func recordsMembersAndSkipsLocals() {
        let found = Self.dump("""
        struct V: View {
            @State private var model: Model? = nil
            @SwiftUI.State
            var other = Model()
            private(set) var count = 0, total: Int
            let id = UUID()
            var body: some View {
                let local = 1
                var other = 2
                Text("x").onAppear { if let m = model { print(m) } }
            }
            func load() { let a = 1; for var i in 0..<2 { i += a } }
            init() { _model = State(initialValue: nil) }
        }
        """)
        #expect(found == [
            "struct V in - start=struct body=110",
            "variable model in V start=@State @[State] mods=[private] state type=Model ? init=nil",
            "variable other in V start=@SwiftUI @[State] state init=Model ( )",
            "variable count in V start=private mods=[private] init=0",
            "variable total in V start=private mods=[private] type=Int",
            "variable id in V start=let init=UUID ( )",
            "variable body in V start=var type=some View body=31",
            "function load in V start=func body=19",
            "initializer init in V start=init body=10",
        ])
    }

    /// Words the table must send to the scanner, and look-alikes it must not misread.
    @Test func declarationKeywordsEverywhere() {
        let found = Self.dump("""
        actor Store<T>: Sendable { class func make() {} }
        final class Model { let actor = 1; class var shared: Model { Model() } }
        enum E { case a }
        protocol P {}
        extension Outer.Inner where T == Int {}
        typealias Alias = Model
        func f() {
            struct Local { var x = 1 }
            let y = Model.init()
            let z = super.init
        }
        let top = 1
        """)
        #expect(found == [
            "actor Store in - start=actor body=9",
            "function make in Store start=class mods=[class] body=2",
            "class Model in - start=final mods=[final] body=17",
            "variable actor in Model start=let init=1",
            "variable shared in Model start=class mods=[class] type=Model body=5",
            "enum E in - start=enum body=4",
            "protocol P in - start=protocol body=2",
            "extension Outer.Inner in - start=extension body=2",
            "typealias Alias in - start=typealias type=Model",
            "function f in - start=func body=24",
            "struct Local in f start=struct body=6",
            "variable x in Local start=var init=1",
            "variable top in - start=let init=1",
        ])
    }

    /// Scopes close where the braces say, also when a brace has no partner.
    @Test func scopesCloseAndModifierCallsKnowTheirType() {
        let source = """
        struct A { var body: some View { Text("").onAppear { } } }
        struct B { var body: some View { Text("").task { } } }
        func free() { Text("").onAppear { } }
        struct C { var x = 1
        """
        let file = SourceFile(path: "D.swift", text: source)
        let structure = FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes))
        #expect(structure.modifierCalls.map { $0.enclosingType.map { structure.name(of: $0) } ?? "-" } == ["A", "B", "-"])
        // An unclosed `{` opens no body: nothing after it is a member.
        #expect(Self.dump(source).last == "struct C in - start=struct")
    }

    /// `inherits` compares names on bytes: it must agree with the `String`s of `inheritance(of:)`,
    /// skip generic arguments between components, and fall back for non-ASCII spellings.
    @Test func inheritedNamesMatchWithoutStrings() {
        let source = """
        struct A: SwiftUI.App {}
        struct B: Foo, App {}
        struct C: Foo.App, AppX, Ap {}
        struct D: SwiftUI<Int>.App {}
        struct E: \u{212A} {}
        struct F: Xpp, SwiftUX.App {}
        """
        let file = SourceFile(path: "I.swift", text: source)
        let structure = FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes))
        func inherits(_ index: Int, _ name: StaticString) -> Bool {
            let fast = structure.inherits(index, name)
            #expect(fast == structure.inheritance(of: index).contains(name.description))
            return fast
        }
        #expect(structure.inheritance(of: 2) == ["Foo.App", "AppX", "Ap"])
        #expect(inherits(0, "SwiftUI.App") && !inherits(0, "App") && !inherits(0, "SwiftUI"))
        #expect(inherits(1, "App") && inherits(1, "Foo") && !inherits(1, "SwiftUI.App"))
        #expect(!inherits(2, "App") && inherits(2, "Foo.App") && inherits(2, "AppX") && !inherits(2, "AppXY"))
        #expect(inherits(3, "SwiftUI.App"))
        // KELVIN SIGN equals `K` as a `String` (canonical equivalence), not as bytes.
        #expect(inherits(4, "K"))
        // Same lengths, other bytes.
        #expect(!inherits(5, "App") && !inherits(5, "SwiftUI.App") && inherits(5, "SwiftUX.App"))
    }

    /// `stateVariables` is sized by the scanner's count and skipped when it is zero: it must
    /// still list exactly the `@State` variables, with `@State` functions and locals left out.
    @Test func stateVariablesAreCountedByTheScanner() {
        func stateNames(_ source: String) -> [String] {
            let file = SourceFile(path: "S.swift", text: source)
            let structure = FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes))
            return structure.stateVariables.map { structure.name(of: $0) }
        }
        #expect(stateNames("struct V { var a = 1; func f() {} }").isEmpty)
        #expect(stateNames("struct V { @State var a = 1 }") == ["a"])
        #expect(stateNames("""
        struct V {
            @State var a = 1, b = 2
            @State func f() { @State var local = 0 }
            var c = 3
            @SwiftUI.State private var d = 4
        }
        """) == ["a", "b", "d"])
    }

    /// `prefix(before:)` skips the backward walk when the token before the keyword cannot end
    /// an attribute or modifier; every spelling that can must still reach `scanPrefix`.
    @Test func prefixFastPathAndItsFallbacks() {
        let lines = Self.dump("""
        struct S {
            @available(iOS 17, *) var a = 1
            private(set) var b = 2
            @SwiftUI.State var c = 3
            nonisolated(unsafe) static var d = 4
            @State private var e: Int = 5
            var f: Int
            var g = "x"; let h = [1]
            open class func i() {}
            @objc dynamic var j = 0
            @State var k = 1
            @MainActor func l() {}
        }
        """)
        #expect(lines == [
            "struct S in - start=struct body=88",
            "variable a in S start=@available @[available] init=1",
            "variable b in S start=private mods=[private] init=2",
            "variable c in S start=@SwiftUI @[State] state init=3",
            "variable d in S start=nonisolated mods=[nonisolated,static] init=4",
            "variable e in S start=@State @[State] mods=[private] state type=Int init=5",
            "variable f in S start=var type=Int",
            "variable g in S start=var init=\" x \"",
            "variable h in S start=let init=[ 1 ]",
            "function i in S start=open mods=[open,class] body=2",
            "variable j in S start=@objc @[objc] mods=[dynamic] init=0",
            "variable k in S start=@State @[State] state init=1",
            "function l in S start=@MainActor @[MainActor] body=2",
        ])
    }

    /// The scan reads each token's table key as one 16-bit load when `Token`'s layout allows
    /// (it does here); reading the fields must give the same declarations and calls.
    @Test func keyReadsAgreeWithTheFieldFallback() {
        #expect(DecisionTable.keyIsOneLoad)
        let source = """
        actor Store<T>: Sendable { class func make() {} }
        struct V: View {
            @State private var model = Model()
            var body: some View { Text("").onAppear { load() }.task { } }
            func load() { struct Local {}; let x = 1 }
        }
        extension V.Inner: ObservableObject { typealias T = Int }
        """
        let file = SourceFile(path: "K.swift", text: source)
        let code = CodeTokens(file: file, allTokens: Tokenizer.tokenize(file.bytes))
        func summary(byField: Bool) -> [String] {
            var scanner = DeclarationScanner(code: code)
            scanner.run(readingKeysByField: byField)
            scanner.release()
            return scanner.declarations.map { "\($0.kind) \($0.nameToken) \($0.parent ?? -1) \($0.startToken)" }
                + scanner.modifierCalls.map { "\($0.name)" }
        }
        let fast = summary(byField: false)
        #expect(fast.count == 11, "\(fast)")
        #expect(fast == summary(byField: true))
    }

    /// The skip loop tests two tokens per round: from every start, over every pattern of
    /// selected tokens (odd and even counts, a selected token last), it must stop where a
    /// plain one-by-one scan does.
    @Test func nextSelectedAgreesWithAPlainScan() {
        let actions: [UInt8] = [DecisionTable.Action.skip, DecisionTable.Action.keyword]
        var mismatches: [String] = []
        actions.withUnsafeBufferPointer { actions in
            for count in 0...7 {
                for pattern in 0..<(1 << count) {
                    let key = { (k: Int) in (pattern >> k) & 1 }
                    for start in 0...count {
                        var expected = start
                        while expected < count && key(expected) == 0 { expected += 1 }
                        let found = DeclarationScanner.nextSelected(from: start, count, actions, key: key)
                        if found != expected { mismatches.append("\(count) \(pattern) \(start): \(found)") }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty)
    }

    /// Pending bodies stay sorted nearest `{` last, as `Array.insert(_:at:)` kept them.
    @Test func pendingBodiesInsertInOrder() {
        typealias Body = DeclarationScanner.PendingBody
        var pending = ScanBuffer<Body>(capacity: 2)
        defer { pending.release() }
        for (open, declaration) in [(50, 0), (40, 1), (45, 2), (60, 3), (40, 4), (10, 5)] as [(Int, Int32)] {
            DeclarationScanner.insert(Body(open: open, declaration: declaration), into: &pending)
        }
        let order = (0..<pending.count).map { "\(pending[$0].open):\(pending[$0].declaration)" }
        #expect(order == ["60:3", "50:0", "45:2", "40:1", "40:4", "10:5"])
    }
}
