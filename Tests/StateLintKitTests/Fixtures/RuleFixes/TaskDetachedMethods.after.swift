import SwiftUI

/// Slow work, off the main actor.
func measureFolder() async -> Int { 0 }

/// A method `.onAppear` alone calls, which ends with `Task.detached { … }`: it becomes `async`,
/// the task stays detached, and the method waits for it under a cancellation handler, so
/// `.task` cancels it when the view goes away.
struct FolderRow: View {
    @State private var size = 0
    @State private var isMeasuring = false

    var body: some View {
        Text("\(size)")
            .task {
                await measure()
            }
    }

    private func measure() async {
        isMeasuring = true
        let detachedTask = Task.detached(priority: .utility) {
            _ = await measureFolder()
        }
        await withTaskCancellationHandler { _ = await detachedTask.result } onCancel: { detachedTask.cancel() }
    }
}

/// Its body is the detached task alone: a button that calls it too starts it in a `Task`.
struct VolumeView: View {
    @State private var taps = 0

    var body: some View {
        Button("Refresh") {
            taps += 1
            Task { await refreshVolume() }
        }
        .task { await refreshVolume() }
    }

    private func refreshVolume() async {
        let detachedTask = Task.detached {
            _ = await measureFolder()
        }
        await withTaskCancellationHandler { _ = await detachedTask.result } onCancel: { detachedTask.cancel() }
    }
}

/// The action's last work is a detached task: `.task` waits for it, and cancels it when the
/// view goes away (an `.onAppear` becomes that `.task`).
struct LaunchView: View {
    @State private var launches = 0

    var body: some View {
        Text("Launch")
            .task {
                launches += 1
                let detachedTask = Task.detached {
                    _ = await measureFolder()
                }
                await withTaskCancellationHandler { _ = await detachedTask.result } onCancel: { detachedTask.cancel() }
            }
            .task {
                if launches == 0 {
                    launches = 1
                    let detachedTask = Task.detached(priority: .background) {
                        _ = await measureFolder()
                    }
                    await withTaskCancellationHandler { _ = await detachedTask.result } onCancel: { detachedTask.cancel() }
                }
            }
    }
}
