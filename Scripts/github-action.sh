#!/usr/bin/env bash
# The shell logic of StateLint's GitHub Action (action.yml), kept here so it can run and be
# tested outside GitHub.
#
#   github-action.sh prepare   check Swift; write cache-key parts to $GITHUB_OUTPUT
#   github-action.sh run       build statelint (release) unless STATELINT_BINARY is set, then lint
#
# Inputs (action.yml passes them as environment variables):
#   INPUT_PATHS               paths to lint: space-separated, or one per line (for paths with spaces)
#   INPUT_CONFIG              a .linter.yml to use instead of the discovered one
#   INPUT_STRICT              true: warnings also fail the step
#   INPUT_REPORTERS           extra reporters, same list format, e.g. `sarif:statelint.sarif`
#   INPUT_SWIFT_VERSION       the Swift version the workflow expects (warns on a mismatch)
#   INPUT_WORKING_DIRECTORY   folder to lint from, relative to $GITHUB_WORKSPACE
# Overrides (tests, self-hosted runners):
#   STATELINT_BINARY          a pre-built statelint; skips the Swift check and the build
#   STATELINT_ACTION_PATH     the StateLint package (default: this script's parent folder)
#   STATELINT_BUILD_PATH      SwiftPM scratch path (default: $STATELINT_ACTION_PATH/.build)
#
# Exit status: statelint's (0 clean, 1 findings that fail the run, 2 usage/config/I/O error);
# 2 as well when Swift is missing or too old, an input is invalid, or the build fails.
# Written for bash 3.2 too (macOS /bin/bash): no namerefs, no mapfile.

set -o pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
action_path=${STATELINT_ACTION_PATH:-$(dirname "$script_dir")}
build_path=${STATELINT_BUILD_PATH:-$action_path/.build}
minimum_swift_major=6

# An error the Actions log shows as an annotation; plain text elsewhere.
fail() {
    if [ "${GITHUB_ACTIONS:-}" = "true" ]; then
        echo "::error title=StateLint action::$1"
    else
        echo "statelint action: error: $1" >&2
    fi
    exit 2
}

warn() {
    if [ "${GITHUB_ACTIONS:-}" = "true" ]; then
        echo "::warning title=StateLint action::$1"
    else
        echo "statelint action: warning: $1" >&2
    fi
}

set_output() {
    if [ -n "${GITHUB_OUTPUT:-}" ]; then
        echo "$1=$2" >> "$GITHUB_OUTPUT"
    fi
}

# Splits $1 into the global array `list_items`: one item per line when the text has several
# lines (so a path may contain spaces), otherwise at spaces. Blank items are dropped.
split_list() {
    list_items=()
    local text=$1 line
    case "$text" in
        *$'\n'*)
            while IFS= read -r line; do
                line="${line#"${line%%[![:space:]]*}"}"
                line="${line%"${line##*[![:space:]]}"}"
                if [ -n "$line" ]; then list_items+=("$line"); fi
            done <<< "$text"
            ;;
        *)
            read -r -a list_items <<< "$text"
            ;;
    esac
}

# Sets `swift_version` (e.g. 6.1.2), or fails with what to do.
check_swift() {
    if ! command -v swift > /dev/null 2>&1; then
        fail "Swift is not installed or not on PATH. StateLint builds from source and needs Swift $minimum_swift_major.0 or later: use a runner that has it (macOS images, swift:6.1 containers) or add a setup step such as swift-actions/setup-swift before this action."
    fi
    local output
    output=$(swift --version 2>&1)
    # "Swift version 6.1.2 (swift-6.1.2-RELEASE)" or "Apple Swift version 6.1 (swiftlang-…)".
    swift_version=$(printf '%s\n' "$output" | grep -o 'Swift version [0-9][0-9.]*' | head -n 1 | sed 's/^Swift version //')
    if [ -z "$swift_version" ]; then
        fail "could not read the Swift version from \`swift --version\`: $(printf '%s' "$output" | head -n 1)"
    fi
    local major=${swift_version%%.*}
    if [ "$major" -lt "$minimum_swift_major" ]; then
        fail "Swift $swift_version is too old: StateLint needs Swift $minimum_swift_major.0 or later."
    fi
    local wanted=${INPUT_SWIFT_VERSION:-}
    if [ -n "$wanted" ] && [ "$swift_version" != "$wanted" ]; then
        case "$swift_version" in
            "$wanted".*) ;;
            *) warn "the workflow expects Swift $wanted (swift-version input) but \`swift\` is $swift_version." ;;
        esac
    fi
}

