"""SwiftUI view files: a main view carrying its planted scenarios, row views and previews."""

from . import lifecycle, object_scenarios, task_scenarios
from .lifecycle import Plan
from .object_scenarios import ObjectPlan
from .rules import INLINE, APPEAR, OBSERVED, IN_STATE, TASK
from .snippets import SF_SYMBOLS, WORDS, UNICODE_TEXTS, doc_comment, text_literal, statement_noise, decoy
from .task_scenarios import TaskPlan
from .writer import SwiftFile, NEAR_MISS, Statement


def write_value_states(rng, reg, f, feature, plan):
    """Ordinary @State properties (value types, shared instances, @StateObject): near-misses."""
    def state(text, label, rules=(INLINE,)):
        f.add(1, text)
        for rule in rules:
            f.mark(NEAR_MISS, rule, "@", label)

    state(f"@State private var items: [{feature.item}] = []", "empty_array")
    state('@State private var query = ""', "string_literal")
    state("@State private var isShowingSheet = false", "bool_literal")
    state("@State private var count = 0", "int_literal")
    state(f"@State private var selection: {feature.filter} = .all", "enum_case")
    extras = [
        ("@State private var point = CGPoint()", "value_type_init"),
        ("@State private var date = Date()", "value_type_init"),
        ("@State private var path = NavigationPath()", "value_type_init"),
        (f"@State private var loadState: {feature.load_state} = .idle", "enum_case"),
        ("@State private var scores: [String: Int] = [:]", "empty_dictionary"),
        ("@State private var größe = 2", "unicode_identifier"),
        ("@State private var lastError: (any Error)?", "optional_no_value"),
    ]
    if feature.value_models:
        draft = rng.choice(feature.value_models)
        extras.append((f"@State private var draft = {draft}()", "value_model_struct", (INLINE, IN_STATE)))
    if feature.shared_classes:
        shared = rng.choice(feature.shared_classes)
        extras.append((f"@State private var sharedModel = {shared}.shared", "shared_instance"))
    if feature.object_classes and plan.scenario != "inline_object":
        extras.append((f"@StateObject private var objectModel = {feature.object_classes[0]}()", "state_object",
                       (INLINE, IN_STATE, OBSERVED)))
    for extra in rng.sample(extras, rng.randint(1, min(4, len(extras)))):
        state(*extra)


def write_element(rng, f, depth, feature, level):
    """One view expression (recursive for containers), with a modifier or two."""
    leaf = level >= 3 or rng.random() < 0.35
    if leaf:
        kind = rng.randrange(9)
        if kind == 0:
            f.add(depth, f"Text({text_literal(rng, 'title', 'items')})")
        elif kind == 1:
            f.add(depth, f'Label("{rng.choice(WORDS)}", systemImage: "{rng.choice(SF_SYMBOLS)}")')
        elif kind == 2:
            f.add(depth, f'Button("{rng.choice(WORDS)}") {{\n    count += 1\n}}')
        elif kind == 3:
            f.add(depth, f'Toggle("{rng.choice(WORDS)}", isOn: $isShowingSheet)')
        elif kind == 4:
            f.add(depth, f'TextField("Search", text: $query)\n    .textFieldStyle(.roundedBorder)')
        elif kind == 5:
            f.add(depth, f'Image(systemName: "{rng.choice(SF_SYMBOLS)}")\n    .imageScale(.large)\n    .foregroundStyle(.tint)')
        elif kind == 6:
            f.add(depth, f'Text("{rng.choice(UNICODE_TEXTS)}")\n    .font(.caption)')
        elif kind == 7:
            f.add(depth, f"Picker(\"Filter\", selection: $selection) {{")
            f.add(depth + 1, f"ForEach({feature.filter}.allCases) {{ filter in\n    Text(filter.rawValue.capitalized).tag(filter)\n}}")
            f.add(depth, "}\n.pickerStyle(.segmented)")
        else:
            f.add(depth, "Button {\n    Task { await refresh() }\n} label: {")
            f.mark(NEAR_MISS, TASK, "Task", "button_action", lines_back=1)
            f.add(depth + 1, f'Label("Refresh", systemImage: "arrow.clockwise")')
            f.add(depth, "}")
        return
    kind = rng.randrange(8)
    if kind == 0:
        f.add(depth, f"VStack(alignment: .leading, spacing: {rng.choice([4, 8, 12])}) {{")
    elif kind == 1:
        f.add(depth, "HStack {")
    elif kind == 2:
        f.add(depth, "List {")
    elif kind == 3:
        f.add(depth, f'Section("{rng.choice(WORDS)}") {{')
    elif kind == 4:
        f.add(depth, "ForEach(items) { item in")
        f.add(depth + 1, "NavigationLink(value: item) {")
        f.add(depth + 2, 'Text(item.title)\n    .strikethrough(item.isDone)')
        f.add(depth + 1, "}")
    elif kind == 5:
        f.add(depth, "if items.isEmpty {")
        f.add(depth + 1, 'ContentUnavailableView("Nothing here", systemImage: "tray")')
        f.add(depth, "} else {")
    elif kind == 6:
        f.add(depth, "Form {")
    else:
        f.add(depth, "ScrollView {\n    LazyVStack {")
        depth += 1
    for _ in range(rng.randint(1, 3)):
        write_element(rng, f, depth + 1, feature, level + 1)
    if kind == 7:
        f.add(depth, "}")
        depth -= 1
    f.add(depth, "}")
    if rng.random() < 0.4:
        f.add(depth, rng.choice([".padding()", ".font(.headline)", ".frame(maxWidth: .infinity, alignment: .leading)",
                                 '.accessibilityLabel("Section")', ".animation(.default, value: count)"]))


