#!/usr/bin/env bash
# `make bench-scale`: CENIC's cost per simulated second against the number of objects
# in scaled hard clutter (scripts/gen_clutter.py --objects N), for cenic-sd 1e-3 and cenic-fixed
# 10 ms over the first T seconds (default 2 s: the piles' collapse, the hardest part), with MuJoCo at 10 ms on
# the same scenes beside them, the time split, the peak memory, the ratio to the smallest size,
# the fitted exponent of cost ~ N^p (least squares in log-log) and a figure: cost vs objects on
# log-log axes with the exponents in the legend, and CENIC's time split per size; and each CENIC
# integrator again with Hessian reuse, per size (reuse becomes the default only if it wins on
# every clutter size).
# REPORT_ONLY=1 redraws from the records already in OUT. Override: SIZES="20 50 100 200" T=0.5
# OUT=results/out/scale (a quicker look). Writes OUT/scale.md. Wall = the fastest of REPS_SMALL
# (default 5) runs up to SMALL (default 200) objects, one run above.
set -euo pipefail
cd "$(dirname "$0")/.."
CB=${CB:-build/cbench} # CB=PATH measures another build
[ -x "$CB" ] || make build/cbench
SIZES=${SIZES:-"20 50 100 200 500 1000"}
T=${T:-2}
OUT=${OUT:-results/out/scale}
mkdir -p "$OUT"
first=${SIZES%% *}
# name:integrator and options, in this order: each -reuse run follows its fresh run, so that the
# two are measured close in time (REUSE=0 skips them; they decide "Hessian reuse on by default if
# it wins on every clutter size")
runs="cenic-sd:cenic-sd --accuracy 1e-3"
[ "${REUSE:-1}" = 1 ] && runs="$runs|cenic-sd-reuse:cenic-sd --accuracy 1e-3 --opt hessian_reuse=1"
runs="$runs|cenic-fixed:cenic-fixed --dt 1e-2"
[ "${REUSE:-1}" = 1 ] && runs="$runs|cenic-fixed-reuse:cenic-fixed --dt 1e-2 --opt hessian_reuse=1"
runs="$runs|mujoco:mujoco --dt 1e-2"
IFS='|' read -ra specs <<<"$runs"
# run SIZE NAME SPEC FILE: one record. Wall = the fastest of REPS_SMALL (5) runs up to SMALL (200)
# objects, one run above: a disturbance of the shared machine only adds time, and a short run is
# easily hit.
run() {
  local reps
  reps=$([ "$1" -le "${SMALL:-200}" ] && echo "${REPS_SMALL:-5}" || echo 1)
  # shellcheck disable=SC2086
  "$CB" run --case "$OUT/clutter_$1.json" --integrator $3 --t-end "$T" --reps "$reps" --timeout 1800 \
    --json "$OUT/$4.json" >/dev/null 2>"$OUT/$4.err" || true
}
for n in $SIZES; do
  [ "${REPORT_ONLY:-0}" = 1 ] && break # REPORT_ONLY=1: table and figure from the records in OUT
  python3 scripts/gen_clutter.py --objects "$n" --out "$OUT/clutter_$n.json"
  for entry in "${specs[@]}"; do
    name=${entry%%:*} spec=${entry#*:}
    # The smallest size is every ratio's denominator, and these machines' speed drifts by a
    # quarter within minutes (20 objects, cenic-sd: 0.044 and 0.034 s per simulated second an hour
    # apart, same build and counters): it is measured again just before and just after each
    # larger size, and that size's ratio uses the faster of the two.
    [ "$n" != "$first" ] && run "$first" "$name" "$spec" "clutter_${first}__${name}__before_$n"
    run "$n" "$name" "$spec" "clutter_${n}__$name"
    [ "$n" != "$first" ] && run "$first" "$name" "$spec" "clutter_${first}__${name}__after_$n"
  done
done
python3 - "$OUT" "$SIZES" "$T" <<'PY' | tee "$OUT/scale.md"
import json, math, sys, os
out, sizes, T = sys.argv[1], [int(s) for s in sys.argv[2].split()], float(sys.argv[3])
rows, exps, split = [], {}, []
def record(n, name): # the record OUT/clutter_<n>__<name>.json, or None
    p = os.path.join(out, "clutter_%d__%s.json" % (n, name))
    return json.load(open(p)) if os.path.exists(p) else None
print("Command: SIZES=\"%s\" T=%g bash scripts/bench_scale.sh (wall: the fastest of %s runs up to %s objects, one run above)" % (sys.argv[2], T, os.environ.get("REPS_SMALL", "5"), os.environ.get("SMALL", "200")))
for name in ("cenic-sd", "cenic-fixed", "mujoco"):
    pts = []
    missing = []
    for n in sizes:
        p = os.path.join(out, "clutter_%d__%s.json" % (n, name))
        if not os.path.exists(p):
            e = os.path.join(out, "clutter_%d__%s.err" % (n, name))
            why = [l.strip() for l in open(e) if l.startswith("cbench:")] if os.path.exists(e) else []
            missing.append("%d objects: no record (%s)" % (n, why[0] if why else "not run"))
            continue
        r = json.load(open(p))
        if r.get("status") != "ok": # a failed run is data: say why beside the table
            missing.append("%d objects: %s (%s)" % (n, r.get("status"), r.get("message", "no message")))
        w = (r.get("work") or {}).get("min") # the fastest of the size's runs
        pts.append((n, r["status"], w, r.get("time_split") or {}, r.get("counters") or {}, r.get("peak_rss_mb")))
    base = next((w for n, st, w, ts, c, mem in pts if n == sizes[0] and w), None)
    # the smallest size measured just before and after size n (the faster), else the base
    near = {}
    for n in sizes:
        ws = [(r.get("work") or {}).get("min") for r in (record(sizes[0], "%s__%s_%d" % (name, when, n)) for when in ("before", "after"))
              if r and r.get("status") == "ok"]
        near[n] = min([w for w in ws if w] or [base])
    near_base = near.get
    bases = [b for b in near.values() if b]
    print("\n%s (first %g s): cost per simulated second vs objects" % (name, T))
    if len(bases) > 1:
        print("(the %d-object base, measured beside each size: %.4g to %.4g s per simulated second)" % (sizes[0], min(bases), max(bases)))
    print("| objects | status | wall / sim s | x %d objects | steps | Newton | line search | ms / Newton | block updates / factorization | symbolic analyses | factorization | line search | geometry | peak MiB |" % sizes[0])
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    fit = []
    ufit = [] # the factorization's machine-independent work (counter factor_updates) vs objects
    ratio = {}
    for n, st, w, ts, c, mem in pts:
        tot = ts.get("total") or float("nan")
        share = lambda k: "%.0f%%" % (100 * ts.get(k, 0) / tot) if tot and tot == tot and name != "mujoco" else "-"
        newton = c.get("newton_iters") or 0
        per_newton = "%.3g" % (1e3 * w * T / newton) if w and newton else "-"
        upd = c.get("factor_updates") or 0
        per_fact = upd / c["factorizations"] if upd and c.get("factorizations") else 0
        if per_fact:
            ufit.append((math.log(n), math.log(per_fact)))
        print("| %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (n, st, "%.4g" % w if w else "-",
              "%.1f" % (w / near_base(n)) if w and near_base(n) else "-", c.get("steps", "-"), c.get("newton_iters", "-"),
              c.get("linesearch_iters", "-"), per_newton, "%.0f" % per_fact if per_fact else "-",
              c.get("symbolic_analyses", "-") if name != "mujoco" else "-", share("factorization"),
              share("linesearch"), share("geometry"), "%.0f" % mem if mem else "-"))
        if w and near_base(n) and st == "ok":
            ratio[n] = (w / near_base(n), mem)
        if w and st == "ok":
            fit.append((math.log(n), math.log(w)))
            rows.append((name, n, w))
        if name != "mujoco" and tot and tot == tot:
            other = tot - sum(ts.get(k, 0) for k in ("geometry", "assembly", "factorization", "linesearch"))
            split.append((name, n, [ts.get(k, 0) / tot for k in ("geometry", "assembly", "factorization", "linesearch")] + [max(other, 0) / tot]))
    for m in missing:
        print("- " + m)
    if name != "mujoco" and sizes[0] == 20: # the scaling targets, said with the measured numbers
        for n, lim in ((200, 12.0), (1000, 80.0)):
            if n in ratio:
                print("target: %d objects <= %gx the 20-object cost: %.1fx, %s" % (n, lim, ratio[n][0], "met" if ratio[n][0] <= lim else "not met"))
        if 1000 in ratio and ratio[1000][1]:
            print("target: peak memory at 1000 objects <= 2048 MiB: %.0f MiB, %s" % (ratio[1000][1], "met" if ratio[1000][1] <= 2048 else "not met"))
    if len(fit) >= 2:
        mx = sum(x for x, _ in fit) / len(fit); my = sum(y for _, y in fit) / len(fit)
        p = sum((x - mx) * (y - my) for x, y in fit) / sum((x - mx) ** 2 for x, _ in fit)
        exps[name] = p
        print("fitted exponent: cost ~ N^%.2f" % p)
    if len(ufit) >= 2: # why the cost is superlinear: the fill of a 3-D pile's contact graph
        mx = sum(x for x, _ in ufit) / len(ufit); my = sum(y for _, y in ufit) / len(ufit)
        print("fitted exponent: block updates per factorization ~ N^%.2f" %
              (sum((x - mx) * (y - my) for x, y in ufit) / sum((x - mx) ** 2 for x, _ in ufit)))
    # Where the ratio to the smallest size comes from. The wall is exactly the product
    #   steps x Newton iterations per step x dofs iterated per Newton iteration x time per iterated dof;
    # the first three are deterministic counters (Newton iterates each contact island until it
    # converges, so a pile that is one island iterates all of its dofs every time), only the last
    # is timed. Each factor is given as its ratio to the smallest size; their product is the ratio.
    dec = [(n, w, c) for n, st, w, ts, c, mem in pts
           if name != "mujoco" and st == "ok" and w and c.get("steps") and c.get("newton_iters") and c.get("newton_dofs")]
    if dec and dec[0][0] == sizes[0]:
        def factors(w, c):
            return (c["steps"], c["newton_iters"] / c["steps"], c["newton_dofs"] / c["newton_iters"],
                    1e9 * w * T / c["newton_dofs"])
        print("\n%s: the ratio to %d objects as a product (counters, then the one timed factor)" % (name, sizes[0]))
        print("| objects | steps | Newton / step | dofs / Newton (of all) | ns / iterated dof | ratio = product |")
        print("|---|---|---|---|---|---|")
        bounds = []
        for n, w, c in dec:
            f = factors(w, c)
            r = [a / b for a, b in zip(f, factors(near_base(n), dec[0][2]))] # the base measured beside n
            print("| %d | %d (%.2fx) | %.2f (%.2fx) | %.0f of %d (%.2fx) | %.0f (%.2fx) | %.1fx |" % (
                n, f[0], r[0], f[1], r[1], f[2], 6 * n, r[2], f[3], r[3], r[0] * r[1] * r[2] * r[3]))
            if sizes[0] == 20 and n in (200, 1000):
                bounds.append("- %d objects: with the steps, Newton iterations per step and time per dof of %d objects, "
                              "the dofs iterated alone would cost %.1fx (target %gx)" % (n, sizes[0], r[2], 12.0 if n == 200 else 80.0))
        for b in bounds:
            print(b)
