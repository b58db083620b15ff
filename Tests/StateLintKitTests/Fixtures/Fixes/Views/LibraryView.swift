import SwiftUI

@Observable final class LibraryModel {
    var books: [String] = []
}

struct LibraryView: View {
    // statelint:disable:next state_inline_class_init, state_inline_class_int - created once per app run
    @State private var model = LibraryModel()
    // statelint:disable:next appear_missing_nil_check
    @State private var filter = ""

    var body: some View {
        List(model.books, id: \.self) { Text($0) } // statelint:disable:this disappear_missing_teardown
            /* statelint:disable:next appear_missing_nil_check */ .padding()
    }
}
