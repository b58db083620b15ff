import SwiftUI

@Observable final class ProfileModel {
    var name = ""
    var email = ""
    var saves = 0
    func save() {}
    func load() async throws {}
}

@Observable final class Store<Feature> {
    var count = 0
}

enum Search {}

final class ImageCache {
    func clear() {}
}

/// `$model.name` goes through `@Bindable`; the helper methods keep working with an optional chain.
struct ProfileForm: View {
    @State private var model = ProfileModel()

    var body: some View {
        Form {
            TextField("Name", text: $model.name)
            TextField("Email", text: $model.email)
            Button("Save") { save() }
        }
    }

    private func save() {
        model.save()
        model.saves += 1
    }

    private func reload() async {
        try? await model.load()
    }
}

/// Several properties in one view, `.init()` with a declared type, a generic class, and a
/// property declared optional already.
struct SearchView: View {
    @State private var store = Store<Search>()
    @State private var profile: ProfileModel = .init()
    @State private var cache = ImageCache()
    @State private var draft: ProfileModel? = ProfileModel()
    @State private var query = ""

    var body: some View {
        VStack(alignment: .leading) {
            TextField("Search", text: $query)
            Text("\(store.count) results for \(profile.name)")
            Text(draft?.name ?? "")
        }
    }

    func clear() {
        cache.clear()
        draft = nil
    }
}

/// A one-line body.
struct CountView: View {
    @State private var store = Store<Search>()
    var body: some View { Text("\(store.count)") }
}
