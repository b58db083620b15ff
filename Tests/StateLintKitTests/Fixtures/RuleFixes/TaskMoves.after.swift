import SwiftUI

@Observable final class Feed {
    var ready = false
    func refresh() async {}
    func mark() {}
    func cached() throws -> [String] { [] }
}

/// The task leaves the action for a `.task` after it; the other statements stay and run first.
struct FeedView: View {
    let feed: Feed
    @State private var visits = 0

    var body: some View {
        List { Text("Posts") }
            .onAppear {
                visits += 1
                feed.mark()
            }
            .task {
                await feed.refresh()
            }
    }
}

/// An `if` around the task goes with it; a priority becomes `.task(priority:)`.
struct ReadyView: View {
    let feed: Feed
    @State private var visits = 0

    var body: some View {
        Text("Ready")
            .onAppear {
                visits += 1
            }
            .task(priority: .userInitiated) {
                if feed.ready {
                    await feed.refresh()
                }
            }
            .task(priority: .background) { await feed.refresh() }
    }
}

/// A task with a capture list keeps it.
struct CaptureView: View {
    let feed: Feed

    var body: some View {
        Text("Capture")
            .task { [feed] in
                await feed.refresh()
            }
    }
}

/// A task between statements moves too: the statements after it ran before its code anyway.
struct MiddleView: View {
    let feed: Feed
    @State private var visits = 0

    var body: some View {
        Text("Middle")
            .onAppear {
                visits += 1
                feed.mark()
            }
            .task {
                await feed.refresh()
            }
    }
}

/// A method only `.onAppear` calls, whose body is a task: it becomes `async`, awaited in `.task`.
struct MethodView: View {
    let feed: Feed
    @State private var loaded = false

    var body: some View {
        Text("Method")
            .task { await load() }
    }

    private func load() async {
        await feed.refresh()
        loaded = true
    }
}

/// A method that sets things up and then starts its task (on the main actor, as a view's
/// method is anyway), called last in the action: the statements before the task stay first.
struct SetupView: View {
    let feed: Feed
    @State private var isLoading = false
    @State private var visits = 0

    var body: some View {
        Text(isLoading ? "Loading" : "Setup")
            .onAppear {
                visits += 1
            }
            .task { await start() }
    }

    private func start() async {
        guard !isLoading else { return }
        isLoading = true
        await feed.refresh()
        isLoading = false
    }
}

actor Indexer {
    func rebuild() async {}
}

/// A detached task stays detached: `.task` starts it and cancels it when the view goes away.
/// Tasks beside statements on one line, and two tasks in one action, move one by one.
struct IndexView: View {
    let feed: Feed
    let indexer: Indexer

    var body: some View {
        Text("Index")
            .task {
                let detachedTask = Task.detached(priority: .background) {
                    await indexer.rebuild()
                }
                await withTaskCancellationHandler { _ = await detachedTask.result } onCancel: { detachedTask.cancel() }
            }
            .onAppear { feed.mark() }
            .task { await feed.refresh() }
            .task { await indexer.rebuild() }
            .task { await feed.refresh() }
    }
}

/// A method that only starts a task, which other code calls too: it becomes `async`, and each
/// other call starts it in a task of the same priority, as the method did.
struct RefreshView: View {
    let feed: Feed
    @State private var loading = false

    var body: some View {
        List { Text("Refresh") }
            .task(priority: .userInitiated) { await refresh() }
            .toolbar {
                Button("Reload") {
                    Task(priority: .userInitiated) { await self.refresh() }
                }
            }
    }

    private func refresh() async {
        loading = true
        await feed.refresh()
        loading = false
    }
}

/// Called in an `if` of the action: the whole action becomes `.task`, awaiting the call; called
/// from `.task`, it is awaited there.
struct PackagesView: View {
    let feed: Feed
    @State private var packages: [String] = []

    var body: some View {
        List(packages, id: \.self) { Text($0) }
            .task {
                if packages.isEmpty {
                    await reload()
                }
            }
            .task {
                await prefetch()
            }
    }

    private func reload() async {
        await feed.refresh()
        packages = ["a"]
    }

    private func prefetch() async {
        await feed.refresh()
    }
}

/// The task is the last thing the action does, in `if` blocks: the action becomes `.task`, with
/// the task's code in place.
struct OnceView: View {
    let feed: Feed
    @State private var didAppear = false

    var body: some View {
        Text("Once")
            .task {
                if !didAppear {
                    didAppear = true
                    await feed.refresh()
                } else {
                    feed.mark()
                }
            }
    }
}

/// A method whose last work is a task in a `do` block: its code takes the task's place.
struct CachedView: View {
    let feed: Feed
    @State private var names: [String] = []

    var body: some View {
        List(names, id: \.self) { Text($0) }
            .task {
                await loadNames()
            }
    }

    private func loadNames() async {
        do {
            names = try feed.cached()
            await feed.refresh()
        } catch {
            names = []
        }
    }
}
