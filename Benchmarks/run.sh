#!/usr/bin/env bash
# StateLint benchmark: a release build over large corpora, against `cat` and `grep` baselines
# measured in the same run. See Benchmarks/README.md for how to read the output.
set -euo pipefail

usage() {
    cat <<'USAGE'
usage: Benchmarks/run.sh [--runs N] [--corpus DIR] [--lines N] [--swift-format]
                         [--linearity-base N] [--no-linearity] [--bin PATH | --no-build]
                         [--scratch-path DIR]
  --runs N            timed runs per measurement, median reported (default 5; one extra warm-up run)
  --corpus DIR        generated corpus to use (default .benchmark/corpus, generated if missing)
  --lines N           size of the generated corpus when it has to be generated (default 1000000)
  --swift-format      also time `swift-format lint` over a small subset (slow)
  --linearity-base N  lines of the 1x corpus of the linearity check (default 60000; also 4x and 16x)
  --no-linearity      skip the linearity check
  --bin PATH          statelint binary to measure (skips the build)
  --no-build          use the existing <scratch>/release/statelint without building
  --scratch-path DIR  SwiftPM scratch path for the release build (default .build)
USAGE
}

die() { echo "run.sh: error: $*" >&2; exit 1; }

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HERE="$ROOT/Benchmarks"
WORK="$ROOT/.benchmark"
RUNS=5
CORPUS="$WORK/corpus"
LINES=1000000
SWIFT_FORMAT=0
LINEARITY=1
LINEARITY_BASE=60000
BIN=""
BUILD=1
SCRATCH="$ROOT/.build"

while [ $# -gt 0 ]; do
    case "$1" in
        --runs) RUNS="${2:?--runs needs a value}"; shift 2 ;;
        --corpus) CORPUS="${2:?--corpus needs a value}"; shift 2 ;;
        --lines) LINES="${2:?--lines needs a value}"; shift 2 ;;
        --swift-format) SWIFT_FORMAT=1; shift ;;
        --linearity-base) LINEARITY_BASE="${2:?--linearity-base needs a value}"; shift 2 ;;
        --no-linearity) LINEARITY=0; shift ;;
        --bin) BIN="${2:?--bin needs a value}"; BUILD=0; shift 2 ;;
        --no-build) BUILD=0; shift ;;
        --scratch-path) SCRATCH="${2:?--scratch-path needs a value}"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done
for number in "$RUNS" "$LINES" "$LINEARITY_BASE"; do
    [[ "$number" =~ ^[1-9][0-9]*$ ]] || die "expected a positive integer, got '$number'"
done

command -v python3 >/dev/null || die "python3 is required (corpus generator and report)"
TIME=/usr/bin/time
if [ -x "$TIME" ] && "$TIME" -f %M -o /dev/null true 2>/dev/null; then
    HAVE_TIME=1
else
    HAVE_TIME=0
    echo "note: GNU time not found at /usr/bin/time: peak RSS is shown as n/a (install it: apt-get install -y time)" >&2
fi

mkdir -p "$WORK"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/statelint-bench.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

