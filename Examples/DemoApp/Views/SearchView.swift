import SwiftUI

/// Lazily created, but re-created on every re-appear and never released.
struct SearchView: View {
    @State private var model: SearchModel?

    var body: some View {
        VStack {
            if let model {
                TextField("Search", text: Bindable(model).query)
            }
        }
        .task {
            model = SearchModel()
        }
    }
}
