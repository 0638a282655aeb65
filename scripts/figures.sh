#!/usr/bin/env bash
# Makes every figure recipe (figures/*.json) with `cbench figure`, times each, and writes the
# report of the folder when `cbench report` exists. Usage: scripts/figures.sh [--quick]
# (FIGURES="a b" picks recipes, JOBS=N runs in parallel, OUT=DIR writes elsewhere, CBENCH=PATH runs
# another binary: a copy keeps a long set on one build while the tree is rebuilt)
set -u
cd "$(dirname "$0")/.."
mode=full; [ "${1:-}" = "--quick" ] && mode=quick
out=${OUT:-results/figures/$mode}
jobs=${JOBS:-2}
cbench=${CBENCH:-build/cbench}
flag=""; [ $mode = quick ] && flag=--quick
names=${FIGURES:-$(ls figures/*.json | xargs -n1 basename | sed 's/\.json$//')}
mkdir -p "$out"
status=0
# times.tsv gathers every invocation (an interrupted set resumes: its recipes reuse their records)
printf '# %s: %s mode, jobs %s, %s\n' "$(date -u +%FT%TZ)" "$mode" "$jobs" "$(hostname)" >> "$out/times.tsv"
for n in $names; do
  s=$(date +%s.%N)
  "$cbench" figure "$n" $flag --out "$out" -j "$jobs" || status=1
  # full mode: the runs' time series are kept gzip'd (committed beside their records), so that a
  # re-make reuses every record of an unchanged spec instead of running it again for its series
  [ $mode = full ] && [ -d "$out/$n" ] && find "$out/$n" -path '*/run*/*.csv' -type f -exec gzip -9 -f -n {} +
  e=$(date +%s.%N)
  printf '%s\t%.1f\n' "$n" "$(echo "$e - $s" | bc)" | tee -a "$out/times.tsv"
done
if "$cbench" help report >/dev/null 2>&1; then "$cbench" report "$out" || status=1; fi
echo "figures: $out (times in $out/times.tsv)"
exit $status
