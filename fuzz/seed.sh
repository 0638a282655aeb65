#!/usr/bin/env bash
# Seed corpora of the fuzz targets (fuzz/README.md) into build/fuzz/corpus/TARGET: the repository's
# own scene files, recipes and references, the records of a small sweep (made here with
# build/cbench, a few seconds), and command lines. Run from the repository root; idempotent
# (existing corpus entries, including what fuzzing added, are kept).
set -euo pipefail
cd "$(dirname "$0")/.."
C=build/fuzz/corpus
mkdir -p $C/scene $C/record $C/recipe $C/reference $C/cli $C/history $C/csv
cp cases/*.json tests/scenes/*.json $C/scene/
cp figures/*.json $C/recipe/
cp results/reference/*.json $C/reference/

# Records: ok, error-controlled and fixed-step, with a windowed error, and a timed-out run.
if [ ! -e $C/record/sweep.json ]; then
  [ -x build/cbench ] || { echo "seed: build/cbench missing (make first)" >&2; exit 1; }
  S=build/fuzz/seed-sweep
  rm -rf $S
  build/cbench sweep --cases ball_drop,sliding_cube --integrators cenic-sd,tamsi,rk3 --accuracies 1e-2 --dts 1e-2 \
    --t-end 0.3 --window 0.1 --out $S/a --quiet >/dev/null
  build/cbench sweep --cases ball_drop --integrators bdf --accuracies 1e-3 --timeout 1e-6 --out $S/b --quiet >/dev/null
  for f in $S/a/*.json $S/b/*.json; do cp "$f" "$C/record/$(basename "$(dirname "$f")")-$(basename "$f")"; done
  cp $S/a/sweep.json $C/record/sweep.json
fi

# A bench history: two commits of the committed baseline (cbench history append), and the time
# series of one run, each behind the line that picks what fuzz/fuzz_csv.c reads.
if [ ! -e $C/history/two.jsonl ]; then
  [ -x build/cbench ] || { echo "seed: build/cbench missing (make first)" >&2; exit 1; }
  S=build/fuzz/seed-history
  rm -rf $S && mkdir -p $S
  for sha in 1111111111111111111111111111111111111111 2222222222222222222222222222222222222222; do
    sed -E "s/\"git\":[[:space:]]*\"[0-9a-f]*\"/\"git\": \"$sha\"/" results/baseline.json > $S/bench.json
    build/cbench history append $S/bench.json --to $S/history.jsonl >/dev/null
  done
  head -c 60000 $S/history.jsonl > $C/history/two.jsonl
  build/cbench run --case ball_drop --integrator cenic-sd --accuracy 1e-2 --t-end 0.3 --json $S/r.json \
    --step-log $S/steps.csv --contact-forces $S/contacts.csv --energy $S/energy.csv >/dev/null
  { printf 't\th\taccepted=1\n'; head -c 30000 $S/steps.csv; } > $C/csv/steps
  { printf 't\tnorm:fx,fy,fz\tkind=point\n'; head -c 30000 $S/contacts.csv; } > $C/csv/contacts
  { printf 't\t%s\n' "$(head -n 1 $S/energy.csv | cut -d, -f2)"; head -c 30000 $S/energy.csv; } > $C/csv/energy
fi

# Command lines, one argument per line (fuzz/fuzz_cli.c).
args() { local name=$1; shift; printf '%s\n' "$@" | head -c -1 > "$C/cli/$name"; }
args run_acc --case sliding_cube --integrator cenic-sd --accuracy 1e-3 --reps 3
args run_dt --case hard_clutter --integrator cenic-fixed --dt 1e-2 --t-end 0.5 --max-step 1e-2 --timeout 30
args run_series --case ball_drop --integrator bdf --accuracy 1e-4 --json out.json --resume --trajectory t.csv \
  --step-log s.csv --energy e.csv --contact-forces c.csv --error-norm full
args run_window --case cases/tamsi_stick_slip.json --integrator tamsi --dt 1e-3 --window 0.1 --window-method bdf:1e-8
args run_opts --case controlled_arm --integrator cenic-trap --accuracy 1e-2 --opt hessian_reuse=0 \
  --param 'controllers[0].kp=1e3' --param 'bodies[0].mass=2' --error-norm q
args sweep_grid --cases ball_drop,sliding_cube --integrators cenic-sd,tamsi --accuracies 1e-2,1e-3 --dts 1e-2 -j 2 \
  --out DIR --reps 2 --timeout 10 --t-end 1 --window 0.1 --quiet
args sweep_axes --cases hard_clutter --integrators cenic-sd --accuracies 1e-3 --error-norms q,full,default \
  --max-steps 1e-2,1e-3 --opt line_search=0,1 --param 'bodies[0].mass=1,2' --series steps,contacts,energy
args sweep_plan --cases conveyor --integrators tamsi --dts 1e-3 --plan plan.txt --error-norm default --jobs 1
echo "seed: $(for t in scene record recipe reference cli history csv; do printf '%s %s  ' $t "$(ls $C/$t | wc -l)"; done)"
