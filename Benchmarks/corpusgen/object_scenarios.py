"""Planted scenarios of the two `ObservableObject` rules in a view.

`observed_object_inline_init`: an `@ObservedObject` the view (or a view modifier next to it)
gives a new object itself, at the `@` of the attribute, or at the `_`/`self` of an init's
assignment; passed-in, shared and value-typed ones are near-misses.
`observable_object_in_state`: an `ObservableObject` class (any of the feature's conformances,
see object_models) kept in `@State`, at the `@` of `@State`, where `state_inline_class_init`
must stay silent; one that is also `@Observable`, and `@State` in types that are no views, are
near-misses.
"""

from .object_models import CONFORMANCES, DIRECT
from .rules import INLINE, APPEAR, DISAPPEAR, OBSERVED, IN_STATE
from .writer import EXPECTED, NEAR_MISS, Statement

OBSERVED_BUGS = ["observed_inline", "observed_typed_init", "observed_wrapped_attribute", "observed_storage_init",
                 "observed_dot_init", "observed_self_init", "observed_unknown_type", "observed_in_modifier"]
OBSERVED_NEAR_MISSES = ["observed_passed_in", "observed_passed_in_storage", "observed_memberwise",
                        "observed_shared", "observed_value_type"]
IN_STATE_BUGS = ["in_state_inline", "in_state_optional", "in_state_typed_init", "in_state_init_form",
                 "in_state_wrapped_attribute"]
IN_STATE_NEAR_MISSES = ["in_state_bridged", "in_state_non_view"]

OBSERVED_PROPERTY_NAMES = ["editor", "presenter", "tracker", "observed", "formModel"]
IN_STATE_PROPERTY_NAMES = ["legacyModel", "screenModel", "feedModel", "settingsStore", "oldViewModel"]
# Non-ASCII text before a finding on its line, so byte and character columns differ.
NON_ASCII_COMMENTS = ["/* ⚠️ legacy */ ", "/* état partagé */ ", "/* TODO(über): migrate */ "]
NON_ASCII_PRINT = 'print("vue prête ✨")'
# Types next to a view that are no SwiftUI views ({} is the view's name).
NON_VIEW_HEADERS = ["struct {}Storage", "final class {}Storage", "final class {}HostView: UIView"]


class ObjectPlan:
    """The choices for one view's object scenario (`scenario` None: the view has none)."""

    def __init__(self, rng, reg, feature, scenario, view_name):
        self.scenario = scenario
        self.feature = feature
        self.view_name = view_name
        if scenario is None:
            return
        observed = scenario.startswith("observed")
        self.prop = rng.choice(OBSERVED_PROPERTY_NAMES if observed else IN_STATE_PROPERTY_NAMES)
        # How the class conforms; `shared` is declared on the direct conformer only.
        self.how = DIRECT if scenario == "observed_shared" else rng.choice(CONFORMANCES)
        self.calls_init = rng.random() < 0.2      # `Model.init()` instead of `Model()`
        self.prefix = rng.choice(NON_ASCII_COMMENTS) if rng.random() < 0.25 else ""
        self.one_line_init = rng.random() < 0.3
        self.creates_in_task = rng.random() < 0.4          # in_state_optional: `.task` or `.onAppear`
        self.non_view_header = rng.choice(NON_VIEW_HEADERS)
        self.model = reg.any_model_class(feature, observable_only=True)

    @property
    def object(self):
        return self.feature.legacy_objects[self.how]

    @property
    def create(self):
        return f"{self.object}.init()" if self.calls_init else f"{self.object}()"


def _observed_property(plan):
    """(declaration, kind of its mark or None) for an `@ObservedObject` scenario."""
    s, p, o, pre = plan.scenario, plan.prop, plan.object, plan.prefix
    if s == "observed_inline":
        return f"{pre}@ObservedObject var {p} = {plan.create}", EXPECTED
    if s == "observed_typed_init":
        return f"{pre}@ObservedObject private var {p}: {o} = .init()", EXPECTED
    if s == "observed_wrapped_attribute":
        return f"{pre}@ObservedObject(wrappedValue: {plan.create}) var {p}: {o}", EXPECTED
    if s == "observed_unknown_type":
        # A class from a package the corpus does not contain: still an object the view creates.
        return f'{pre}@ObservedObject var {p} = {plan.feature.name}RemoteStore(endpoint: "/{p}")', EXPECTED
    if s == "observed_shared":
        return f"@ObservedObject var {p} = {o}.shared", NEAR_MISS
    if s == "observed_value_type":
        # Does not type-check (not an ObservableObject), but is no object the view creates either.
        return f"@ObservedObject var {p} = {plan.feature.value_models[0]}()", NEAR_MISS
    if s in ("observed_passed_in", "observed_passed_in_storage", "observed_memberwise"):
        return f"@ObservedObject var {p}: {o}", NEAR_MISS
    return f"@ObservedObject var {p}: {o}", None  # set in the init


