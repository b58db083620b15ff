"""Checks each scenario of the ObservableObject and task rules on its own: every spelling is
written, marked for the right rule at the byte that rule reports, and parses as Swift.

The whole-corpus tests cannot do this: a small corpus draws only some spellings.
"""

import itertools
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from corpusgen import models, object_scenarios, task_scenarios, views  # noqa: E402
from corpusgen.layout import Scenarios, generate  # noqa: E402
from corpusgen.object_models import CONFORMANCES, ALIAS, DIRECT, EXTENSION, NESTED  # noqa: E402
from corpusgen.object_scenarios import (OBSERVED_BUGS, OBSERVED_NEAR_MISSES, IN_STATE_BUGS,  # noqa: E402
                                        IN_STATE_NEAR_MISSES, NON_ASCII_COMMENTS)
from corpusgen.registry import Registry  # noqa: E402
from corpusgen.rules import INLINE, APPEAR, DISAPPEAR, OBSERVED, IN_STATE, TASK  # noqa: E402
from corpusgen.task_scenarios import TASK_BUG, TASK_NEAR_MISSES, PLACES, HANDLES, SPELLINGS  # noqa: E402
from corpusgen.writer import EXPECTED, NEAR_MISS, SwiftFile  # noqa: E402

INIT_FORMS = {"observed_storage_init", "observed_dot_init", "observed_self_init"}


def new_feature(seed=0):
    """A registry with one feature, and its Models and Services files."""
    rng = random.Random(seed)
    reg = Registry(rng)
    feature = reg.new_feature(reg.new_app())
    files = [models.models_file(rng, reg, feature, f"Models{seed}.swift", 80, True),
             models.service_file(rng, reg, feature, f"Service{seed}.swift", 40)]
    return rng, reg, feature, files


def write_view(objects=None, tasks=None, lifecycle="none", seed=0, **choices):
    """A view file with the given scenarios; `choices` override the object or task plan's draws."""
    rng, reg, feature, _ = new_feature(seed)
    plan, object_plan, task_plan = views.make_plans(rng, reg, feature, "ProbeView", Scenarios(lifecycle, objects, tasks))
    for name, value in choices.items():
        setattr(object_plan if objects else task_plan, name, value)
    f = SwiftFile("Views/ProbeView.swift")
    f.add(0, "import SwiftUI\n")
    views.write_main_view(rng, reg, f, feature, "ProbeView", plan, object_plan, task_plan)
    return f, feature


def marks(f, kind, rule=None):
    return [m for m in f.marks if m[0] == kind and (rule is None or m[1] == rule)]


def bytes_at(f, mark):
    """The file's bytes from a mark's line and 1-based UTF-8 byte column."""
    _, _, line, column, _ = mark
    return f.lines[line - 1].encode("utf-8")[column - 1:]


def has_non_ascii_before(f, mark):
    _, _, line, column, _ = mark
    return len(f.lines[line - 1].encode("utf-8")[:column - 1].decode("utf-8")) < column - 1


