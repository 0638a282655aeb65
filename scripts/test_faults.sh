#!/usr/bin/env bash
# `make test-faults`: fault injection on real sweeps. Sweeps (with and without
# --series) are killed with SIGKILL at random moments, twice (running, then resuming), and
# resumed; then two sweeps, a killed one and a `sweep --plan`, write into one folder at once. After each round every record must
# validate (`cbench merge`), none may be lost or duplicated, no temporary may be left, and with
# --series every record has its series. A cheap grid (ball drop, 0.5 s): 10 to 40 s.
# FAULT_ROUNDS=N sets the rounds per mode (default 6); FAULT_SEED fixes the random moments.
set -uo pipefail
cd "$(dirname "$0")/.."
CB="${CBENCH:-$(pwd)/build/cbench}" # CBENCH=path tries another build
[ -x "$CB" ] || { echo "test-faults: $CB missing (make build/cbench)"; exit 1; }
ROUNDS=${FAULT_ROUNDS:-6}
RANDOM=${FAULT_SEED:-$$}
TMP=$(mktemp -d /tmp/cbench-faults.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
fails=0
fail() { echo "test-faults: FAILED: $*"; fails=$((fails + 1)); }

GRID=(--cases ball_drop --integrators bdf,cenic-sd,tamsi --accuracies 1e-3,1e-4,1e-5 --dts 1e-3,3e-4 --t-end 0.5)
# the expected record names: a clean sweep's (its duration bounds the kill moments)
ms0=$(date +%s%N)
"$CB" sweep "${GRID[@]}" --quiet -j 2 --out "$TMP/clean" >/dev/null 2>&1 || { echo "test-faults: the clean sweep failed"; exit 1; }
EXPECT=$(cd "$TMP/clean" && ls ./*.json | grep -v '/sweep.json$' | sort)
N=$(echo "$EXPECT" | wc -l)
SWEEP_MS=$((($(date +%s%N) - ms0) / 1000000))

# check DIR SERIES_LIST LABEL: the records are exactly the expected ones, all valid, sweep.json
# lists each once, no temporary is left, and each record has its series (non-empty).
check() {
  local dir=$1 series=$2 label=$3 got n
  got=$(cd "$dir" && ls ./*.json | grep -v '/sweep.json$' | sort)
  [ "$got" = "$EXPECT" ] || fail "$label: records differ from the grid's: $(diff <(echo "$EXPECT") <(echo "$got") | grep '^[<>]' | tr '\n' ' ')"
  n=$(python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); print(len(a), len({r["record_file"] for r in a}))' "$dir/sweep.json" 2>/dev/null)
  [ "$n" = "$N $N" ] || fail "$label: sweep.json lists '$n' records (want $N, each once)"
  "$CB" merge "$dir" >/dev/null 2>"$TMP/merge.err" || fail "$label: merge (validation) failed: $(head -c 300 "$TMP/merge.err")"
  local tmps
  tmps=$(find "$dir" -name '*.tmp.*' | tr '\n' ' ')
  [ -z "$tmps" ] || fail "$label: temporaries left: $tmps"
  if [ -n "$series" ]; then
    for r in $got; do
      for s in ${series//,/ }; do
        [ -s "$dir/${r%.json}.$s.csv" ] || fail "$label: $r has no $s series"
      done
    done
  fi
}

# the last progress line's "(K reused)" of a sweep's stderr
reused() { sed -nE 's/.*done \(([0-9]+) reused\).*/\1/p' "$1" | tail -n 1; }

# kill_at DIR SECONDS ARGS...: a sweep into DIR killed with SIGKILL after SECONDS (if still running)
kill_at() {
  local dir=$1 after=$2
  shift 2
  "$CB" sweep "${GRID[@]}" "$@" --quiet -j 2 --out "$dir" >/dev/null 2>&1 &
  local pid=$!
  sleep "$after"
  kill -9 "$pid" 2>/dev/null && kills=$((kills + 1))
  wait "$pid" 2>/dev/null
}
# a random moment inside a sweep of this grid: 2% to 90% of the clean sweep's duration
moment() { local ms=$((SWEEP_MS * (2 + RANDOM % 89) / 100)); printf '%d.%03d' $((ms / 1000)) $((ms % 1000)); }

t0=$(date +%s)
kills=0
resumes=0
for mode in plain series; do
  extra=(); series=""
  [ "$mode" = series ] && extra=(--series steps,energy,contacts) && series="steps,energy,contacts"
  for ((k = 0; k < ROUNDS; ++k)); do
    dir="$TMP/kill-$mode$k"
    kill_at "$dir" "$(moment)" "${extra[@]}" # killed while it runs ...
    kill_at "$dir" "$(moment)" "${extra[@]}" # ... and again while it resumes
    "$CB" sweep "${GRID[@]}" "${extra[@]}" --quiet -j 2 --out "$dir" >/dev/null 2>"$TMP/resume.err" ||
      fail "$mode $k: the resumed sweep failed: $(head -c 300 "$TMP/resume.err")"
    resumes=$((resumes + 1))
    check "$dir" "$series" "$mode $k, after kills"
  done
done

# Two identical sweeps at once: each run computed once (one sweep computes, the other reuses).
dir="$TMP/two"
"$CB" sweep "${GRID[@]}" -j 2 --out "$dir" >/dev/null 2>"$TMP/a.err" &
a=$!
"$CB" sweep "${GRID[@]}" -j 2 --out "$dir" >/dev/null 2>"$TMP/b.err" &
b=$!
wait "$a" || fail "two writers: the first sweep failed: $(grep -v '^sweep: [0-9]' "$TMP/a.err" | head -c 300)"
wait "$b" || fail "two writers: the second sweep failed: $(grep -v '^sweep: [0-9]' "$TMP/b.err" | head -c 300)"
ra=$(reused "$TMP/a.err"); rb=$(reused "$TMP/b.err")
[ $((2 * N - ${ra:-0} - ${rb:-0})) -eq "$N" ] || fail "two writers: $((2 * N - ${ra:-0} - ${rb:-0})) runs computed for $N points"
check "$dir" "" "two writers"

# A sweep with --series killed while a second one and a `sweep --plan` write into its folder.
for ((k = 0; k < ROUNDS / 2; ++k)); do
  dir="$TMP/mixed$k"
  "$CB" sweep "${GRID[@]}" --series steps --quiet -j 2 --out "$dir" >/dev/null 2>&1 &
  a=$!
  "$CB" sweep "${GRID[@]}" --series steps --quiet --out "$dir" >/dev/null 2>"$TMP/b.err" &
  b=$!
  sleep "$(moment)"
  "$CB" sweep "${GRID[@]}" --series steps --quiet --out "$dir" --plan "$TMP/plan$k.txt" >/dev/null 2>&1 ||
    fail "mixed $k: sweep --plan failed"
  kill -9 "$a" 2>/dev/null && kills=$((kills + 1))
  wait "$a" 2>/dev/null
  wait "$b" || fail "mixed $k: the second writer failed: $(grep -v '^sweep: [0-9]' "$TMP/b.err" | head -c 300)"
  check "$dir" "steps" "mixed $k (second writer finished)"
done

echo "test-faults: $kills kills (clean sweep $SWEEP_MS ms), $resumes resumes, $((1 + ROUNDS / 2)) two-writer rounds on a $N-run grid in $(($(date +%s) - t0)) s: $([ $fails -eq 0 ] && echo ok || echo "$fails FAILED")"
[ $fails -eq 0 ]
