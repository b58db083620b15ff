"""Planted scenarios of `appear_unstructured_task` in a view, marked at the `Task` token.

An expected finding combines where the task starts (an `.onAppear`/`.task` action, one-line or
multi-line, a `perform:` closure, inside another closure, on an element inside the body, or a
method of the view one of them calls, also in an extension or two calls deep),
how it is spelled (`Task {`, `Task(priority:) {`, `Task<Void, Never> {`, `Task.detached {` …) and
what happens to its handle (dropped, `_ =`, or stored in a property no `.onDisappear` cancels).
Near-misses: a handle cancelled in `.onDisappear` (directly or through a method), `.task { }`
itself, tasks in button actions, `.onChange` and `.refreshable`, a method only a button calls,
a comment, `Task.sleep`/`Task.isCancelled`, a task that never awaits, one whose `.value` is awaited at
once, and one in a closure stored for later.
"""

from .rules import TASK
from .writer import EXPECTED, NEAR_MISS, INDENT, Statement

TASK_BUG = "task_bug"
TASK_NEAR_MISSES = ["task_cancelled", "task_cancelled_by_method", "task_modifier_only", "task_in_button",
                    "task_in_on_change", "task_in_refreshable", "task_method_from_button", "task_comment",
                    "task_static_calls", "task_main_actor_hop", "task_awaited_value", "task_in_stored_callback"]

# Where an expected task starts.
PLACES = ["on_appear_block", "on_appear_line", "task_modifier", "task_id_modifier", "perform_closure",
          "nested_closure", "inner_element", "perform_method", "called_method", "extension_method", "nested_method"]
HANDLES = ["dropped", "discarded", "stored"]
SPELLINGS = ["Task {", "Task(priority: .background) {", "Task(priority: .utility) {", "Task<Void, Never> {",
             "Task { @MainActor in", "Task.detached {", "Task.detached(priority: .background) {"]
BODIES = [
    ["await refresh()"],
    ["for await _ in NotificationCenter.default.notifications(named: .NSCalendarDayChanged) {",
     "    await refresh()", "}"],
    ["while !Task.isCancelled {", "    await refresh()", "    try? await Task.sleep(for: .seconds(30))", "}"],
    ["await reload(for: selection)"],
]
# No name contains `Task`, which the marks look for.
HANDLE_NAMES = ["updates", "polling", "subscription", "refreshing", "streaming"]
METHOD_NAMES = ["startUpdates", "beginPolling", "subscribe", "observeChanges", "startStreaming"]
NON_ASCII_PRINT = 'print("chargement ✨ \\(title)")'


class TaskPlan:
    """The choices for one view's task scenario (`scenario` None: the view has none)."""

    def __init__(self, rng, scenario):
        self.scenario = scenario
        if scenario is None:
            return
        self.place = rng.choice(PLACES)
        self.handle = rng.choice(HANDLES)
        self.spelling = rng.choice(SPELLINGS)
        self.body = rng.choice(BODIES)
        self.handle_name = rng.choice(HANDLE_NAMES)
        self.method = rng.choice(METHOD_NAMES)
        self.use_self = rng.random() < 0.3
        self.non_ascii = rng.random() < 0.4
        # A stored, uncancelled handle: sometimes set to nil on disappear, which does not cancel it.
        self.nils_on_disappear = rng.random() < 0.5
        self.perform = rng.random() < 0.5       # `.onDisappear(perform:)` for task_cancelled_by_method
        self.calls_from_task = rng.random() < 0.4    # called_method: from `.task { }` or `.onAppear { }`
        self.dispatches = rng.random() < 0.5          # nested_closure: in `DispatchQueue` or `withAnimation`

    @property
    def prepare_method(self):
        return f"prepare{self.method[0].upper()}{self.method[1:]}"

    @property
    def stop_method(self):
        return f"stop{self.handle_name.capitalize()}"

    @property
    def label(self):
        return f"{self.place}+{self.handle}" if self.scenario == TASK_BUG else self.scenario

    @property
    def stores_handle(self):
        return self.scenario in ("task_cancelled", "task_cancelled_by_method") or (
            self.scenario == TASK_BUG and self.handle == "stored")

    @property
    def lhs(self):
        """What the task's handle is written to, before `Task`."""
        if not self.stores_handle:
            return "_ = " if self.scenario == TASK_BUG and self.handle == "discarded" else ""
        return f"self.{self.handle_name} = " if self.use_self else f"{self.handle_name} = "

    @property
    def kind(self):
        return EXPECTED if self.scenario == TASK_BUG else NEAR_MISS


