#!/usr/bin/env bash
# End-to-end test of the language server in a real editor, set up the way docs/editors.md tells users
# to: Neovim's built-in LSP client (Neovim 0.7 or later, headless) with the snippet of docs/editors.md for
# the installed Neovim as its init file. The snippets are the ```lua blocks after the lines
# `<!-- nvim-snippet: X.Y -->`; the one used is the highest X.Y not above `nvim --version`.
# The snippet runs `statelint lsp` from PATH, where a small wrapper stands for the binary under
# test (it records how it was started and its exit status). On a copy of Examples/DemoApp,
# Scripts/editors/neovim-lsp-e2e.lua then checks that the snippet started one server for the
# project and attached it to each Swift buffer, checks the diagnostics, applies a quick fix
# through the client and checks the buffer's text.
#
# Usage: Scripts/test-lsp-neovim.sh [STATELINT_BINARY]   (default: .build/release/statelint)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
statelint=${1:-$root/.build/release/statelint}
[ -x "$statelint" ] || { echo "test-lsp-neovim: no statelint binary at $statelint (build it first)"; exit 2; }
statelint="$(cd "$(dirname "$statelint")" && pwd)/$(basename "$statelint")"
command -v nvim >/dev/null 2>&1 || { echo "test-lsp-neovim: nvim is not installed (apt-get install neovim)"; exit 2; }

# The installed Neovim's version, e.g. `NVIM v0.7.2` -> 0 7.
read -r major minor < <(nvim --version | head -n 1 | sed -n 's/^NVIM v\([0-9][0-9]*\)\.\([0-9][0-9]*\).*/\1 \2/p') || true
[ -n "${minor:-}" ] || { echo "test-lsp-neovim: cannot read the version in: $(nvim --version | head -n 1)"; exit 2; }

# The snippet of docs/editors.md for it: the highest snippet version not above the installed one.
chosen=""
for version in $(sed -n 's/^<!-- nvim-snippet: \([0-9][0-9]*\.[0-9][0-9]*\) -->$/\1/p' "$root/docs/editors.md"); do
    v_major=${version%%.*} v_minor=${version#*.}
    (( v_major < major || (v_major == major && v_minor <= minor) )) || continue
    if [ -z "$chosen" ] || (( v_major > ${chosen%%.*} || (v_major == ${chosen%%.*} && v_minor > ${chosen#*.}) )); then
        chosen=$version
    fi
done
[ -n "$chosen" ] || { echo "test-lsp-neovim: docs/editors.md has no Neovim snippet for Neovim $major.$minor (<!-- nvim-snippet: X.Y --> lines)"; exit 1; }
markers=$(grep -c -x -F "<!-- nvim-snippet: $chosen -->" "$root/docs/editors.md")
[ "$markers" -eq 1 ] || { echo "test-lsp-neovim: docs/editors.md has $markers snippets marked $chosen, expected one"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "$root/Examples/DemoApp" "$work/demo"
mkdir "$work/demo/.git"   # the project root: configuration discovery stops here, and the snippet's root marker

# The ```lua block that follows the marker line (blank lines between them allowed).
if ! awk -v marker="<!-- nvim-snippet: $chosen -->" '
        $0 == marker { state = 1; next }
        state == 1 && /^```lua[[:space:]]*$/ { state = 2; next }
        state == 1 && NF { exit }
        state == 2 && /^```[[:space:]]*$/ { state = 3; exit }
        state == 2 { print }
        END { exit state == 3 ? 0 : 1 }
    ' "$root/docs/editors.md" > "$work/init.lua" || ! grep -q . "$work/init.lua"; then
    echo "test-lsp-neovim: no \`\`\`lua block (or an empty one) right after <!-- nvim-snippet: $chosen --> in docs/editors.md"
    exit 1
fi

# `statelint` on PATH: the binary under test, behind a wrapper that logs its start and exit.
mkdir "$work/bin"
{
    echo '#!/bin/sh'
    printf 'echo "start $*" >> %q\n' "$work/server.log"
    printf '%q "$@"\n' "$statelint"
    echo 'status=$?'
    printf 'echo "exit $status" >> %q\n' "$work/server.log"
    echo 'exit $status'
} > "$work/bin/statelint"
chmod +x "$work/bin/statelint"

echo "test-lsp-neovim: $(nvim --version | head -n 1), docs/editors.md's snippet for Neovim $chosen, workspace $work/demo"
PATH="$work/bin:$PATH" SERVER_LOG="$work/server.log" WORKSPACE="$work/demo" HOME="$work" \
    timeout 180 nvim --headless --clean -u "$work/init.lua" -c "luafile $root/Scripts/editors/neovim-lsp-e2e.lua"
