import SwiftUI

@Observable final class TimelineCache {
    var count = 0
    func clear() {}
}

/// Modifiers under `#if` … `#endif` are part of the chain: the wrapper takes them with the rest,
/// whichever branch compiles.
struct CacheSettingsView: View {
    @State private var cache = TimelineCache()
    let title: String

    var body: some View {
        Form {
            Text("\(cache.count) posts")
            Button("Clear") { cache.clear() }
        }
        #if os(iOS)
        .navigationTitle(title)
        #else
        .padding()
        #endif
        .disabled(false)
        #if !os(macOS)
        .opacity(1)
        #endif
    }
}

/// Kept: a view under `#if` beside the first is a second view of the result builder.
struct TwoViews: View {
    @State private var cache = TimelineCache()

    var body: some View {
        Text("\(cache.count)")
        #if os(Linux)
        Text("Linux")
        #endif
    }
}
