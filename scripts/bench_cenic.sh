#!/usr/bin/env bash
# CENIC on hard clutter (CENIC Tables II/III): cenic-sd at accuracy 1e-3 over 10 s with each
# linear solver (block = default, dense LAPACK, CHOLMOD), Hessian reuse off and on, beside the
# paper's numbers (Xeon w7-3565X; the paper does not report rejected steps).
# Env: REPS (default 3, wall time = median), SOLVERS (default "block dense cholmod"),
# OUT (default results/out/bench_cenic).
set -euo pipefail
cd "$(dirname "$0")/.."
CB=build/cbench
[ -x "$CB" ] || make build/cbench
REPS=${REPS:-3}
SOLVERS=${SOLVERS:-"block dense cholmod"}
OUT=${OUT:-results/out/bench_cenic}
mkdir -p "$OUT"

for ls in $SOLVERS; do
  for reuse in 0 1; do
    "$CB" run --case hard_clutter --integrator cenic-sd --accuracy 1e-3 --reps "$REPS" \
      --opt linear_solver="$ls" --opt hessian_reuse="$reuse" \
      --json "$OUT/hard_clutter_${ls}_reuse${reuse}.json" >/dev/null
  done
done

python3 - "$OUT" $SOLVERS <<'EOF'
import json, sys
out, solvers = sys.argv[1], sys.argv[2:]
paper = {0: (499, "-", 16624, 16624, 0.65), 1: (510, "-", 19235, 10557, 0.61)}
fmt = "%-9s %-6s %7s %9s %9s %9s %9s %9s %9s"
print(fmt % ("solver", "reuse", "steps", "rejected", "newton", "facts", "wall_s", "geom_s", "fact_s"))
for ls in solvers:
    for reuse in (0, 1):
        r = json.load(open("%s/hard_clutter_%s_reuse%d.json" % (out, ls, reuse)))
        if r.get("status") != "ok":
            print(fmt % (ls, reuse, "failed", r.get("message") or "", "", "", "", "", ""))
            continue
        c, ts = r["counters"], r["time_split"] or {}
        print(fmt % (ls, reuse, c["steps"], c["rejected"], c["newton_iters"], c["factorizations"],
                     "%.3f" % r["wall_time"]["median"], "%.3f" % ts.get("geometry", 0),
                     "%.3f" % ts.get("factorization", 0)))
for reuse in (0, 1):
    p = paper[reuse]
    print(fmt % ("paper", reuse, p[0], p[1], p[2], p[3], "%.2f" % p[4], "-", "-"))
EOF
