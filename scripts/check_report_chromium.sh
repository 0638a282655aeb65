#!/usr/bin/env bash
# Opens a report page (cbench report DIR -> DIR/index.html) in headless Chromium and checks that
# it renders: the DOM after loading has every figure heading, and Chromium reports no resource it
# could not load (a missing image is net::ERR_FILE_NOT_FOUND in its log).
# Usage: scripts/check_report_chromium.sh DIR/index.html [expected_headings]
# Exit 0: renders, no missing image; 1: a problem (printed); 77: no Chromium (skip).
set -u
page=$1
want=${2:-0}
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$browser" ] || { echo "check_report: no chromium; skipped"; exit 77; }
[ -f "$page" ] || { echo "check_report: no page $page"; exit 1; }
abs=$(cd "$(dirname "$page")" && pwd)/$(basename "$page")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
timeout 120 "$browser" --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --user-data-dir="$tmp/profile" \
  --enable-logging=stderr --v=0 --allow-file-access-from-files --virtual-time-budget=10000 \
  --dump-dom "file://$abs" >"$tmp/dom.html" 2>"$tmp/log.txt"
rc=$?
if [ $rc -ne 0 ] || ! grep -q '</html>\|</body>' "$tmp/dom.html"; then
  echo "check_report: chromium did not render $page (exit $rc)"; tail -5 "$tmp/log.txt"; exit 1
fi
missing=$(grep -E 'ERR_FILE_NOT_FOUND|Failed to load resource|net::ERR' "$tmp/log.txt" | head -5)
# every <img> of the page must name a file that exists (relative to the page)
dir=$(dirname "$abs")
for src in $(grep -o '<img src="[^"]*"' "$tmp/dom.html" | sed 's/<img src="//; s/"$//'); do
  [ -s "$dir/$src" ] || missing="$missing
missing image file: $src"
done
if [ -n "$missing" ]; then echo "check_report: $page: $missing"; exit 1; fi
n=$(grep -c '<h2 id=' "$tmp/dom.html")
if [ "$n" -lt "$want" ]; then echo "check_report: $page shows $n figures, expected $want"; exit 1; fi
echo "check_report: $page renders in $(basename "$browser"): $n figures, $(grep -o '<img ' "$tmp/dom.html" | wc -l) images, none missing"
