"""Planted lifecycle scenarios: the @State model property and the appear/disappear handlers.

Every scenario writes the same shape a real view has and marks, for each of the three rules,
either an expected finding or a near-miss at the exact byte where a linter reports it (and
the property's line as a near-miss for `observable_object_in_state`: these are no
`ObservableObject`s, except in `inline_object`).
"""

from .writer import EXPECTED, NEAR_MISS, Statement
from .registry import APPLE_CLASSES
from .rules import INLINE, APPEAR, DISAPPEAR, IN_STATE

INLINE_BUGS = ["inline_call", "inline_typed_init", "inline_typed_call", "inline_store",
               "inline_apple", "inline_object", "inline_init_form"]
# (scenario, appear-rule kind, disappear-rule kind) for the optional-model scenarios.
LIFECYCLE = {
    "appear_bug_teardown": (EXPECTED, NEAR_MISS),
    "appear_bug_no_teardown": (EXPECTED, EXPECTED),
    "guarded_no_teardown": (NEAR_MISS, EXPECTED),
    "guarded_teardown": (NEAR_MISS, NEAR_MISS),
    "guard_stmt_teardown": (NEAR_MISS, NEAR_MISS),
    "coalesce_teardown": (NEAR_MISS, NEAR_MISS),
}
PROPERTY_NAMES = ["model", "viewModel", "store", "controller", "loader", "session", "coordinator"]


class Plan:
    """The choices for one view: which scenario, which property, which model class."""

    def __init__(self, rng, reg, feature, scenario):
        self.scenario = scenario
        self.feature = feature
        self.prop = rng.choice(PROPERTY_NAMES)
        # Lifecycle scenarios call load()/stop(), which only the @Observable models declare.
        self.model = reg.any_model_class(feature, observable_only=scenario not in INLINE_BUGS)
        self.create = f"{self.model}()" if rng.random() < 0.7 else f"{self.model}(seed: {rng.randint(1, 9)})"
        self.use_self = rng.random() < 0.2
        self.rng = rng
        self.reg = reg
        # Whether the view's body makes a NavigationStack (views.py decides, before the handlers).
        self.makes_navigation = False

    @property
    def lhs(self):
        return f"self.{self.prop}" if self.use_self else self.prop

    @property
    def needle(self):
        return "self." if self.use_self else self.prop


def _property(plan):
    """The scenario's stored property and what its type is, for the `@State`-type rule's label."""
    s, p, m = plan.scenario, plan.prop, plan.model
    kind = "observable_class" if m in plan.reg.observable_models else "plain_class"
    if s == "inline_call":
        return f"@State private var {p} = {plan.create}", kind
    if s == "inline_typed_init":
        return f"@State private var {p}: {m} = .init()", kind
    if s == "inline_typed_call":
        return f"@State var {p}: {m} = {plan.create}", kind
    if s == "inline_store":
        return f"@State private var store = Store<{plan.feature.reducer}>()", "observable_class"
    if s == "inline_apple":
        cls = plan.rng.choice(APPLE_CLASSES)
        return f"@State private var {cls[0].lower() + cls[1:]} = {cls}()", "apple_class"
    if s == "inline_object":
        return f"@State private var objectModel = {plan.feature.object_classes[0]}()", None
    if s == "inline_init_form":
        return f"@State private var {p}: {m}", kind
    if s in LIFECYCLE or s in ("button_create", "local_let"):
        return f"@State private var {p}: {m}?", kind
    return None, None


def write_property(f, plan):
    """The scenario's stored property (an expected inline finding, or an optional model)."""
    text, kind = _property(plan)
    if text is None:
        return
    f.add(1, text)
    if plan.scenario == "inline_object":
        # An ObservableObject in @State: the worse bug is reported instead of the inline one.
        f.mark(EXPECTED, IN_STATE, "@State", plan.scenario)
        f.mark(NEAR_MISS, INLINE, "@State", "observable_object")
        return
    if plan.scenario in INLINE_BUGS and plan.scenario != "inline_init_form":
        f.mark(EXPECTED, INLINE, "@State", plan.scenario)
    f.mark(NEAR_MISS, IN_STATE, "@State", kind)


def init_parts(plan):
    """`_model = State(initialValue: Model())` in an init: expected for the init-form scenario.

    Returns the init's parameters and statements (views.py writes one init for all scenarios).
    """
    if plan.scenario != "inline_init_form":
        return [], []
    return ['title: String = ""'], [
        Statement("self.title = title"),
        Statement(f"_{plan.prop} = State(initialValue: {plan.create})", (EXPECTED, INLINE, "_", "init_form")),
    ]


