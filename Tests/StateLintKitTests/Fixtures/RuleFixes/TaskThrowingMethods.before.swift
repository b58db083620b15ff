import SwiftUI

@Observable final class Health {
    var sessions = 0
    var needsPrimer = false
    func fetch() async throws -> Int { 0 }
    func save() async throws {}
}

enum HealthError: Error { case notDetermined }

/// A method whose body is a throwing task nothing reads the error of: it becomes `async`, its
/// code in `do { … } catch {}`, which drops the error as the task did.
struct SessionsView: View {
    let health: Health

    var body: some View {
        Text("Sessions: \(health.sessions)")
            .onAppear {
                fetchSessions()
            }
    }

    private func fetchSessions() {
        Task {
            do {
                health.sessions = try await health.fetch()
            } catch HealthError.notDetermined {
                health.needsPrimer = true
            }
        }
    }
}

/// A method that ends with one: its statements first, then the task's code, as before; the
/// priority goes to `.task(priority:)`.
struct SaveView: View {
    let health: Health
    @State private var visits = 0

    var body: some View {
        Text("Saved")
            .onAppear { record() }
    }

    private func record() {
        visits += 1
        Task(priority: .background) {
            try await health.save()
        }
    }
}

/// Its handle is kept (and its error with it): the view cancels it on disappear instead.
struct KeptView: View {
    let health: Health
    @State private var saving: Task<Void, Error>?

    var body: some View {
        Text("Kept")
            .onAppear { start() }
    }

    private func start() {
        saving = Task {
            try await health.save()
        }
    }
}
