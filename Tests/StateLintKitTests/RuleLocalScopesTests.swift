import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

@Suite struct RuleLocalScopesTests {
    /// Whether each `model` token in the closure is a local, in order.
    static func localness(_ source: String) -> [Bool] {
        let file = SourceFile(path: "V.swift", text: source)
        let code = FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes)).code
        let open = (0..<code.count).first { code.kind($0) == .leftBrace }!
        let body = open...code.partner(of: open)!
        let scopes = LocalScopes(body: body, code: code)
        return body.filter { code.kind($0) == .identifier && code.text($0, is: "model") }.map { scopes.isLocal("model", at: $0) }
    }

    @Test func bindingsHideThePropertyOnlyInTheirBlock() {
        #expect(Self.localness("""
        {
            model = A()
            if true { let model = B(); model.go() }
            model = C()
            var model = D()
            model = E()
        }
        """) == [false, true, true, false, true, true])
    }

    @Test func conditionBindingsLiveInTheirBlockAndGuardBindingsAfterIt() {
        #expect(Self.localness("""
        {
            if let model { print(model) } else { model = A() }
            guard let x, let model else { model = B(); return }
            model = C()
        }
        """) == [true, true, false, false, false, true], "a guard binding is visible only after the else block")
    }
}
