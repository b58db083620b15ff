#!/usr/bin/env bash
# libFuzzer targets for StateLint (not part of the SwiftPM package).
#
#   Scripts/fuzz.sh build            compile .build/fuzz/statelint-fuzzer with -sanitize=fuzzer,address
#   Scripts/fuzz.sh run [SECONDS]    build if needed, then fuzz every target (default 60): `source`
#                                    SECONDS, `autofix` 3/4 of it, every other target 1/3 of it;
#                                    exits 1 if a target crashed (the input is saved as crash-*)
#   Scripts/fuzz.sh seeds            (re)create the seed corpora only
#
# Targets (STATELINT_FUZZ_TARGET; the checks are PathologicalPipeline.stageChecks):
#   tokenizer   lossless tokens (contiguous, non-empty, in bounds), deterministic, code scan = lossless scan
#   structure   declarations, modifier calls, bodies and bracket partners point at tokens that exist
#   index       every declared type is found; byte tables and String tables answer every lookup alike
#   rules       each rule on its own, default and extra options: spans and fix edits in bounds, pure
#   formatters  findings made of the input's own text: JSON/SARIF/GitLab parse, XML well-formed,
#               GitHub and Xcode lines escaped
#   config      bytes -> YAML parser -> configuration decoder -> rules; positions inside the input
#   source      the full pipeline: tokenizer -> structure -> index -> rules -> directives -> every formatter
#   autofix     lint, apply every fix, re-lint, until settled: fixed findings gone, bytes outside the
#               edits unchanged, a fixed point within FixRounds.maximumRounds, FixRounds agrees
# They share Tests/StateLintKitTests/Pathological{Pipeline,Stages,OutputChecks}.swift with the
# regression tests that replay Tests/StateLintKitTests/Fixtures/Crashes/<target>-*.
#
# Each target starts from the committed corpus Fuzz/corpus/<target>/ (minimised with
# -merge=1 -use_counters=0 -max_len=2048 (1024 for rules and index), from runs seeded with our
# own code only) plus fresh seeds (fixtures, Examples, rule-page code
# blocks, a generated corpus, the crash fixtures), with the dictionary Fuzz/swift.dict.
# CI (`.ci/run`) runs `Scripts/fuzz.sh run 60`: 60 s source, 45 s autofix, 20 s each of the six
# others = 225 s of fuzzing, about 6 minutes with the build (about 2 minutes).
#
# The fuzzer is the library sources + the shared checks + Fuzz/FuzzerEntry.swift, compiled as
# one module (one binary; STATELINT_FUZZ_TARGET picks the target). The Swift driver on Linux has
# no `-sanitize=undefined`, so only address is used; Swift's own overflow and bounds traps stay
# on (-O keeps them; -Ounchecked would not).
#
# Environment: FUZZ_DIR (build output and corpora, default .build/fuzz), FUZZ_OPT (-O),
# FUZZ_JOBS (parallel fuzzing processes per target, default 1), FUZZ_MAX_LEN (default 8192),
# FUZZ_TARGETS (space-separated subset, default all).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FUZZ_DIR="${FUZZ_DIR:-$ROOT/.build/fuzz}"
FUZZ_OPT="${FUZZ_OPT:--O}"
FUZZ_JOBS="${FUZZ_JOBS:-1}"
FUZZ_MAX_LEN="${FUZZ_MAX_LEN:-8192}"
TARGETS=(${FUZZ_TARGETS:-tokenizer structure index rules formatters config source autofix})
SWIFT_TARGETS=(tokenizer structure index rules formatters source autofix)
SWIFTC="${SWIFTC:-swiftc}"
command -v "$SWIFTC" >/dev/null || SWIFTC=/opt/swift/usr/bin/swiftc