# --- the statelint binary -------------------------------------------------------------------
# Absolute paths: the build runs in $ROOT and the statelint rows run from inside each corpus.
case "$SCRATCH" in /*) ;; *) SCRATCH="$PWD/$SCRATCH" ;; esac
case "$BIN" in /*|"") ;; *) BIN="$PWD/$BIN" ;; esac
if [ -z "$BIN" ]; then
    BIN="$SCRATCH/release/statelint"
    if [ "$BUILD" = 1 ]; then
        # As `make install` builds it: on Linux with the Swift runtime linked in statically,
        # which halves start-up (no dynamic symbol binding of the runtime libraries).
        STATIC=""
        [ "$(uname -s)" = Linux ] && STATIC="--static-swift-stdlib"
        echo "building: swift build -c release $STATIC --product statelint --scratch-path $SCRATCH" >&2
        (cd "$ROOT" && swift build -c release $STATIC --product statelint --scratch-path "$SCRATCH") >&2 \
            || die "release build failed"
    fi
fi

# Is `statelint lint` there yet? A real CLI rejects an unknown flag and lints a clean file with 0.
STATELINT_STATUS="not built"
if [ -x "$BIN" ]; then
    mkdir -p "$TMP/probe"
    printf 'struct Probe {\n    var count = 0\n}\n' > "$TMP/probe/Probe.swift"
    if ! "$BIN" lint --no-such-flag-for-bench "$TMP/probe" >/dev/null 2>&1 \
        && "$BIN" lint --quiet --jobs 1 "$TMP/probe" >/dev/null 2>&1; then
        STATELINT_STATUS="ok"
    else
        STATELINT_STATUS="not built (no 'lint' command)"
    fi
fi
echo "statelint: $BIN -> $STATELINT_STATUS" >&2

# --- corpora ----------------------------------------------------------------------------------
# A corpus this script made is a project of its own: a `.linter.yml` at its root stops
# StateLint's config search there. Without it, a corpus under .benchmark/ picks up this
# repository's .linter.yml and indexes the repository's Sources along with the corpus.
own_project() { # DIR
    [ -f "$1/.linter.yml" ] || printf '# Benchmark corpus: a project of its own (Benchmarks/run.sh).\n' > "$1/.linter.yml"
}

ensure_generated() { # DIR LINES
    if [ ! -f "$1/expected-findings.tsv" ]; then
        echo "generating corpus: $2 lines -> $1" >&2
        python3 "$HERE/generate_corpus.py" "$1" --lines "$2" --force || die "corpus generation failed"
    fi
    own_project "$1"
}

ensure_interfaces() { # DIR: the toolchain's .swiftinterface files, copied as .swift (statelint lints .swift)
    local dir="$1" lib
    [ -f "$dir/.complete" ] && { own_project "$dir"; return 0; }
    command -v swiftc >/dev/null || die "swiftc not on PATH: cannot find the toolchain's .swiftinterface files"
    lib="$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/swift"
    rm -rf "$dir"; mkdir -p "$dir"
    find "$lib" -name '*.swiftinterface' -not -path '*swift_static*' -print0 | sort -z > "$TMP/interfaces"
    [ -s "$TMP/interfaces" ] || die "no .swiftinterface files under $lib"
    while IFS= read -r -d '' file; do
        local rel="${file#"$lib"/}"
        cp "$file" "$dir/${rel//\//__}.swift"
    done < "$TMP/interfaces"
    own_project "$dir"
    touch "$dir/.complete"
}

file_list() { # DIR OUT: NUL-separated sorted list of the .swift files
    find "$1" -type f -name '*.swift' -print0 | LC_ALL=C sort -z > "$2"
    [ -s "$2" ] || die "no .swift files in $1"
}

# --- measuring --------------------------------------------------------------------------------
RESULTS="$TMP/results.tsv"

now_us() { local t="${EPOCHREALTIME//[.,]/}"; echo "$((10#$t))"; }

# measure RESULTS CORPUS_NAME TOOL_NAME RUNS OK_CODES -- command...
# Runs the command once to warm caches (and check it works), then RUNS timed runs.
measure() {
    local results="$1" corpus="$2" tool="$3" runs="$4" ok_codes="$5"; shift 6
    local times="" rss="" i start end code peak
    for ((i = 0; i <= runs; i++)); do
        start=$(now_us)
        set +e
        if [ "$HAVE_TIME" = 1 ]; then
            "$TIME" -f %M -o "$TMP/rss" "$@" > /dev/null 2> "$TMP/stderr"
        else
            "$@" > /dev/null 2> "$TMP/stderr"
        fi
        code=$?
        set -e
        end=$(now_us)
        if [[ " $ok_codes " != *" $code "* ]]; then
            echo "run.sh: error: '$tool' failed on $corpus (exit $code): $*" >&2
            sed -n '1,20p' "$TMP/stderr" >&2
            exit 1
        fi
        [ "$i" = 0 ] && continue
        times="${times:+$times,}$((end - start))"
        if [ "$HAVE_TIME" = 1 ]; then
            peak="$(tail -n 1 "$TMP/rss")"
            if [ -z "$rss" ] || [ "$peak" -gt "$rss" ]; then rss="$peak"; fi
        fi
    done
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\tok\n' "$corpus" "$tool" "$FILES" "$LINES_IN" "$BYTES" "$times" "$rss" >> "$results"
}

not_measured() { # RESULTS CORPUS TOOL STATUS
    printf '%s\t%s\t%s\t%s\t%s\t\t\t%s\n' "$2" "$3" "$FILES" "$LINES_IN" "$BYTES" "$4" >> "$1"
}

# measure_corpus RESULTS NAME DIR RUNS [jobs1-only]
measure_corpus() {
    local results="$1" name="$2" dir="$3" runs="$4" only_jobs1="${5:-}"
    local list="$TMP/files-$name"
    file_list "$dir" "$list"
    FILES=$(tr -cd '\0' < "$list" | wc -c)
    read -r LINES_IN BYTES < <(xargs -0 -a "$list" cat | wc -lc)
    echo "measuring $name: $FILES files, $LINES_IN lines, $BYTES bytes" >&2
    measure "$results" "$name" "cat" "$runs" "0" -- xargs -0 -a "$list" cat
    # grep exits 1 when a batch has no match; only >1 is an error (xargs stops on 255).
    measure "$results" "$name" "grep -c @State" "$runs" "0" -- \
        xargs -0 -a "$list" sh -c 'grep -c -- @State "$@"; [ $? -le 1 ] || exit 255' sh
    # The rows above are handed the file list; statelint finds the files itself. This row
    # walks the folder as statelint does, for a like-for-like whole-process comparison.
    [ -n "$only_jobs1" ] || (cd "$dir" && measure "$results" "$name" "grep -rc @State (walks)" "$runs" "0 1" -- \
        sh -c 'grep -rc --include="*.swift" -- @State . > /dev/null; [ $? -le 1 ] || exit 255')
    if [ "$STATELINT_STATUS" = ok ]; then
        # From inside the corpus, as CI runs it from a project's root: the corpus's own
        # .linter.yml is then the configuration (StateLint looks in the working directory).
        (cd "$dir" && measure "$results" "$name" "statelint --jobs 1" "$runs" "0 1" -- "$BIN" lint --quiet --jobs 1 .)
        [ -n "$only_jobs1" ] || (cd "$dir" && measure "$results" "$name" "statelint (all cores)" "$runs" "0 1" -- "$BIN" lint --quiet .)
    else
        not_measured "$results" "$name" "statelint --jobs 1" "statelint: $STATELINT_STATUS"
        [ -n "$only_jobs1" ] || not_measured "$results" "$name" "statelint (all cores)" "statelint: $STATELINT_STATUS"
    fi
}

ensure_generated "$CORPUS" "$LINES"
ensure_interfaces "$WORK/interfaces"
echo "machine: $(nproc) cores; $RUNS timed runs per row after one warm-up run" >&2
measure_corpus "$RESULTS" "interfaces" "$WORK/interfaces" "$RUNS"
measure_corpus "$RESULTS" "generated" "$CORPUS" "$RUNS"

# Start-up: one small file per process, as pre-commit hooks and editors run it. Measured from
# inside its folder, so the index scope (the working directory without a config) is that file.
STARTUP_DIR="$TMP/startup"
mkdir -p "$STARTUP_DIR"
cp "$HERE/fixtures/StartupProbe.swift" "$STARTUP_DIR/"
STARTUP_RUNS=$((RUNS * 4 > 20 ? RUNS * 4 : 20))
(cd "$STARTUP_DIR" && measure_corpus "$RESULTS" "start-up (1 small file)" "$STARTUP_DIR" "$STARTUP_RUNS" jobs1-only)

echo "# StateLint benchmark ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, statelint: $STATELINT_STATUS)"
python3 "$HERE/report.py" table "$RESULTS"

if [ "$STATELINT_STATUS" = ok ]; then
    echo; echo "## per-phase split (statelint lint --quiet --timings, generated corpus, one run)"
    set +e
    (cd "$CORPUS" && "$BIN" lint --quiet --timings . > /dev/null 2> "$TMP/timings")
    code=$?
    set -e
    [ "$code" -le 1 ] || { cat "$TMP/timings" >&2; die "statelint --timings failed (exit $code)"; }
    cat "$TMP/timings"
fi

if [ "$LINEARITY" = 1 ]; then
    LINEAR_RESULTS="$TMP/linearity.tsv"
    ONE_FILE_RESULTS="$TMP/linearity-one-file.tsv"
    for factor in 1 4 16; do
        dir="$WORK/linearity/${LINEARITY_BASE}x${factor}"
        ensure_generated "$dir" "$((LINEARITY_BASE * factor))"
        measure_corpus "$LINEAR_RESULTS" "${factor}x" "$dir" "$RUNS" jobs1-only
        # The same code as one file: work that grows with a file's size (a scan from the top
        # per finding, say) is invisible across many small files but quadratic here.
        one="$WORK/linearity/${LINEARITY_BASE}x${factor}-one-file"
        mkdir -p "$one"
        file_list "$dir" "$TMP/one-file-list"
        xargs -0 -a "$TMP/one-file-list" cat > "$one/All.swift"
        measure_corpus "$ONE_FILE_RESULTS" "${factor}x" "$one" "$RUNS" jobs1-only
    done
    echo; echo "## linearity: generated corpus at ${LINEARITY_BASE} lines x 1, 4, 16"
    python3 "$HERE/report.py" linearity "$LINEAR_RESULTS"
    echo; echo "## linearity within a file: the same corpora, each concatenated into one file"
    python3 "$HERE/report.py" linearity "$ONE_FILE_RESULTS"
fi

if [ "$SWIFT_FORMAT" = 1 ]; then
    command -v swift-format >/dev/null || die "--swift-format: swift-format not on PATH"
    SUBSET="$WORK/swift-format-subset"
    rm -rf "$SUBSET"; mkdir -p "$SUBSET"
    # The first files (sorted) of the generated corpus, about 5000 lines: swift-format is slow.
    file_list "$CORPUS" "$TMP/all"
    total=0
    while IFS= read -r -d '' file && [ "$total" -lt 5000 ]; do
        cp "$file" "$SUBSET/$(basename "$file")"
        total=$((total + $(wc -l < "$file")))
    done < "$TMP/all"
    SF_RESULTS="$TMP/swift-format.tsv"
    SF_RUNS=$(( RUNS < 3 ? RUNS : 3 ))
    file_list "$SUBSET" "$TMP/subset"
    FILES=$(tr -cd '\0' < "$TMP/subset" | wc -c)
    read -r LINES_IN BYTES < <(xargs -0 -a "$TMP/subset" cat | wc -lc)
    measure "$SF_RESULTS" "swift-format subset" "cat" "$SF_RUNS" "0" -- xargs -0 -a "$TMP/subset" cat
    measure "$SF_RESULTS" "swift-format subset" "grep -c @State" "$SF_RUNS" "0" -- \
        xargs -0 -a "$TMP/subset" sh -c 'grep -c -- @State "$@"; [ $? -le 1 ] || exit 255' sh
    # swift-format lint exits 1 when it has warnings; anything above is a failure.
    measure "$SF_RESULTS" "swift-format subset" "swift-format lint" "$SF_RUNS" "0" -- \
        xargs -0 -a "$TMP/subset" sh -c 'swift-format lint "$@"; [ $? -le 1 ] || exit 255' sh
    if [ "$STATELINT_STATUS" = ok ]; then
        measure "$SF_RESULTS" "swift-format subset" "statelint --jobs 1" "$SF_RUNS" "0 1" -- "$BIN" lint --quiet --jobs 1 "$SUBSET"
    fi
    python3 "$HERE/report.py" table "$SF_RESULTS"
fi
