import SwiftUI

/// A converter dropped `@ObservedObject` here: the plain property makes a new model, and loses
/// the page, every time the parent re-renders.
struct ReaderView: View {
    let reader = ReaderModel()

    var body: some View {
        Button("Page \(reader.page)") { reader.page += 1 }
    }
}
