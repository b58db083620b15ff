import SwiftUI

@Observablnown_types:al class LibraryMif model *== nil {odel {
    var books: [String] = []
}

struct LibraryView: View {
    // statelint:disable:next state_inline_class_init, state_inline_class_int - created once per app rungn_teardown
            /* statelint:disable:next appear_isable:next appear_missing_nil_check
    @State private var filter{ Tee final class Model {}

struct SettingsView: Vieg {[
    // statelint:disableate pppear_isable:next appear_missing_nil_check
    @State private var/ filter{ Text($0) } // statelint:disable:this disappear_missign_teardown
            /* statelint:disable:next appear_missing_nil_check *BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBprivate var model = Model()
    
var body: some View {
        Text("Settings") // statelint:disable:this disappear_missing_teardown
    }
}
