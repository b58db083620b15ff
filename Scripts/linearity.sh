#!/usr/bin/env bash
# Does StateLint's run time grow linearly with input size?
#
#   Scripts/linearity.sh [BASE_KB]      (default 256)
#
# Builds the release binary, generates inputs at 1x, 4x and 16x of BASE_KB for each shape
# below, times `statelint lint --quiet --jobs 1 FILE` (median of 3 runs) and prints the time
# ratios. Linear growth gives about 4 and 16; a quadratic step would give about 16 and 256.
# Shapes:
#   realistic   Examples/ and the test fixtures concatenated, repeated
#   long-line   one line of `@State var mN = Model();` declarations in a view
#   nesting     `(((…)))` nested as deep as the size allows
#   decls       `struct S { ` nested as deep as the size allows, then the closing braces
#   unterminated  a `"""` at the start, then realistic code
#   migrate     `statelint migrate --diff --jobs 1` (not lint) on a folder of N `ObservableObject`
#               classes (one file) and N views that own one each (another file), Xcode 27
# Environment: SCRATCH (SwiftPM scratch path, default /tmp/build-linearity), KEEP=1 keeps inputs.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BASE_KB="${1:-256}"
SCRATCH="${SCRATCH:-/tmp/build-linearity}"
WORK="$(mktemp -d /tmp/statelint-linearity.XXXXXX)"
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$WORK"' EXIT

echo "building release ($SCRATCH)…" >&2
(cd "$ROOT" && swift build -c release --scratch-path "$SCRATCH" --product statelint >&2)
BIN="$SCRATCH/release/statelint"
: > "$WORK/empty.yml"

# The realistic base text: every Swift file of the demo app and the fixtures that the linter
# accepts (valid UTF-8, no NUL; the tokenizer torture files include deliberately invalid ones).
: > "$WORK/realistic.base"
while IFS= read -r -d '' file; do
    if iconv -f UTF-8 -t UTF-8 "$file" > /dev/null 2>&1 && ! tr -d '\000' < "$file" | cmp -s - "$file"; then
        continue
    fi
    iconv -f UTF-8 -t UTF-8 "$file" > /dev/null 2>&1 && cat "$file" >> "$WORK/realistic.base"
done < <(find "$ROOT/Examples" "$ROOT/Tests/StateLintKitTests/Fixtures" -name '*.swift' -print0 | sort -z)

# repeat_to FILE BYTES: FILE's text repeated (whole copies) until it reaches BYTES.
repeat_to() {
    local file="$1" bytes="$2" out="$3"
    : > "$out"
    while [ "$(stat -c %s "$out")" -lt "$bytes" ]; do cat "$file" >> "$out"; done
}

generate() {
    local shape="$1" bytes="$2" out="$3"
    case "$shape" in
        realistic) repeat_to "$WORK/realistic.base" "$bytes" "$out" ;;
        long-line)
            # Streamed piece by piece: building one awk string would itself be quadratic.
            awk -v n="$bytes" 'BEGIN { printf "struct Wide: View {"; size = 19
                for (i = 0; size < n; i++) { piece = " @State var m" i " = Model(); @State var c" i " = 0;"; printf "%s", piece; size += length(piece) }
                printf " var body: some View { Text(\"\") } } final class Model {}\n" }' > "$out" ;;
        nesting)
            awk -v n="$((bytes / 2))" 'BEGIN { for (i = 0; i < n; i++) printf "("; for (i = 0; i < n; i++) printf ")"; print "" }' > "$out" ;;
        decls)
            awk -v n="$((bytes / 12))" 'BEGIN { for (i = 0; i < n; i++) printf "struct S { "; for (i = 0; i < n; i++) printf "}"; print "" }' > "$out" ;;
        unterminated) { printf '"""\n'; repeat_to "$WORK/realistic.base" "$bytes" /dev/stdout; } > "$out" ;;
    esac
}

# median_seconds FILE: the median wall time of three lint runs.
median_seconds() {
    local times=()
    for _ in 1 2 3; do
        local start end status
        start=$(date +%s.%N)
        set +e
        "$BIN" lint --quiet --jobs 1 --config "$WORK/empty.yml" --reporter summary "$1" > /dev/null 2> "$WORK/stderr"
        status=$?
        set -e
        end=$(date +%s.%N)
        if [ "$status" -ge 2 ]; then echo "statelint failed on $1:" >&2; cat "$WORK/stderr" >&2; exit 2; fi
        times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", b - a }')")
    done
    printf '%s\n' "${times[@]}" | sort -g | sed -n 2p
}

# migrate_project BYTES FOLDER: classes and the views that own them, about BYTES in all.
migrate_project() {
    local bytes="$1" folder="$2"
    mkdir -p "$folder"
    printf 'xcode_version: 27\ndeployment_target: {iOS: 17}\n' > "$folder/.linter.yml"
    awk -v n="$((bytes / 200))" 'BEGIN { print "import Combine\n"
        for (i = 0; i < n; i++) printf "final class Model%d: ObservableObject {\n    @Published var value = %d\n}\n\n", i, i }' > "$folder/Models.swift"
    awk -v n="$((bytes / 200))" 'BEGIN { print "import SwiftUI\n"
        for (i = 0; i < n; i++) printf "struct View%d: View {\n    @StateObject private var model = Model%d()\n    var body: some View { Text(\"\\(model.value)\") }\n}\n\n", i, i }' > "$folder/Views.swift"
}

# median_migrate_seconds FOLDER: the median wall time of three `migrate --diff` runs (it writes nothing).
median_migrate_seconds() {
    local times=()
    for _ in 1 2 3; do
        local start end
        start=$(date +%s.%N)
        (cd "$1" && "$BIN" migrate --diff --jobs 1 . > /dev/null 2> "$WORK/stderr") || { echo "statelint migrate failed on $1:" >&2; cat "$WORK/stderr" >&2; exit 2; }
        end=$(date +%s.%N)
        times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", b - a }')")
    done
    printf '%s\n' "${times[@]}" | sort -g | sed -n 2p
}

printf '%-13s %10s %9s %9s %9s %8s %8s\n' shape "1x bytes" "1x s" "4x s" "16x s" "4x/1x" "16x/1x"
for shape in realistic long-line nesting decls unterminated; do
    declare -A seconds=()
    for factor in 1 4 16; do
        file="$WORK/$shape-$factor.swift"
        generate "$shape" $((BASE_KB * 1024 * factor)) "$file"
        seconds[$factor]=$(median_seconds "$file")
        [ "$factor" = 1 ] && size=$(stat -c %s "$file")
    done
    awk -v shape="$shape" -v size="$size" -v a="${seconds[1]}" -v b="${seconds[4]}" -v c="${seconds[16]}" \
        'BEGIN { printf "%-13s %10d %9.3f %9.3f %9.3f %8.2f %8.2f\n", shape, size, a, b, c, b / a, c / a }'
    unset seconds
done

declare -A seconds=()
for factor in 1 4 16; do
    folder="$WORK/migrate-$factor"
    migrate_project $((BASE_KB * 1024 * factor)) "$folder"
    seconds[$factor]=$(median_migrate_seconds "$folder")
    [ "$factor" = 1 ] && size=$(cat "$folder"/*.swift | wc -c)
done
awk -v size="$size" -v a="${seconds[1]}" -v b="${seconds[4]}" -v c="${seconds[16]}" \
    'BEGIN { printf "%-13s %10d %9.3f %9.3f %9.3f %8.2f %8.2f\n", "migrate", size, a, b, c, b / a, c / a }'
