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
