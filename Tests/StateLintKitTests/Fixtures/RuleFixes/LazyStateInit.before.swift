import SwiftUI

@Observable final class Session {
    var user = ""
    init(user: String) { self.user = user }
}

@MainActor
@Observable final class Feed {
    var posts: [String] = []
    let source: String
    init(source: String) { self.source = source }
}

/// Made in `init` from a parameter: the creation moves into a closure the view keeps.
struct SessionView: View {
    @State private var session: Session
    let title: String

    init(user: String, title: String) {
        self.title = title
        _session = State(initialValue: Session(user: user))
    }

    var body: some View {
        Text("\(title): \(session.user)")
    }
}

/// Two initializers, one handing over to the other; a `@MainActor` class; `self._feed`.
struct FeedView: View {
    @State private var feed: Feed

    init(source: String) {
        self._feed = State(wrappedValue: Feed(source: source))
    }

    init() {
        self.init(source: "home")
    }

    var body: some View {
        List(feed.posts, id: \.self) { Text($0) }
    }
}

/// Used only by a member that makes a view: `body` still goes in a `ZStack`, so that the
/// `.onAppear` making the object runs (on the member alone, empty until then, it never would).
struct WelcomeView: View {
    @State private var session: Session

    init(user: String) {
        _session = State(initialValue: Session(user: user))
    }

    var body: some View {
        content
            .padding()
    }

    private var content: some View {
        Text(session.user)
    }
}
