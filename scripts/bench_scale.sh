#!/usr/bin/env bash
# `make bench-scale` (issue 12): CENIC's cost per simulated second against the number of objects
# in scaled hard clutter (scripts/gen_clutter.py --objects N), for cenic-sd 1e-3 and cenic-fixed
# 10 ms over the first T seconds (the piles' collapse, the hardest part), with the time split,
# the ratio to 20 objects, the fitted exponent of cost ~ N^p (least squares in log-log) and a
# log-log figure. Override: SIZES="20 50 100 200 500 1000" T=0.5 OUT=results/out/scale.
set -euo pipefail
cd "$(dirname "$0")/.."
CB=build/cbench
[ -x "$CB" ] || make build/cbench
SIZES=${SIZES:-"20 50 100 200"}
T=${T:-0.5}
OUT=${OUT:-results/out/scale}
mkdir -p "$OUT"
for n in $SIZES; do
  python3 scripts/gen_clutter.py --objects "$n" --out "$OUT/clutter_$n.json"
  for spec in "cenic-sd --accuracy 1e-3" "cenic-fixed --dt 1e-2"; do
    name=$(echo "$spec" | awk '{print $1}')
    "$CB" run --case "$OUT/clutter_$n.json" --integrator $spec --t-end "$T" --reps 1 --timeout 1800 \
      --json "$OUT/clutter_${n}__$name.json" >/dev/null 2>&1 || true
  done
done
python3 - "$OUT" "$SIZES" "$T" <<'PY'
import json, math, sys, os
out, sizes, T = sys.argv[1], [int(s) for s in sys.argv[2].split()], float(sys.argv[3])
rows = []
for name in ("cenic-sd", "cenic-fixed"):
    pts = []
    for n in sizes:
        p = os.path.join(out, "clutter_%d__%s.json" % (n, name))
        if not os.path.exists(p):
            continue
        r = json.load(open(p))
        w = (r.get("work") or {}).get("median")
        ts = r.get("time_split") or {}
        c = r.get("counters") or {}
        pts.append((n, r["status"], w, ts, c))
    base = next((w for n, st, w, ts, c in pts if n == sizes[0] and w), None)
    print("\n%s (first %g s): cost per simulated second vs objects" % (name, T))
    print("| objects | status | wall / sim s | x %d objects | Newton | line search | factorization | line search | geometry |" % sizes[0])
    print("|---|---|---|---|---|---|---|---|---|")
    fit = []
    for n, st, w, ts, c in pts:
        tot = ts.get("total") or float("nan")
        share = lambda k: "%.0f%%" % (100 * ts.get(k, 0) / tot) if tot and tot == tot else "-"
        print("| %d | %s | %s | %s | %s | %s | %s | %s | %s |" % (n, st, "%.4g" % w if w else "-",
              "%.1f" % (w / base) if w and base else "-", c.get("newton_iters", "-"), c.get("linesearch_iters", "-"),
              share("factorization"), share("linesearch"), share("geometry")))
        if w and st == "ok":
            fit.append((math.log(n), math.log(w)))
            rows.append((name, n, w))
    if len(fit) >= 2:
        mx = sum(x for x, _ in fit) / len(fit); my = sum(y for _, y in fit) / len(fit)
        p = sum((x - mx) * (y - my) for x, y in fit) / sum((x - mx) ** 2 for x, _ in fit)
        print("fitted exponent: cost ~ N^%.2f" % p)
with open(os.path.join(out, "scale.dat"), "w") as f:
    f.write("# integrator\tobjects\twall_per_sim_s\n")
    for name, n, w in rows:
        f.write("%s\t%d\t%.6g\n" % (name, n, w))
PY
if command -v gnuplot >/dev/null; then
  gnuplot <<GP 2>/dev/null || echo "bench-scale: gnuplot failed"
set terminal pngcairo size 800,560 enhanced font ",10"
set output "$OUT/scale.png"
set logscale xy
set grid
set xlabel "objects (scaled hard clutter)"
set ylabel "wall time per simulated second (s)"
set title "CENIC cost vs objects, first $T s\n{/*0.7 SIZES=\"$SIZES\" T=$T bash scripts/bench_scale.sh}"
set datafile separator "\t"
plot "< grep '^cenic-sd' $OUT/scale.dat" using 2:3 with linespoints title "cenic-sd 1e-3", \
     "< grep '^cenic-fixed' $OUT/scale.dat" using 2:3 with linespoints title "cenic-fixed 10 ms"
GP
  echo "bench-scale: figure $OUT/scale.png"
fi
