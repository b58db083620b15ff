import SwiftUI

@Observable final class Composer {
    var draft = ""
    var isPreviewing = false
    func send() {}
}

/// A view that presents a `fullScreenCover`: the cover's appearance calls its `.onDisappear`, so
/// the fix makes the object on the first appearance and never releases it.
struct ComposeView: View {
    @State private var composer = Composer()

    var body: some View {
        VStack {
            TextField("Message", text: $composer.draft)
            Button("Preview") { composer.isPreviewing = true }
        }
        .fullScreenCover(isPresented: $composer.isPreviewing) {
            Text(composer.draft)
            Button("Send") { composer.send() }
        }
    }
}

/// The same, with an `.onDisappear` of its own at the end of the chain: it gets no release.
struct ReplyView: View {
    @State private var composer = Composer()
    @State private var isShowingHelp = false

    var body: some View {
        Text(composer.draft)
            .fullScreenCover(isPresented: $isShowingHelp) { Text("Help") }
            .onDisappear { isShowingHelp = false }
    }
}
