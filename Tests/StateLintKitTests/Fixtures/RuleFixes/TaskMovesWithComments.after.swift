import SwiftUI

@Observable final class Library {
    var size: Int?
    func refresh() async {}
    func mark() {}
}

/// Slow work, off the main actor.
func warmShelfCache() async {}

/// The `//` lines right above a task that moves go with it, above its `.task`.
struct ShelfView: View {
    let library: Library
    @State private var visits = 0

    var body: some View {
        List { Text("Books") }
            .onAppear {
                visits += 1
            }
            // Fetch the newest books; the list shows the cached ones until then.
            .task {
                await library.refresh()
            }
    }
}

/// A detached task in an `if`, the action's only statement, with a comment: the `if` goes into
/// `.task` and the task stays detached there, cancelled with it.
struct SizeView: View {
    let library: Library
    @State private var size: Int?

    var body: some View {
        Text("Size")
            // Warm the cache once, off the main actor.
            .task {
                if size == nil {
                    let detachedTask = Task.detached(priority: .utility) {
                        await warmShelfCache()
                    }
                    await withTaskCancellationHandler { _ = await detachedTask.result } onCancel: { detachedTask.cancel() }
                }
            }
    }
}

/// A comment after the task on its line: the task does not move, but as the action's last work
/// its code takes its place in `.task`, the comment after it.
struct TrailingView: View {
    let library: Library
    @State private var visits = 0

    var body: some View {
        Text("Trailing")
            .task {
                visits += 1
                await library.refresh() // refresh
            }
    }
}

/// The action's last work is a task with a priority, in an `if`: the action becomes
/// `.task(priority:)`, with the task's code in place.
struct InboxBadgeView: View {
    let library: Library
    @State private var visits = 0

    var body: some View {
        Text("Inbox")
            .task(priority: .background) {
                visits += 1
                if visits > 1 {
                    library.mark()
                    await library.refresh()
                }
            }
    }
}
