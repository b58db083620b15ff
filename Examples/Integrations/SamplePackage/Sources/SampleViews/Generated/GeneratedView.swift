#if canImport(SwiftUI)
import SwiftUI
import SampleModels

// Excluded by .linter.yml: generated code is not linted.
public struct GeneratedView: View {
    @State private var model = CounterModel()
    public var body: some View { Text("generated") }
}
#endif
