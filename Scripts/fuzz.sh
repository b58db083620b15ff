#!/usr/bin/env bash
# libFuzzer targets for StateLint (not part of the SwiftPM package).
#
#   Scripts/fuzz.sh build            compile .build/fuzz/statelint-fuzzer with -sanitize=fuzzer,address
#   Scripts/fuzz.sh run [SECONDS]    build if needed, then fuzz each target SECONDS (default 60);
#                                    exits 1 if a target crashed (the input is saved as crash-*)
#   Scripts/fuzz.sh seeds            (re)create the seed corpora only
#
# Targets: `source` (bytes -> tokenizer -> structure -> index -> rules -> directives -> every
# formatter, with invariants) and `config` (bytes -> YAML parser -> configuration decoder -> rules).
# Both share Tests/StateLintKitTests/PathologicalPipeline.swift with the regression tests that
# replay Tests/StateLintKitTests/Fixtures/Crashes/ without libFuzzer.
#
# The fuzzer is the library sources + the shared pipeline + Fuzz/FuzzerEntry.swift, compiled as
# one module (one binary; STATELINT_FUZZ_TARGET=source|config picks the target). The Swift driver on Linux has no `-sanitize=undefined`, so only address is used;
# Swift's own overflow and bounds traps stay on (-O keeps them; -Ounchecked would not).
#
# Environment: FUZZ_DIR (build output and corpora, default .build/fuzz), FUZZ_OPT (-O),
# FUZZ_JOBS (parallel fuzzing processes per target, default 1), FUZZ_MAX_LEN (default 8192).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FUZZ_DIR="${FUZZ_DIR:-$ROOT/.build/fuzz}"
FUZZ_OPT="${FUZZ_OPT:--O}"
FUZZ_JOBS="${FUZZ_JOBS:-1}"
FUZZ_MAX_LEN="${FUZZ_MAX_LEN:-8192}"
TARGETS=(source config)
SWIFTC="${SWIFTC:-swiftc}"
command -v "$SWIFTC" >/dev/null || SWIFTC=/opt/swift/usr/bin/swiftc


build() {
    mkdir -p "$FUZZ_DIR"
    local sources=()
    while IFS= read -r -d '' file; do sources+=("$file"); done \
        < <(find "$ROOT/Sources/StateLintKit" -name '*.swift' -print0 | sort -z)
    echo "building $FUZZ_DIR/statelint-fuzzer ($FUZZ_OPT, fuzzer+address)…" >&2
    # One binary for both targets (STATELINT_FUZZ_TARGET picks one): the build is the slow part.
    # Built inside FUZZ_DIR so the module files -g leaves behind stay out of the source tree.
    # ld.gold warns about every ASan helper symbol it cannot export; those lines are noise.
    (cd "$FUZZ_DIR" && "$SWIFTC" -sanitize=fuzzer,address -parse-as-library -swift-version 6 "$FUZZ_OPT" -g \
        -module-name StateLintKit -wmo \
        "${sources[@]}" \
        "$ROOT/Tests/StateLintKitTests/PathologicalPipeline.swift" \
        "$ROOT/Tests/StateLintKitTests/PathologicalOutputChecks.swift" \
        "$ROOT/Fuzz/FuzzerEntry.swift" \
        -o "$FUZZ_DIR/statelint-fuzzer.new" 2>&1) | grep -v -e "Cannot export local symbol" || true
    [ -x "$FUZZ_DIR/statelint-fuzzer.new" ] || { echo "build of statelint-fuzzer failed" >&2; exit 2; }
    mv "$FUZZ_DIR/statelint-fuzzer.new" "$FUZZ_DIR/statelint-fuzzer"
}