class ObservedObjectScenarioTests(unittest.TestCase):
    def test_each_spelling_is_one_finding_at_the_attribute_or_the_assignment(self):
        for scenario, prefix, one_line in itertools.product(OBSERVED_BUGS, ["", NON_ASCII_COMMENTS[1]], [False, True]):
            with self.subTest(scenario=scenario, prefix=prefix, one_line=one_line):
                f, _ = write_view(objects=scenario, prefix=prefix, one_line_init=one_line)
                found = marks(f, EXPECTED)
                self.assertEqual([(m[1], m[4]) for m in found], [(OBSERVED, scenario)])
                text = bytes_at(f, found[0])
                if scenario in INIT_FORMS:
                    self.assertRegex(text, rb"^(_[a-zA-Z]+|self\.[a-zA-Z]+) = ")
                    self.assertEqual(has_non_ascii_before(f, found[0]), one_line)
                else:
                    self.assertTrue(text.startswith(b"@ObservedObject"), text)
                    self.assertEqual(has_non_ascii_before(f, found[0]), bool(prefix))

    def test_passed_in_shared_and_value_objects_are_near_misses_only(self):
        for scenario in OBSERVED_NEAR_MISSES:
            with self.subTest(scenario=scenario):
                f, _ = write_view(objects=scenario)
                self.assertEqual(marks(f, EXPECTED), [])
                near = marks(f, NEAR_MISS, OBSERVED)
                self.assertTrue(near)
                for mark in near:
                    self.assertRegex(bytes_at(f, mark), rb"^(@ObservedObject |@StateObject |_|self\.)")

    def test_shared_instance_is_declared_by_the_class(self):
        f, feature = write_view(objects="observed_shared")
        self.assertIn(f"= {feature.legacy_objects[DIRECT]}.shared", f.render())
        declared = new_feature()[3][0].render()
        self.assertIn(f"static let shared = {feature.legacy_objects[DIRECT]}()", declared)

    def test_the_app_struct_observes_a_new_object_as_a_near_miss(self):
        labels = set()
        for seed in range(8):
            rng, reg, feature, _ = new_feature(seed)
            app = feature.app
            f = models.app_file(rng, "App.swift", app)
            labels |= {(m[1], m[4]) for m in marks(f, NEAR_MISS)}
            self.assertEqual(marks(f, EXPECTED), [])
        self.assertIn((OBSERVED, "app_struct"), labels)


class ObservableObjectInStateScenarioTests(unittest.TestCase):
    def test_each_spelling_and_conformance_is_one_finding_at_state(self):
        for scenario, how in itertools.product(IN_STATE_BUGS, CONFORMANCES):
            with self.subTest(scenario=scenario, how=how):
                f, feature = write_view(objects=scenario, how=how)
                self.assertIn(feature.legacy_objects[how], f.lines[marks(f, EXPECTED)[0][2] - 1])
                found = marks(f, EXPECTED)
                self.assertEqual([(m[1], m[4]) for m in found], [(IN_STATE, scenario)])
                self.assertRegex(bytes_at(f, found[0]), rb"^@State[ (]")
                # The inline rule must leave an ObservableObject to this rule, wherever it is created.
                silenced = [m for m in marks(f, NEAR_MISS, INLINE) if m[4] == "observable_object"]
                self.assertEqual(len(silenced), 0 if scenario == "in_state_optional" else 1)

    def test_lazy_creation_is_guarded_and_released(self):
        f, _ = write_view(objects="in_state_optional")
        self.assertEqual({(m[1], m[4]) for m in marks(f, NEAR_MISS) if m[1] in (APPEAR, DISAPPEAR)},
                         {(APPEAR, "guarded_teardown"), (DISAPPEAR, "guarded_teardown")})
        self.assertRegex(f.render(), r"\.onDisappear \{ [a-zA-Z]+ = nil \}")

    def test_extension_conformance_is_declared_in_another_file(self):
        _, _, feature, (models_file, service_file) = new_feature(3)
        name = feature.legacy_objects[EXTENSION]
        model_text, service_text = models_file.render(), service_file.render()
        self.assertIn(f"final class {name} {{", model_text)
        self.assertNotIn("ObservableObject", model_text.split(f"final class {name}")[1].split("}")[0])
        self.assertIn(f"extension {name}: ObservableObject {{}}", service_text)

    def test_alias_and_nested_class_are_declared_in_the_models(self):
        _, _, feature, (models_file, _) = new_feature(4)
        text = models_file.render()
        self.assertIn(f"typealias {feature.legacy_objects[ALIAS]} = {feature.legacy_objects[DIRECT]}\n", text)
        namespace, nested = feature.legacy_objects[NESTED].split(".")
        self.assertRegex(text, rf"enum {namespace} {{\n +final class {nested}: ObservableObject {{")

    def test_bridged_class_is_an_inline_finding_not_an_in_state_one(self):
        f, feature = write_view(objects="in_state_bridged")
        self.assertEqual([(m[1], m[4]) for m in marks(f, EXPECTED)], [(INLINE, "in_state_bridged")])
        near = [m for m in marks(f, NEAR_MISS, IN_STATE) if m[4] == "in_state_bridged"]
        self.assertEqual(len(near), 1)
        self.assertTrue(bytes_at(f, near[0]).startswith(b"@State "))
        self.assertIn(f"= {feature.bridged_objects[0]}()", f.lines[near[0][2] - 1])

    def test_state_in_a_type_that_is_no_view_is_a_near_miss(self):
        f, _ = write_view(objects="in_state_non_view")
        self.assertEqual(marks(f, EXPECTED), [])
        near = [m for m in f.marks if m[4] == "non_view_type"]
        self.assertEqual(sorted({m[1] for m in near}), sorted({INLINE, IN_STATE, OBSERVED}))
        header = f.lines[near[0][2] - 2]
        self.assertRegex(header, r"^(struct \w+Storage|final class \w+Storage|final class \w+HostView: UIView) \{$")

    def test_inline_object_scenario_moved_to_the_in_state_rule(self):
        f, _ = write_view(lifecycle="inline_object")
        self.assertEqual([(m[1], m[4]) for m in marks(f, EXPECTED)], [(IN_STATE, "inline_object")])
        self.assertIn((INLINE, "observable_object"), {(m[1], m[4]) for m in marks(f, NEAR_MISS)})


