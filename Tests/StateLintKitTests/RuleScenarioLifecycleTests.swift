import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// `appear_missing_nil_check` and `disappear_missing_teardown` on realistic SwiftUI code.
@Suite struct RuleScenarioLifecycleTests {
    static let nilCheck = AppearMissingNilCheckRule.description.id
    static let teardown = DisappearMissingTeardownRule.description.id

    static func expectMarked(_ marked: String, rule: String, options: [String: [String: RuleOptionValue]] = [:],
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let (source, offsets) = RuleHarness.removingMarkers(marked)
        let expected = RuleHarness.expectedHits(source, offsets: offsets, ruleID: rule)
        let actual = RuleHarness.hits(source, rules: [rule], options: options).sorted()
        #expect(actual == expected, sourceLocation: sourceLocation)
    }

    @Test func localConstantsShadowingTheStatePropertyAreNotAssignmentsToIt() {
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model { func start() {} }
        struct LoadView: View {
            @State private var model: Model?
            var body: some View {
                Text("x")
                    .task {
                        guard model == nil else { return }
                        let model = Model()
                        model.start()
                        self.model = model
                    }
                    .onAppear {
                        var model = Model()
                        model = Model()
                        print(model)
                    }
                    .onDisappear { model = nil }
            }
        }
        """, rule: Self.nilCheck)
    }

    /// `if !loaded { model = Model(); loaded = true }`: made once per flag, not again on re-appear
    /// (no nil check needed); released on disappear it would not come back, so the teardown
    /// finding has no fix and says why. A flag the block does not set guards nothing.
    @Test func aFlagTheActionSetsMakesTheCreationOnce() {
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model {}
        struct SearchView: View {
            @State private var model: Model?
            @State private var other: Model?
            @State private var loaded = false
            @State private var enabled = false
            var body: some View {
                Text("x")
                    .onAppear {
                        if !loaded {
                            model = Model()
                            loaded = true
                        }
                        if enabled == false { ↓other = Model() }
                    }
            }
        }
        """, rule: Self.nilCheck)
        let source = """
        import SwiftUI
        @Observable final class Model {}
        struct SearchView: View {
            @State private var model: Model?
            @State private var loaded = false
            var body: some View {
                Text("x")
                    .onAppear {
                        if loaded == false {
                            model = Model()
                            loaded = true
                        }
                    }
            }
        }
        """
        let findings = RuleHarness.findings([("View.swift", source)], rules: [Self.teardown])
        #expect(findings.count == 1)
        #expect(findings.first?.fix == nil)
        #expect(findings.first?.message.contains("No automatic fix: it is made only while `loaded` is false") == true)
    }

    @Test func anOrConditionIsNotANilGuard() {
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model {}
        struct RefreshView: View {
            @State private var model: Model?
            @State private var other: Model?
            @State private var forceRefresh = false
            var body: some View {
                Text("x")
                    .onAppear {
                        if model == nil || forceRefresh { ↓model = Model() }
                        if other == nil && !forceRefresh { other = Model() }
                    }
            }
        }
        """, rule: Self.nilCheck)
    }

    @Test func guardsInTheElseOfANilCheckDoNotCount() {
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model {}
        struct ElseView: View {
            @State private var model: Model?
            @State private var other: Model?
            var body: some View {
                Text("x")
                    .onAppear {
                        if model == nil { print("none") } else { ↓model = Model() }
                        if other != nil { print("some") } else { other = Model() }
                    }
            }
        }
        """, rule: Self.nilCheck)
    }

    @Test func guardsInsideNestedClosuresAndIfConfig() {
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model {}
        struct NestedView: View {
            @State private var a: Model?
            @State private var b: Model?
            @State private var c: Model?
            var body: some View {
                Text("x")
                    .onAppear {
                        withAnimation {
                            if a == nil { a = Model() }
                        }
                        Task { @MainActor in
                            guard b == nil else { return }
                            b = Model()
                        }
                        #if DEBUG
                        ↓c = Model()
                        #else
                        if c == nil { c = Model() }
                        #endif
                    }
            }
        }
        """, rule: Self.nilCheck)
    }

    @Test func onlyTheViewsOwnStateCounts() {
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model {}
        struct ParentView: View {
            @State private var model: Model?
            var body: some View {
                ChildView(model: $model)
                    .onAppear { if model == nil { model = Model() } }
                    .onDisappear { model = nil }
            }
        }
        struct ChildView: View {
            @Binding var model: Model?
            var body: some View {
                Text("x").onAppear { model = Model() }
            }
        }
        """, rule: Self.nilCheck)
    }

    @Test func configuredHandlersAreFollowed() {
        let source = """
        import SwiftUI
        @Observable final class Model {}
        struct FirstAppearView: View {
            @State private var model: Model?
            var body: some View {
                Text("x")
                    .onFirstAppear { ↓model = Model() }
                    .onAppear { model = Model() }
            }
        }
        """
        Self.expectMarked(source, rule: Self.nilCheck, options: [Self.nilCheck: ["handlers": RuleOptionValue.stringList(["onFirstAppear"])]])
    }

    @Test func eachRuleFollowsItsOwnHandlers() {
        // The two rules share one analysis only when their handler names are the same (one
        // instance for the defaults, equal sets otherwise).
        let source = """
        import SwiftUI
        @Observable final class Model {}
        struct TwoHandlersView: View {
            @State private var first: Model?
            @State private var second: Model?
            var body: some View {
                Text("x")
                    .onFirstAppear { first = Model() }
                    .onAppear { second = Model() }
            }
        }
        """
        let nilCheck = Self.nilCheck, teardown = Self.teardown
        func hits(_ options: [String: [String: RuleOptionValue]]) -> [String] {
            RuleHarness.hits(source, rules: [nilCheck, teardown], options: options).map { "\($0.line) \($0.ruleID)" }.sorted()
        }
        let custom = RuleOptionValue.stringList(["onFirstAppear"])
        #expect(hits([:]) == ["9 \(nilCheck)", "9 \(teardown)"])
        #expect(hits([nilCheck: ["handlers": custom]]) == ["8 \(nilCheck)", "9 \(teardown)"])
        #expect(hits([teardown: ["handlers": custom]]) == ["8 \(teardown)", "9 \(nilCheck)"])
        #expect(hits([nilCheck: ["handlers": custom], teardown: ["handlers": custom]]) == ["8 \(nilCheck)", "8 \(teardown)"])
    }

    @Test func teardownInMethodsAndPerformArguments() {
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model {}
        struct PlayerView: View {
            @State private var a: Model?
            @State private var b: Model?
            @State private var c: Model?
            @State private var d: Model?
            var body: some View {
                Text("x")
                    .onAppear {
                        if a == nil { a = Model() }
                        if b == nil { b = Model() }
                        if c == nil { c = Model() }
                        if d == nil { ↓d = Model() }
                    }
                    .onDisappear { tearDown() }
            }
            func tearDown() {
                a = nil
                self.b = .none
                release()
            }
        }
        extension PlayerView {
            func release() { c = nil }
            func unrelated() { d = nil }
        }
        """, rule: Self.teardown)
    }

    @Test func teardownOfALocalShadowDoesNotCount() {
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model {}
        struct ShadowView: View {
            @State private var model: Model?
            var body: some View {
                Text("x")
                    .onAppear { if model == nil { ↓model = Model() } }
                    .onDisappear {
                        var model: Model? = Model()
                        model = nil
                        print(model as Any)
                    }
            }
        }
        """, rule: Self.teardown)
    }

    @Test func valueTypesAndNonOptionalsNeedNoTeardown() {
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model {}
        struct Item {}
        struct DataView: View {
            @State private var loadedAt: Date?
            @State private var item: Item?
            @State private var model = Model.shared
            var body: some View {
                Text("x")
                    .onAppear {
                        if loadedAt == nil { loadedAt = Date() }
                        if item == nil { item = Item() }
                    }
            }
        }
        extension Model { static let shared = Model() }
        """, rule: Self.teardown)
    }

    // Members are collected only for view types with a handler (found through the handler's
    // enclosing type, which may be an extension); a view without one is never analysed.
    @Test func onlyViewsWithHandlersAreAnalysedAndExtensionsShareTheirView() {
        let source = """
        import SwiftUI
        @Observable final class Model {}
        struct Plain: View {
            @State private var model: Model?
            var body: some View { Text("plain") }
            func reset() { model = Model() }
        }
        struct Handled: View {
            @State private var model: Model?
            var body: some View { Text("x") }
        }
        extension Handled {
            var more: some View {
                Text("y").onAppear { ↓model = Model() }
            }
        }
        struct Torn: View {
            @State private var model: Model?
            var body: some View { Text("t").task { if model == nil { model = Model() } } }
        }
        extension Torn {
            var gone: some View { Text("g").onDisappear { model = nil } }
        }
        struct Other: View {
            @State private var count = 0
            var body: some View {
                Text("z").onAppear { model = Model() }
            }
        }
        """
        Self.expectMarked(source, rule: Self.nilCheck)
        // `Handled` has no teardown; `Torn`'s is in an extension.
        Self.expectMarked(source, rule: Self.teardown)
    }
}
