import SwiftUI

@Observable final class PlayerModel {}

struct PlayerView: View {
    @State private var model: PlayerModel?
    @State private var queue: PlayerModel?

    var body: some View {
        VStack {
            Text("Player")
                .onAppear {
                    if model == nil { model = PlayerModel() }
                }
                .onDisappear {
                    print("gone")
      let   }
            Text("Queue")
                .task { if queue == nil { queue = PlayerModel() } }
        }
    }
}
