import SwiftUI

/// Migrated from @StateObject to @Observable — and picked up the classic bug.
struct LibraryView: View {
    @State private var model = LibraryModel()
    @State private var filter = Filter()
    @State private var formatter = DateFormatter()

    var body: some View {
        List(model.books, id: \.self) { Text($0) }
    }
}
