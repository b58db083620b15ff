#!/usr/bin/env bash
# Checks the SwiftPM command plugin end to end: runs `swift package statelint` in
# Examples/Integrations/SamplePackage (which depends on this repository by relative path).
# Slow: SwiftPM builds statelint for the plugin (a few minutes on a cold scratch path), so it
# is a script for CI rather than part of `swift test`.
#
# Usage: Scripts/test-plugin.sh            (SCRATCH_PATH=… reuses a build folder between runs)
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sample="$root/Examples/Integrations/SamplePackage"
scratch=${SCRATCH_PATH:-}
if [ -z "$scratch" ]; then
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
fi
failures=0

# Runs the plugin with the given arguments; sets `status` and `output` (stdout + stderr).
plugin() {
    output=$(swift package --package-path "$sample" --scratch-path "$scratch" statelint "$@" 2>&1)
    status=$?
}

check() {   # description, condition status
    if [ "$2" -eq 0 ]; then
        echo "ok   $1"
    else
        echo "FAIL $1"
        printf '%s\n' "$output" | sed 's/^/     | /'
        failures=$((failures + 1))
    fi
}

contains() { case "$output" in *"$1"*) return 0 ;; *) return 1 ;; esac; }

echo "test-plugin: building and running the plugin in $sample (scratch $scratch)"

# Every Swift target: the bug in SampleViews is found (the class is in SampleModels, so this
# also shows types resolve across targets); strict: true in the sample's .linter.yml fails it.
plugin
check "whole package: fails" "$([ $status -ne 0 ]; echo $?)"
contains "Sources/SampleViews/CounterView.swift:8:" && contains "[state_inline_class_init]"
check "whole package: reports CounterView.swift:8 (state_inline_class_init)" $?
contains "StateLint found problems in SamplePackage"
check "whole package: the plugin says why it failed" $?
! contains "CounterStyle()" && ! contains "GeneratedView.swift"
check "whole package: no finding for the struct or the excluded Generated folder" $?

plugin --target SampleModels
check "--target SampleModels: passes" $status

plugin --target NoSuchTarget
check "--target NoSuchTarget: fails" "$([ $status -ne 0 ]; echo $?)"
contains "no Swift target named \`NoSuchTarget\`" && contains "SampleModels, SampleViews"
check "--target NoSuchTarget: names the real targets" $?

plugin Sources/SampleModels --reporter json
check "explicit path + --reporter json: passes" $status
contains '"findings": []'
check "explicit path + --reporter json: prints JSON" $?

plugin --target SampleViews --reporter json --only-rule appear_missing_nil_check
check "--only-rule narrows the run (no state_inline_class_init finding)" $status

if [ $failures -ne 0 ]; then
    echo "test-plugin: $failures check(s) failed"
    exit 1
fi
echo "test-plugin: all checks passed"
