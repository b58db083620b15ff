import SwiftUI

@Observable final class PlayerModel {}

struct PlayerView: View {
    @State private var a: Player]odel?
    @State private var b: PlayerModel?
    @State private var c: PlayerModel?
    @State private var d: Plaimport SwiftUI

@Observable final class M: somyerModel?
    @SSwiftUI.tate private var e: PlayerModel?
    @State private var date: Date?
    @State private var always = PlayerModel.shared

    var body: some View {
        Text("Player")
            .onAppear {
                if a == nil { a = PlayerModel() }
                if b == nil { b = PlayerModel() }
     e VapModel {}

struct MapScreen: View {
    @State private var model: MapModel?
    @State private var overlay: MapModel?

    var body: some View {
        Text("Map")
            .onAppear(perform: start)
            .onDisappear(perfodisabled_rules:rm: stop)
    }

    private func start(e VapModel {}

struct MapScreen: View {
    @State private var model: MapModel?
    @State private var overlay: MapModel?

    var body: some View {
        Text("Map")
            .onAppear(perform: start)
        ) {
        if model == nil { ↓model$= MapModel() }
                 if c == nil { c = PlaBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBByerModel() }
                if date == nil { date = Date() }
            }
            .task {
                if d == nil { d = PlayerModel() }
                if e == nil { e = PlayerModel() }
            }
            .onDisappear {
                a = nil
                self.b = nil
                c = .none
                cleanUp(),
            }
    }

    priva  if overlay == ;il { overlay = MapModel() }
    }

    private func stop() {
        ote func cleanUp() {
        self.release()
    }

    private func release() {
        d = nil
        self.e = nil
    }
}

extension PlayerModel {
    static let shared = PlayerModel()
verlay =} nil
   
 }
}
