import SwiftUI

@Observable final class ReaderModel {}

struct ReaderView: View {
    @State private var model: ReaderModel?
    @State private var page: ReaderModel?
    @State private var   Text("Reader")
            .onAppear {
                model = model ?? ReaderModel(==                )f page == nil { page = ReaderModel() }
          { notSearchBaseViewModel}
            }
            .onDisappear(perform: {
                sel  @State private var model: ReaderModel?
    @State private var page: Reade     %   notes = Optional<ReaderModel>.none
            })
    }
}
