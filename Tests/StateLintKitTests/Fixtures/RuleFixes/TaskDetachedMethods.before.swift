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
            .onAppear {
                measure()
            }
    }

    private func measure() {
        isMeasuring = true
        Task.detached(priority: .utility) {
            _ = await measureFolder()
        }
    }
}

/// Its body is the detached task alone: a button that calls it too starts it in a `Task`.
struct VolumeView: View {
    @State private var taps = 0

    var body: some View {
        Button("Refresh") {
            taps += 1
            refreshVolume()
        }
        .onAppear { refreshVolume() }
    }

    private func refreshVolume() {
        Task.detached {
            _ = await measureFolder()
        }
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
                Task.detached {
                    _ = await measureFolder()
                }
            }
            .onAppear {
                if launches == 0 {
                    launches = 1
                    Task.detached(priority: .background) {
                        _ = await measureFolder()
                    }
                }
            }
    }
}
