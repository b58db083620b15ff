#!/usr/bin/env python3
"""How many findings carry a fix, per rule, on real apps.

    fix_coverage.py STATELINT APP_DIR…        (COV=-v also lists why the others have none)

Runs `statelint lint --quiet --reporter json .` in each APP_DIR (a `.linter.yml` with only a
comment is put there for the run when the app has none, so the defaults apply) and prints, per
rule, the findings with a fix against all findings, then the total. With COV=-v, the reasons the
findings without a fix give ("No automatic fix: …"), most frequent first. Writes nothing else.
"""
import collections
import json
import os
import subprocess
import sys

if len(sys.argv) < 3:
    sys.exit(__doc__)
binary = sys.argv[1]
total, fixed = collections.Counter(), collections.Counter()
reasons = collections.defaultdict(collections.Counter)
for app in sys.argv[2:]:
    path = os.path.realpath(app)
    config = os.path.join(path, '.linter.yml')
    created = not os.path.exists(config)
    if created:
        with open(config, 'w') as f:
            f.write('# fix coverage\n')
    try:
        out = subprocess.run([binary, 'lint', '--quiet', '--reporter', 'json', '.'], cwd=path, capture_output=True, text=True).stdout
    finally:
        if created:
            os.remove(config)
    for finding in json.loads(out)['findings']:
        rule = finding['rule']
        total[rule] += 1
        if finding.get('fix'):
            fixed[rule] += 1
        else:
            message = finding['message']
            at = message.lower().find('no automatic fix')
            reasons[rule][message[at:][:110] if at >= 0 else '(no reason given)'] += 1
for rule in sorted(total):
    print(f"{rule:32} {fixed[rule]:4}/{total[rule]:4} ({100 * fixed[rule] / total[rule]:.0f}%)")
print(f"{'all':32} {sum(fixed.values()):4}/{sum(total.values()):4} ({100 * sum(fixed.values()) / max(1, sum(total.values())):.0f}%)")
if '-v' in os.environ.get('COV', ''):
    for rule in sorted(reasons):
        print('==', rule)
        for reason, count in reasons[rule].most_common(12):
            print('  ', count, reason)
