#!/usr/bin/env bash
# `make run`: a quick work-precision sweep with its figures (about 2 minutes on 2 cores).
#   references for the quick cases (computed once, cached in results/reference/),
#   a sweep of every registered integrator (3 accuracies, or 3 steps for fixed-step ones),
#   then gnuplot figures. Override with CASES="a b" OUT=dir JOBS=n TIMEOUT=s.
set -euo pipefail
cd "$(dirname "$0")/.."
CB=build/cbench
[ -x "$CB" ] || make build/cbench
CASES=${CASES:-"ball_drop sliding_cube tamsi_stick_slip conveyor"}
OUT=${OUT:-results/sweep/quick-$(date -u +%Y%m%d-%H%M%S)}
JOBS=${JOBS:-2}
TIMEOUT=${TIMEOUT:-10}   # wall-time budget per run (s); a slower run is recorded as timeout

echo "== references (reused when current)"
for c in $CASES; do
  "$CB" reference --case "$c" || echo "run.sh: no reference for $c; its errors will be null"
done

echo "== sweep -> $OUT"
# shellcheck disable=SC2086
# --opt compliance: MuJoCo's own contact softness and the scene's (matched) as two rows (issue
# 57); the other integrators take no such option and run once
"$CB" sweep --cases $CASES --accuracies 1e-2,1e-3,1e-4 --dts 1e-2,3e-3,1e-3 --opt compliance=own,matched \
  -j "$JOBS" --timeout "$TIMEOUT" --out "$OUT"

echo "== figures"
"$CB" plot "$OUT"

echo "== report"
"$CB" report "$OUT"

echo
echo "records (JSON, one per run): $OUT/*.json  (all together: $OUT/sweep.json)"
echo "figures (PNG + SVG):         $OUT/plots/*_work_error.png, $OUT/plots/*_work_accuracy.png"
echo "table and gnuplot scripts:   $OUT/plots/records.tsv, $OUT/plots/*.gp (caption: $OUT/plots/CAPTION.txt)"
echo "report (open in a browser):  $OUT/index.html  (Markdown: $OUT/report.md)"
echo "(the sweep line above and the report count failed, timed-out and flagged runs; the report lists why)"
