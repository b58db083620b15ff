import SwiftUI

struct RootTabView: View {
    var body: some View {
        TabView {
            LibraryView().tabItem { Label("Library", systemImage: "books.vertical") }
            SearchView().tabItem { Label("Search", systemImage: "magnifyingglass") }
            SettingsView().tabItem { Label("Settings", systemImage: "gear") }
        }
    }
}
