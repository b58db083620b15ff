#!/usr/bin/env bash
# End-to-end test of the language server in a real editor: Neovim's built-in LSP client
# (Neovim 0.7 or later, headless) runs `statelint lsp` on a copy of Examples/DemoApp, checks the
# diagnostics, applies a quick fix through the client and checks the buffer's text
# (Scripts/editors/neovim-lsp-e2e.lua has the checks).
#
# Usage: Scripts/test-lsp-neovim.sh [STATELINT_BINARY]   (default: .build/release/statelint)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
statelint=${1:-$root/.build/release/statelint}
[ -x "$statelint" ] || { echo "test-lsp-neovim: no statelint binary at $statelint (build it first)"; exit 2; }
command -v nvim >/dev/null 2>&1 || { echo "test-lsp-neovim: nvim is not installed (apt-get install neovim)"; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "$root/Examples/DemoApp" "$work/demo"
mkdir "$work/demo/.git"   # the project root: configuration discovery stops here

echo "test-lsp-neovim: $(nvim --version | head -n 1), workspace $work/demo"
STATELINT="$statelint" WORKSPACE="$work/demo" HOME="$work" \
    timeout 180 nvim --headless --clean -c "luafile $root/Scripts/editors/neovim-lsp-e2e.lua"
