import SwiftUI

final class Basket: ObservableObject {
    @Published var entries: [String] = []
}

// The same view name twice (a mutated fixture): the merged view reports one `@State basket`;
// once its fix makes it `@StateObject`, the other declaration is reported with the same
// message elsewhere. That is a new finding, not the fixed one still there.
struct BasketView: View {
    @State private var basket = Basket()
    var body: some View { List(basket.entries, id: \.self) { Text($0) } }
}

struct BasketView: View {
    @State private var basket = Basket()
    var body: some View { Text("\(basket.entries.count)") }
}
