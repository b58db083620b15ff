#!/usr/bin/env bash
# Checks `make install` / `make uninstall` into a temporary prefix: the installed binary runs
# and reports the version in Sources/StateLintSyntax/Support/Version.swift.
#
# Usage: Scripts/test-install.sh   (from anywhere; BUILD_PATH=… reuses a scratch path)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
make_args=(-C "$root" PREFIX="$prefix")
if [ -n "${BUILD_PATH:-}" ]; then make_args+=(BUILD_PATH="$BUILD_PATH"); fi

fail() { echo "test-install: FAIL: $1" >&2; exit 1; }

make "${make_args[@]}" install
installed="$prefix/bin/statelint"
[ -x "$installed" ] || fail "make install did not create an executable $installed"

expected=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$root/Sources/StateLintSyntax/Support/Version.swift")
[ -n "$expected" ] || fail "cannot read the version from Version.swift"
actual=$("$installed" --version)
[ "$actual" = "$expected" ] || fail "statelint --version printed '$actual', Version.swift says '$expected'"
[ "$("$installed" version)" = "$expected" ] || fail "statelint version disagrees with --version"

# The installed binary lints on its own (no build folder needed): one known finding.
project=$(mktemp -d)
trap 'rm -rf "$prefix" "$project"' EXIT
mkdir "$project/.git"
cat > "$project/View.swift" <<'SWIFT'
import SwiftUI
final class Model {}
struct V: View {
    @State private var model = Model()
    var body: some View { Text("") }
}
SWIFT
set +e
output=$(cd "$project" && "$installed" lint --quiet --strict)
status=$?
set -e
[ $status -eq 1 ] || fail "expected exit status 1 for a strict run with a finding, got $status: $output"
case "$output" in
    *"View.swift:4:"*"[state_inline_class_init]"*) ;;
    *) fail "expected a state_inline_class_init finding at View.swift:4, got: $output" ;;
esac

make "${make_args[@]}" uninstall
[ ! -e "$installed" ] || fail "make uninstall left $installed behind"
echo "test-install: ok (statelint $expected installed, ran, and was removed)"
