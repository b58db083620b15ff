import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// `ValueReader`: what an assigned expression makes.
@Suite struct ModelValueTests {
    @Test func creationsInEverySpelling() {
        let created: [(String, String)] = [
            ("Model()", "Model"), ("Model(id: 1, name: \"x\")", "Model"), ("Model.init()", "Model"),
            ("MyApp.Model()", "MyApp.Model"), ("Outer.Inner()", "Outer.Inner"), ("Store<Feature>()", "Store"),
            ("NSCache<NSString, NSData>()", "NSCache"), ("CurrentValueSubject<Int, Never>(0)", "CurrentValueSubject"),
            ("Dictionary<String, Array<Int>>()", "Dictionary"), ("Model { $0.configure() }", "Model"),
            ("try Model()", "Model"), ("try? Model()", "Model"), ("try! await Model()", "Model"), ("await Model()", "Model"),
            ("{ Model() }()", "Model"), ("{ let m = Model(); m.configure(); return m }()", "Model"),
            ("{\n    var m = Model()\n    m.configure()\n    return m\n}()", "Model"),
            ("{\n    let m: Model = Model(seed: 2)\n    return m\n}()", "Model"),
        ]
        for (expression, type) in created {
            #expect(ModelHarness.createdType(expression) == type, "\(expression)")
        }
        guard case .creation(let typedByDeclaration) = ModelHarness.value(".init()") else {
            Issue.record(".init() is a creation")
            return
        }
        #expect(typedByDeclaration.writtenType == nil)
        #expect(typedByDeclaration.typeName(declared: DeclaredType(name: "Model", isOptional: true)) == "Model")
    }

    @Test func whatIsNotACreation() {
        for expression in ["Model.shared", "model", "self.model", "Model().configured()", "Model.make()", "makeModel()",
                           "items.first", "0", "\"text\"", "false", ".all", "a ?? b",
                           "{ let m = Model(); m.configure() }()", "{ let m = Model(); return other }()",
                           "Model\n(x)"] {
            #expect(ModelHarness.value(expression).creation == nil, "\(expression)")
        }
        #expect(ModelHarness.value("Model.shared") == .reference)
        #expect(ModelHarness.value("self.environment.model") == .reference)
        #expect(ModelHarness.value("Model.make()") == .other)
    }

    @Test func everySpellingOfNil() {
        for expression in ["nil", ".none", "Optional.none", "Optional<Model>.none", "nil as Model?", "nil as Optional<Model>"] {
            #expect(ModelHarness.value(expression) == .nilLiteral, "\(expression)")
        }
        for expression in ["nilValue", ".nothing", "Optional.some(model)", "model ?? nil"] {
            #expect(ModelHarness.value(expression) != .nilLiteral, "\(expression)")
        }
    }

    @Test func coalescingCreationNamesItsLeftSide() {
        guard case .coalescingCreation(let left, let creation) = ModelHarness.value("self.model ?? Model()") else {
            Issue.record("`self.model ?? Model()` is a coalescing creation")
            return
        }
        #expect(left == "model")
        #expect(creation.writtenType == "Model")
        #expect(ModelHarness.value("model ?? shared") == .other)
    }

    /// `var a = x, b = y` ends a binding at a comma, but not inside generic arguments.
    @Test func genericArgumentsWithCommasStayInTheValue() {
        let structure = ModelHarness.structure("struct V { var cache = NSCache<NSString, NSData>(), count = 0 }")
        let variables = structure.declarations.indices.filter { structure.declarations[$0].kind == .variable }
        #expect(variables.map { structure.name(of: $0) } == ["cache", "count"])
        let cache = structure.declarations[variables[0]].initializer!
        #expect(cache.map { structure.code.string($0) }.joined() == "NSCache<NSString,NSData>()")
    }
}
