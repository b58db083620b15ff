"""Small Swift fragments shared by the file generators: literals, comments, decoys."""

from .writer import NEAR_MISS

SF_SYMBOLS = ["star", "heart.fill", "cart", "person.crop.circle", "gearshape", "trash", "plus",
              "magnifyingglass", "bell.badge", "chevron.right", "square.and.arrow.up", "bookmark"]
WORDS = ["Overview", "Details", "Recent", "Favorites", "Archive", "Shared", "Drafts", "Upcoming",
         "Popular", "Nearby", "Pinned", "History", "Summary", "Highlights"]
UNICODE_TEXTS = ["Grüße aus Köln", "Café crème ☕️", "日本語のテキスト", "Ελληνικά", "naïve façade",
                 "Привет, мир", "emoji 🚀✨", "Ünïcödé ñ", "한국어 문장", "déjà vu"]
UNICODE_IDENTIFIERS = ["größe", "naïveCount", "café", "résumé", "straße", "π", "δx", "zähler"]


def doc_comment(rng, subject):
    templates = [
        f"/// Shows the {subject} and keeps it in sync with the store.",
        f"/// The {subject} screen.\n///\n/// - Note: Data loads lazily when the view appears.",
        f"/// A reusable row for the {subject} list.",
        f"/**\n Presents the {subject}.\n\n - Parameter title: shown in the navigation bar.\n */",
    ]
    return rng.choice(templates)


def text_literal(rng, value_name="title", collection="items"):
    """A string literal expression, often interpolated, sometimes nested or unicode."""
    options = [
        f'"{rng.choice(WORDS)}"',
        f'"\\({value_name})"',
        f'"{rng.choice(WORDS)}: \\({collection}.count)"',
        f'"Total: \\({collection}.map {{ "\\($0.title) (\\($0.isDone ? "done" : "open"))" }}.joined(separator: ", "))"',
        f'"{rng.choice(UNICODE_TEXTS)}"',
        f'"\\({value_name}) — \\("\\({collection}.count) items")"',
        f'String(localized: "{rng.choice(WORDS)} \\({collection}.count)")',
        '#"Path: C:\\Users\\#(NSUserName())"#',
        '##"He said "#hello"#"##',
    ]
    return rng.choice(options)


def statement_noise(rng, f, depth, names):
    """Adds 1-6 lines of ordinary function-body code (no planted constructs)."""
    item = names["item"]
    choice = rng.randrange(12)
    if choice == 0:
        f.add(depth, f"let sorted = items.sorted(using: KeyPathComparator(\\{item}.date, order: .reverse))")
        f.add(depth, "let titles = sorted.map(\\.title)")
        f.add(depth, "print(titles.prefix(3))")
    elif choice == 1:
        f.add(depth, "guard let first = items.first else { return }")
        f.add(depth, 'print("first: \\(first.title), price: \\(first.price.formatted(.number))")')
    elif choice == 2:
        f.add(depth, "if let match = query.firstMatch(of: /order-(\\d+)/) {")
        f.add(depth + 1, "print(match.1)")
        f.add(depth, "}")
    elif choice == 3:
        f.add(depth, "let pattern = #/[a-z]+\\/(?<id>\\d{2,})/#")
        f.add(depth, "_ = query.contains(pattern)")
    elif choice == 4:
        f.add(depth, "let message = \"\"\"")
        f.add(depth, "Hello \\(query),")
        f.add(depth, "you have \\(items.count) items and \\(items.filter(\\.isDone).count) are done.")
        f.add(depth, "Escaped \\\\(not interpolated) and a quote: \\\"")
        f.add(depth, "\"\"\"")
        f.add(depth, "print(message)")
    elif choice == 5:
        ident = rng.choice(UNICODE_IDENTIFIERS)
        f.add(depth, f"let {ident} = {rng.randint(1, 99)}")
        f.add(depth, f'print("{rng.choice(UNICODE_TEXTS)}", {ident})')
    elif choice == 6:
        f.add(depth, "/* Block comment /* with a nested one */ still inside the outer comment. */")
        f.add(depth, "let total = items.reduce(0) { $0 + $1.price }")
        f.add(depth, "print(total)")
    elif choice == 7:
        f.add(depth, "for (index, entry) in items.enumerated() where entry.isDone {")
        f.add(depth + 1, "print(index, entry.id)")
        f.add(depth, "}")
    elif choice == 8:
        f.add(depth, "let grouped = Dictionary(grouping: items, by: \\.isDone)")
        f.add(depth, "print(grouped[true]?.count ?? 0, grouped[false]?.count ?? 0)")
    elif choice == 9:
        f.add(depth, "#if DEBUG")
        f.add(depth, 'print("debug: \\(items.count) items, query=\\(query)")')
        f.add(depth, "#else")
        f.add(depth, "_ = items.isEmpty")
        f.add(depth, "#endif")
    elif choice == 10:
        f.add(depth, "switch items.count {")
        f.add(depth, "case 0: print(\"empty\")")
        f.add(depth, "case 1...9: print(\"few\")")
        f.add(depth, "default: print(\"many\")")
        f.add(depth, "}")
    else:
        f.add(depth, "let raw = #\"{\"id\": \"\\#(query)\", \"count\": \\#(items.count)}\"#")
        f.add(depth, "print(raw)  // raw string: \\( is literal here")


def decoy(rng, f, depth, model, rule_inline, rule_appear):
    """Code that looks like a bug but sits in a comment or a string (a near-miss for the linter)."""
    choice = rng.randrange(6)
    if choice == 0:
        f.add_marked(depth, f"// Don't write `@State private var model = {model}()`: it is re-created on every init.",
                     NEAR_MISS, rule_inline, "@State", "comment")
    elif choice == 1:
        f.add_marked(depth, f'let antiPattern = "@State var model = {model}()"',
                     NEAR_MISS, rule_inline, "@State", "string")
    elif choice == 2:
        f.add(depth, "/* Old code, kept for reference:")
        f.add(depth, " .onAppear {")
        f.add_marked(depth, f"     model = {model}()", NEAR_MISS, rule_appear, "model", "block_comment")
        f.add(depth, " } /* nested */ end of old code */")
    elif choice == 3:
        f.add(depth, "let snippet = \"\"\"")
        f.add(depth, ".task {")
        f.add_marked(depth, f"    model = {model}()", NEAR_MISS, rule_appear, "model", "multiline_string")
        f.add(depth, "}")
        f.add(depth, "\"\"\"")
        f.add(depth, "print(snippet)")
    elif choice == 4:
        f.add_marked(depth, f"/// Example: `@State var store = {model}()` creates a new store on every init.",
                     NEAR_MISS, rule_inline, "@State", "doc_comment")
    else:
        f.add_marked(depth, f'let explanation = #"@State var model = {model}() is re-evaluated"#',
                     NEAR_MISS, rule_inline, "@State", "raw_string")
