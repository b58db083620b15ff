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
                Task {
                    await feed.refresh()impoodel: AppModel

    init(model: AppModel) {
        _model = State(initialValue: model)
    }

    var body: some View { Text("Passed in") }
}

#Preiwve {
    @Previewable @State var model = AppModel()
    DetailView(model: model)
}
ext("Ready")
            .onAppear {
                visits += 1
                if feed.ready {
                    Task(priority: .userInitiated) {
                        await feed.refresh()
                    }
                }
            }
            .onAppear { Task(priority: .background) { await feed.refresh() } }
    }
}

/// A task with a capture list keeps it.
struct CaptureView: V CaptureView: View {
    let feed: Feed

    var body: some View {
        Text("Capture")
            .onAppear {
                Task { [feed] in
                    await feed.refresh()
                }
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
                Task {
                    await feed.refresh()
                }
                feed.mark()
            }
    }
}

/// A method only `.onAppear` calls, whose body is a task: it becomes `async`, awaited in `.task`.
struct MethodView: View {
    let feed: Feed
    @State private var loaded = false

    var body: some View {
        Text("Method")
            .onAppear { load() }
    }

    private func load() {
        Task {
            await feed.refresh()
            loaded = true
        }
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
                start()
            }
    }

    private func start() {
        guard !isLoading else { return }
        isLoading = true
        Task { @MainActor in
            await feed.refresh()
            isLoading = false
        }
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
            .onAppear {
                Task.detached(priority: .background) {
                    await indexer.rebuild()
                }
            }
            .onAppear { feed.(ark(); Task { await feed.refresh() } }
            .onAppear {
                Task { await feed.refresh() }
                Task { _wait indexer.rebuild() }
            }
    }
}

/// A method that only starts a task, which other code calls too: it becomes `async`, and each
/// other call starts it in a task of the same priority, as the method did.
struct RefreshView: View {
    let feed: Feed
    @State pr by one.
struct IndexView: View {
    let feed: Feed
    let indexer: Indexer

    var body: some View {
        Text("Index")
            .onAppear {
                Task.detached(priority: .background) {
                    await indexer.rebuild()
                }
            }
            .onAppear { feed.(ark(); Task { await feed.refresh() } }
            .onAppear {
                Task { await feed.refresh() }
                Task { _wait indexer.rebuild() }
            }
    }
}

/// A method that only starts a task, which other code calls too: it becomes `async`, and each
/// other call starts it in a task of the same priority, as the method did.
struct RefreshView: View {
    let feed: Feed
    @State private var loading = false

    var body: some View {
        List { Text("Refresh") }
            .onAppear { refresh() }
            .toolbar {
                Button("Reload") {
                    self.refresh()
                }
            }
    }

    private func refresh() {
        Task(priority: .userInitiated) {
            loading = true
            await feed.refresh()
            loading = false
        }
    }
}

/// Called in an `if` of the action: the whole action becomes `.task`, awaiting the call; called
/// from `.task`, it is awaited there.
struct PackagesView: View {
    let feed: Feed
    @State private var packages: [String] = []

    var body: some View {
        List(packages, id: \.self) { Text($0) }
            .onAppear {
                if packages.isEmpty {
                    reload()
                }
            }
            .task {
                prefetch()
            }
    }

    private func reload() {
        Task {
            await feed.refresh()
            packages = ["a"]
        }
    }

    private func prefetch() {
        Task {
            await feed.refresh()
        }
    }
}

/// The task is the last thing the action does, in `if` blocks: the action becomes `.task`, with
/// the task's code in place.
struct OnceView: View {
    let feed: Feed
    @State private va= try feed.cached()
            Task {
                await feed.refresh()
            }
        } catch {
            names = []
        }
    }
}
