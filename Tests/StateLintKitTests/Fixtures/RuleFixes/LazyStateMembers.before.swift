import SwiftUI

@Observable final class Profile {
    var name = ""
    var bio = ""
    var tags: [String] = []
    func save() {}
    func log(_ text: String) {}
}

/// Members that make views from the object get an `if let` of their own (and `@ViewBuilder`);
/// a method that returns nothing starts with `guard let`. `body` goes in a `ZStack` all the same:
/// made of such members only, it would be empty while the object is nil, and an `.onAppear` on
/// an empty view never runs.
struct ProfileView: View {
    @State private var profile = Profile()
    @State private var saved = false

    var body: some View {
        VStack {
            header
            editor
            ForEach(0..<3) { index in
                tag(at: index)
            }
            Button("Save") { save() }
        }
    }

    private var header: some View {
        Text(profile.name).font(.title)
    }

    @ViewBuilder
    private var editor: some View {
        TextField("Name", text: $profile.name)
        TextField("Bio", text: $profile.bio)
    }

    private func tag(at index: Int) -> some View { Text(index < profile.tags.count ? profile.tags[index] : "") }

    private func save() {
        let name = profile.name
        profile.log(name)
        profile.save()
        saved = true
    }
}