def write_task(f, depth, plan, kind, label, lines=None):
    """A multi-line task statement, marked at `Task`."""
    f.add(depth, plan.lhs + plan.spelling)
    f.mark(kind, TASK, "Task", label, start=len(INDENT * depth + plan.lhs))
    f.add(depth + 1, "\n".join(lines or plan.body))
    f.add(depth, "}")


def write_property(f, plan):
    if plan.scenario is not None and plan.stores_handle:
        f.add(1, f"@State private var {plan.handle_name}: Task<Void, Never>?")


def write_body_elements(f, plan, depth):
    """Elements of the view's body: one whose own `.onAppear` starts the task, or buttons, whose
    tasks are not appear work (near-misses)."""
    if plan.scenario == TASK_BUG and plan.place == "inner_element":
        f.add(depth, 'Text("Live")\n    .onAppear {')
        write_task(f, depth + 2, plan, EXPECTED, plan.label)
        f.add(depth + 1, "}")
    elif plan.scenario == "task_in_button":
        f.add(depth, 'Button("Reload") {')
        write_task(f, depth + 1, plan, NEAR_MISS, "button_action", ["await refresh()"])
        f.add(depth, "}")
    elif plan.scenario == "task_method_from_button":
        f.add(depth, f'Button("Sync") {{ {plan.method}() }}')


def _write_start(f, plan, depth):
    """The appear modifier that starts the task (or calls the method that does)."""
    place, label = plan.place, plan.label
    if place == "on_appear_line":
        statements = [Statement(NON_ASCII_PRINT)] if plan.non_ascii else []
        task = f"{plan.lhs}{plan.spelling} await refresh() }}"
        statements.append(Statement(task, (EXPECTED, TASK, "Task", label)))
        f.add_one_line(depth, ".onAppear { ", statements, " }")
    elif place in ("on_appear_block", "task_modifier", "task_id_modifier"):
        header = {"on_appear_block": ".onAppear {", "task_modifier": ".task {",
                  "task_id_modifier": ".task(id: selection) {"}[place]
        f.add(depth, header)
        if plan.non_ascii:
            f.add(depth + 1, NON_ASCII_PRINT)
        write_task(f, depth + 1, plan, EXPECTED, label)
        if place != "on_appear_block":
            f.add(depth + 1, "await refresh()")
        f.add(depth, "}")
    elif place == "perform_closure":
        f.add(depth, ".onAppear(perform: {")
        write_task(f, depth + 1, plan, EXPECTED, label)
        f.add(depth, "})")
    elif place == "nested_closure":
        f.add(depth, ".onAppear {")
        f.add(depth + 1, "DispatchQueue.main.async {" if plan.dispatches else "withAnimation {")
        f.add(depth + 2, "isShowingSheet = false")
        write_task(f, depth + 2, plan, EXPECTED, label)
        f.add(depth + 1, "}")
        f.add(depth, "}")
    elif place == "inner_element":
        pass  # written in the body (write_body_elements)
    elif place == "perform_method":
        f.add(depth, f".onAppear(perform: {plan.method})")
    elif place == "nested_method":
        f.add(depth, f".onAppear {{\n    {plan.prepare_method}()\n}}")
    else:
        call = f"self.{plan.method}()" if plan.use_self else f"{plan.method}()"
        f.add(depth, f".task {{ {call} }}" if plan.calls_from_task else f".onAppear {{ {call} }}")


def _write_bug_handlers(f, plan, depth):
    _write_start(f, plan, depth)
    if plan.handle == "stored" and plan.nils_on_disappear:
        f.add(depth, f".onDisappear {{ {plan.handle_name} = nil }}")


def _write_cancelled(f, plan, depth):
    """A stored handle that `.onDisappear` cancels: directly, or in a method it calls."""
    h = plan.handle_name
    f.add(depth, ".onAppear {")
    write_task(f, depth + 1, plan, NEAR_MISS, "cancelled_on_disappear")
    f.add(depth, "}")
    if plan.scenario == "task_cancelled":
        cancel = f"self.{h}?.cancel()" if plan.use_self else f"{h}?.cancel()"
        f.add(depth, f".onDisappear {{ {cancel} }}")
    elif plan.perform:
        f.add(depth, f".onDisappear(perform: {plan.stop_method})")
    else:
        f.add(depth, f".onDisappear {{\n    {plan.stop_method}()\n}}")


