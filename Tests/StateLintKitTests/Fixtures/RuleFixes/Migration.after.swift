import SwiftUI
import Combine

final class CartModel: ObservableObject {
    @Published var items: [String] = []
}

@Observable final class FeedModel {
    func poll() async {}
}

/// Half-migrated: objects the views own but do not keep, and a task nothing cancels.
struct CartView: View {
    @StateObject var cart = CartModel()
    @StateObject private var saved = CartModel()
    @State private var feed: FeedModel?

    var body: some View {
        ZStack {
            if let feed {
                List(cart.items + saved.items, id: \.self) { Text($0) }
                    .task {
                        // keep polling
                        await feed.poll()
                    }
                    .task {
                        await feed.poll()
                        await feed.poll()
                    }
            }
        }
        .onAppear {
            if feed == nil { feed = FeedModel() }
        }
        .onDisappear { feed = nil }
    }
}

/// The same bugs where a fix would not compile the same: left alone.
struct BoundCartView: View {
    @ObservedObject var cart = CartModel()
    @State private var bound = CartModel()
    @State private var later: CartModel?

    var body: some View {
        CartEditor(cart: $bound)
            .onAppear { if later == nil { later = CartModel() } }
            .onDisappear { later = nil }
    }

    /// Replaces the object: `@StateObject` has no setter, so `cart` must stay `@ObservedObject`.
    /// (A view's closures cannot assign it either: `@ObservedObject`'s setter is mutating.)
    mutating func startOver() {
        cart = CartModel()
    }
}

struct CartEditor: View {
    @Binding var cart: CartModel
    var body: some View { Text("\(cart.items.count)") }
}