def _in_state_property(plan):
    """(declaration, kind of its `observable_object_in_state` mark) for a `@State` scenario."""
    s, p, o, pre = plan.scenario, plan.prop, plan.object, plan.prefix
    if s == "in_state_inline":
        return f"{pre}@State private var {p} = {plan.create}", EXPECTED
    if s == "in_state_optional":
        return f"{pre}@State private var {p}: {o}?", EXPECTED
    if s == "in_state_typed_init":
        return f"{pre}@State private var {p}: {o} = .init()", EXPECTED
    if s == "in_state_init_form":
        return f"{pre}@State private var {p}: {o}", EXPECTED
    if s == "in_state_wrapped_attribute":
        return f"{pre}@State(initialValue: {plan.create}) private var {p}: {o}", EXPECTED
    return f"@State private var {p} = {plan.feature.bridged_objects[0]}()", NEAR_MISS  # in_state_bridged


def write_property(f, plan):
    s = plan.scenario
    if s in (None, "in_state_non_view", "observed_in_modifier"):
        return
    if s.startswith("observed"):
        text, kind = _observed_property(plan)
        f.add(1, text)
        if kind is not None:
            f.mark(kind, OBSERVED, "@ObservedObject", s)
        return
    text, kind = _in_state_property(plan)
    f.add(1, text)
    f.mark(kind, IN_STATE, "@State", s)
    if s == "in_state_bridged":
        # `@Observable` as well: a class created in `@State`, so the inline rule reports it.
        f.mark(EXPECTED, INLINE, "@State", s)
    elif s not in ("in_state_optional", "in_state_init_form"):
        f.mark(NEAR_MISS, INLINE, "@State", "observable_object")


def init_parts(plan):
    """The init parameters and statements of the scenarios that set the property in an init."""
    s = plan.scenario
    if s is None:
        return [], []
    p, o = plan.prop, plan.object
    if s == "observed_storage_init":
        return [], [Statement(f"_{p} = ObservedObject(wrappedValue: {plan.create})", (EXPECTED, OBSERVED, "_", s))]
    if s == "observed_dot_init":
        return [], [Statement(f"_{p} = .init(wrappedValue: {plan.create})", (EXPECTED, OBSERVED, "_", s))]
    if s == "observed_self_init":
        return [], [Statement(f"self.{p} = {plan.create}", (EXPECTED, OBSERVED, "self", s))]
    if s == "observed_passed_in":
        return [f"{p}: {o}"], [Statement(f"self.{p} = {p}", (NEAR_MISS, OBSERVED, "self", "passed_in"))]
    if s == "observed_passed_in_storage":
        return [f"{p}: {o}"], [Statement(f"_{p} = ObservedObject(wrappedValue: {p})",
                                         (NEAR_MISS, OBSERVED, "_", "passed_in"))]
    if s == "in_state_init_form":
        return [], [Statement(f"_{p} = State(initialValue: {plan.create})",
                              (NEAR_MISS, INLINE, "_", "observable_object"))]
    return [], []


def write_handlers(f, plan, depth):
    """Applies the scenario's view modifier; `in_state_optional` creates its object lazily,
    nil-checked and released: silent for both lifecycle rules."""
    if plan.scenario == "observed_in_modifier":
        f.add(depth, f".modifier({plan.view_name}Highlight())")
    if plan.scenario != "in_state_optional":
        return
    p = plan.prop
    f.add(depth, ".task {" if plan.creates_in_task else ".onAppear {")
    f.add(depth + 1, f"if {p} == nil {{ {p} = {plan.create} }}")
    f.mark(NEAR_MISS, APPEAR, f"{p} = ", "guarded_teardown")
    f.mark(NEAR_MISS, DISAPPEAR, f"{p} = ", "guarded_teardown")
    f.add(depth, "}")
    f.add(depth, f".onDisappear {{ {p} = nil }}")


def write_companion_type(f, plan):
    """A second type next to the view: a view modifier observing a new object, or a type that is
    no SwiftUI view, where `@State` means nothing, so nothing is reported."""
    if plan.scenario == "observed_in_modifier":
        # A modifier is re-created with the view it modifies, and its observed object with it.
        f.add(0, f"struct {plan.view_name}Highlight: ViewModifier {{")
        f.add_marked(1, f"{plan.prefix}@ObservedObject var {plan.prop} = {plan.create}",
                     EXPECTED, OBSERVED, "@ObservedObject", plan.scenario)
        f.add(0, "")
        f.add(1, "func body(content: Content) -> some View {\n    content.padding(4)\n}")
        f.add(0, "}\n")
        return
    if plan.scenario != "in_state_non_view":
        return
    f.add(0, "/// Not a view: state of the screen's UIKit bridge, kept from before the SwiftUI port.")
    f.add(0, plan.non_view_header.format(plan.view_name) + " {")
    f.add(1, f"@State var {plan.prop} = {plan.create}")
    f.mark(NEAR_MISS, IN_STATE, "@State", "non_view_type")
    f.mark(NEAR_MISS, INLINE, "@State", "non_view_type")
    f.add_marked(1, f"@State var model = {plan.model}()", NEAR_MISS, INLINE, "@State", "non_view_type")
    f.add_marked(1, f"@ObservedObject var observed = {plan.object}()", NEAR_MISS, OBSERVED, "@", "non_view_type")
    f.add(0, "}\n")
