"""The rule ids the corpus plants findings and near-misses for (as statelint reports them)."""

INLINE = "state_inline_class_init"
APPEAR = "appear_missing_nil_check"
DISAPPEAR = "disappear_missing_teardown"
OBSERVED = "observed_object_inline_init"
IN_STATE = "observable_object_in_state"
TASK = "appear_unstructured_task"

ALL_RULES = (INLINE, APPEAR, DISAPPEAR, OBSERVED, IN_STATE, TASK)
