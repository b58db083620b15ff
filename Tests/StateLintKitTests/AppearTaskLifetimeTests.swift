import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// `appear_unstructured_task` on the tasks real apps start that cannot outlive the view in a way
/// that matters (found by judging its findings on public apps): each silence next to the same
/// shape that must still be reported.
@Suite struct AppearTaskLifetimeTests {
    private let rule = AppearUnstructuredTaskRule.description.id

    /// A hop to the main actor from async code never awaits: it runs to its end at once.
    @Test func aTaskThatNeverAwaitsIsSilentOneThatAwaitsIsNot() {
        RuleScenarioRealCodeTests.expect("""
        import SwiftUI
        struct InboxView: View {
            @State private var title = ""
            @State private var unread = 0
            var body: some View {
                Text(title)
                    .task { await reload() }
                    .onAppear {
                        Task { @MainActor in unread = 0 }
                        ↓Task { @MainActor in unread = await Inbox.count() }
                    }
            }
            private func reload() async {
                let loaded = await Inbox.title()
                Task { @MainActor in title = loaded }
                ↓Task.detached { await Inbox.prefetch() }
            }
        }
        """, rules: [rule])
    }

    /// A method that waits for its detached task under a cancellation handler that cancels it
    /// (what the fix writes) lets it live no longer than itself; one that does not is reported.
    @Test func aDetachedTaskAMethodCancelsIsSilentOneItDoesNotIsNot() {
        RuleScenarioRealCodeTests.expect("""
        import SwiftUI
        struct VolumeView: View {
            var body: some View {
                Text("Volume")
                    .task { await measure() }
                    .task { await prefetch() }
            }
            private func measure() async {
                let work = Task.detached { await Disk.measure() }
                await withTaskCancellationHandler { _ = await work.result } onCancel: { work.cancel() }
            }
            private func prefetch() async {
                let work = ↓Task.detached { await Disk.measure() }
                _ = await withTaskCancellationHandler { 1 } onCancel: { }
                _ = work
            }
        }
        """, rules: [rule])
    }

    /// A loop that checks `Task.isCancelled` instead of awaiting still notices cancellation.
    @Test func aTaskThatChecksCancellationIsReported() {
        RuleScenarioRealCodeTests.expect("""
        import SwiftUI
        struct MeterView: View {
            @State private var level = 0.0
            var body: some View {
                Text("\\(level)")
                    .onAppear {
                        ↓Task {
                            while !Task.isCancelled { level = Meter.sample() }
                        }
                    }
            }
        }
        """, rules: [rule])
    }

    /// `await Task.detached { … }.value`: the starter waits for the task, in `.task` or in a
    /// method it calls; a task whose `.value` nobody awaits there is still reported.
    @Test func aTaskWhoseValueIsAwaitedAtOnceIsSilent() {
        RuleScenarioRealCodeTests.expect("""
        import SwiftUI
        struct ThumbnailView: View {
            @State private var image: CGImage?
            @State private var size = 0
            let url: URL
            var body: some View {
                Text("")
                    .task {
                        image = await Task.detached { await Renderer.render(url) }.value
                        size = try! await Task { await Renderer.size(url) }.result.get()
                        ↓Task.detached { await Renderer.warmCache(url) }
                    }
            }
        }
        """, rules: [rule])
    }

    /// A closure the handler stores (a callback) runs later: a task in it does not start on
    /// appear. One passed to a call may run at once (`forEach`), so it is still reported.
    @Test func aTaskInAStoredCallbackIsSilentOneInACallArgumentIsNot() {
        RuleScenarioRealCodeTests.expect("""
        import SwiftUI
        final class Recorder {
            var onFinish: (() -> Void)?
            var onLevel: ((Double) -> Void)?
        }
        struct RecorderView: View {
            @State private var finished = false
            let recorder: Recorder
            let clips: [String]
            var body: some View {
                Text("")
                    .onAppear {
                        recorder.onFinish = {
                            Task { await Uploader.upload() }
                        }
                        self.recorder.onLevel = { level in
                            if level > 0.9 { Task { await Uploader.flag(level) } }
                        }
                        clips.forEach { clip in
                            ↓Task { await Uploader.upload(clip) }
                        }
                    }
            }
        }
        """, rules: [rule])
    }
}
