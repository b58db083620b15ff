#!/usr/bin/env bash
# Checks the SwiftPM build-tool plugin end to end: `swift build` of a copy of
# Examples/Integrations/BuildToolPluginSample (whose Views target applies the plugin) prints the
# finding as a warning and succeeds, lints again only when an input changed, and fails once the
# finding is configured as an error. Slow (SwiftPM builds statelint for the plugin), so it is a
# CI script rather than part of `swift test`.
#
# Usage: Scripts/test-build-tool-plugin.sh      (SCRATCH_PATH=… reuses a build folder between runs)
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
scratch=${SCRATCH_PATH:-$work/scratch}
trap 'rm -rf "$work"' EXIT
sample="$work/BuildToolPluginSample"
cp -R "$root/Examples/Integrations/BuildToolPluginSample" "$sample"
# The copy depends on this checkout by absolute path.
sed -i.bak "s|path: \"../../..\"|path: \"$root\"|" "$sample/Package.swift" && rm -f "$sample/Package.swift.bak"
failures=0

build() {   # sets `status` and `output`
    output=$(swift build --package-path "$sample" --scratch-path "$scratch" 2>&1)
    status=$?
}

check() {   # description, condition status
    if [ "$2" -eq 0 ]; then
        echo "ok   $1"
    else
        echo "FAIL $1"
        printf '%s\n' "$output" | tail -n 40 | sed 's/^/     | /'
        failures=$((failures + 1))
    fi
}

contains() { case "$output" in *"$1"*) return 0 ;; *) return 1 ;; esac; }

echo "test-build-tool-plugin: building $sample (scratch $scratch)"
view="$sample/Sources/Views/CounterView.swift"

build
check "swift build succeeds with a warning-severity finding" $status
contains "$view:6:5: warning: \`@State\` property \`model\` is initialised with a new \`CounterModel\`" && contains "[state_inline_class_init]"
check "swift build prints the finding as an Xcode-format warning with an absolute path" $?
! contains "CounterModel.swift:"
check "the Models target, which does not apply the plugin, is not linted" $?

build
check "a second build succeeds" $status
# (SwiftPM may link the statelint tool once more on the second build, an input of the lint.)
build
! contains "[state_inline_class_init]"
check "a build with no changed input does not lint again" $?

printf '\n// edited\n' >> "$view"
build
contains "$view:6:5: warning:"
check "editing a source lints it again" $?

printf 'reporter: xcode\nstate_inline_class_init: error\n' > "$sample/.linter.yml"
build
check "with the finding configured as an error, swift build fails" "$([ $status -ne 0 ]; echo $?)"
contains "$view:6:5: error: \`@State\` property"
check "and prints it as an error" $?

build
check "the failed lint runs again on the next build, and fails again" "$([ $status -ne 0 ]; echo $?)"

if [ $failures -ne 0 ]; then
    echo "test-build-tool-plugin: $failures check(s) failed"
    exit 1
fi
echo "test-build-tool-plugin: all checks passed"
