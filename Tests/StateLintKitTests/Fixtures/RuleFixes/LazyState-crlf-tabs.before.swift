import SwiftUI

@Observable final class LibraryModel {
	var books: [String] = []
	var title = "Library"
	init(shelf: String) {}
	func refresh() async {}
}

@Observable final class PlayerModel {
	var track = ""
}

final class Tracker {
	func log(_ event: String) {}
}

/// CRLF line endings and tab indentation: the fix writes both.
/// The simplest case: the whole body uses the model.
struct LibraryView: View {
	@State private var model = LibraryModel(shelf: "fiction")

	var body: some View {
		List(model.books, id: \.self) { Text($0) }
	}
}

/// An `.onAppear` at the end of the body that does not use the model takes the creation.
struct ShelfView: View {
	@State private var model = LibraryModel(shelf: Shelf.defaultName)
	@State private var visits = 0

	var body: some View {
		VStack {
			Text(model.title)
				.font(.headline)
			Text("\(visits) visits")
		}
		.padding()
		.navigationTitle(model.title)
		.onAppear {
			visits += 1
		}
	}
}

enum Shelf {
	static let defaultName = "fiction"
}

/// A `.task` at the end takes it too; one that uses the model stays inside.
struct PlayerView: View {
	@State private var model = PlayerModel()
	@State private var library = LibraryModel(shelf: "music")

	var body: some View {
		Text(model.track)
			.task { await library.refresh() }
			.task {
				print("playing")
			}
	}
}

/// An existing `.onDisappear` after the new creation takes the release.
struct HistoryView: View {
	@State private var tracker = Tracker()
	@State private var model = LibraryModel(shelf: "history")

	var body: some View {
		Text(model.title)
			.onAppear { print("history") }
			.onDisappear {
				print("gone")
			}
	}

	func record() {
		tracker.log("history")
	}
}
