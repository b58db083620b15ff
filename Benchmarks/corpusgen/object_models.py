"""A feature's `ObservableObject` classes: the pre-Observation view models views still hold.

Each feature declares one of each way a class becomes an `ObservableObject` (directly, through
a superclass, through a protocol of the project refining `ObservableObject`, through an
extension in another file; and names for them: a typealias, a nested class) plus a class that
is both `@Observable` and `ObservableObject`, so the view scenarios can reach each of them.
"""

# How a legacy object class gets its conformance -> the key in Feature.legacy_objects.
DIRECT = "direct"
SUPERCLASS = "superclass"
PROTOCOL = "protocol"
EXTENSION = "extension"
ALIAS = "alias"
NESTED = "nested"
CONFORMANCES = [DIRECT, SUPERCLASS, PROTOCOL, EXTENSION, ALIAS, NESTED]


def write_object_class(rng, reg, f, feature):
    """The feature's main `ObservableObject` view model, with a shared instance."""
    name = reg.unique(f"{feature.name}ViewModel")
    if rng.random() < 0.3:
        f.add(0, "@MainActor")
    inheritance = "NSObject, ObservableObject" if rng.random() < 0.2 else "ObservableObject"
    f.add(0, f"final class {name}: {inheritance} {{")
    f.add(1, f"static let shared = {name}()\n")
    f.add(1, f"@Published var query = \"\"\n@Published private(set) var items: [{feature.item}] = []")
    f.add(1, "@Published var isPresentingEditor = false\n@Published var decoder = JSONDecoder()\n")
    f.add(1, "private var cancellables: [AnyCancellable] = []\n")
    f.add(1, f"func select(_ item: {feature.item}) {{\n    query = item.title\n}}")
    f.add(0, "}\n")
    feature.object_classes.append(name)
    feature.legacy_objects[DIRECT] = name


def write_inherited_object(rng, reg, f, feature):
    """`class Base: ObservableObject` (sometimes generic) and a final subclass, which conforms through it."""
    base = reg.unique(f"{feature.name}BaseViewModel")
    name = reg.unique(f"{feature.name}FeedViewModel")
    generic = rng.random() < 0.4
    f.add(0, "/// Loading state shared by the feature's legacy view models.")
    f.add(0, f"class {base}{'<Entry>' if generic else ''}: ObservableObject {{")
    f.add(1, "@Published var isBusy = false\n@Published var lastError: String?")
    if generic:
        f.add(1, "@Published var pending: [Entry] = []")
    f.add(0, "}\n")
    f.add(0, f"final class {name}: {base}{f'<{feature.item}>' if generic else ''} {{")
    f.add(1, f"@Published var page = 0\n@Published var entries: [{feature.item}] = []")
    f.add(0, "}\n")
    feature.legacy_objects[SUPERCLASS] = name


def write_protocol_object(reg, f, feature):
    """A protocol refining `ObservableObject` and a class conforming to it."""
    protocol = reg.unique(f"{feature.name}ScreenModel")
    name = reg.unique(f"{feature.name}ScreenViewModel")
    f.add(0, f"protocol {protocol}: ObservableObject {{")
    f.add(1, "var title: String { get }")
    f.add(0, "}\n")
    f.add(0, f"final class {name}: {protocol} {{")
    f.add(1, "@Published var title = \"\"\n@Published var isEditing = false")
    f.add(0, "}\n")
    feature.legacy_objects[PROTOCOL] = name


def write_extended_object(reg, f, feature):
    """A plain class; its `ObservableObject` conformance is added in another file."""
    name = reg.unique(f"{feature.name}SettingsStore")
    f.add(0, f"final class {name} {{")
    f.add(1, "var values: [String: String] = [:]\nvar isDirty = false")
    f.add(0, "}\n")
    feature.legacy_objects[EXTENSION] = name


def write_named_objects(reg, f, feature):
    """A typealias for the main view model, and a class nested in an enum (`Legacy.Coordinator`)."""
    alias = reg.unique(f"{feature.name}Presenter")
    namespace = reg.unique(f"{feature.name}Legacy")
    f.add(0, f"typealias {alias} = {feature.legacy_objects[DIRECT]}\n")
    f.add(0, f"enum {namespace} {{")
    f.add(1, "final class Coordinator: ObservableObject {")
    f.add(2, "@Published var step = 0")
    f.add(1, "}")
    f.add(0, "}\n")
    feature.legacy_objects[ALIAS] = alias
    feature.legacy_objects[NESTED] = f"{namespace}.Coordinator"


def write_bridged_object(reg, f, feature):
    """`@Observable` and `ObservableObject` at once: `@State` sees its changes."""
    name = reg.unique(f"{feature.name}BridgedModel")
    f.add(0, "/// Migrated to Observation; keeps `ObservableObject` for older call sites.")
    f.add(0, f"@Observable\nfinal class {name}: ObservableObject {{")
    f.add(1, "var count = 0\nvar note = \"\"")
    f.add(0, "}\n")
    feature.bridged_objects.append(name)


def write_legacy_objects(rng, reg, f, feature):
    write_object_class(rng, reg, f, feature)
    write_inherited_object(rng, reg, f, feature)
    write_protocol_object(reg, f, feature)
    write_extended_object(reg, f, feature)
    write_named_objects(reg, f, feature)
    write_bridged_object(reg, f, feature)


def write_conformance_extension(f, feature):
    """`extension Store: ObservableObject {}` for the class declared in the Models file."""
    f.add(0, "// The settings store publishes through Combine for the views that observe it.")
    f.add(0, f"extension {feature.legacy_objects[EXTENSION]}: ObservableObject {{}}\n")
