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
    @State private var model: ProfileModel?

    var body: some View {
        ZStack {
            if let model {
                @Bindable var model = model
                Form {
                    TextField("Name", text: $model.name)
                    TextField("Email", text: $model.email)
                    Button("Save") { save() }
                }
            }
        }
        .onAppear {
            if model == nil { model = ProfileModel() }
        }
        .onDisappear { model = nil }
    }

    private func save() {
        model?.save()
        model?.saves += 1
    }

    private func reload() async {
        try? await model?.load()
    }
}

/// Several properties in one view, `.init()` with a declared type, a generic class, and a
/// property declared optional already.
struct SearchView: View {
    @State private var store: Store<Search>?
    @State private var profile: ProfileModel?
    @State private var cache: ImageCache?
    @State private var draft: ProfileModel?
    @State private var query = ""

    var body: some View {
        ZStack {
            if let store, let profile {
                VStack(alignment: .leading) {
                    TextField("Search", text: $query)
                    Text("\(store.count) results for \(profile.name)")
                    Text(draft?.name ?? "")
                }
            }
        }
        .onAppear {
            if store == nil { store = Store<Search>() }
            if profile == nil { profile = ProfileModel() }
            if cache == nil { cache = ImageCache() }
            if draft == nil { draft = ProfileModel() }
        }
        .onDisappear { store = nil; profile = nil; cache = nil; draft = nil }
    }

    func clear() {
        cache?.clear()
        draft = nil
    }
}

/// A one-line body.
struct CountView: View {
    @State private var store: Store<Search>?
    var body: some View { ZStack { if let store { Text("\(store.count)") } }.onAppear { if store == nil { store = Store<Search>() } }.onDisappear { store = nil } }
}
