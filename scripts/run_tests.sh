#!/usr/bin/env bash
# Runs the given Criterion test binaries and prints one closing summary line.
set -u
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
# Third-party leaks we cannot fix (scripts/lsan_siconos.supp explains).
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$(cd "$(dirname "$0")" && pwd)/lsan_siconos.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
passed=0; failed=0; status=0
for bin in "$@"; do
  out=$("$bin" --jobs 2 2>&1); rc=$?
  echo "$out" | grep -vE '^\[----\]|^$' | tail -n 30
  line=$(echo "$out" | grep -E 'Synthesis: Tested' | tail -n 1)
  p=$(echo "$line" | sed -nE 's/.*Passing: ([0-9]+).*/\1/p'); f=$(echo "$line" | sed -nE 's/.*Failing: ([0-9]+).*/\1/p')
  c=$(echo "$line" | sed -nE 's/.*Crashing: ([0-9]+).*/\1/p')
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0} + ${c:-0}))
  # Sanitizer reports inside Criterion's forked workers do not always change its exit code.
  if echo "$out" | grep -qE 'ERROR: (LeakSanitizer|AddressSanitizer)|runtime error:'; then
    echo "$bin: sanitizer report (see above)"; echo "$out" | grep -E -A12 'ERROR: (Leak|Address)Sanitizer|runtime error:' | head -40
    failed=$((failed + 1)); status=1
  fi
  if [ $rc -ne 0 ] || [ -z "$line" ]; then status=1; [ -z "$line" ] && failed=$((failed + 1)) && echo "$bin: no synthesis line (crashed?)"; fi
done
echo "tests: $passed passed, $failed failed"
exit $status
