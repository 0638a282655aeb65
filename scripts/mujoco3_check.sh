#!/usr/bin/env bash
# MuJoCo 3.x against the mujoco integrator's MuJoCo 2.2.2 on the same converted scene: cbench
# runs CASE with the mujoco integrator at DT, writing the model it loaded (--opt save_mjcf) and
# its trajectory; scripts/mujoco3/check.mjs steps that model under MuJoCo 3.x (npm
# @mujoco/mujoco, WebAssembly under Node 20) from the same state and compares the bodies'
# positions at the trajectory's times. Fails when they differ by more than TOL m, under MuJoCo's
# own contact and under compliance=matched. Wall times under WebAssembly are not comparable
# with native C: the script prints them as such and compares none.
#
#   bash scripts/mujoco3_check.sh [CASE [DT [TOL]]]     (default ball_drop 1e-3 1e-9)
#
# Needs node and `npm install --prefix scripts/mujoco3` (not a Debian package, so not in
# scripts/deps.sh); without them it says so and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."
case_name=${1:-ball_drop}
dt=${2:-1e-3}
tol=${3:-1e-9}
if ! command -v node >/dev/null || [ ! -d scripts/mujoco3/node_modules/@mujoco/mujoco ]; then
  echo "mujoco3-check: skipped: needs node (20) and 'npm install --prefix scripts/mujoco3' (MuJoCo 3.x, WebAssembly)"
  exit 0
fi
out=build/mujoco3/$case_name
mkdir -p "$out"
status=0
for mode in own matched; do
  build/cbench run --case "$case_name" --integrator mujoco --dt "$dt" --opt compliance="$mode" \
    --opt save_mjcf="$out/$mode.xml" --trajectory "$out/$mode.csv" --json "$out/$mode.json" >/dev/null
  node scripts/mujoco3/check.mjs "$out/$mode.xml" "$out/$mode.csv" >"$out/$mode.check.json"
  if ! node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const tol = Number(process.argv[2]), ok = r.position_diff_max <= tol;
    console.log(`mujoco3-check: ${process.argv[3]} compliance=${process.argv[4]} dt ${process.argv[5]}: MuJoCo ${r.mujoco3} ` +
      `against 2.2.2, positions differ by at most ${r.position_diff_max.toExponential(2)} m (t ${r.position_diff_t} s; ` +
      `tolerance ${tol} m): ${ok ? "ok" : "DIFFERENT"}; ${r.steps} steps in ${r.wall_s.toFixed(3)} s (${r.wall_note})`);
    process.exit(ok ? 0 : 1);' "$out/$mode.check.json" "$tol" "$case_name" "$mode" "$dt"; then
    status=1
  fi
done
exit $status