def write_benign_modifiers(rng, f, depth, feature):
    options = [
        f".navigationTitle(title)",
        ".searchable(text: $query)",
        ".sheet(isPresented: $isShowingSheet) {\n    NavigationStack {\n        Text(\"Editor\")\n    }\n}",
        ".toolbar {\n    ToolbarItem(placement: .primaryAction) {\n        Button(\"Add\", systemImage: \"plus\") { count += 1 }\n    }\n}",
        ".refreshable {\n    await refresh()\n}",
        ".task(id: selection) {\n    await reload(for: selection)\n}",
        ".onAppear(perform: load)",
        ".onChange(of: query) { _, newValue in\n    print(\"query changed: \\(newValue)\")\n}",
        f".navigationDestination(for: {feature.route}.self) {{ route in\n    switch route {{\n    case .detail(let id):\n        Text(\"\\(id)\")\n    case .settings:\n        Text(\"Settings\")\n    case let .search(query, page):\n        Text(\"\\(query) page \\(page)\")\n    }}\n}}",
    ]
    for text in rng.sample(options, rng.randint(2, 5)):
        f.add(depth, text)


def write_near_miss_appear(rng, f, depth):
    """Assigning a value type in `.onAppear` is fine: near-miss for the appear rule."""
    f.add(depth, ".onAppear {")
    f.add_marked(depth + 1, "date = Date()", NEAR_MISS, APPEAR, "date", "value_type_assignment")
    f.add(depth, "}")


def write_helpers(rng, f, feature, plan):
    f.add(1, "")
    f.add(1, "private func load() {\n    count += 1\n}\n")
    f.add(1, "private func refresh() async {")
    f.add(2, "try? await Task.sleep(for: .milliseconds(200))")
    for _ in range(rng.randint(0, 3)):
        statement_noise(rng, f, 2, {"item": feature.item})
    if rng.random() < 0.25:
        decoy(rng, f, 2, plan.model, INLINE, APPEAR)
    f.add(1, "}\n")
    f.add(1, f"private func reload(for filter: {feature.filter}) async {{")
    f.add(2, "guard !Task.isCancelled else { return }")
    f.add(2, "if let first = items.first(where: { $0.isDone == (filter == .done) }) {\n    print(first.title)\n}")
    f.add(1, "}")


def write_init(f, plan, objects):
    """One init for every scenario that sets a property in it; one line when the object scenario asks."""
    lifecycle_params, lifecycle_statements = lifecycle.init_parts(plan)
    object_params, object_statements = object_scenarios.init_parts(objects)
    params, statements = lifecycle_params + object_params, lifecycle_statements + object_statements
    if not statements:
        return
    f.add(1, "")
    head = f"init({', '.join(params)}) {{"
    if object_statements and objects.one_line_init:
        # Non-ASCII text before the planted assignment on its line (byte columns).
        f.add_one_line(1, head + " ", [Statement(object_scenarios.NON_ASCII_PRINT)] + statements, " }")
        return
    f.add(1, head)
    f.add_statements(2, statements)
    f.add(1, "}")


def make_plans(rng, reg, feature, name, scenarios):
    """The lifecycle, object and task plans of the main view `name` with these scenarios."""
    return (Plan(rng, reg, feature, scenarios.lifecycle), ObjectPlan(rng, reg, feature, scenarios.objects, name),
            TaskPlan(rng, scenarios.tasks))


