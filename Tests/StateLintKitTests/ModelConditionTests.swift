import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// `ConditionReader`: which names a condition settles to be nil, when it holds and when it fails.
@Suite struct ModelConditionTests {
    static func check(_ condition: String, whenTrue: Set<String>, whenFalse: Set<String>,
                      sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let knowledge = ModelHarness.knowledge(condition)
        #expect(knowledge.nilWhenTrue == whenTrue, "\(condition) holds", sourceLocation: sourceLocation)
        #expect(knowledge.nilWhenFalse == whenFalse, "\(condition) fails", sourceLocation: sourceLocation)
    }

    @Test func comparisonsWithNil() {
        Self.check("model == nil", whenTrue: ["model"], whenFalse: [])
        Self.check("self.model === nil", whenTrue: ["model"], whenFalse: [])
        Self.check("nil == model", whenTrue: ["model"], whenFalse: [])
        Self.check("model == .none", whenTrue: ["model"], whenFalse: [])
        Self.check("model == Optional.none", whenTrue: ["model"], whenFalse: [])
        Self.check("model != nil", whenTrue: [], whenFalse: ["model"])
        Self.check("nil != self.model", whenTrue: [], whenFalse: ["model"])
        Self.check("model.isEmpty", whenTrue: [], whenFalse: [])
        Self.check("other.model == nil", whenTrue: [], whenFalse: [])
    }

    @Test func bindingsAndPatterns() {
        Self.check("let model", whenTrue: [], whenFalse: ["model"])
        Self.check("let m = self.model", whenTrue: [], whenFalse: ["model"])
        Self.check("var m: Model = model", whenTrue: [], whenFalse: ["model"])
        Self.check("let m = model.child", whenTrue: [], whenFalse: [])
        Self.check("case .none = model", whenTrue: ["model"], whenFalse: [])
        Self.check("case nil = self.model", whenTrue: ["model"], whenFalse: [])
    }

    @Test func clausesCombineAsSwiftEvaluatesThem() {
        Self.check("model == nil, isVisible", whenTrue: ["model"], whenFalse: [])
        Self.check("model == nil && other == nil", whenTrue: ["model", "other"], whenFalse: [])
        Self.check("model == nil || refresh", whenTrue: [], whenFalse: [])
        Self.check("model == nil || model == .none", whenTrue: ["model"], whenFalse: [])
        Self.check("model != nil || other != nil", whenTrue: [], whenFalse: ["model", "other"])
        Self.check("let model, let other", whenTrue: [], whenFalse: [])
        Self.check("let model, model.isReady", whenTrue: [], whenFalse: [])
    }

    @Test func negationAndParentheses() {
        Self.check("!(model != nil)", whenTrue: ["model"], whenFalse: [])
        Self.check("!(model == nil)", whenTrue: [], whenFalse: ["model"])
        Self.check("(model == nil)", whenTrue: ["model"], whenFalse: [])
        Self.check("!(model == nil || other == nil)", whenTrue: [], whenFalse: [])
        Self.check("!(model != nil || other != nil)", whenTrue: ["model", "other"], whenFalse: [])
        Self.check("!isLoaded", whenTrue: [], whenFalse: [])
    }
}
