#!/usr/bin/env bash
# `make fuzz`: runs each fuzz target for SECONDS on its corpus (build/fuzz/corpus/TARGET, seeded by
# fuzz/seed.sh) with its dictionary. A crash, sanitizer report, leak or hang (> 10 s per input)
# fails the target: its input is kept in build/fuzz/crashes/ and the log in build/fuzz/log/.
# Every target runs even after one fails; the exit status is 1 if any failed.
# Usage: fuzz/run.sh SECONDS [TARGET ...]   (targets: scene record recipe reference cli history csv)
set -u
cd "$(dirname "$0")/.."
secs=${1:-60}
shift || true
targets=${*:-scene record recipe reference cli history csv}
mkdir -p build/fuzz/crashes build/fuzz/log
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0
for t in $targets; do
  bin=build/fuzz/fuzz_$t log=build/fuzz/log/$t.log
  [ -x "$bin" ] || { echo "fuzz: $bin missing (make fuzz builds it)"; status=1; continue; }
  "$bin" -max_total_time="$secs" -timeout=10 -max_len=65536 -dict="fuzz/$t.dict" -close_fd_mask=3 \
    -print_final_stats=1 -artifact_prefix="build/fuzz/crashes/$t-" "build/fuzz/corpus/$t" >"$log" 2>&1
  rc=$?
  execs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -n 1)
  if [ $rc -ne 0 ]; then
    status=1
    echo "fuzz: $t: FAILED (exit $rc) after ${execs:-?} executions; $(grep -oE 'Test unit written to .*' "$log" | tail -n 1)"
    grep -E -A14 'ERROR: |runtime error:|==ERROR|deadly signal|timeout' "$log" | head -n 30
  else
    echo "fuzz: $t: ${execs:-?} executions in ${secs} s, no crash (corpus $(ls "build/fuzz/corpus/$t" | wc -l) inputs)"
  fi
done
exit $status
