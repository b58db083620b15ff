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
	@State private var model: LibraryModel?

	var body: some View {
		ZStack {
			if let model {
				List(model.books, id: \.self) { Text($0) }
			}
		}
		.onAppear {
			if model == nil { model = LibraryModel(shelf: "fiction") }
		}
		.onDisappear { model = nil }
	}
}

/// An `.onAppear` at the end of the body that does not use the model takes the creation.
struct ShelfView: View {
	@State private var model: LibraryModel?
	@State private var visits = 0

	var body: some View {
		ZStack {
			if let model {
				VStack {
					Text(model.title)
						.font(.headline)
					Text("\(visits) visits")
				}
				.padding()
				.navigationTitle(model.title)
			}
		}
		.onAppear {
			if model == nil { model = LibraryModel(shelf: Shelf.defaultName) }
			visits += 1
		}
		.onDisappear { model = nil }
	}
}

enum Shelf {
	static let defaultName = "fiction"
}

/// A `.task` at the end takes it too; one that uses the model stays inside.
struct PlayerView: View {
	@State private var model: PlayerModel?
	@State private var library: LibraryModel?

	var body: some View {
		ZStack {
			if let model, let library {
				Text(model.track)
					.task { await library.refresh() }
			}
		}
		.task {
			if model == nil { model = PlayerModel() }
			if library == nil { library = LibraryModel(shelf: "music") }
			print("playing")
		}
		.onDisappear { model = nil; library = nil }
	}
}

/// An existing `.onDisappear` after the new creation takes the release.
struct HistoryView: View {
	@State private var tracker: Tracker?
	@State private var model: LibraryModel?

	var body: some View {
		ZStack {
			if let model {
				Text(model.title)
			}
		}
		.onAppear { if tracker == nil { tracker = Tracker() }; if model == nil { model = LibraryModel(shelf: "history") }; print("history") }
		.onDisappear {
			print("gone")
			self.tracker = nil
			self.model = nil
		}
	}

	func record() {
		tracker?.log("history")
	}
}