# A hash of the package's sources, so a cached .build is reused only for the same StateLint.
sources_hash() {
    local hasher="sha256sum"
    command -v sha256sum > /dev/null 2>&1 || hasher="shasum -a 256"
    (cd "$action_path" && find Package.swift Sources -type f -name '*.swift' | LC_ALL=C sort \
        | while IFS= read -r file; do echo "$file"; cat "$file"; done) | $hasher | cut -c 1-16
}

prepare() {
    check_swift
    local version
    version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$action_path/Sources/StateLintSyntax/Support/Version.swift")
    set_output statelint-version "${version:-unknown}"
    set_output swift-version "$swift_version"
    set_output sources-hash "$(sources_hash)"
    set_output build-path "$build_path"
    echo "StateLint ${version:-unknown}, Swift $swift_version, build path $build_path"
}

build() {
    check_swift
    echo "::group::Build statelint (release, Swift $swift_version)"
    swift build -c release --package-path "$action_path" --scratch-path "$build_path" --product statelint
    local status=$?
    echo "::endgroup::"
    if [ $status -ne 0 ]; then fail "building statelint failed (swift build exit status $status); see the log group above."; fi
    local bin_dir
    bin_dir=$(swift build -c release --package-path "$action_path" --scratch-path "$build_path" --show-bin-path) \
        || fail "could not locate the built statelint (swift build --show-bin-path failed)"
    binary="$bin_dir/statelint"
}

run() {
    binary=${STATELINT_BINARY:-}
    if [ -n "$binary" ]; then
        [ -x "$binary" ] || fail "STATELINT_BINARY=$binary is not an executable file."
    else
        build
    fi

    local workspace=${GITHUB_WORKSPACE:-$PWD}
    cd "$workspace" || fail "GITHUB_WORKSPACE folder $workspace does not exist."
    local directory=${INPUT_WORKING_DIRECTORY:-.}
    [ -d "$directory" ] || fail "working-directory '$directory' is not a folder (relative to $workspace)."
    cd "$directory" || fail "cannot enter working-directory '$directory'."

    local arguments=(lint --reporter github)
    split_list "${INPUT_REPORTERS:-}"
    local reporter
    for reporter in ${list_items[@]+"${list_items[@]}"}; do
        [ "$reporter" = "github" ] && continue   # already there; twice would annotate twice
        arguments+=(--reporter "$reporter")
    done
    if [ -n "${INPUT_CONFIG:-}" ]; then arguments+=(--config "$INPUT_CONFIG"); fi
    case "${INPUT_STRICT:-false}" in
        true) arguments+=(--strict) ;;
        false | "") ;;
        *) fail "strict must be true or false, found '$INPUT_STRICT'." ;;
    esac
    split_list "${INPUT_PATHS:-}"
    # `--` so a path named like a subcommand or starting with `-` is still a path.
    arguments+=(--)
    arguments+=(${list_items[@]+"${list_items[@]}"})

    "$binary" "${arguments[@]}"
    local status=$?
    set_output exit-code "$status"
    exit $status
}

case "${1:-run}" in
    prepare) prepare ;;
    run) run ;;
    *) fail "unknown mode '$1': use prepare or run." ;;
esac
