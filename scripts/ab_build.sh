#!/usr/bin/env bash
# `cbench bench --against REV` (harness/bench/ab_rev.c): builds commit SHA of the checkout TOP into the
# binary DEST, in a temporary worktree under TOP/build/ab/ that is removed afterwards.
# Usage: ab_build.sh TOP SHA DEST   (AB_JOBS: make -j, default 2)
set -euo pipefail
top=$1 sha=$2 dest=$3
wt="$top/build/ab/src-${sha:0:12}"
cleanup() {
  git -C "$top" worktree remove --force "$wt" >/dev/null 2>&1 || rm -rf "$wt"
  git -C "$top" worktree prune
}
trap cleanup EXIT
cleanup
git -C "$top" worktree add --detach "$wt" "$sha"
make -C "$wt" -j"${AB_JOBS:-2}" build/cbench
cp "$wt/build/cbench" "$dest.tmp"
mv "$dest.tmp" "$dest"
