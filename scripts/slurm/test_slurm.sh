#!/usr/bin/env bash
# `make test-slurm`: a sweep plan run for real on a single-node Slurm started here from Debian's
# packages (slurm-wlm, munge), as root on localhost: submit a plan as a job array, kill one task
# while it runs, resubmit only what is missing, merge, and check that every point has exactly
# one record and that the points that had finished were not rerun. Cleans up after itself.
# Prints one line and exits 0 when the daemons cannot be started here (e.g. not root).
set -uo pipefail
cd "$(dirname "$0")/../.."
REPO=$(pwd)
CB="$REPO/build/cbench"
skip() { echo "test-slurm: skipped: $*"; exit 0; }
fail() { echo "test-slurm: FAILED: $*"; exit 1; }

[ "$(id -u)" -eq 0 ] || skip "needs root to start munged, slurmctld and slurmd"
for b in munged slurmctld slurmd sbatch squeue scancel; do
  command -v "$b" >/dev/null || [ -x "/usr/sbin/$b" ] || skip "$b is not installed (apt-get install slurm-wlm munge)"
done
[ -x "$CB" ] || make -s build/cbench >/dev/null || fail "cannot build $CB"

TMP=$(mktemp -d /tmp/cbench-slurm.XXXXXX)
export SLURM_CONF="$TMP/slurm.conf"
STARTED_MUNGE=0
cleanup() {
  [ -f "$TMP/slurmd.pid" ] && kill "$(cat "$TMP/slurmd.pid")" 2>/dev/null
  [ -f "$TMP/slurmctld.pid" ] && kill "$(cat "$TMP/slurmctld.pid")" 2>/dev/null
  [ "$STARTED_MUNGE" = 1 ] && pkill -x munged 2>/dev/null
  sleep 1
  rm -rf "$TMP"
}
trap cleanup EXIT

# munge: the Debian package made /etc/munge/munge.key; start the daemon unless it runs
if ! pgrep -x munged >/dev/null; then
  [ -f /etc/munge/munge.key ] || mungekey --create >/dev/null 2>&1 || skip "no munge key and mungekey failed"
  mkdir -p /run/munge /var/log/munge /var/lib/munge && chown munge:munge /run/munge /var/log/munge /var/lib/munge 2>/dev/null
  runuser -u munge -- /usr/sbin/munged 2>/dev/null || /usr/sbin/munged --force 2>/dev/null || skip "munged does not start"
  STARTED_MUNGE=1
fi
munge -n | unmunge >/dev/null 2>&1 || skip "munge does not authenticate"

PORT=$((16000 + RANDOM % 1000))
mkdir -p "$TMP/state" "$TMP/spool" "$TMP/work"
cat > "$SLURM_CONF" <<CONF
ClusterName=cbenchtest
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$TMP/state
SlurmdSpoolDir=$TMP/spool
SlurmctldPidFile=$TMP/slurmctld.pid
SlurmdPidFile=$TMP/slurmd.pid
SlurmctldLogFile=$TMP/slurmctld.log
SlurmdLogFile=$TMP/slurmd.log
SlurmctldPort=$PORT
SlurmdPort=$((PORT + 1))
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=localhost CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -f "$SLURM_CONF" >/dev/null 2>&1 || skip "slurmctld does not start ($(tail -1 "$TMP/slurmctld.log" 2>/dev/null))"
slurmd -f "$SLURM_CONF" >/dev/null 2>&1 || skip "slurmd does not start ($(tail -1 "$TMP/slurmd.log" 2>/dev/null))"
for _ in $(seq 30); do sinfo -h -o %T 2>/dev/null | grep -q idle && break; sleep 1; done
sinfo -h -o %T 2>/dev/null | grep -q idle || skip "the node never became idle ($(sinfo -h 2>&1 | head -1))"
echo "test-slurm: single-node Slurm up ($(slurmctld -V), port $PORT)"

