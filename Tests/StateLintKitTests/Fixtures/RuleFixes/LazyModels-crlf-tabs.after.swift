import SwiftUI

@Observable final class ReaderModel {}
@Observable final class NotesModel {}

/// Models made on appear, with none of the guards or releases.
struct ReaderView: View {
	@State private var model: ReaderModel?
	@State private var notes: NotesModel?
	@State private var debug: NotesModel?
	@State private var title = ""

	var body: some View {
		VStack {
			Text(title)
				.font(.headline)
				.onAppear {
					title = "Reader" // set first
					if model == nil { model = ReaderModel() } // the reader's model
					#if DEBUG
					if self.debug == nil { self.debug = NotesModel() }
					#endif
				}
				.onDisappear { model = nil; debug = nil }
				.padding()
			List { Text("Notes") }.task { if notes == nil { notes = NotesModel() } }
				.onDisappear { notes = nil }
		}
	}
}