# "Hessian reuse on by default if it wins on every clutter size". Reuse (CENIC VI-C,
# eq. 35) against fresh factorizations, per size and integrator; the default follows the verdict.
for name in ("cenic-sd", "cenic-fixed"):
    pairs = [(n, record(n, name), record(n, name + "-reuse")) for n in sizes]
    pairs = [(n, a, b) for n, a, b in pairs if a and b]
    if not pairs:
        continue
    print("\n%s: Hessian reuse (--opt hessian_reuse=1) against a fresh factorization per Newton iteration" % name)
    print("| objects | wall / sim s, fresh | with reuse | reuse / fresh | factorizations, fresh | with reuse | Newton, fresh | with reuse |")
    print("|---|---|---|---|---|---|---|---|")
    wins = []
    for n, a, b in pairs:
        ok = a.get("status") == "ok" and b.get("status") == "ok"
        wa, wb = (a.get("work") or {}).get("min"), (b.get("work") or {}).get("min")
        ca, cb = a.get("counters") or {}, b.get("counters") or {}
        r = wb / wa if ok and wa and wb else None
        wins.append(r is not None and r < 1.0)
        print("| %d | %s | %s | %s | %s | %s | %s | %s |" % (n, "%.4g" % wa if wa else a.get("status"), "%.4g" % wb if wb else b.get("status"),
              "%.2f" % r if r else "-", ca.get("factorizations", "-"), cb.get("factorizations", "-"),
              ca.get("newton_iters", "-"), cb.get("newton_iters", "-")))
    print("verdict: reuse %s on every size measured (%d of %d faster): %s" %
          ("wins" if all(wins) else "does not win", sum(wins), len(wins),
           "it should be the default (today hessian_reuse=0)" if all(wins) else "hessian_reuse=0 stays the default"))
