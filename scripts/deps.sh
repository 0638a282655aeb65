#!/usr/bin/env bash
# Installs cbench's build dependencies from Debian's packages.
#   scripts/deps.sh          install what is missing (needs root), or print the apt-get line
#   scripts/deps.sh --check  exit 0 if everything is present, 1 otherwise (installs nothing)
set -euo pipefail
PKGS=(build-essential pkg-config libsundials-dev libsuitesparse-dev libccd-dev libcjson-dev
      libcriterion-dev gnuplot-nox liblapack-dev libblas-dev libmujoco-dev libsiconos-numerics-dev
      libsimbody-dev zlib1g-dev libode-dev libbullet-dev libbullet-extras-dev
      libdart-dev libdart-external-ikfast-dev libdart-collision-ode-dev
      libsiconos-kernel-dev libsiconos-mechanics-dev)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "deps: all present"; exit 0
fi
if [ "${1:-}" = "--check" ]; then
  echo "deps: missing ${missing[*]}"; exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "deps: missing packages: ${missing[*]}" >&2
  echo "deps: run as root:  apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
