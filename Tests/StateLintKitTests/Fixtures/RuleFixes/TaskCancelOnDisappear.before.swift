import SwiftUI

@Observable final class Inbox {
    var unread = 0
    func refresh() async {}
}

/// The view keeps the task's handle in `@State`: it is cancelled where the view goes away, in a
/// new `.onDisappear` after the appear modifier.
struct PopoverView: View {
    @State private var dismissTask: Task<Void, Never>?
    @State private var isShown = true

    var body: some View {
        Text("Saved")
            .onAppear {
                dismissTask?.cancel()
                dismissTask = Task {
                    try? await Task.sleep(nanoseconds: 2_000_000_000)
                    isShown = false
                }
            }
    }
}

/// Started in a method `.onAppear` calls, into the `.onDisappear` already in the chain; a handle
/// that is not optional is cancelled without `?`.
struct InboxView: View {
    let inbox: Inbox
    @State private var polling: Task<Void, Never> = Task {}
    @State private var visits = 0

    var body: some View {
        Text("\(inbox.unread) unread")
            .onAppear { startPolling() }
            .onDisappear {
                visits += 1
            }
    }

    private func startPolling() {
        polling.cancel()
        polling = Task {
            while !Task.isCancelled {
                await inbox.refresh()
            }
        }
    }
}
