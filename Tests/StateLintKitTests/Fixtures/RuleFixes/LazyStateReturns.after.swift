import SwiftUI

@Observable final class Recipe {
    var title = "Soup"
    var servings = 2
    var notes = ""
    var isFavorite = false
}

/// `body` and members that end with `return VIEW` after `let` and `var` declarations only
/// (`@Bindable var` too): inside the `if let` the `return` goes and the builder takes the view.
struct RecipeView: View {
    @State private var recipe: Recipe?

    var body: some View {
        ZStack {
            if let recipe {
                let heading = recipe.title
                VStack {
                    Text(heading)
                    header
                    servings(scale: 2)
                    notesField
                    badge
                }
            }
        }
        .onAppear {
            if recipe == nil { recipe = Recipe() }
        }
        .onDisappear { recipe = nil }
    }

    @ViewBuilder private var header: some View {
        if let recipe {
            let title = recipe.title.uppercased()
            Text(title)
        }
    }

    @ViewBuilder private func servings(scale: Int) -> some View {
        if let recipe {
            let count = recipe.servings * scale
            Text("\(count) servings")
        }
    }

    @ViewBuilder private var notesField: some View {
        if let recipe {
            @Bindable var editable = recipe
            TextField("Notes", text: $editable.notes)
        }
    }

    @ViewBuilder private var badge: some View { if let recipe { Text(recipe.isFavorite ? "★" : "☆") } }
}

/// Kept: `return` after an `if`, which is not a declaration.
struct RecipeCard: View {
    @State private var recipe = Recipe()

    var body: some View {
        title
    }

    private var title: some View {
        if recipe.title.isEmpty { print("untitled") }
        return Text(recipe.title)
    }
}

/// Kept: a local function, which no result builder takes.
struct RecipeRow: View {
    @State private var recipe = Recipe()

    var body: some View {
        title
    }

    private var title: some View {
        func shout(_ text: String) -> String { text.uppercased() }
        return Text(shout(recipe.title))
    }
}
