import SwiftUI

@Observable final class Library {
    var books: [String] = []
    var query = ""
}

final class Thumbnails {
    func prefetch() {}
}

/// A body of a declaration and an `if`: every statement goes inside the `if let`.
struct LibraryView: View {
    @State private var library = Library()

    var body: some View {
        let isEmpty = library.books.isEmpty
        if isEmpty {
            Text("No books") // nothing yet
        } else {
            List(library.books, id: \.self) { Text($0) }
                .searchable(text: $library.query)
        }
    }
}

/// A `switch` body that does not read the object: wrapped, with no `if let`.
struct ShelfView: View {
    enum Layout { case grid, list }
    @State private var thumbnails = Thumbnails()
    let layout: Layout

    var body: some View {
        switch layout {
        case .grid:
            Text("Grid")
        case .list:
            Text("List")
        }
    }

    private func warm() {
        thumbnails.prefetch()
    }
}
