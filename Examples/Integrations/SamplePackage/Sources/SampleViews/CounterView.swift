#if canImport(SwiftUI)
import SwiftUI
import SampleModels

// The class lives in another target; StateLint still knows it is a class because it indexes
// the whole package, not only the files it lints.
public struct CounterView: View {
    @State private var model = CounterModel()
    @State private var style = CounterStyle()

    public init() {}

    public var body: some View {
        Text("\(model.count)")
    }
}
#endif
