import SwiftUI

@Observable final class Bloom {
    var radius = 4.0
    func start() {}
}

/// A modifier owns its object as a view does: the content goes inside the `if let`. It is not
/// released on disappear: that would make the caller's content again, losing its state.
struct BloomModifier: ViewModifier {
    @State private var bloom = Bloom()

    func body(content: Content) -> some View {
        content
            .padding(bloom.radius)
            .onAppear { bloom.start() }
    }
}

extension View {
    func bloomed() -> some View { modifier(BloomModifier()) }
}
