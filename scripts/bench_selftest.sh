#!/usr/bin/env bash
# `make bench-selftest`: the detection power of `cbench bench` on this machine. A build with an
# injectable slowdown in tamsi's step (build/selftest/cbench, -DCBENCH_SELFTEST_INJECT) is
# compared with itself with CBENCH_INJECT_SLOWDOWN=1.3 and =1.1 on B's side: both must be caught
# (every tamsi benchmark flagged by the timing test or by its instruction count, no control
# benchmark flagged; the last line says which gate caught what). Then build/cbench is compared with
# itself SELFTEST_N times (default 20) or until SELFTEST_BUDGET seconds (default 2400) have
# passed: every failing comparison is a false alarm. Up to SELFTEST_ROUNDS rounds (default 30) per
# comparison. Outputs in build/selftest/out/.
set -u
cd "$(dirname "$0")/.."
CB=build/cbench
ST=build/selftest/cbench
N=${SELFTEST_N:-20}
BUDGET=${SELFTEST_BUDGET:-2400}
OUT=build/selftest/out
# Instructions are counted (perf_event, else callgrind when valgrind is installed): the
# deterministic gate is judged beside the timing one. SELFTEST_INSTRUCTIONS=0 skips them.
ARGS=(--set selftest --quiet --max-rounds ${SELFTEST_ROUNDS:-30})
[ "${SELFTEST_INSTRUCTIONS:-1}" = 0 ] && ARGS+=(--no-instructions)
[ -x "$CB" ] && [ -x "$ST" ] || { echo "bench-selftest: build $CB and $ST first (make bench-selftest)"; exit 2; }
mkdir -p "$OUT"
# Private copies: a rebuild of build/cbench during the run (tens of minutes) must not swap or
# break the binaries under test.
cp "$CB" "$OUT/cbench-self" && cp "$ST" "$OUT/cbench-inject" || { echo "bench-selftest: cannot copy the binaries to $OUT"; exit 2; }
CB=$OUT/cbench-self
ST=$OUT/cbench-inject
t0=$(date +%s)
status=0
summary=""
# Per tamsi benchmark: T when the timing verdict is SLOWDOWN, I when the instruction count rose
# beyond the tolerance ("REGRESSION (increase)" on the line after the benchmark's).
gates() {
  awk '/^[a-z_]+\// { if (name) print name, t, i; name = $1; t = ($0 ~ /SLOWDOWN/) ? "T" : "-"; i = "-" }
       /^    instructions/ && /REGRESSION \(increase\)/ { i = "I" }
       END { if (name) print name, t, i }' "$1"
}
for f in 1.3 1.1; do
  w="$OUT/slow-$f"
  printf '#!/bin/sh\nCBENCH_INJECT_SLOWDOWN=%s exec "%s" "$@"\n' "$f" "$PWD/$ST" > "$w"
  chmod +x "$w"
  "$CB" bench --a-binary "$ST" --b-binary "$w" "${ARGS[@]}" --out "$OUT/inject-$f.json" > "$OUT/inject-$f.txt"
  rc=$?
  cat "$OUT/inject-$f.txt"
  [ "$rc" -le 1 ] || { echo "bench-selftest: the ${f}x comparison could not run (exit $rc)"; exit 2; }
  g=$(gates "$OUT/inject-$f.txt")
  injected=$(echo "$g" | grep -c '/tamsi/')
  by_time=$(echo "$g" | grep '/tamsi/' | grep -c ' T ')
  by_instr=$(echo "$g" | grep '/tamsi/' | grep -c ' I$')
  caught=$(echo "$g" | grep '/tamsi/' | grep -vc ' - -$')
  controls=$(echo "$g" | grep -v '/tamsi/' | grep -vc ' - -$')
  ratios=$(grep -E '^[a-z_]+/tamsi/' "$OUT/inject-$f.txt" | awk '{printf "%s%s", s, $4; s=", "}')
  if [ "$rc" -eq 1 ] && [ "$injected" -gt 0 ] && [ "$caught" -eq "$injected" ] && [ "$controls" -eq 0 ]; then
    verdict="caught"
  else
    verdict="MISSED"; status=1
  fi
  summary+="${f}x injected: $verdict ($caught of $injected tamsi benchmarks flagged: $by_time by time, B/A $ratios, $by_instr by instructions; $controls control(s) flagged); "
done
runs=0; alarms=0
while [ "$runs" -lt "$N" ] && [ $(( $(date +%s) - t0 )) -lt "$BUDGET" ]; do
  "$CB" bench --a-binary "$CB" --b-binary "$CB" "${ARGS[@]}" --out "$OUT/self-$runs.json" > "$OUT/self-$runs.txt"
  rc=$?
  [ "$rc" -le 1 ] || { echo "bench-selftest: self-comparison could not run (exit $rc)"; exit 2; }
  runs=$((runs + 1))
  if [ "$rc" -eq 1 ]; then
    alarms=$((alarms + 1))
    echo "bench-selftest: false alarm in self-comparison $runs:"; grep -E 'SLOWDOWN|REGRESSION|FAIL' "$OUT/self-$((runs - 1)).txt"
  fi
  echo "bench-selftest: self-comparison $runs of $N: exit $rc ($(( $(date +%s) - t0 )) s)"
done
[ "$alarms" -eq 0 ] || status=1
[ "$runs" -eq "$N" ] || summary+="(time budget of $BUDGET s reached after $runs of $N self-comparisons) "
echo "bench-selftest: ${summary}false alarms: $alarms of $runs self-comparisons of this tree; $(( $(date +%s) - t0 )) s"
exit $status