def write_main_view(rng, reg, f, feature, name, plan, objects, tasks):
    f.add(0, doc_comment(rng, name))
    f.add(0, f"struct {name}: View {{")
    if rng.random() < 0.5:
        f.add(1, "@Environment(\\.dismiss) private var dismiss")
    if rng.random() < 0.3:
        f.add(1, f"@Environment({plan.model}.self) private var environmentModel")
    lifecycle.write_property(f, plan)
    object_scenarios.write_property(f, objects)
    task_scenarios.write_property(f, tasks)
    write_value_states(rng, reg, f, feature, plan)
    if plan.scenario == "inline_init_form":
        f.add(1, "var title: String")
    else:
        f.add(1, f'var title: String = "{rng.choice(WORDS)}"')
    write_init(f, plan, objects)
    f.add(0, "")
    f.add(1, "var body: some View {")
    stacked = rng.random() < 0.5
    depth = 2
    if stacked:
        f.add(2, "NavigationStack(path: $path) {" if "NavigationPath()" in "\n".join(f.lines) else "NavigationStack {")
        depth = 3
        plan.makes_navigation = True
    f.add(depth, "VStack {")
    for _ in range(rng.randint(2, 4)):
        write_element(rng, f, depth + 1, feature, 1)
    lifecycle.write_button_creation(f, plan, depth + 1)
    task_scenarios.write_body_elements(f, tasks, depth + 1)
    f.add(depth, "}")
    if stacked:
        f.add(depth, f".navigationTitle(title)")
        f.add(2, "}")
    handlers = [lambda d: write_benign_modifiers(rng, f, d, feature),
                lambda d: lifecycle.write_appear_handler(f, plan, d),
                lambda d: lifecycle.write_disappear_handler(f, plan, d),
                lambda d: lifecycle.write_local_let_handler(f, plan, d),
                lambda d: object_scenarios.write_handlers(f, objects, d),
                lambda d: task_scenarios.write_handlers(f, tasks, d)]
    if rng.random() < 0.15:
        handlers.append(lambda d: write_near_miss_appear(rng, f, d))
    rng.shuffle(handlers)
    for handler in handlers:
        handler(2)
    f.add(1, "}")
    write_helpers(rng, f, feature, plan)
    task_scenarios.write_methods(f, tasks)
    f.add(0, "}\n")
    task_scenarios.write_extension(f, tasks, name)
    object_scenarios.write_companion_type(f, objects)


def write_row_view(rng, reg, f, feature, name):
    f.add(0, f"private struct {name}: View {{" if rng.random() < 0.5 else f"struct {name}: View {{")
    f.add(1, f"let item: {feature.item}")
    f.add(1, "@Binding var count: Int")
    f.add_marked(1, "@State private var isExpanded = false", NEAR_MISS, INLINE, "@State", "bool_literal")
    f.add(1, f"private let title: String\nprivate let items: [{feature.item}] = []\n@State private var query = \"\"")
    f.add(1, "@State private var isShowingSheet = false")
    f.add(1, f"@State private var selection: {feature.filter} = .all\n")
    f.add(1, f"init(item: {feature.item}, count: Binding<Int>) {{")
    f.add(2, "self.item = item\nself._count = count\nself.title = item.title")
    f.add(1, "}\n")
    f.add(1, "var body: some View {")
    f.add(2, "DisclosureGroup(isExpanded: $isExpanded) {")
    for _ in range(rng.randint(1, 3)):
        write_element(rng, f, 3, feature, 1)
    f.add(2, "} label: {")
    f.add(3, f'Text("\\(item.title) — \\(item.price, format: .currency(code: "EUR"))")')
    f.add(2, "}")
    f.add(2, f".contextMenu {{\n    Button(\"Delete\", role: .destructive) {{ count -= 1 }}\n}}")
    f.add(1, "}\n")
    f.add(1, "private func refresh() async {\n    count += 1\n}")
    f.add(0, "}\n")


def write_preview(rng, reg, f, feature, main_name):
    model = reg.any_model_class(feature)
    if rng.random() < 0.5:
        f.add(0, "#Preview {")
        f.add_marked(1, f"@Previewable @State var model = {model}()", NEAR_MISS, INLINE, "@State", "previewable")
        f.add(1, f"{main_name}()\n    .environment(model)")
        f.add(0, "}")
    else:
        f.add(0, f'#Preview("{rng.choice(WORDS)}", traits: .sizeThatFitsLayout) {{')
        f.add(1, f"{main_name}()\n    .preferredColorScheme(.dark)")
        f.add(0, "}")


def view_file(rng, reg, feature, rel_path, name, scenarios, target_lines):
    """`scenarios`: the main view's lifecycle scenario and its object and task scenarios (or None)."""
    f = SwiftFile(rel_path)
    f.add(0, "import SwiftUI" + ("\nimport Observation" if rng.random() < 0.3 else "") + "\n")
    write_main_view(rng, reg, f, feature, name, *make_plans(rng, reg, feature, name, scenarios))
    index = 0
    while f.line_count < target_lines - 10:
        write_row_view(rng, reg, f, feature, f"{name}Row{index if index else ''}")
        index += 1
    if rng.random() < 0.25:
        f.add(0, f"#if DEBUG\nextension {name} {{\n    static var sample: {name} {{ {name}() }}\n}}\n#endif\n")
    if rng.random() < 0.75:
        write_preview(rng, reg, f, feature, name)
    return f