# How the appear handler reaches the method that starts the task, per place.
START_CALLS = {
    "perform_method": r"\.onAppear\(perform: startUpdates\)",
    "called_method": r"\.(onAppear|task) \{ (self\.)?startUpdates\(\) \}",
    "extension_method": r"\.(onAppear|task) \{ (self\.)?startUpdates\(\) \}(.|\n)*\nextension ProbeView \{",
    "nested_method": r"\.onAppear \{\n +prepareStartUpdates\(\)\n(.|\n)*func prepareStartUpdates\(\) \{\n +startUpdates\(\)",
}


# The lines just above (and at) the finding, per place: what starts the task there.
PLACE_CONTEXT = {
    "on_appear_block": [r"^ *\.onAppear \{$", r"^ *Task"],
    "on_appear_line": [r"^ *\.onAppear \{ Task"],
    "task_modifier": [r"^ *\.task \{$", r"^ *Task"],
    "task_id_modifier": [r"^ *\.task\(id: selection\) \{$", r"^ *Task"],
    "perform_closure": [r"^ *\.onAppear\(perform: \{$", r"^ *Task"],
    "nested_closure": [r"^ *(DispatchQueue\.main\.async|withAnimation) \{$", r"^ *isShowingSheet = false$", r"^ *Task"],
    "inner_element": [r'^ *Text\("Live"\)$', r"^ *\.onAppear \{$", r"^ *Task"],
    "perform_method": [r"^ *private func startUpdates\(\) \{$", r"^ *Task"],
    "called_method": [r"^ *private func startUpdates\(\) \{$", r"^ *Task"],
    "extension_method": [r"^extension ProbeView \{$", r"^ *func startUpdates\(\) \{$", r"^ *Task"],
    "nested_method": [r"^ *private func startUpdates\(\) \{$", r"^ *Task"],
}


