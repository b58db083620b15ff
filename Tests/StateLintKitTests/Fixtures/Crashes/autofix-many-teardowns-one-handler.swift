import SwiftUI

final class Loader: ObservableObject {}

// Seven optionals created in one `.onAppear`: each needs `x = nil` in the same new
// `.onDisappear`. Fixed one per round, this took seven `--fix` rounds (more than FixRounds
// allows); the teardown fix now releases all of them at once.
struct Dashboard: View {
    @State private var p1: Loader?
    @State private var p2: Loader?
    @State private var p3: Loader?
    @State private var p4: Loader?
    @State private var p5: Loader?
    @State private var p6: Loader?
    @State private var p7: Loader?

    var body: some View {
        Color.clear
            .onAppear {
                p1 = Loader()
                p2 = Loader()
                p3 = Loader()
                p4 = Loader()
                p5 = Loader()
                p6 = Loader()
                p7 = Loader()
            }
            .task {
                if p1 == nil { p1 = Loader() }
            }
            .onDisappear {
                print("gone")
            }
    }
}
