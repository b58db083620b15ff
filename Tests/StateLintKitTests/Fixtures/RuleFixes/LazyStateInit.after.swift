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
    @State private var session: Session?
    private let makeSession: () -> Session
    let title: String

    init(user: String, title: String) {
        self.title = title
        makeSession = { Session(user: user) }
    }

    var body: some View {
        ZStack {
            if let session {
                Text("\(title): \(session.user)")
            }
        }
        .onAppear {
            if session == nil { session = makeSession() }
        }
        .onDisappear { session = nil }
    }
}

/// Two initializers, one handing over to the other; a `@MainActor` class; `self._feed`.
struct FeedView: View {
    @State private var feed: Feed?
    private let makeFeed: () -> Feed

    init(source: String) {
        self.makeFeed = { Feed(source: source) }
    }

    init() {
        self.init(source: "home")
    }

    var body: some View {
        ZStack {
            if let feed {
                List(feed.posts, id: \.self) { Text($0) }
            }
        }
        .onAppear {
            if feed == nil { feed = makeFeed() }
        }
        .onDisappear { feed = nil }
    }
}

/// Used only by a member that makes a view: `body` still goes in a `ZStack`, so that the
/// `.onAppear` making the object runs (on the member alone, empty until then, it never would).
struct WelcomeView: View {
    @State private var session: Session?
    private let makeSession: () -> Session

    init(user: String) {
        makeSession = { Session(user: user) }
    }

    var body: some View {
        ZStack {
            content
                .padding()
        }
        .onAppear {
            if session == nil { session = makeSession() }
        }
        .onDisappear { session = nil }
    }

    @ViewBuilder private var content: some View {
        if let session {
            Text(session.user)
        }
    }
}