# Seeds: Swift fixtures, the demo app and rule-doc code blocks for `source`; the project's own
# .linter.yml and the YAML strings of the config tests for `config`.
seeds() {
    local source_seeds="$FUZZ_DIR/corpus/source" config_seeds="$FUZZ_DIR/corpus/config"
    mkdir -p "$source_seeds" "$config_seeds"
    local n=0
    while IFS= read -r -d '' file; do
        n=$((n + 1)); head -c "$FUZZ_MAX_LEN" "$file" > "$source_seeds/seed-$n.swift"
    done < <(find "$ROOT/Tests/StateLintKitTests/Fixtures" "$ROOT/Examples" -name '*.swift' -print0 2>/dev/null)
    if compgen -G "$ROOT/Rules/*.md" >/dev/null; then
        # Every ```swift block of the rule documentation becomes one seed.
        awk -v dir="$source_seeds" '
            /^```swift/ { inside = 1; count++; file = dir "/doc-" FILENAME_INDEX "-" count ".swift"; next }
            /^```/      { inside = 0; next }
            inside      { print > file }
        ' FILENAME_INDEX=0 "$ROOT"/Rules/*.md
    fi
    cp "$ROOT/.linter.yml" "$config_seeds/seed-linter.yml" 2>/dev/null || true
    # Triple-quoted YAML documents in the config tests.
    awk -v dir="$config_seeds" '
        /"""$/ && !inside { inside = 1; count++; file = dir "/test-" count ".yml"; next }
        /^ *"""/ && inside { inside = 0; next }
        inside { sub(/^        /, ""); print > file }
    ' "$ROOT"/Tests/StateLintKitTests/Config*.swift
    for file in "$ROOT"/Tests/StateLintKitTests/Fixtures/Crashes/source-*; do
        [ -e "$file" ] && cp "$file" "$source_seeds/"
    done
    for file in "$ROOT"/Tests/StateLintKitTests/Fixtures/Crashes/config-*; do
        [ -e "$file" ] && cp "$file" "$config_seeds/"
    done
    echo "seeds: $(ls "$source_seeds" | wc -l) source, $(ls "$config_seeds" | wc -l) config" >&2
}

run() {
    local seconds="${1:-60}" failed=0
    [ -x "$FUZZ_DIR/statelint-fuzzer" ] || build
    seeds
    for target in "${TARGETS[@]}"; do
        local corpus="$FUZZ_DIR/corpus/$target-live" log="$FUZZ_DIR/$target.log"
        mkdir -p "$corpus" "$FUZZ_DIR/artifacts"
        echo "fuzzing $target for ${seconds}s (log: $log)…" >&2
        # No Swift backtracer: it runs inside ASan's signal handling and muddles the report.
        # detect_leaks=0: the Swift runtime keeps metadata caches alive on purpose.
        set +e
        # -jobs (even -jobs=1) switches libFuzzer to fork mode with per-job logs in the cwd.
        local parallel=()
        [ "$FUZZ_JOBS" -gt 1 ] && parallel=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS")
        (cd "$FUZZ_DIR" && STATELINT_FUZZ_TARGET="$target" SWIFT_BACKTRACE=enable=no \
            ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" \
            "$FUZZ_DIR/statelint-fuzzer" "$corpus" "$FUZZ_DIR/corpus/$target" \
            -max_total_time="$seconds" -max_len="$FUZZ_MAX_LEN" -timeout=10 -rss_limit_mb=3072 \
            "${parallel[@]}" -print_final_stats=1 \
            -artifact_prefix="$FUZZ_DIR/artifacts/$target-") > "$log" 2>&1
        local status=$?
        set -e
        [ "$FUZZ_JOBS" -gt 1 ] && cat "$FUZZ_DIR"/fuzz-*.log >> "$log" 2>/dev/null && rm -f "$FUZZ_DIR"/fuzz-*.log
        local runs speed
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{ s += $2 } END { print s + 0 }')
        speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | awk '{ s += $2 } END { print s + 0 }')
        echo "$target: exit $status, $runs executions, $speed exec/s" >&2
        if [ "$status" -ne 0 ]; then
            failed=1
            grep -m 20 -e "Fatal error" -e "ERROR: AddressSanitizer" -e "ERROR: libFuzzer" -e "SUMMARY" -e "Test unit written" "$log" >&2 || true
        fi
    done
    return "$failed"
}

case "${1:-}" in
    build) build ;;
    seeds) seeds ;;
    run) shift; run "${1:-60}" ;;
    *) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
