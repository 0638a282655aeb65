#!/usr/bin/env bash
# MuJoCo 3.x against the mujoco integrator's MuJoCo 2.2.2 on the same converted scene: cbench
# runs each CASE with the mujoco integrator at DT, writing the model it loaded (--opt save_mjcf)
# and its trajectory; scripts/mujoco3/check.mjs steps that model under MuJoCo 3.x (npm
# @mujoco/mujoco, WebAssembly under Node 20) from the same state and compares the coordinates
# (free bodies' positions, hinge and slide angles or lengths) at the trajectory's times. Fails
# when they differ by more than TOL, under MuJoCo's own contact and under compliance=matched
# (with damping=pair: the saved model's per-pair solref; the native peer's per-contact damping
# edits each step's contacts, which the model cannot hold). Scenes with controllers or applied
# forces are skipped: the native peer applies cbench's own as qfrc_applied each step, not as
# MuJoCo actuators in the model. Wall times under WebAssembly are not comparable with native C:
# the script prints them as such and compares none.
#
#   bash scripts/mujoco3_check.sh [CASES [DT [TOL [T_END]]]]
#       CASES comma-separated (default ball_drop,double_pendulum), DT 1e-3, TOL 1e-9, T_END 2 s
#
# Needs node and `npm install --prefix scripts/mujoco3` (not a Debian package, so not in
# scripts/deps.sh); without them it says so and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."
cases=${1:-ball_drop,double_pendulum}
dt=${2:-1e-3}
tol=${3:-1e-9}
t_end=${4:-2}
if ! command -v node >/dev/null || [ ! -d scripts/mujoco3/node_modules/@mujoco/mujoco ]; then
  echo "mujoco3-check: skipped: needs node (20) and 'npm install --prefix scripts/mujoco3' (MuJoCo 3.x, WebAssembly)"
  exit 0
fi
status=0
IFS=, read -r -a case_list <<<"$cases"
for case_name in "${case_list[@]}"; do
  out=build/mujoco3/$case_name
  mkdir -p "$out"
  for mode in own matched; do
    extra=()
    [ "$mode" = matched ] && extra=(--opt damping=pair)
    if ! build/cbench run --case "$case_name" --integrator mujoco --dt "$dt" --t-end "$t_end" \
      --opt compliance="$mode" "${extra[@]}" --opt save_mjcf="$out/$mode.xml" --trajectory "$out/$mode.csv" \
      --json "$out/$mode.json" >/dev/null; then
      echo "mujoco3-check: $case_name: skipped: the mujoco integrator refused or failed it (above)"
      break
    fi
    if grep -q 'qfrc_applied' "$out/$mode.json"; then
      echo "mujoco3-check: $case_name: skipped: controllers or applied forces are cbench's own (qfrc_applied), not in the model"
      break
    fi
    rc=0
    node scripts/mujoco3/check.mjs "$out/$mode.xml" "$out/$mode.csv" >"$out/$mode.check.json" || rc=$?
    if [ $rc -ne 0 ]; then
      echo "mujoco3-check: $case_name compliance=$mode: the runner refused the model (above)"
      status=1
      continue
    fi
    if ! node -e '
      const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      const tol = Number(process.argv[2]), ok = r.position_diff_max <= tol && r.joint_diff_max <= tol;
      console.log(`mujoco3-check: ${process.argv[3]} compliance=${process.argv[4]} dt ${process.argv[5]}: MuJoCo ${r.mujoco3} ` +
        `against 2.2.2 (${r.free_joints} free, ${r.hinge_slide_joints} hinge/slide joints): positions differ by at most ` +
        `${r.position_diff_max.toExponential(2)} m (t ${r.position_diff_t} s), joint coordinates by ` +
        `${r.joint_diff_max.toExponential(2)} (t ${r.joint_diff_t} s; tolerance ${tol}): ${ok ? "ok" : "DIFFERENT"}; ` +
        `${r.steps} steps in ${r.wall_s.toFixed(3)} s (${r.wall_note})`);
      process.exit(ok ? 0 : 1);' "$out/$mode.check.json" "$tol" "$case_name" "$mode" "$dt"; then
      status=1
    fi
  done
done
exit $status