wait_job() { # wait until no task of job $1 is pending or running (at most $2 s)
  for _ in $(seq "$2"); do [ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && return 0; sleep 1; done
  return 1
}

# The plan: four quick points and one slow one (rk3 at 1e-9 on hard clutter: runs until its
# 20 s budget), which is the task we kill.
OUT="$TMP/work/out"
PLAN="$TMP/work/plan.txt"
"$CB" sweep --cases ball_drop --integrators cenic-sd,bdf --accuracies 1e-2,1e-3 --t-end 0.5 --out "$OUT" --plan "$PLAN" 2>&1 | tail -1
"$CB" sweep --cases hard_clutter --integrators rk3 --accuracies 1e-9 --t-end 1 --timeout 20 --out "$OUT" --plan "$TMP/work/slow.txt" >/dev/null 2>&1
cat "$TMP/work/slow.txt" >> "$PLAN"
N=$(wc -l < "$PLAN")
[ "$N" -eq 5 ] || fail "plan has $N lines, expected 5"
SLOW=$((N - 1))

JOB=$("$CB" slurm "$PLAN" --max-parallel 2 | tail -1) || fail "submission failed"
echo "test-slurm: submitted job $JOB (array 0-$((N - 1)))"
for _ in $(seq 60); do squeue -h -j "${JOB}_${SLOW}" -o %T 2>/dev/null | grep -q RUNNING && break; sleep 1; done
squeue -h -j "${JOB}_${SLOW}" -o %T | grep -q RUNNING || fail "task $SLOW never ran"
sleep 2
scancel "${JOB}_${SLOW}" && echo "test-slurm: killed task $SLOW while it ran"
wait_job "$JOB" 120 || fail "job $JOB did not finish"

"$CB" merge "$OUT" --plan "$PLAN" > "$TMP/merge1.txt"; rc=$?
cat "$TMP/merge1.txt"
[ "$rc" -eq 1 ] || fail "merge after the kill exited $rc, expected 1 (one point missing)"
grep -q "missing: task $SLOW" "$TMP/merge1.txt" || fail "merge did not list task $SLOW as missing"
[ "$(grep -c 'missing:' "$TMP/merge1.txt")" -eq 1 ] || fail "more than one point missing"
stat -c '%n %.9Y' "$OUT"/*__*.json | sort > "$TMP/before.txt"

JOB2=$("$CB" slurm "$PLAN" --missing --max-parallel 2 | tail -1) || fail "resubmission failed"
echo "test-slurm: resubmitted the missing point as job $JOB2: $("$CB" slurm "$PLAN" --missing --dry-run | head -1)"
wait_job "$JOB2" 120 || fail "job $JOB2 did not finish"

"$CB" merge "$OUT" --plan "$PLAN" > "$TMP/merge2.txt"; rc=$?
cat "$TMP/merge2.txt"
[ "$rc" -eq 0 ] || fail "merge after the resubmission exited $rc"
python3 - "$OUT/sweep.json" "$PLAN" <<'PY' || fail "records lost or duplicated"
import json, sys
recs = json.load(open(sys.argv[1]))
plan = [l.split() for l in open(sys.argv[2]) if l.strip()]
want = [(p[p.index("--integrator") + 1], p[p.index("--accuracy") + 1]) for p in plan]
got = [(r["integrator"], repr(r["params"]["accuracy"])) for r in recs]
assert len(recs) == len(plan), (len(recs), len(plan))
assert len(set(got)) == len(got), "duplicate records"
assert sorted(w[0] for w in want) == sorted(g[0] for g in got)
print("test-slurm: sweep.json holds %d records, one per plan line" % len(recs))
PY
# the points that had finished were not run again
while read -r f t; do
  [ "$(stat -c %.9Y "$f")" = "$t" ] || fail "$f was rewritten by the resubmission"
done < <(grep -v "__rk3__" "$TMP/before.txt")
echo "test-slurm: the resubmission ran only the missing point"
echo "test-slurm: passed"
