import Testing
@testable import StateLintSyntax
@testable import StateLintModel

@Suite("Expression typer: written types")
struct TypingWrittenTypeTests {
    @Test("type syntax normalises sugar")
    func sugar() {
        #expect(TypeSyntax.parse("[Coin]")?.description == "[Coin]")
        #expect(TypeSyntax.parse("Array<Coin>")?.description == "[Coin]")
        #expect(TypeSyntax.parse("[String: Coin]?")?.description == "[String: Coin]?")
        #expect(TypeSyntax.parse("Optional<Vault>")?.description == "Vault?")
        #expect(TypeSyntax.parse("Vault!")?.description == "Vault")
        #expect(TypeSyntax.parse("any Service")?.description == "Service")
        #expect(TypeSyntax.parse("Store<Feature>.Type")?.description == "Store<Feature>.Type")
        #expect(TypeSyntax.parse("Outer.Inner")?.description == "Outer.Inner")
        #expect(TypeSyntax.parse("Coin...")?.description == "[Coin]")
        #expect(TypeSyntax.parse("(Coin)")?.description == "Coin")
    }

    @Test("function types, tuples and compositions are not types it follows")
    func unsupported() {
        #expect(TypeSyntax.parse("(Int) -> Coin") == nil)
        #expect(TypeSyntax.parse("(Int, Coin)") == nil)
        #expect(TypeSyntax.parse("A & B") == nil)
        #expect(TypeSyntax.parse("[Coin") == nil)
    }
}

@Suite("Expression typer: names and chains")
struct TypingNameTests {
    static let vault = """
    final class Vault: ObservableObject {
        @Published var coins: [Coin] = []
        var byTicker: [String: Coin] = [:]
        let name: String
        var primary: Coin? { coins.first }
        func coin(named: String) -> Coin? { nil }
        static let shared = Vault(name: "main")
        init(name: String) { self.name = name }
    }
    final class Coin: ObservableObject { @Published var balance = 0 }
    """

    @Test("a closure called where it is written, with its result type written")
    func immediatelyCalledClosure() {
        #expect(TypingHarness.type([Self.vault, "let v = «{ () -> Vault in let v = Vault(name: \"x\"); return v }()»"]) == "Vault")
        #expect(TypingHarness.type([Self.vault, "let v = «{ [weak x] () async throws -> Coin? in nil }()»"]) == "Coin?")
        // No result type written, or not called: not typed.
        #expect(TypingHarness.type([Self.vault, "let v = «{ Vault(name: \"x\") }()»"]) == nil)
        #expect(TypingHarness.type([Self.vault, "let v = «{ () -> Vault in Vault(name: \"x\") }»"]) == nil)
    }

    /// `Permissions.shared` of a type the project does not declare is a package's: no project
    /// type. Anything the project declares under that name (a type, an alias, a global, a local,
    /// a member of the enclosing type) may make it one, and a call may infer one.
    @Test("a static property of a type the project does not declare")
    func outsideStaticProperty() {
        func isOutside(_ files: [String]) -> Bool {
            let (structures, marked) = TypingHarness.prepare(files)
            return ExpressionTyper(directory: TypeDirectory(files: structures)).isStaticPropertyOfAnOutsideType(marked!.1, in: marked!.0)
        }
        #expect(isOutside([Self.vault, "func f() { _ = «Permissions.shared» }"]))
        #expect(!isOutside([Self.vault, "func f() { _ = «Vault.shared» }"]))
        #expect(!isOutside([Self.vault, "typealias Permissions = Vault", "func f() { _ = «Permissions.shared» }"]))
        #expect(!isOutside([Self.vault, "let Permissions = Vault.shared", "func f() { _ = «Permissions.shared» }"]))
        #expect(!isOutside([Self.vault, "func f(Permissions: Vault) { _ = «Permissions.shared» }"]))
        #expect(!isOutside([Self.vault, "struct S { let Permissions = Vault.shared; func f() { _ = «Permissions.shared» } }"]))
        #expect(!isOutside([Self.vault, "func f() { _ = «Permissions.make()» }"]))
    }

    @Test("a parameter's written type")
    func parameter() {
        #expect(TypingHarness.type([Self.vault, "func refresh(vault: Vault) { «vault».objectWillChange.send() }"]) == "Vault")
        #expect(TypingHarness.type([Self.vault, "func refresh(for v: Vault?) { «v» }"]) == "Vault?")
    }

    @Test("a loop variable over a typed collection")
    func loop() {
        #expect(TypingHarness.type([Self.vault, "func refresh(vault: Vault) { for coin in vault.coins { «coin».objectWillChange.send() } }"]) == "Coin")
        #expect(TypingHarness.type([Self.vault, "func refresh(vault: Vault) { for coin in vault.byTicker.values { «coin» } }"]) == "Coin")
        #expect(TypingHarness.type([Self.vault, "func refresh(vault: Vault) { for (a, coin) in vault.byTicker { «coin» } }"]) == nil)
    }