build() {
    mkdir -p "$FUZZ_DIR"
    # The library's layers, built as one module with the fuzzer (the umbrella StateLintKit,
    # only re-exports, is left out): copies without their `import StateLint…` lines, named
    # StateLintSyntax so module-qualified names (`StateLintSyntax.SourceLocation`) still resolve.
    local sources=() copies="$FUZZ_DIR/sources"
    rm -rf "$copies" && mkdir -p "$copies"
    while IFS= read -r -d '' file; do
        local copy="$copies/$(echo "${file#$ROOT/}" | tr '/' '_')"
        grep -v -E '^(@testable )?import StateLint' "$file" > "$copy"
        sources+=("$copy")
    done < <(find "$ROOT"/Sources/StateLint* "$ROOT/Tests/StateLintKitTests/PathologicalPipeline.swift" \
                  "$ROOT/Tests/StateLintKitTests/PathologicalOutputChecks.swift" "$ROOT/Tests/StateLintKitTests/PathologicalStages.swift" \
                  -name '*.swift' -not -path '*/Sources/StateLintKit/*' -print0 | sort -z)
    echo "building $FUZZ_DIR/statelint-fuzzer ($FUZZ_OPT, fuzzer+address)…" >&2
    # One binary for both targets (STATELINT_FUZZ_TARGET picks one): the build is the slow part.
    # Built inside FUZZ_DIR so the module files -g leaves behind stay out of the source tree.
    # ld.gold warns about every ASan helper symbol it cannot export; those lines are noise.
    (cd "$FUZZ_DIR" && "$SWIFTC" -sanitize=fuzzer,address -parse-as-library -swift-version 6 "$FUZZ_OPT" -g \
        -module-name StateLintSyntax -package-name statelint -wmo \
        "${sources[@]}" \
        "$ROOT/Fuzz/FuzzerEntry.swift" \
        -o "$FUZZ_DIR/statelint-fuzzer.new" 2>&1) | grep -v -e "Cannot export local symbol" || true
    [ -x "$FUZZ_DIR/statelint-fuzzer.new" ] || { echo "build of statelint-fuzzer failed" >&2; exit 2; }
    mv "$FUZZ_DIR/statelint-fuzzer.new" "$FUZZ_DIR/statelint-fuzzer"
}

# Seeds: Swift fixtures, the demo app, rule-doc code blocks and a generated corpus for the Swift
# targets (one seed folder, `swift`); the project's own .linter.yml and the YAML strings of the
# config tests for `config`. Crash fixtures go to their target's folder.
seeds() {
    local source_seeds="$FUZZ_DIR/seeds/swift" config_seeds="$FUZZ_DIR/seeds/config"
    rm -rf "$FUZZ_DIR/seeds"
    mkdir -p "$source_seeds" "$config_seeds"
    for target in "${SWIFT_TARGETS[@]}"; do mkdir -p "$FUZZ_DIR/seeds/$target"; done
    local n=0
    while IFS= read -r -d '' file; do
        n=$((n + 1)); head -c "$FUZZ_MAX_LEN" "$file" > "$source_seeds/seed-$n.swift"
    done < <(find "$ROOT/Tests/StateLintKitTests/Fixtures" "$ROOT/Examples" -name '*.swift' -print0 2>/dev/null)
    if python3 "$ROOT/Benchmarks/generate_corpus.py" "$FUZZ_DIR/seeds/generated" --lines 20000 --seed 3 >/dev/null 2>&1; then
        while IFS= read -r -d '' file; do
            n=$((n + 1)); head -c "$FUZZ_MAX_LEN" "$file" > "$source_seeds/generated-$n.swift"
        done < <(find "$FUZZ_DIR/seeds/generated" -name '*.swift' -print0)
        rm -rf "$FUZZ_DIR/seeds/generated"
    fi
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
    for file in "$ROOT"/Tests/StateLintKitTests/Fixtures/Crashes/*; do
        local target
        target=$(basename "$file"); target=${target%%-*}
        [ -d "$FUZZ_DIR/seeds/$target" ] && cp "$file" "$FUZZ_DIR/seeds/$target/"
    done
    echo "seeds: $(ls "$source_seeds" | wc -l) Swift, $(ls "$config_seeds" | wc -l) config" >&2
}

# Seconds for one target in a run of SECONDS (see the header).
budget() {
    local target=$1 seconds=$2
    case "$target" in
        source) echo "$seconds" ;;
        autofix) echo $(((seconds * 3 + 3) / 4)) ;;
        *) echo $(((seconds + 2) / 3)) ;;
    esac
}

run() {
    local seconds="${1:-60}" failed=0
    [ -x "$FUZZ_DIR/statelint-fuzzer" ] || build
    seeds
    for target in "${TARGETS[@]}"; do
        local corpus="$FUZZ_DIR/corpus/$target-live" log="$FUZZ_DIR/$target.log" time
        time=$(budget "$target" "$seconds")
        local inputs=("$corpus")
        [ -d "$ROOT/Fuzz/corpus/$target" ] && inputs+=("$ROOT/Fuzz/corpus/$target")
        if [ "$target" = config ]; then inputs+=("$FUZZ_DIR/seeds/config"); else inputs+=("$FUZZ_DIR/seeds/swift" "$FUZZ_DIR/seeds/$target"); fi
        mkdir -p "$corpus" "$FUZZ_DIR/artifacts"
        echo "fuzzing $target for ${time}s (log: $log)…" >&2
        # No Swift backtracer: it runs inside ASan's signal handling and muddles the report.
        # detect_leaks=0: the Swift runtime keeps metadata caches alive on purpose.
        set +e
        # -jobs (even -jobs=1) switches libFuzzer to fork mode with per-job logs in the cwd.
        local parallel=()
        [ "$FUZZ_JOBS" -gt 1 ] && parallel=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS")
        (cd "$FUZZ_DIR" && STATELINT_FUZZ_TARGET="$target" SWIFT_BACKTRACE=enable=no \
            ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" \
            "$FUZZ_DIR/statelint-fuzzer" "${inputs[@]}" -dict="$ROOT/Fuzz/swift.dict" \
            -max_total_time="$time" -max_len="$FUZZ_MAX_LEN" -timeout=10 -rss_limit_mb=2048 \
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
            # The broken invariants follow the fatal error, one per line.
            awk '/invariant broken/ { n = 11 } n > 0 { print "  " $0; n-- }' "$log" | head -n 12 >&2 || true
            # The input itself, so a failure on a CI machine can be replayed anywhere: keep it as
            # Tests/StateLintKitTests/Fixtures/Crashes/<target>-<name>.swift.
            local artifact
            artifact=$(grep -o "Test unit written to [^ ]*" "$log" | tail -n 1 | sed 's/Test unit written to //')
            if [ -n "$artifact" ] && [ -f "$artifact" ]; then
                echo "the input, base64 ($(wc -c < "$artifact") bytes; base64 -d > Tests/StateLintKitTests/Fixtures/Crashes/$target-NAME.swift):" >&2
                base64 -w 0 "$artifact" | head -c 24000 >&2; echo >&2
            fi
        fi
    done
    return "$failed"
}

case "${1:-}" in
    build) build ;;
    seeds) seeds ;;
    run) shift; run "${1:-60}" ;;
    *) sed -n '2,38p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
