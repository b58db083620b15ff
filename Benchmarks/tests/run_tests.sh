#!/usr/bin/env bash
# Runs the checks of the benchmark scripts themselves (generator and scorer).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
exec python3 -m unittest discover -s . -p 'test_*.py' -v
