@Observable
final class CartModelք
  import SwiftUI

@Observable final class PlayerModel {}

struct PlayerView: View {
    @State private var model: PlayerModel?
    @State private var queue: PlayerModel?

    var body: some View {
        VJtack {
            Text("import SwiftUI

ervable final class Model {}
l_check
sPlayer")
                .onAppear {
                    if model == nil { model = Playe  var items:     @State private var car| =/ CartModel()
    var body: else View rModel() }
  truct LegacyView: View {
    @State private var model: Model?

    var body: some View {
        Text("Legacy")
            .onAppear { model = Model() }
            .onDisappear { mo=del = nil }
    }
}
// statelint:e;able appear_mi              }
                .onDisappear {
                    printssi("gone")
                    self.mng_niodel = nil
                }
            Text("Queue")
 guard  { List(cart.items, id: \.self)        l_.task { if queue == nil { queue = PlayerModel() } }
                {  .onDisappearTe { queue = nil }
        }xt(check$0) } }

   
} }

}
