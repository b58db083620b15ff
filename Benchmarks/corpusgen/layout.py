"""Lays out apps and features until the requested line count is reached."""

from collections import namedtuple

from . import models, views
from .lifecycle import INLINE_BUGS
from .object_scenarios import OBSERVED_BUGS, OBSERVED_NEAR_MISSES, IN_STATE_BUGS, IN_STATE_NEAR_MISSES
from .registry import Registry
from .snippets import WORDS
from .task_scenarios import TASK_BUG, TASK_NEAR_MISSES

# The scenarios of one main view: one lifecycle scenario ("none" for most) and, drawn
# independently so they mix with it, an object scenario and a task scenario (None for most).
Scenarios = namedtuple("Scenarios", "lifecycle objects tasks")

# Probability of each scenario for the main view of a view file; the rest get "none".
SCENARIO_RATES = [
    ("inline_bug", 0.065),
    ("appear_bug_teardown", 0.04),
    ("appear_bug_no_teardown", 0.025),
    ("guarded_no_teardown", 0.04),
    ("guarded_teardown", 0.08),
    ("guard_stmt_teardown", 0.05),
    ("coalesce_teardown", 0.04),
    ("button_create", 0.04),
    ("local_let", 0.03),
]
# A family name stands for one of its scenarios, chosen uniformly.
OBJECT_RATES = [
    ("observed_bug", 0.05),
    ("observed_near", 0.04),
    ("in_state_bug", 0.05),
    ("in_state_near", 0.03),
]
OBJECT_FAMILIES = {"observed_bug": OBSERVED_BUGS, "observed_near": OBSERVED_NEAR_MISSES,
                   "in_state_bug": IN_STATE_BUGS, "in_state_near": IN_STATE_NEAR_MISSES}
TASK_RATES = [
    (TASK_BUG, 0.06),
    ("task_near", 0.06),
]
TASK_FAMILIES = {"task_near": TASK_NEAR_MISSES}
FEATURES_PER_APP = 25


def sample_size(rng):
    """File sizes: mostly 50-800 lines (median ~200), about 1% large ones."""
    if rng.random() < 0.01:
        return rng.randint(1200, 3000)
    return max(50, min(800, int(rng.lognormvariate(5.25, 0.6))))


def pick(rng, rates, families, default):
    """One name by `rates` (a family: one of its members), else `default`."""
    roll = rng.random()
    for name, rate in rates:
        if roll < rate:
            return rng.choice(families[name]) if name in families else name
        roll -= rate
    return default


def pick_scenarios(rng):
    return Scenarios(lifecycle=pick(rng, SCENARIO_RATES, {"inline_bug": INLINE_BUGS}, "none"),
                     objects=pick(rng, OBJECT_RATES, OBJECT_FAMILIES, None),
                     tasks=pick(rng, TASK_RATES, TASK_FAMILIES, None))


def generate(rng, target_lines):
    """Returns the list of SwiftFile objects for a corpus of at least `target_lines` lines."""
    reg = Registry(rng)
    files = []
    total = 0
    app = None
    while total < target_lines:
        if app is None or len(app.features) >= FEATURES_PER_APP:
            if app is not None:
                files.append(models.app_file(rng, f"{app.name}App/App/{app.name}App.swift", app))
            app = reg.new_app()
            files.append(models.core_store_file(f"{app.name}App/Core/{app.name}Store.swift", app))
            files.append(models.strings_file(rng, f"{app.name}App/Resources/{app.name}L10n.swift", app, rng.randint(1500, 4000)))
        feature = reg.new_feature(app)
        made = []
        for index in range(rng.randint(1, 3)):
            made.append(models.models_file(rng, reg, feature, f"{feature.folder('Models')}/{feature.name}Models{index or ''}.swift",
                                           sample_size(rng), index == 0))
        made.append(models.service_file(rng, reg, feature, f"{feature.folder('Services')}/{feature.service}.swift",
                                        rng.randint(40, 160)))
        if rng.random() < 0.5:
            made.append(models.extensions_file(rng, reg, feature, f"{feature.folder('Extensions')}/{feature.item}+Helpers.swift",
                                               rng.randint(50, 200)))
        for _ in range(rng.randint(3, 8)):
            name = reg.unique(f"{feature.name}{rng.choice(WORDS)}View")
            feature.views.append(name)
            made.append(views.view_file(rng, reg, feature, f"{feature.folder('Views')}/{name}.swift", name,
                                        pick_scenarios(rng), sample_size(rng)))
        files.extend(made)
        total = sum(f.line_count for f in files)
    files.append(models.app_file(rng, f"{app.name}App/App/{app.name}App.swift", app))
    return files
