#!/usr/bin/env bash
# The elastic ball's apex after its first bounce and its energy error, for every integrator
# (error-controlled at accuracies 1e-2, 1e-4, 1e-6; fixed-step at dt 1e-2, 1e-3, 1e-4).
# The continuous model's apex is the drop height, 1 m. The apex is read from the energy in free
# flight after the bounce (z + v^2 / 2g at the output points after the vertical velocity turned
# up), so the output grid does not limit it; "no bounce": it never turned up. Usage: bash scripts/bounce_table.sh [CASE] (default cases/elastic_ball.json).
set -euo pipefail
cd "$(dirname "$0")/.."
CB=build/cbench
[ -x "$CB" ] || make build/cbench >/dev/null
CASE=${1:-cases/elastic_ball.json}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
echo "| integrator | setting | status | apex (m) | energy error at the end (relative) | steps | warnings |"
echo "|---|---|---|---|---|---|---|"
for integ in $($CB list | awk '/^integrators/{f=1;next} /^cases/{f=0} f && NF {print $1}'); do
  if $CB list | grep -E "^ +$integ +\[fixed step\]" >/dev/null; then
    params="--dt 1e-2 --dt 1e-3 --dt 1e-4"
  else
    params="--accuracy 1e-2 --accuracy 1e-4 --accuracy 1e-6"
  fi
  set -- $params
  while [ $# -gt 0 ]; do
    flag=$1 val=$2; shift 2
    $CB run --case "$CASE" --integrator "$integ" $flag "$val" --trajectory "$TMP/t.csv" --json "$TMP/r.json" \
      >/dev/null 2>&1 || true
    python3 - "$TMP/t.csv" "$TMP/r.json" "$integ" "$flag $val" <<'PY'
import csv, json, sys
traj, rec, integ, setting = sys.argv[1:5]
r = json.load(open(rec))
apex = "-"
try:
    rows = list(csv.reader(open(traj)))[1:]
    g, radius = 9.81, 0.05
    falling, bounced = False, False
    best = None
    for row in rows:
        z, vz = float(row[3]), float(row[1 + 7 + 5])  # t, q (7), v (6)
        if vz < 0 and not bounced: falling = True
        elif vz > 0 and falling: bounced = True
        if bounced and z > radius:
            h = z + vz * vz / (2 * g)
            best = h if best is None else max(best, h)
    apex = "%.4f" % best if best is not None else "no bounce"
except Exception:
    pass
e = (r.get("physics") or {}).get("energy") or {}
drift = e.get("drift_rel")
print("| %s | %s | %s | %s | %s | %s | %s |" % (integ, setting, r["status"], apex,
      "%+.3g" % drift if drift is not None else "-", (r.get("counters") or {}).get("steps", "-"),
      len(r.get("warnings", []))))
PY
  done
done