def _creation(f, plan, depth, appear_kind, dis_kind, label, guarded):
    """Writes the creating assignment and marks it for both rules."""
    assign = f"{plan.lhs} = {plan.create}"
    if plan.scenario == "coalesce_teardown":
        assign = f"{plan.lhs} = {plan.lhs} ?? {plan.create}"
    f.add(depth, assign)
    f.mark(appear_kind, APPEAR, plan.needle, label)
    f.mark(dis_kind, DISAPPEAR, plan.needle, label)


def write_appear_handler(f, plan, depth):
    s, rng = plan.scenario, plan.rng
    if s not in LIFECYCLE:
        return
    appear_kind, dis_kind = LIFECYCLE[s]
    if plan.makes_navigation and dis_kind == EXPECTED:
        # A view that makes a NavigationStack keeps its objects: a release on disappear would
        # make the stack again at its root when the view comes back.
        dis_kind = NEAR_MISS
    handler = rng.choice([".onAppear", ".task"])
    is_task = handler == ".task"
    guarded = s in ("guarded_no_teardown", "guarded_teardown")
    form = rng.randrange(4)
    if form == 0 and not is_task:
        # One-line handler, sometimes with non-ASCII text before the assignment (byte columns).
        prefix = 'print("démarrage ✨ \\(title)"); ' if rng.random() < 0.4 else ""
        body = f"{plan.lhs} = {plan.create}"
        if guarded:
            body = f"if {plan.lhs} == nil {{ {body} }}"
        elif s == "guard_stmt_teardown":
            body = f"guard {plan.lhs} == nil else {{ return }}; {body}"
        elif s == "coalesce_teardown":
            body = f"{plan.lhs} = {plan.lhs} ?? {plan.create}"
        f.add(depth, f"{handler} {{ {prefix}{body} }}")
        needle = f"{plan.lhs} = "
        f.mark(appear_kind, APPEAR, needle, s)
        f.mark(dis_kind, DISAPPEAR, needle, s)
        return
    f.add(depth, f"{handler} {{")
    if s == "guard_stmt_teardown":
        f.add(depth + 1, f"guard {plan.lhs} == nil else {{ return }}")
        _creation(f, plan, depth + 1, appear_kind, dis_kind, s, True)
    elif guarded:
        f.add(depth + 1, f"if {plan.lhs} == nil {{")
        _creation(f, plan, depth + 2, appear_kind, dis_kind, s, True)
        f.add(depth + 1, "}")
    else:
        if rng.random() < 0.3:
            f.add(depth + 1, "isShowingSheet = false")
        _creation(f, plan, depth + 1, appear_kind, dis_kind, s, False)
    if is_task:
        f.add(depth + 1, f"await {plan.prop}?.load()")
    f.add(depth, "}")


def write_disappear_handler(f, plan, depth):
    s, rng = plan.scenario, plan.rng
    if s not in LIFECYCLE and s != "button_create":
        return
    has_teardown = s.endswith("_teardown") and not s.endswith("no_teardown")
    if has_teardown:
        form = rng.randrange(3)
        if form == 0:
            f.add(depth, f".onDisappear {{ {plan.lhs} = nil }}")
        elif form == 1:
            f.add(depth, f".onDisappear {{\n    {plan.prop}?.stop()\n    {plan.prop} = nil\n}}")
        else:
            f.add(depth, f".onDisappear {{\n    self.{plan.prop} = nil\n}}")
    else:
        form = rng.randrange(3)
        if form == 1:
            f.add(depth, f".onDisappear {{\n    {plan.prop}?.stop()\n}}")
        elif form == 2:
            f.add(depth, ".onDisappear { isShowingSheet = false }")


def write_button_creation(f, plan, depth):
    """Creating the model from a button action is not an appear handler: near-miss for both rules."""
    if plan.scenario == "button_create":
        f.add(depth, f'Button("Start") {{')
        f.add(depth + 1, f"{plan.lhs} = {plan.create}")
        f.mark(NEAR_MISS, APPEAR, plan.needle, "button_action")
        f.mark(NEAR_MISS, DISAPPEAR, plan.needle, "button_action")
        f.add(depth, "}")


def write_local_let_handler(f, plan, depth):
    """A local constant in `.onAppear` is not a @State property: near-miss for the appear rule."""
    if plan.scenario == "local_let":
        f.add(depth, ".onAppear {")
        f.add_marked(depth + 1, f"let fresh = {plan.model}()", NEAR_MISS, APPEAR, "fresh", "local_let")
        f.add(depth + 1, "print(fresh)")
        f.add(depth, "}")
