import SwiftUI

@Observable final class Feed { func refresh() async {}; func mark() {} }

/// Tasks written on one line as the last work of an action or a method: `Task { ` and ` }` go,
/// the code stays on its line.
struct OneLineView: View {
    let feed: Feed
    @State private var visits = 0

    var body: some View {
        Text("Feed")
            .task(priority: .background) {
                visits += 1
                if visits > 1 {
                    feed.mark()
                    await feed.refresh()
                }
            }
            .task { await reload() }
    }

    private func reload() async {
        feed.mark()
        await feed.refresh()
    }
}

/// In a `.task` of the same priority, the task's code runs in place at that priority.
struct BackgroundView: View {
    let feed: Feed

    var body: some View {
        Text("Background")
            .task(priority: .background) {
                feed.mark()
                await feed.refresh()
            }
            .task {
                feed.mark()
                Task(priority: .background) { await feed.refresh() }
            }
    }
}