    @Test("locals: written, created, unwrapped")
    func locals() {
        #expect(TypingHarness.type([Self.vault, "func f() { let v = Vault(name: \"x\"); «v» }"]) == "Vault")
        #expect(TypingHarness.type([Self.vault, "func f() { let v: Vault? = nil; «v» }"]) == "Vault?")
        #expect(TypingHarness.type([Self.vault, "func f(v: Vault) { if let c = v.primary { «c» } }"]) == "Coin")
        #expect(TypingHarness.type([Self.vault, "func f(v: Vault) {\n guard let c = v.coin(named: \"x\") else { return }\n «c».balance = 1\n}"]) == "Coin")
        #expect(TypingHarness.type([Self.vault, "func f(c: Coin?) { if let c { «c» } }"]) == "Coin")
        #expect(TypingHarness.type([Self.vault, "func f(v: Vault) { let c = try? v.coin(named: \"x\"); «c» }"]) == "Coin?")
        #expect(TypingHarness.type([Self.vault, "func f(x: Any) { let v = x as? Vault; «v» }"]) == "Vault?")
        #expect(TypingHarness.type([Self.vault, "func f(x: Any) { «(x as! Vault).coins» }"]) == "[Coin]")
    }

    /// winston's `if let comment = $0 as? Entity<A, B>, let wd = comment.extra`: a condition's
    /// binding is seen by the conditions after it, and a cast's generic arguments hold a comma.
    @Test("a condition's binding in the next condition, through a generic cast")
    func laterCondition() {
        let entity = "final class Entity<T, B>: ObservableObject { var data: T? = nil; var extra: B? = nil }"
        #expect(TypingHarness.type([Self.vault, entity, "func f(x: Any) { if let e = x as? Entity<Coin, Vault>, let w = e.extra { «w» } }"]) == "Vault")
        #expect(TypingHarness.type([Self.vault, entity, "func f(x: Any) { if let e = x as? Entity<Coin, Vault>, «e».data != nil {} }"]) == "Entity<Coin, Vault>")
        #expect(TypingHarness.type([Self.vault, "func f(v: Vault?) {\n guard let v, let c = «v».primary else { return }\n print(c)\n}"]) == "Vault")
        // Not in the condition before it.
        #expect(TypingHarness.type([Self.vault, "func f(v: Coin) { if «v».balance > 0, let v = Optional(Vault(name: \"\")) { print(v) } }"]) == "Coin")
    }

    @Test("a local shadows a member, only where it is visible")
    func shadowing() {
        let view = "struct V { let vault = Vault.shared\n func f(other: Coin?) {\n if let vault = other { print(vault) }\n «vault»\n } }"
        #expect(TypingHarness.type([Self.vault, view]) == "Vault")
        let inside = "struct V { let vault = Vault.shared\n func f(other: Coin?) {\n if let vault = other { «vault» }\n } }"
        #expect(TypingHarness.type([Self.vault, inside]) == "Coin")
    }

    @Test("globals and static members, written or created")
    func globals() {
        #expect(TypingHarness.type([Self.vault, "var syncService = Vault(name: \"s\")", "struct V { func f() { «syncService» } }"]) == "Vault")
        #expect(TypingHarness.type([Self.vault, "struct V { func f() { «Vault.shared» } }"]) == "Vault")
        #expect(TypingHarness.type([Self.vault, "enum Stores { static let main: Vault = .shared }", "func f() { «Stores.main.coins» }"]) == "[Coin]")
    }

    @Test("member chains, optional chaining, subscripts")
    func chains() {
        let owner = "final class Core { let vault = Vault.shared; var vaults: [Vault] = []; weak var parent: Core? }"
        #expect(TypingHarness.type([Self.vault, owner, "func f(core: Core) { «core.vault.coins» }"]) == "[Coin]")
        #expect(TypingHarness.type([Self.vault, owner, "func f(core: Core) { «core.parent?.vault» }"]) == "Vault?")
        #expect(TypingHarness.type([Self.vault, owner, "func f(core: Core) { «core.vaults[0]» }"]) == "Vault")
        #expect(TypingHarness.type([Self.vault, owner, "func f(core: Core) { «core.vaults.first?.primary» }"]) == "Coin?")
        #expect(TypingHarness.type([Self.vault, owner, "func f(core: Core) { «core.vaults.filter { $0.name.isEmpty }» }"]) == "[Vault]")
    }

