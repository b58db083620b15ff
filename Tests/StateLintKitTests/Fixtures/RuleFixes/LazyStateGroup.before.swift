import SwiftUI

@Observable final class Loader {
    enum Phase { case loading, failed, loaded }
    var phase = Phase.loading
    var failed = false
    func load() {}
}

/// A `Group` that makes one view at a time (each branch of its `if` or `switch` one view): the
/// wrapper takes it whole, as no views are merged.
struct PhaseView: View {
    @State private var loader = Loader()

    var body: some View {
        Group {
            switch loader.phase {
            case .loading:
                ProgressView()
            case .failed:
                Text("Failed")
            case .loaded:
                if loader.failed {
                    Text("Stale")
                } else {
                    let title = "Loaded"
                    Text(title)
                }
            }
        }
        .padding()
    }
}

/// Kept: this `Group` makes two views, which a wrapper would lay out as one.
struct PairView: View {
    @State private var loader = Loader()

    var body: some View {
        Group {
            if loader.failed {
                Text("Failed")
                Text("Try again")
            }
        }
        .padding()
    }
}
