#!/usr/bin/env bash
# The speed goals of CENIC against MuJoCo 2.2 on hard clutter, as ratios with instruction counts
# beside them (docs/benchmarks.md, "make bench"):
#   cenic-sd 1e-3 <= 1.0x and cenic-fixed 10 ms <= 0.5x MuJoCo at 10 ms on the same scene;
#   the 200-object clutter (perf/clutter_200.json) <= 12x the 20-object cost per simulated second,
#   with the factors of that ratio (steps, Newton iterations, coordinates per iteration, time per
#   coordinate) from the records' counters.
# Wall: ROUNDS interleaved rounds (the three integrators in turn, so that a change of load hits
# all alike) of REPS repetitions each; each ratio uses the fastest run of each side (a disturbance
# only adds time) and the median-based one is printed beside it. Instructions: valgrind callgrind
# inside the stepping driver (--toggle-collect='stepper_advance*': neither the scene set-up nor the
# metrics count; the record's error run and its one timing repetition, the same for every side),
# deterministic on one machine and binary, skipped with INSTR=0 or without valgrind.
# Env: CB (default build/cbench), T (horizon of hard clutter, default 10 s), ROUNDS (5), REPS (3),
# SCALE (1: the 200 / 20 ratio over T_SCALE, default 2 s as make bench-scale; 0 skips), OUT
# (default results/out/bench_vs_mujoco).
set -euo pipefail
cd "$(dirname "$0")/.."
CB=${CB:-build/cbench}
[ -x "$CB" ] || make build/cbench
T=${T:-10}
ROUNDS=${ROUNDS:-5}
REPS=${REPS:-3}
SCALE=${SCALE:-1}
T_SCALE=${T_SCALE:-2}
OUT=${OUT:-results/out/bench_vs_mujoco}
mkdir -p "$OUT"
rm -f "$OUT"/*.json "$OUT"/callgrind_*

SPECS=("sd|cenic-sd --accuracy 1e-3" "fixed|cenic-fixed --dt 1e-2" "mujoco|mujoco --dt 1e-2")
for r in $(seq "$ROUNDS"); do
  for spec in "${SPECS[@]}"; do
    IFS='|' read -r name args <<<"$spec"
    # shellcheck disable=SC2086
    "$CB" run --case hard_clutter --integrator $args --t-end "$T" --reps "$REPS" --json "$OUT/wall_${name}_$r.json" >/dev/null
  done
done
if [ "$SCALE" = 1 ]; then
  for r in $(seq "$ROUNDS"); do
    for c in hard_clutter perf/clutter_200.json; do
      n=$([ "$c" = hard_clutter ] && echo 20 || echo 200)
      "$CB" run --case "$c" --integrator cenic-sd --accuracy 1e-3 --t-end "$T_SCALE" --reps 1 --json "$OUT/scale_${n}_$r.json" >/dev/null
    done
  done
fi
if [ "${INSTR:-1}" = 1 ] && command -v valgrind >/dev/null; then
  for spec in "${SPECS[@]}"; do
    IFS='|' read -r name args <<<"$spec"
    # shellcheck disable=SC2086
    valgrind --tool=callgrind --trace-children=yes --toggle-collect='stepper_advance*' \
      --callgrind-out-file="$OUT/callgrind_${name}.%p" "$CB" run --case hard_clutter --integrator $args --t-end "$T" \
      --reps 1 --json "$OUT/instr_${name}.json" >/dev/null 2>"$OUT/instr_${name}.log"
  done
fi

python3 - "$OUT" "$ROUNDS" "$T" "$SCALE" "$T_SCALE" <<'EOF'
import glob, json, re, sys
out, rounds, T, scale, t_scale = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] == "1", float(sys.argv[5])
def rec(f):
    return json.load(open(f))
def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if len(xs) % 2 else 0.5 * (xs[len(xs) // 2 - 1] + xs[len(xs) // 2])
def wall(name):
    rs = [rec("%s/wall_%s_%d.json" % (out, name, r)) for r in range(1, rounds + 1)]
    ok = [r for r in rs if r.get("status") == "ok"]
    if not ok:
        return float("nan"), float("nan"), rs[0]
    return min(r["wall_time"]["min"] for r in ok), median([r["wall_time"]["median"] for r in ok]), ok[0]
def instructions(name):
    n = 0
    for f in glob.glob("%s/callgrind_%s.*" % (out, name)):
        m = re.search(r"^totals: (\d+)", open(f).read(), re.M)
        n += int(m.group(1)) if m else 0
    return n
w = {k: wall(k) for k in ("sd", "fixed", "mujoco")}
ins = {k: instructions(k) for k in w}
print("hard clutter, %s s; wall = the fastest of %d rounds x %d repetitions (median of round medians beside it)"
      % (T, rounds, w["mujoco"][2]["wall_time"]["reps"]))
print("%-18s %9s %9s %7s %9s %9s %14s" % ("integrator", "wall_s", "median_s", "steps", "rejected", "newton", "instructions"))
for k, label in (("sd", "cenic-sd 1e-3"), ("fixed", "cenic-fixed 10 ms"), ("mujoco", "MuJoCo 10 ms")):
    c = w[k][2].get("counters") or {}
    print("%-18s %9.4f %9.4f %7s %9s %9s %14s" % (label, w[k][0], w[k][1], c.get("steps"), c.get("rejected"),
                                                 c.get("newton_iters"), "{:,}".format(ins[k]) if ins[k] else "-"))
for k, label, target in (("sd", "cenic-sd 1e-3", 1.0), ("fixed", "cenic-fixed 10 ms", 0.5)):
    r, rm = w[k][0] / w["mujoco"][0], w[k][1] / w["mujoco"][1]
    ri = "%.2f" % (ins[k] / ins["mujoco"]) if ins[k] and ins["mujoco"] else "-"
    print("ratio %-17s / MuJoCo 10 ms: wall %.2f (medians %.2f), instructions %s; target <= %.1f: %s"
          % (label, r, rm, ri, target, "met" if r <= target else "not met"))
if ins["sd"] == 0 and glob.glob("%s/callgrind_*" % out):
    print("instructions: a callgrind run collected nothing (see %s/instr_*.log)" % out)
if scale:
    def per(n):
        rs = [rec("%s/scale_%d_%d.json" % (out, n, r)) for r in range(1, rounds + 1)]
        ok = [r for r in rs if r.get("status") == "ok"]
        return (min(r["wall_time"]["min"] for r in ok) if ok else float("nan")), (ok[0]["counters"] if ok else {})
    (w20, c20), (w200, c200) = per(20), per(200)
    print("\ncenic-sd 1e-3 over the first %g s, 200 objects (perf/clutter_200.json) against 20 (hard_clutter):" % t_scale)
    print("%-10s %9s %7s %9s %9s %12s %12s %14s" % ("objects", "wall_s", "steps", "rejected", "newton", "newton_dofs",
                                                  "dofs/newton", "ns/dof"))
    for n, wn, c in ((20, w20, c20), (200, w200, c200)):
        it, dofs = c.get("newton_iters", 0), c.get("newton_dofs", 0)
        print("%-10d %9.4f %7s %9s %9s %12s %12.1f %14.1f" % (n, wn, c.get("steps"), c.get("rejected"), it, dofs,
                                                            dofs / it if it else 0, 1e9 * wn / dofs if dofs else 0))
    if c20 and c200:
        f = lambda k: c200[k] / c20[k]
        att = (c200["steps"] + c200["rejected"]) / (c20["steps"] + c20["rejected"])
        print("ratio 200 / 20 per simulated second: %.1f (target <= 12: %s) = attempts %.2f x Newton per attempt %.2f"
              " x coordinates per Newton iteration %.2f x time per coordinate %.2f"
              % (w200 / w20, "met" if w200 / w20 <= 12 else "not met", att, f("newton_iters") / att,
                 f("newton_dofs") / f("newton_iters"), (w200 / w20) / f("newton_dofs")))
EOF
