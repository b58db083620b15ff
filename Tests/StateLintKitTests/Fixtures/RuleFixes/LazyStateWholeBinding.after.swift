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
    @State private var router: Router?

    var body: some View {
        ZStack {
            if let router {
                @Bindable var router = router
                VStack {
                    TextField("Title", text: $router.title)
                    RouterBar(router: Binding(get: { [router] in self.router ?? router }, set: { self.router = $0 }))
                    footer
                }
            }
        }
        .onAppear {
            if router == nil { router = Router() }
        }
        .onDisappear { router = nil }
    }

    @ViewBuilder private var footer: some View {
        if let router {
            RouterBar(router: Binding(get: { self.router ?? router }, set: { self.router = $0 }))
        }
    }
}

/// The same for a class that is not `@Observable`: no `@Bindable` is needed for a whole binding.
struct SelectionView: View {
    @State private var selection: Selection?

    var body: some View {
        ZStack {
            if let selection {
                SelectionRow(selection: Binding(get: { self.selection ?? selection }, set: { self.selection = $0 }))
            }
        }
        .onAppear {
            if selection == nil { selection = Selection() }
        }
        .onDisappear { selection = nil }
    }
}

/// Only a member uses `$router.title`: the member's `if let` gets `@Bindable`, `body`'s does not.
struct RouterHeader: View {
    @State private var router: Router?

    var body: some View {
        ZStack {
            if let router {
                VStack {
                    Text(router.title)
                    editor
                }
            }
        }
        .onAppear {
            if router == nil { router = Router() }
        }
        .onDisappear { router = nil }
    }

    @ViewBuilder private var editor: some View {
        if let router {
            @Bindable var router = router
            VStack {
                TextField("Title", text: $router.title)
                RouterBar(router: Binding(get: { [router] in self.router ?? router }, set: { self.router = $0 }))
            }
        }
    }
}
