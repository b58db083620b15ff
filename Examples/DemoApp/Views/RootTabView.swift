import SwiftUI

/// Hands every tab a reading history, but a new one each time its body runs.
struct RootTabView: View {
    var body: some View {
        TabView {
            LibraryView().tabItem { Label("Library", systemImage: "books.vertical") }
            SearchView().tabItem { Label("Search", systemImage: "magnifyingglass") }
            FeedView().tabItem { Label("Feed", systemImage: "newspaper") }
            ProfileView().tabItem { Label("Profile", systemImage: "person") }
            SettingsView().tabItem { Label("Settings", systemImage: "gear") }
            ReaderView().tabItem { Label("Reader", systemImage: "book") }
        }
        .environmentObject(ReadingHistory())
    }
}
