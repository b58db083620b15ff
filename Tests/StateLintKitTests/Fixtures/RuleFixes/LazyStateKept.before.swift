import SwiftUI

@Observable final class Composer {
    var draft = ""
    var isPreviewing = false
    func send() {}
}

@Observable final class Router {
    var path: [String] = []
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

/// A view that makes a `NavigationStack`: a release would make the stack again when the view
/// comes back (its tab selected again), back at its root. The object is kept too. The
/// `.onOpenURL` at the end of the chain, which does not use it, stays outside the wrapper and
/// gets a URL that opens the app before the object is made.
struct InboxTab: View {
    @State private var router = Router()
    @State private var openedURL: URL?

    var body: some View {
        NavigationStack(path: $router.path) {
            Text("Inbox")
        }
        .onOpenURL { url in
            openedURL = url
        }
    }
}
