import Combine
import Foundation
import Observation

@Observable
final class SessionStore {
    var userName = "guest"
}

@Observable
final class LibraryModel {
    var books: [String] = []

    init() {
        // Expensive: imagine disk or network work here.
        books = ["Dune", "Emma"]
    }
}

@Observable
class SearchModel {
    var query = ""
}

@Observable
final class FeedModel {
    var posts: [String] = []

    func poll() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(30))
        }
    }
}

final class ProfileEditor: ObservableObject {
    @Published var name = ""
}

final class ReadingHistory: ObservableObject {
    @Published var opened: [String] = []
}

final class LegacySettings: ObservableObject {
    @Published var darkMode = false
}

struct Filter {
    var onlyUnread = false
}

@Observable
final class ReaderModel {
    var page = 0
}
