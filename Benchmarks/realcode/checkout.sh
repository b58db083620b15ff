#!/usr/bin/env bash
# Materialises the snapshots listed in manifest.tsv as plain trees: DEST/<owner>__<name>/.
#
#   Benchmarks/realcode/checkout.sh DEST [MANIFEST]
#
# Snapshots are bare git directories under $MIRRORS (default /work/.mirror), one per
# repository at $MIRRORS/<owner>+<name>/repo (the layout the search tool's `fetch` leaves).
# Nothing is downloaded here. An app whose tree is already at the manifest's commit is left
# alone; a stale one is replaced. Files whose content the snapshot lacks (large files and
# Git LFS content are not stored) are skipped and counted, never left half written.
# Exit 0 when every app is in place, 1 when a mirror or a commit is missing, 2 on misuse.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dest="${1:-}"
manifest="${2:-$here/manifest.tsv}"
mirrors="${MIRRORS:-/work/.mirror}"

if [[ -z "$dest" || "$dest" == -* ]]; then
    echo "usage: $0 DEST [MANIFEST]   (MIRRORS=$mirrors)" >&2
    exit 2
fi
[[ -r "$manifest" ]] || { echo "error: cannot read manifest $manifest" >&2; exit 2; }
mkdir -p "$dest/.realcode"
dest="$(cd "$dest" && pwd)"

# The lines of Swift statelint would lint: .swift regular files outside the folders it skips.
swift_files() {
    find "$1" \( -name .build -o -name .swiftpm -o -name DerivedData -o -name Pods \
        -o -name Carthage -o -name node_modules -o -name '.?*' \) -prune \
        -o -type f -name '*.swift' -print0
}
swift_lines() {
    swift_files "$1" | xargs -0 -r cat -- | wc -l
}

missing=0
placed=0
lineno=0
while IFS=$'\t' read -r repo commit lines why || [[ -n "$repo" ]]; do
    lineno=$((lineno + 1))
    [[ -z "$repo" || "$repo" == \#* || "$repo" == repo ]] && continue
    if [[ ! "$repo" =~ ^[A-Za-z0-9._-]+/[A-Za-z0-9._-]+$ || ! "$commit" =~ ^[0-9a-f]{40}$ ]]; then
        echo "error: $manifest:$lineno: expected owner/name<TAB>40-hex commit, found '$repo' '$commit'" >&2
        exit 2
    fi
    app="${repo/\//__}"
    git_dir="$mirrors/${repo/\//+}/repo"
    marker="$dest/.realcode/$app.commit"
    if [[ -d "$dest/$app" && -f "$marker" && "$(cat "$marker")" == "$commit" ]]; then
        placed=$((placed + 1))
        continue
    fi
    if [[ ! -d "$git_dir" ]]; then
        echo "missing mirror: $repo (looked for $git_dir)." >&2
        echo "  Bring it with the search tool's fetch (source github:$repo), or set MIRRORS to a" >&2
        echo "  folder holding <owner>+<name>/repo bare git directories, then run this again." >&2
        missing=$((missing + 1))
        continue
    fi
    if ! git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null; then
        echo "missing commit: $repo has no commit $commit in $git_dir." >&2
        echo "  The snapshot may be newer than the manifest: pin the manifest to its HEAD" >&2
        echo "  ($(git --git-dir="$git_dir" rev-parse HEAD 2>/dev/null || echo '?')) and re-judge, or bring the older snapshot." >&2
        missing=$((missing + 1))
        continue
    fi
    rm -rf -- "$dest/$app" "$marker"
    index="$(mktemp)"
    part="$dest/.realcode/$app.part"
    rm -rf -- "$part"
    mkdir -p -- "$part"
    # A throw-away index and the new folder as work tree: the mirror itself is only read.
    export GIT_DIR="$git_dir" GIT_INDEX_FILE="$index" GIT_WORK_TREE="$part"
    git read-tree "$commit"
    # Entries whose blob the snapshot lacks; submodules (mode 160000) have no blob here anyway.
    declare -A lacking=()
    while read -r sha kind; do
        [[ "$kind" == missing ]] && lacking[$sha]=1
    done < <(git ls-files -s | awk '$1 != "160000" { print $2 }' | sort -u | git cat-file --batch-check='%(objectname) %(objecttype)')
    absent=0
    if [[ ${#lacking[@]} -gt 0 ]]; then
        while IFS= read -r -d '' entry; do
            meta="${entry%%$'\t'*}"
            read -r _ sha _ <<< "$meta"
            if [[ -n "${lacking[$sha]:-}" ]]; then
                printf '%s\0' "${entry#*$'\t'}"
            fi
        done < <(git ls-files -s -z) > "$index.absent"
        absent="$(tr -cd '\0' < "$index.absent" | wc -c)"
        git update-index -z --force-remove --stdin < "$index.absent"
    fi
    git checkout-index -a
    unset GIT_DIR GIT_INDEX_FILE GIT_WORK_TREE
    rm -f -- "$index" "$index.absent"
    mv -- "$part" "$dest/$app"
    echo "$commit" > "$marker"
    got="$(swift_lines "$dest/$app")"
    note=""
    [[ "$absent" -gt 0 ]] && note=" ($absent files absent from the snapshot, skipped)"
    if [[ -n "$lines" && "$lines" != "$got" ]]; then
        note="$note; manifest says $lines lines of Swift"
    fi
    printf '%s: %s lines of Swift at %s%s\n' "$repo" "$got" "${commit:0:12}" "$note"
    placed=$((placed + 1))
done < "$manifest"

echo "$placed apps in $dest${missing:+, $missing missing}" | sed 's/, 0 missing//'
[[ "$missing" -eq 0 ]]
