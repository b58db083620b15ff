import SwiftUI

@Observable final class Draft {
    var title = ""
    var isSaved = false
    func save() { isSaved = true }
}

@Observable final class Library {
    var books: [String] = []
    let shelf: String
    init(shelf: String) { self.shelf = shelf }
    func load() { books = [shelf] }
}

@MainActor
@Observable final class Settings {
    static let shared = Settings()
    var isCompact = false
}

final class Formatter {}

/// What a converter leaves when it drops `@ObservedObject`: a `let` and a `private var` with a
/// new object each.
struct DraftEditor: View {
    let draft = Draft()
    private var library = Library(shelf: "new")

    var body: some View {
        VStack {
            TextField("Title", text: Bindable(draft).title)
            Button("Save") { draft.save() }
            Text("\(library.books.count) books")
        }
    }
}

/// Made in `init` without reading it: on Xcode 27 the creation becomes the initial value.
struct RecentBooks: View {
    let library: Library
    let title: String

    init(title: String) {
        self.title = title
        self.library = Library(shelf: "recent")
    }

    var body: some View {
        List(library.books, id: \.self) { Text($0) }
            .navigationTitle(title)
    }
}

/// Made in `init` from a parameter: no fix on any toolchain (owned, it would keep the first shelf).
struct ShelfView: View {
    let library: Library

    init(shelf: String) {
        self.library = Library(shelf: shelf)
    }

    var body: some View {
        Text(library.shelf)
    }
}

/// Nothing to report: handed in, shared, not `@Observable`, `static`, computed, owned.
struct Quiet: View {
    let handed: Library
    let settings = Settings.shared
    let formatter = Formatter()
    static let template = Draft()
    var scratch: Draft { Draft() }
    @State private var owned: Draft?

    var body: some View {
        Text(handed.shelf)
            .onAppear { if owned == nil { owned = Draft() } }
            .onDisappear { owned = nil }
    }
}