def write_handlers(f, plan, depth):
    s = plan.scenario
    if s is None or s in ("task_in_button", "task_method_from_button"):
        return
    if s == TASK_BUG:
        _write_bug_handlers(f, plan, depth)
    elif s in ("task_cancelled", "task_cancelled_by_method"):
        _write_cancelled(f, plan, depth)
    elif s == "task_modifier_only":
        f.add(depth, ".task {")
        f.mark(NEAR_MISS, TASK, "task", "task_modifier")
        f.add(depth + 1, "\n".join(plan.body))
        f.add(depth, "}")
    elif s in ("task_in_on_change", "task_in_refreshable"):
        f.add(depth, ".onChange(of: selection) {" if s == "task_in_on_change" else ".refreshable {")
        write_task(f, depth + 1, plan, NEAR_MISS, "on_change" if s == "task_in_on_change" else "refreshable")
        f.add(depth, "}")
    elif s == "task_comment":
        f.add(depth, ".onAppear {")
        f.add_marked(depth + 1, "// A `Task { await refresh() }` here would outlive the view: use .task instead.",
                     NEAR_MISS, TASK, "Task", "comment")
        f.add(depth + 1, "count += 1")
        f.add(depth, "}")
    elif s == "task_main_actor_hop":
        # Never awaits: it runs to its end at once, whatever happens to the view.
        f.add(depth, ".onAppear {")
        f.add_marked(depth + 1, 'Task { @MainActor in print("appeared") }', NEAR_MISS, TASK, "Task", "main_actor_hop")
        f.add(depth, "}")
    elif s == "task_awaited_value":
        f.add(depth, ".task {")
        f.add_marked(depth + 1, "let total = await Task.detached { (1...100).reduce(0, +) }.value", NEAR_MISS, TASK, "Task",
                     "awaited_value")
        f.add(depth + 1, "print(total)")
        f.add(depth, "}")
    elif s == "task_in_stored_callback":
        # Starts when the callback runs, not on appear.
        f.add(depth, ".onAppear {")
        f.add(depth + 1, "AppHooks.onForeground = {")
        f.add_marked(depth + 2, "Task { await refresh() }", NEAR_MISS, TASK, "Task", "stored_callback")
        f.add(depth + 1, "}")
        f.add(depth, "}")
    elif s == "task_static_calls":
        f.add(depth, ".task {")
        f.add_marked(depth + 1, "try? await Task.sleep(for: .milliseconds(300))", NEAR_MISS, TASK, "Task", "task_sleep")
        f.add_marked(depth + 1, "guard !Task.isCancelled else { return }", NEAR_MISS, TASK, "Task", "task_is_cancelled")
        f.add(depth + 1, "await refresh()")
        f.add(depth, "}")


def _write_task_method(f, plan, depth, kind, label, private=True):
    f.add(depth, f"{'private ' if private else ''}func {plan.method}() {{")
    write_task(f, depth + 1, plan, kind, label)
    f.add(depth, "}")


def write_methods(f, plan):
    """The view's methods that start or cancel the scenario's task (inside the view)."""
    s = plan.scenario
    if s == TASK_BUG and plan.place in ("perform_method", "called_method", "nested_method"):
        f.add(1, "")
        if plan.place == "nested_method":
            f.add(1, f"private func {plan.prepare_method}() {{\n    {plan.method}()\n}}\n")
        _write_task_method(f, plan, 1, EXPECTED, plan.label)
    elif s == "task_method_from_button":
        f.add(1, "")
        _write_task_method(f, plan, 1, NEAR_MISS, "method_from_button")
    elif s == "task_cancelled_by_method":
        f.add(1, f"\nprivate func {plan.stop_method}() {{\n    {plan.handle_name}?.cancel()\n    {plan.handle_name} = nil\n}}")


def write_extension(f, plan, view_name):
    """`extension View { func startUpdates() { Task { … } } }`, after the view."""
    if plan.scenario == TASK_BUG and plan.place == "extension_method":
        f.add(0, f"extension {view_name} {{")
        _write_task_method(f, plan, 1, EXPECTED, plan.label, private=False)
        f.add(0, "}\n")  # a blank line before the next type
