#!/usr/bin/env bash
# `make bench`: the CI-tracking sweep. Deterministic counters (steps, rejected, newton_iters,
# factorizations, rhs_evals, ...) are what `make bench-compare` checks exactly; wall times
# are compared as ratios of medians with a noise allowance. Writes results/bench.json (one
# JSON array of cbench.run/1 records). A new baseline: cp results/bench.json results/baseline.json
# HISTORY=FILE appends the bench to a history file.
set -euo pipefail
cd "$(dirname "$0")/.."
CB=build/cbench
[ -x "$CB" ] || make build/cbench
CASES=${CASES:-"ball_drop sliding_cube dragged_cube tamsi_stick_slip"}
OUT=${OUT:-results/out/bench}
TIMEOUT=${TIMEOUT:-20}

rm -rf "$OUT"   # always measure afresh (a sweep would otherwise reuse old records)
for c in $CASES; do
  "$CB" reference --case "$c" || echo "bench.sh: no reference for $c; its errors will be null"
done
# One job at a time: wall times are less noisy without a concurrent run.
# shellcheck disable=SC2086
"$CB" sweep --cases $CASES --accuracies 1e-2,1e-3 --dts 1e-2,1e-3 \
  -j 1 --reps 3 --timeout "$TIMEOUT" --out "$OUT" --quiet
cp "$OUT/sweep.json" results/bench.json.tmp && mv results/bench.json.tmp results/bench.json
"$CB" export --format gab results/bench.json --out results/out/bench-gab.json
# HISTORY=FILE: this bench becomes one line of FILE (one per commit and machine; see
# `cbench history`), drawn by `cbench report DIR --history FILE`.
if [ -n "${HISTORY:-}" ]; then
  "$CB" history append results/bench.json --to "$HISTORY"
fi
echo "bench: results/bench.json ($(grep -c '"schema"' results/bench.json) records);" \
     "github-action-benchmark format: results/out/bench-gab.json"

echo "== model layer: one geometry query and one M + k evaluation (build/release/scripts/bench_model)"
[ -x build/release/scripts/bench_model ] && build/release/scripts/bench_model 20 1000
if [ -x scripts/bench_cenic.sh ] && [ "${BENCH_CENIC:-1}" = 1 ]; then
  echo "== CENIC on hard clutter (scripts/bench_cenic.sh; BENCH_CENIC=0 skips it)"
  bash scripts/bench_cenic.sh
fi