    @Test("self and implicit members, in extensions too")
    func selfMembers() {
        #expect(TypingHarness.type([Self.vault, "extension Vault { func f() { «self» } }"]) == "Vault")
        #expect(TypingHarness.type([Self.vault, "extension Vault { func f() { «coins» } }"]) == "[Coin]")
        #expect(TypingHarness.type([Self.vault, "extension Vault { func f() { «self.primary» } }"]) == "Coin?")
    }

    @Test("closure parameters of collection methods and ForEach")
    func closures() {
        #expect(TypingHarness.type([Self.vault, "func f(v: Vault) { v.coins.forEach { «$0».objectWillChange.send() } }"]) == "Coin")
        #expect(TypingHarness.type([Self.vault, "func f(v: Vault) { v.coins.forEach { coin in «coin» } }"]) == "Coin")
        #expect(TypingHarness.type([Self.vault, "func f(v: Vault) { _ = v.coins.first(where: { «$0».balance > 0 }) }"]) == "Coin")
        #expect(TypingHarness.type([Self.vault, "func f(v: Vault) { _ = v.coins.sorted { $0.balance < «$1».balance } }"]) == "Coin")
        #expect(TypingHarness.type([Self.vault, "struct L { let v: Vault\n var body: some View { ForEach(v.coins) { coin in Row(«coin») } } }"]) == "Coin")
        #expect(TypingHarness.type([Self.vault, "func f(v: Vault) { v.coins.map { «$0» } }"]) == "Coin")
        #expect(TypingHarness.type([Self.vault, "func f(v: Vault, g: (Coin) -> Void) { run { «$0» } }"]) == nil)
    }

    @Test("functions with a written return type, generic ones bound by an argument")
    func calls() {
        let functions = """
        func makeVault() -> Vault { Vault(name: "") }
        func resolve<T>(_ type: T.Type) -> T { fatalError() }
        func first<T>(of items: [T], _ fallback: T) -> T { fallback }
        """
        #expect(TypingHarness.type([Self.vault, functions, "func f() { «makeVault()» }"]) == "Vault")
        #expect(TypingHarness.type([Self.vault, functions, "func f() { «resolve(Vault.self)» }"]) == "Vault")
        #expect(TypingHarness.type([Self.vault, functions, "func f(v: Vault) { «v.coin(named: \"a\")» }"]) == "Coin?")
        #expect(TypingHarness.type([Self.vault, functions, "func f(c: Coin) { «first(of: [], c)» }"]) == "Coin")
    }

    @Test("what it cannot type stays unknown")
    func unknown() {
        #expect(TypingHarness.type([Self.vault, "func f() { «mystery» }"]) == nil)
        #expect(TypingHarness.type([Self.vault, "func f(v: Vault) { «v.unknownMember» }"]) == nil)
        #expect(TypingHarness.type([Self.vault, "func f(a: Vault, b: Vault) { «a.coins + b.coins» }"]) == nil)
        #expect(TypingHarness.type([Self.vault, "func f(v: Vault) { let (a, b) = (v, v); «a» }"]) == nil)
        // Two same-named globals of different types: no guess.
        #expect(TypingHarness.type([Self.vault, "var store = Vault(name: \"\")", "var store = Coin()", "func f() { «store» }"]) == nil)
    }

    @Test("generic parameters keep their owner and constraints")
    func generics() {
        let array = """
        final class ObservableArray<T: ObservableObject>: ObservableObject {
            var array: [T] = []
            func observe() { array.forEach { «$0».objectWillChange.sink { _ in } } }
        }
        """
        let (structures, marked) = TypingHarness.prepare([array])
        let typer = ExpressionTyper(directory: TypeDirectory(files: structures))
        let type = typer.type(of: marked!.1, in: marked!.0)
        #expect(type?.name == "T")
        #expect(type?.genericOwner == GenericOwner(name: "ObservableArray", constraints: ["ObservableObject"]))
        #expect(TypingHarness.type([array.replacingOccurrences(of: "«$0»", with: "$0"), Self.vault, "func f(a: ObservableArray<Coin>) { «a.array» }"]) == "[Coin]")
    }

    /// A project class named like the parameter (anytype has a nested `final class ViewModel`)
    /// does not take the parameter's place: the parameter hides it.
    @Test("a generic parameter hides a type of the same name")
    func parameterHidesType() {
        let popup = """
        struct Popup<ViewModel: ObservableObject> {
            let model: ViewModel
            func show() { «model» }
        }
        """
        let other = "enum Picker { final class ViewModel {} }"
        let (structures, marked) = TypingHarness.prepare([popup, other])
        let typer = ExpressionTyper(directory: TypeDirectory(files: structures))
        let type = typer.type(of: marked!.1, in: marked!.0)
        #expect(type?.genericOwner == GenericOwner(name: "Popup", constraints: ["ObservableObject"]), "\(String(describing: type))")
    }
}
