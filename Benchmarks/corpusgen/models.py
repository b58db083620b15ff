"""Non-view files: model classes, value types, services, extensions, core and app files."""

from .object_models import DIRECT, write_legacy_objects, write_conformance_extension
from .rules import INLINE, APPEAR, OBSERVED
from .snippets import decoy, statement_noise, doc_comment, UNICODE_TEXTS
from .writer import SwiftFile, NEAR_MISS


def names_for(feature):
    return {"item": feature.item}


def write_shared_types(f, feature):
    """The value types every view of the feature uses: item, filter, route, load state."""
    f.add(0, f"struct {feature.item}: Identifiable, Hashable, Codable, Sendable {{")
    f.add(1, "let id: UUID\nvar title: String\nvar isDone: Bool\nvar date: Date\nvar price: Double")
    f.add(0, "}\n")
    f.add(0, f"enum {feature.filter}: String, CaseIterable, Identifiable {{")
    f.add(1, "case all, active, done\n\nvar id: Self { self }")
    f.add(0, "}\n")
    f.add(0, f"enum {feature.route}: Hashable {{")
    f.add(1, f"case detail({feature.item}.ID)\ncase settings\ncase search(query: String, page: Int)")
    f.add(0, "}\n")
    f.add(0, f"enum {feature.load_state} {{")
    f.add(1, f"case idle\ncase loading(progress: Double)\ncase loaded([{feature.item}])\ncase failed(any Error)")
    f.add(0, "")
    f.add(1, "var isLoading: Bool {")
    f.add(2, "if case .loading = self { return true }\nreturn false")
    f.add(1, "}")
    f.add(0, "}\n")
    f.add(0, f"struct {feature.reducer}: Sendable {{")
    f.add(1, f"var items: [{feature.item}] = []\nvar filter: {feature.filter} = .all")
    f.add(0, "}\n")


def write_method(rng, f, feature, depth, index):
    kind = rng.randrange(5)
    if kind == 0:
        f.add(depth, f"func refresh{index}() async {{")
        f.add(depth + 1, "isLoading = true\ndefer { isLoading = false }\ndo {")
        f.add(depth + 2, f"items = try await service.fetchItems(page: {index})")
        f.add(depth + 1, "} catch is CancellationError {\n    return\n} catch {")
        f.add(depth + 2, "errorMessage = error.localizedDescription")
        f.add(depth + 1, "}")
    elif kind == 1:
        f.add(depth, f"func items{index}(matching filter: {feature.filter}) -> [{feature.item}] {{")
        f.add(depth + 1, "switch filter {\ncase .all: return items\ncase .active: return items.filter { !$0.isDone }")
        f.add(depth + 1, "case .done: return items.filter(\\.isDone)\n}")
    elif kind == 2:
        f.add(depth, f"func update{index}<Value>(_ keyPath: WritableKeyPath<{feature.item}, Value>, to value: Value, for id: {feature.item}.ID) {{")
        f.add(depth + 1, "guard let index = items.firstIndex(where: { $0.id == id }) else { return }")
        f.add(depth + 1, "items[index][keyPath: keyPath] = value")
    else:
        f.add(depth, f"func summary{index}() -> String {{")
        for _ in range(rng.randint(1, 3)):
            statement_noise(rng, f, depth + 1, names_for(feature))
        if rng.random() < 0.15:
            decoy(rng, f, depth + 1, rng.choice(feature.model_classes or [feature.item]), INLINE, APPEAR)
        f.add(depth + 1, 'return "\\(items.count) items, query: \\(query)"')
    f.add(depth, "}\n")


def write_observable_class(rng, reg, f, feature, target_lines):
    name = reg.unique(f"{feature.name}{rng.choice(['', 'List', 'Detail', 'Editor', 'Sync', 'Session'])}Model")
    f.add(0, doc_comment(rng, name))
    f.add(0, "@Observable\n@MainActor" if rng.random() < 0.3 else "@Observable")
    f.add(0, f"final class {name} {{")
    f.add(1, f"static let shared = {name}()\n")
    f.add(1, f"var items: [{feature.item}] = []\nvar query = \"\"\nvar isLoading = false\nvar errorMessage: String?")
    f.add(1, f"var state: {feature.load_state} = .idle")
    f.add(1, f"@ObservationIgnored private let service = {feature.service}()")
    f.add(1, "@ObservationIgnored private let formatter = NumberFormatter()")
    f.add(1, "private var loadTask: Task<Void, Never>?\n")
    f.add(1, "init() {}\n")
    f.add(1, "init(seed: Int) {")
    f.add(2, f'items = (0..<seed).map {{ {feature.item}(id: UUID(), title: "Item \\($0)", isDone: $0 % 2 == 0, date: .now, price: Double($0)) }}')
    f.add(1, "}\n")
    f.add(1, "func load() async {")
    f.add(2, "state = .loading(progress: 0)\ndo {")
    f.add(3, "let fetched = try await service.fetchItems(page: 0)\nitems = fetched\nstate = .loaded(fetched)")
    f.add(2, "} catch {\n    state = .failed(error)\n}")
    f.add(1, "}\n")
    f.add(1, "func stop() {\n    loadTask?.cancel()\n    loadTask = nil\n}\n")
    index = 0
    while f.line_count < target_lines:
        write_method(rng, f, feature, 1, index)
        index += 1
    f.add(0, "}\n")
    feature.model_classes.append(name)
    feature.shared_classes.append(name)
    reg.observable_models.add(name)


