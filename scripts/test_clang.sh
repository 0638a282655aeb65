#!/usr/bin/env bash
# `make test-clang`: the Criterion tests given, built with clang's AddressSanitizer and
# UndefinedBehaviorSanitizer (DIR/tests/), then one short run of every integrator on a contact
# case through DIR/cbench, so that a sanitizer report in any integrator's code path stops CI.
#   scripts/test_clang.sh DIR TEST...
set -u
dir=${1:?usage: test_clang.sh DIR TEST...}; shift
here=$(cd "$(dirname "$0")" && pwd)
bins=()
for t in "$@"; do bins+=("$dir/tests/$t"); done
bash "$here/run_tests.sh" "${bins[@]}"; status=$?
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$here/lsan_siconos.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
out=$(mktemp -d "${TMPDIR:-/tmp}/cbench-clang.XXXXXX")
trap 'rm -rf "$out"' EXIT
nrun=0; nbad=0
for it in $("$dir/cbench" list --integrators-only 2>/dev/null || "$dir/cbench" list | sed -n '/^integrators/,/^cases/{/^  /s/^  \([^ ]*\).*/\1/p}'); do
  case "$it" in
    ca) case_=ball_drop ;;              # conservative advancement: a convex body, no start in overlap
    *) case_=hard_clutter ;;
  esac
  args=(--cases-dir "$here/../cases" run --case "$case_" --integrator "$it" --t-end 0.05 --quiet --json "$out/$it.json")
  case "$it" in
    cenic-sd|cenic-trap|tamsi-sd|ie|bdf|sdirk2|rosenbrock|rk3|simbody-*) args+=(--accuracy 1e-2) ;;
    *) args+=(--dt 1e-3) ;;
  esac
  nrun=$((nrun + 1))
  log=$("$dir/cbench" "${args[@]}" 2>&1); rc=$?
  if [ $rc -gt 1 ] || echo "$log" | grep -qE 'ERROR: (LeakSanitizer|AddressSanitizer)|runtime error:'; then
    echo "test-clang: $it on $case_ failed (exit $rc):"; echo "$log" | head -30
    nbad=$((nbad + 1)); status=1
  fi
done
echo "test-clang: $nrun integrator runs, $nbad failed"
exit $status
