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
					model = ReaderModel() // the reader's model
					#if DEBUG
					self.debug = NotesModel()
					#endif
				}
				.padding()
			List { Text("Notes") }.task { notes = NotesModel() }
		}
	}
}
