import SwiftUI

@main
struct DemoApp: App {
    // Fine: SwiftUI creates the App's state once per launch.
    @State private var session = SessionStore()

    var body: some Scene {
        WindowGroup {
            RootTabView()
                .environment(session)
        }
    }
}
