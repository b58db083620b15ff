import SwiftUI

@Observable final class DeviceStat { var memory = 0 }

/// An `App` is made once: the object handed to the environment is kept in its `@State`, made
/// once on any Xcode (no lazily owned state needed).
struct EvalApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Eval")
                .environment(DeviceStat())
        }
    }
}
