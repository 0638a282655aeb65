#!/usr/bin/env bash
# `cbench bench --against REV` (harness/bench/ab_rev.c): builds commit SHA of the checkout TOP into the
# binary DEST, in a temporary worktree under TOP/build/ab/ that is removed afterwards.
# Usage: ab_build.sh TOP SHA DEST   (AB_JOBS: make -j, default 2)
# Builds of one DEST take turns (flock on DEST.lock; a later one finds DEST built and reuses it),
# and each has a worktree of its own (src-SHA-PID), removed on exit, SIGINT and SIGTERM: two
# comparisons at once never delete each other's.
set -euo pipefail
top=$1 sha=$2 dest=$3
wt="$top/build/ab/src-${sha:0:12}-$$"
build=
cleanup() {
  if [ -n "$build" ]; then kill "$build" 2>/dev/null || true; wait "$build" 2>/dev/null || true; fi
  git -C "$top" worktree remove --force "$wt" >/dev/null 2>&1 || rm -rf "$wt"
  git -C "$top" worktree prune
  rm -f "$dest.tmp.$$"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
if command -v flock >/dev/null; then
  exec 9>"$dest.lock"
  flock 9
  if [ -x "$dest" ]; then echo "ab_build: $dest was built meanwhile: reused"; exit 0; fi
fi
git -C "$top" worktree add --detach "$wt" "$sha"
# in the background, so that a signal is handled at once rather than after the build
make -C "$wt" -j"${AB_JOBS:-2}" build/cbench &
build=$!
wait "$build"
build=
cp "$wt/build/cbench" "$dest.tmp.$$"
mv "$dest.tmp.$$" "$dest"