with open(os.path.join(out, "scale.dat"), "w") as f:
    f.write("# integrator\tobjects\twall_per_sim_s\n")
    for name, n, w in rows:
        f.write("%s\t%d\t%.6g\n" % (name, n, w))
with open(os.path.join(out, "split.dat"), "w") as f:
    f.write("# integrator\tobjects\tgeometry\tassembly\tfactorization\tlinesearch\tother (fractions of total)\n")
    for name, n, fr in split:
        f.write("%s\t%d\t%s\n" % (name, n, "\t".join("%.4f" % x for x in fr)))
with open(os.path.join(out, "exponents.gp"), "w") as f:
    for name in ("cenic-sd", "cenic-fixed", "mujoco"):
        f.write('exp_%s = "%s"\n' % (name.replace("-", "_"), ("N^{%.2f}" % exps[name]) if name in exps else "no fit"))
PY
if command -v gnuplot >/dev/null; then
  gnuplot <<GP 2>/dev/null || echo "bench-scale: gnuplot failed"
load "$OUT/exponents.gp"
set terminal pngcairo size 1200,520 enhanced font ",10"
set output "$OUT/scale.png"
set multiplot layout 1,2 title "CENIC cost vs objects (scaled hard clutter), first $T s\n"
set label 1 "SIZES=\"$SIZES\" T=$T bash scripts/bench_scale.sh" at screen 0.5,0.935 center noenhanced font ",8"
set logscale xy
set grid
set key top left
set xlabel "objects"
set ylabel "wall time per simulated second (s)"
set datafile separator "\t"
plot "< grep '^cenic-sd' $OUT/scale.dat" using 2:3 with linespoints title "cenic-sd 1e-3, ".exp_cenic_sd, \
     "< grep '^cenic-fixed' $OUT/scale.dat" using 2:3 with linespoints title "cenic-fixed 10 ms, ".exp_cenic_fixed, \
     "< grep '^mujoco' $OUT/scale.dat" using 2:3 with linespoints title "MuJoCo 10 ms, ".exp_mujoco
unset logscale
unset label 1
set style data histograms
set style histogram rowstacked
set style fill solid 0.8 border -1
set boxwidth 0.8
set yrange [0:1]
set key outside right
set xlabel "objects (cenic-sd 1e-3)"
set ylabel "share of the integration time"
plot "< grep '^cenic-sd' $OUT/split.dat" using 3:xtic(2) title "geometry", '' using 4 title "assembly", \
     '' using 5 title "factorization", '' using 6 title "line search", '' using 7 title "other"
unset multiplot
GP
  echo "bench-scale: figure $OUT/scale.png, table $OUT/scale.md"
fi
