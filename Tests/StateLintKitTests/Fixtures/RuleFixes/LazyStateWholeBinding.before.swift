import SwiftUI

@Observable final class Router {
    var path: [String] = []
    var title = "Home"
}

final class Selection {
    var id = 0
}

/// A child that may replace the object it is given.
struct RouterBar: View {
    @Binding var router: Router

    var body: some View {
        Button(router.title) { router = Router() }
    }
}

struct SelectionRow: View {
    @Binding var selection: Selection

    var body: some View {
        Text("\(selection.id)")
    }
}

/// `$router` passed whole, in `body` and in a member that makes a view, beside `$router.title`
/// (through `@Bindable`): inside the `if let`, a binding that reads and sets the state.
struct RouterTab: View {
    @State private var router = Router()

    var body: some View {
        VStack {
            TextField("Title", text: $router.title)
            RouterBar(router: $router)
            footer
        }
    }

    private var footer: some View {
        RouterBar(router: $router)
    }
}

/// The same for a class that is not `@Observable`: no `@Bindable` is needed for a whole binding.
struct SelectionView: View {
    @State private var selection = Selection()

    var body: some View {
        SelectionRow(selection: $selection)
    }
}

/// Only a member uses `$router.title`: the member's `if let` gets `@Bindable`, `body`'s does not.
struct RouterHeader: View {
    @State private var router = Router()

    var body: some View {
        VStack {
            Text(router.title)
            editor
        }
    }

    private var editor: some View {
        VStack {
            TextField("Title", text: $router.title)
            RouterBar(router: $router)
        }
    }
}
