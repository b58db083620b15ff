#!/bin/bash
# StateLint as an Xcode "Run Script" build phase: findings appear inline in the editor and in
# the Issue navigator (the `xcode` reporter prints path:line:column: warning: …).
#
# Setup (target ▸ Build Phases ▸ + ▸ New Run Script Phase):
#   * Paste this script, or call it: "${SRCROOT}/Scripts/statelint-build-phase.sh".
#   * Input Files: the Swift files to lint, e.g. $(SRCROOT)/App/Views/ContentView.swift, or an
#     input file list (.xcfilelist). With inputs, Xcode re-runs the phase only when they change
#     and statelint lints only them; with none, statelint lints the configured `included` paths.
#   * Build Settings ▸ User Script Sandboxing (ENABLE_USER_SCRIPT_SANDBOXING) = No: statelint
#     reads .linter.yml and indexes the whole project to know which types are classes, which
#     the sandbox blocks for files not listed as inputs.
#   * Classes declared in Swift packages are found in this project's DerivedData
#     (`--derived-data`, from BUILD_ROOT = DerivedData/<project>/Build/Products).
#
# Error-severity findings (or any finding with `strict: true`) fail the build; warnings don't.

# Homebrew and Mint install here; Xcode's PATH does not include them.
export PATH="/opt/homebrew/bin:/usr/local/bin:$HOME/.mint/bin:$PATH"

if ! command -v statelint > /dev/null 2>&1; then
    echo "warning: statelint is not installed; see https://github.com/statelint/statelint#installation"
    exit 0
fi

cd "${SRCROOT:-.}" || exit 2
exec statelint lint --reporter xcode --use-script-input-files --force-exclude --quiet \
    ${BUILD_ROOT:+--derived-data "$BUILD_ROOT/../.."}