def write_value_model(rng, reg, f, feature):
    """A struct whose name looks like a model class: `@State var x = Name()` on it is fine."""
    name = reg.unique(f"{feature.name}{rng.choice(['Form', 'Filter', 'Draft', 'Layout'])}Model")
    f.add(0, f"/// Value type on purpose: cheap to copy, no identity.")
    f.add(0, f"struct {name}: Equatable {{")
    f.add(1, f"var title = \"\"\nvar count = 0\nvar filter: {feature.filter} = .all\n")
    f.add(1, "mutating func reset() {\n    self = Self()\n}")
    f.add(0, "}\n")
    feature.value_models.append(name)


def write_plain_class(rng, reg, f, feature):
    base = reg.unique(f"{feature.name}Cache")
    f.add(0, f"class {base} {{")
    f.add(1, f"private var storage: [UUID: {feature.item}] = [:]\n")
    f.add(1, f"func insert(_ item: {feature.item}) {{ storage[item.id] = item }}")
    f.add(1, f"func item(for id: UUID) -> {feature.item}? {{ storage[id] }}")
    f.add(0, "}\n")
    f.add(0, f"final class Expiring{base}: {base} {{")
    f.add(1, "var lifetime: Duration = .seconds(60)")
    f.add(0, "}\n")
    feature.model_classes.append(base)


def models_file(rng, reg, feature, rel_path, target_lines, first):
    f = SwiftFile(rel_path)
    f.add(0, "import Foundation\nimport Observation" + ("\nimport Combine" if first else "") + "\n")
    if first:
        write_shared_types(f, feature)
        write_legacy_objects(rng, reg, f, feature)
        write_value_model(rng, reg, f, feature)
    # Every feature has an @Observable model: the lifecycle scenarios call its load() and stop().
    while f.line_count < target_lines or not feature.shared_classes:
        roll = rng.random()
        if roll < 0.7:
            write_observable_class(rng, reg, f, feature, min(target_lines, f.line_count + rng.randint(60, 400)))
        elif roll < 0.85:
            write_plain_class(rng, reg, f, feature)
        else:
            write_value_model(rng, reg, f, feature)
    return f


def service_file(rng, reg, feature, rel_path, target_lines):
    f = SwiftFile(rel_path)
    f.add(0, "import Combine\nimport Foundation\n")
    write_conformance_extension(f, feature)
    f.add(0, f"protocol {feature.name}Repository: Sendable {{")
    f.add(1, f"associatedtype Item: Identifiable\nfunc fetchItems(page: Int) async throws -> [Item]")
    f.add(0, "}\n")
    f.add(0, "enum ServiceError: Error, Equatable {\n    case badURL\n    case status(code: Int, body: String?)\n}\n")
    f.add(0, f"final class {feature.service}: {feature.name}Repository, @unchecked Sendable {{")
    f.add(1, "private let session: URLSession\nprivate let decoder = JSONDecoder()\n")
    f.add(1, "init(session: URLSession = .shared) {\n    self.session = session\n}\n")
    f.add(1, f"func fetchItems(page: Int) async throws -> [{feature.item}] {{")
    f.add(2, f'guard let url = URL(string: "https://api.example.com/{feature.name.lower()}?page=\\(page)") else {{')
    f.add(3, "throw ServiceError.badURL")
    f.add(2, "}\nlet (data, response) = try await session.data(from: url)")
    f.add(2, "if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {")
    f.add(3, "throw ServiceError.status(code: http.statusCode, body: String(data: data, encoding: .utf8))")
    f.add(2, f"}}\nreturn try decoder.decode([{feature.item}].self, from: data)")
    f.add(1, "}\n")
    index = 0
    while f.line_count < target_lines - 2:
        f.add(1, f"func fetchAll{index}<R: {feature.name}Repository>(from repositories: [R]) async throws -> [R.Item] where R.Item: Sendable {{")
        f.add(2, "try await withThrowingTaskGroup(of: [R.Item].self) { group in")
        f.add(3, "for repository in repositories {\n    group.addTask { try await repository.fetchItems(page: 0) }\n}")
        f.add(3, "var all: [R.Item] = []\nfor try await batch in group {\n    all.append(contentsOf: batch)\n}\nreturn all")
        f.add(2, "}")
        f.add(1, "}\n")
        index += 1
    f.add(0, "}")
    return f


