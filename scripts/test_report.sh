#!/usr/bin/env bash
# `make test-report`: makes two quick figures and their report, then checks in headless Chromium
# that the page renders with every image, and that the check itself catches a missing image.
set -u
cd "$(dirname "$0")/.."
out=$(mktemp -d /tmp/cbench_report_XXXXXX)
trap 'rm -rf "$out"' EXIT
for f in cenic_fig08_bouncing_energy icf_falling_sphere; do
  build/cbench figure "$f" --quick --out "$out" --quiet || { echo "test-report: figure $f failed"; exit 1; }
done
build/cbench report "$out" || exit 1
bash scripts/check_report_chromium.sh "$out/index.html" 2
rc=$?
[ $rc -eq 77 ] && exit 0
[ $rc -eq 0 ] || exit 1
rm "$out/icf_falling_sphere/icf_falling_sphere.png"
if bash scripts/check_report_chromium.sh "$out/index.html" 2 >/dev/null; then
  echo "test-report: a missing image went unnoticed"; exit 1
fi
echo "test-report: passed (and a removed image is caught)"
