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
    @State private var recipe = Recipe()

    var body: some View {
        let heading = recipe.title
        return VStack {
            Text(heading)
            header
            servings(scale: 2)
            notesField
            badge
        }
    }

    private var header: some View {
        let title = recipe.title.uppercased()
        return Text(title)
    }

    private func servings(scale: Int) -> some View {
        let count = recipe.servings * scale
        return Text("\(count) servings")
    }

    private var notesField: some View {
        @Bindable var editable = recipe
        return TextField("Notes", text: $editable.notes)
    }

    private var badge: some View { return Text(recipe.isFavorite ? "★" : "☆") }
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