def extensions_file(rng, reg, feature, rel_path, target_lines):
    f = SwiftFile(rel_path)
    f.add(0, "import Foundation\n")
    f.add(0, f"extension Array where Element == {feature.item} {{")
    f.add(1, "var total: Double { reduce(0) { $0 + $1.price } }")
    f.add(1, "var openCount: Int { lazy.filter { !$0.isDone }.count }")
    f.add(0, "}\n")
    index = 0
    while f.line_count < target_lines:
        f.add(0, f"extension {feature.item} {{")
        f.add(1, f"static let titleKeyPath{index}: KeyPath<{feature.item}, String> = \\.title")
        f.add(1, f"var badge{index}: String {{")
        f.add(2, f'isDone ? "✓ \\(title)" : "{rng.choice(UNICODE_TEXTS)} \\(title)"')
        f.add(1, "}\n")
        f.add(1, f"func matches{index}(_ query: String) -> Bool {{")
        f.add(2, "guard !query.isEmpty else { return true }")
        f.add(2, "return title.localizedCaseInsensitiveContains(query) || title.contains(/^\\d+$/)")
        f.add(1, "}")
        f.add(0, "}\n")
        index += 1
    return f


def core_store_file(rel_path, app):
    f = SwiftFile(rel_path)
    f.add(0, "import Foundation\nimport Observation\n")
    f.add(0, "/// A tiny generic store: one per feature, owned by the view that shows it.")
    f.add(0, "@Observable\nfinal class Store<Feature> {")
    f.add(1, "var isRunning = false\n\ninit() {}\n")
    f.add(1, "func send(_ action: String) {\n    isRunning = true\n}")
    f.add(0, "}\n")
    f.add(0, "@Observable\nfinal class " + app.app_model + " {")
    f.add(1, "var isSignedIn = false\nvar selectedTab = 0\nvar session: String?")
    f.add(0, "}")
    return f


def app_file(rng, rel_path, app):
    f = SwiftFile(rel_path)
    f.add(0, "import SwiftUI\n")
    f.add(0, f"@main\nstruct {app.name}App: App {{")
    f.add_marked(1, f"@State private var model = {app.app_model}()", NEAR_MISS, INLINE, "@State", "app_struct")
    if rng.random() < 0.5:
        # The App is created once per launch, and so is an object it observes.
        settings = app.features[0].legacy_objects[DIRECT]
        f.add_marked(1, f"@ObservedObject private var settings = {settings}()", NEAR_MISS, OBSERVED, "@", "app_struct")
    f.add(1, "@Environment(\\.scenePhase) private var scenePhase\n")
    f.add(1, "var body: some Scene {\n    WindowGroup {")
    f.add(3, "TabView(selection: $model.selectedTab) {")
    for index, feature in enumerate(app.features[:6]):
        view = feature.views[0] if feature.views else "EmptyView"
        f.add(4, f'{view}()\n    .tabItem {{ Label("{feature.name}", systemImage: "star") }}\n    .tag({index})')
    f.add(3, "}\n.environment(model)")
    f.add(2, "}\n.onChange(of: scenePhase) { _, phase in\n    if phase == .background { model.session = nil }\n}")
    f.add(1, "}")
    f.add(0, "}")
    return f


def strings_file(rng, rel_path, app, target_lines):
    """A large generated-looking file (localized strings), one of the few big files."""
    f = SwiftFile(rel_path)
    f.add(0, "// Generated file: do not edit.\n// swiftlint:disable all\nimport Foundation\n")
    f.add(0, f"enum {app.name}L10n {{")
    index = 0
    while f.line_count < target_lines:
        f.add(1, f"/// \"{rng.choice(UNICODE_TEXTS)}\"")
        f.add(1, f'static let key{index} = String(localized: "key.{index}", defaultValue: "Value \\({index}) {rng.choice(UNICODE_TEXTS)}")')
        index += 1
    f.add(0, "}")
    return f
