import SwiftUI

/// Owns its editor, but declared it `@ObservedObject`: every re-render of the tab bar resets it.
struct ProfileView: View {
    @ObservedObject var editor = ProfileEditor()

    var body: some View {
        Form {
            TextField("Name", text: $editor.name)
        }
    }
}
