import SwiftUI

/// Polls for new posts from a task that nothing cancels when the tab goes away.
struct FeedView: View {
    @State private var model = FeedModel()

    var body: some View {
        List(model.posts, id: \.self) { Text($0) }
            .onAppear {
                Task {
                    await model.poll()
                }
            }
    }
}