class TaskScenarioTests(unittest.TestCase):
    def test_each_place_handle_and_spelling_is_one_finding_at_task(self):
        for place, handle, spelling in itertools.product(PLACES, HANDLES, SPELLINGS):
            with self.subTest(place=place, handle=handle, spelling=spelling):
                f, _ = write_view(tasks=TASK_BUG, place=place, handle=handle, spelling=spelling, method="startUpdates")
                found = marks(f, EXPECTED)
                self.assertEqual([(m[1], m[4]) for m in found], [(TASK, f"{place}+{handle}")])
                text = bytes_at(f, found[0])
                self.assertTrue(text.startswith(spelling.split(" {")[0].encode()), text)
                source = f.render()
                if handle == "stored":
                    self.assertIn(": Task<Void, Never>?", source)
                    self.assertNotIn(".cancel()", source)
                if place.endswith("_method"):
                    self.assertRegex(f.lines[found[0][2] - 2], r"func startUpdates\(\) \{$")
                    self.assertRegex(source, START_CALLS[place])

    def test_each_place_starts_the_task_where_it_says(self):
        for place in PLACES:
            with self.subTest(place=place):
                f, _ = write_view(tasks=TASK_BUG, place=place, handle="dropped", non_ascii=False, method="startUpdates")
                line = marks(f, EXPECTED)[0][2]
                above = f.lines[line - 3:line]
                for pattern, text in zip(reversed(PLACE_CONTEXT[place]), reversed(above)):
                    self.assertRegex(text, pattern)

    def test_methods_starting_tasks_are_written_once(self):
        for place in PLACES:
            f, _ = write_view(tasks=TASK_BUG, place=place, method="subscribe")
            self.assertEqual(f.render().count("func subscribe()"), 1 if place.endswith("_method") else 0)

    def test_one_line_handler_with_non_ascii_text_before_the_task(self):
        f, _ = write_view(tasks=TASK_BUG, place="on_appear_line", non_ascii=True, handle="dropped")
        found = marks(f, EXPECTED)[0]
        self.assertTrue(has_non_ascii_before(f, found))
        self.assertRegex(f.lines[found[2] - 1], r"^\s*\.onAppear \{ print\(.*\); Task")

    def test_cancelled_button_change_and_static_tasks_are_near_misses_only(self):
        for scenario, perform in itertools.product(TASK_NEAR_MISSES, [False, True]):
            with self.subTest(scenario=scenario, perform=perform):
                f, _ = write_view(tasks=scenario, perform=perform)
                self.assertEqual(marks(f, EXPECTED), [])
                near = [m for m in marks(f, NEAR_MISS, TASK) if m[4] != "button_action" or scenario == "task_in_button"]
                self.assertTrue(near)
                for mark in near:
                    self.assertRegex(bytes_at(f, mark), rb"^(Task[ (<.]|task \{)")
                if scenario.startswith("task_cancelled"):
                    self.assertIn(".cancel()", f.render())


class ScenarioMixTests(unittest.TestCase):
    def test_new_scenarios_appear_in_a_few_percent_of_views_and_mix(self):
        files = generate(random.Random(5), 120000)
        main_views = [f for f in files if "/Views/" in f.rel_path]
        labels = {m[4] for f in main_views for m in f.marks}
        with_object = [f for f in main_views if any(m[1] in (OBSERVED, IN_STATE) and m[4] not in
                                                    ("state_object", "value_model_struct", "observable_class",
                                                     "plain_class", "apple_class") for m in f.marks)]
        with_task = [f for f in main_views if any(m[1] == TASK and m[4] != "button_action" for m in f.marks)]
        for share in (len(with_object) / len(main_views), len(with_task) / len(main_views)):
            self.assertGreater(share, 0.05)
            self.assertLess(share, 0.3)
        self.assertTrue(any(m[1] in (APPEAR, DISAPPEAR) and m[0] == EXPECTED for f in with_task for m in f.marks))
        self.assertTrue({"observed_inline", "in_state_inline", "cancelled_on_disappear"} <= labels)


@unittest.skipUnless(shutil.which("swiftc"), "swiftc not on PATH")
class ParseTests(unittest.TestCase):
    def test_every_scenario_parses_as_swift_6(self):
        written = new_feature()[3]
        for scenario in OBSERVED_BUGS + OBSERVED_NEAR_MISSES + IN_STATE_BUGS + IN_STATE_NEAR_MISSES:
            written.append(write_view(objects=scenario, one_line_init=True, prefix=NON_ASCII_COMMENTS[0])[0])
        for index, (place, handle) in enumerate(itertools.product(PLACES, HANDLES)):
            spelling = SPELLINGS[index % len(SPELLINGS)]
            written.append(write_view(tasks=TASK_BUG, place=place, handle=handle, spelling=spelling, non_ascii=True)[0])
        for scenario in TASK_NEAR_MISSES:
            written.append(write_view(tasks=scenario, perform=scenario.endswith("by_method"))[0])
        with tempfile.TemporaryDirectory() as folder:
            paths = []
            for index, f in enumerate(written):
                path = os.path.join(folder, f"{index}-{os.path.basename(f.rel_path)}")
                with open(path, "w", encoding="utf-8") as out:
                    out.write(f.render())
                paths.append(path)
            done = subprocess.run(["swiftc", "-parse", "-swift-version", "6", *paths], capture_output=True, text=True)
            self.assertEqual(done.returncode, 0, done.stderr[:2000])


if __name__ == "__main__":
    unittest.main()
