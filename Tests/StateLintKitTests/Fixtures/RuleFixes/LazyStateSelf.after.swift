import SwiftUI

@Observable final class Counter {
    var count = 0
    func label() -> String { "\(count)" }
    func bump() { count += 1 }
}

/// Written with `self.`: inside the `if let`, `counter` is the unwrapped object, so the `self.`
/// goes (in `body`, its actions and the members that make a view).
struct CounterView: View {
    @State private var counter: Counter?

    var body: some View {
        ZStack {
            if let counter {
                VStack {
                    Text(counter.label())
                    Button("More") { counter.bump() }
                    footer
                }
            }
        }
        .onAppear {
            if counter == nil { counter = Counter() }
        }
        .onDisappear { counter = nil }
    }

    @ViewBuilder var footer: some View {
        if let counter {
            Text("Total: \(counter.count)")
        }
    }
}
