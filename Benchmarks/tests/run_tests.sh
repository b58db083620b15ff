#!/usr/bin/env bash
# Runs the checks of the benchmark scripts themselves: generator, scorer, compare.py and the
# real-code test bed (realcode/run.py and realcode/checkout.sh; the latter needs git).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
exec python3 -m unittest discover -s . -p 'test_*.py' -v
