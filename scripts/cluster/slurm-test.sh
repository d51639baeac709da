#!/usr/bin/env bash
# Runs the queens README's Slurm recipe on a one-machine Slurm cluster on loopback, and
# fails unless the merged count of n = 15 in 8 shards equals the unsplit count and OEIS
# (A000170: 2279184, A002562: 285053). Then deletes two parts and runs the README's resume
# recipe, which must re-run exactly those two shards.
#
# Needs root (it installs Debian's slurm-wlm and munge when missing, and runs the daemons).
# Everything else lives in a temporary directory, removed on exit with the daemons.
#
#   scripts/cluster/slurm-test.sh            # builds gridsolve (debug profile) first
#   GRIDSOLVE=target/release/gridsolve scripts/cluster/slurm-test.sh
#   KEEP=1 ...                               # keep the temporary directory (logs)
#   TIMEOUT=600 ...                          # seconds to wait for the array job
#   MEASURE=17 ROUNDS=3 ...                  # then time n = 17 in 8 shards three ways:
#       one `--jobs 2` run, the 8 shards 2 at a time without Slurm (xargs -P 2), and the
#       README's array job; the last two differ by Slurm's overhead
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
readme=$repo/crates/queens/README.md
timeout=${TIMEOUT:-600}

say() { printf 'slurm-test: %s\n' "$*"; }
fail() { printf 'slurm-test: FAILED: %s\n' "$*" >&2; exit 1; }

# --- install (idempotent) -----------------------------------------------------------------
need=()
for tool in slurmctld:slurmctld slurmd:slurmd sbatch:slurm-client munged:munge; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || need+=("${tool#*:}")
done
if ((${#need[@]})); then
    say "installing slurm-wlm and munge (missing: ${need[*]})"
    [ "$(id -u)" = 0 ] || fail "installing ${need[*]} needs root"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
fi

# --- the binary ---------------------------------------------------------------------------
if [ -z "${GRIDSOLVE:-}" ]; then
    cargo build -q -p gridsolve --locked
    GRIDSOLVE=$repo/target/debug/gridsolve
fi
GRIDSOLVE=$(realpath "$GRIDSOLVE")
[ -x "$GRIDSOLVE" ] || fail "no gridsolve binary at $GRIDSOLVE"
bindir=$(mktemp -d)
ln -s "$GRIDSOLVE" "$bindir/gridsolve"
export PATH="$bindir:$PATH"

# --- the cluster --------------------------------------------------------------------------
tmp=$(mktemp -d /tmp/slurm-test.XXXXXX)
chmod 755 "$tmp"
pids=()
cleanup() {
    local status=$?
    # Jobs still queued or running (after a failure) go first: a job's slurmstepd
    # outlives slurmd.
    if ((${#pids[@]} >= 2)) && kill -0 "${pids[1]}" 2>/dev/null &&
        [ -n "$(squeue -h 2>/dev/null)" ]; then
        scancel --full "--user=$(id -un)" 2>/dev/null || true
        for ((i = 0; i < 50; i++)); do
            [ -z "$(squeue -h 2>/dev/null)" ] && break
            sleep 0.2
        done
    fi
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${pids[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$bindir"
    if [ -n "${KEEP:-}" ]; then
        say "kept $tmp"
    else
        rm -rf "$tmp"
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The log's tail, to say why a daemon did not start.
tail_of() { if [ -s "$1" ]; then tail -n 20 "$1" | sed 's/^/    /' >&2; else echo "    ($1 is empty)" >&2; fi; }
daemon_failed() { # name log
    printf 'slurm-test: FAILED: %s did not start; the end of its log (%s):\n' "$1" "$2" >&2
    tail_of "$2"
    exit 1
}
# Waits up to $2 seconds for the command "$3..." to succeed while pid $1 lives.
wait_for() {
    local pid=$1 seconds=$2
    shift 2
    for ((i = 0; i < seconds * 5; i++)); do
        kill -0 "$pid" 2>/dev/null || return 1
        "$@" >/dev/null 2>&1 && return 0
        sleep 0.2
    done
    return 1
}

mkdir -p "$tmp"/{munge,state,spool,work}
chmod 700 "$tmp/munge"
head -c 1024 /dev/urandom >"$tmp/munge/munge.key"
chmod 400 "$tmp/munge/munge.key"
socket=$tmp/munge/munge.socket

munged --foreground --force --key-file="$tmp/munge/munge.key" --socket="$socket" \
    --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/munge/munged.log" \
    --seed-file="$tmp/munge/munged.seed" 2>>"$tmp/munge/munged.log" &
pids+=($!)
wait_for "${pids[-1]}" 10 test -S "$socket" || daemon_failed munged "$tmp/munge/munged.log"
munge --socket="$socket" -n </dev/null | unmunge --socket="$socket" >/dev/null ||
    daemon_failed "munged (a credential does not decode)" "$tmp/munge/munged.log"
say "munged is up"

host=$(hostname -s 2>/dev/null || uname -n | cut -d. -f1)
export SLURM_CONF=$tmp/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=gridsolve-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=${SLURMCTLD_PORT:-6817}
SlurmdPort=${SLURMD_PORT:-6818}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SchedulerParameters=sched_interval=1
MinJobAge=300
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
# No log files in slurm.conf: with -D the daemons log to standard error, caught here.

slurmctld -D -i -f "$SLURM_CONF" >"$tmp/slurmctld.log" 2>&1 &
pids+=($!)
wait_for "${pids[-1]}" 30 scontrol ping || daemon_failed slurmctld "$tmp/slurmctld.log"
say "slurmctld is up"

slurmd -D -f "$SLURM_CONF" -N "$host" >"$tmp/slurmd.log" 2>&1 &
pids+=($!)
node_idle() { [ "$(sinfo -h -n "$host" -o %t)" = idle ]; }
wait_for "${pids[-1]}" 30 node_idle || {
    sinfo -N -l >&2 || true
    daemon_failed "slurmd (or its registration with slurmctld)" "$tmp/slurmd.log"
}
say "slurmd is up: $(sinfo -h -N -o '%N %c CPUs %t')"

# --- the README's recipe ------------------------------------------------------------------
# The block after the marker line, verbatim.
block() {
    awk -v marker="$1" '
        index($0, marker) { found = 1; next }
        found && /^```/ { if (inside) exit; inside = 1; next }
        inside { print }
    ' "$readme"
}
block '<!-- slurm job file: count.sh -->' >"$tmp/work/count.sh"
[ -s "$tmp/work/count.sh" ] || fail "no Slurm job file found in $readme"
grep -q 'SLURM_ARRAY_TASK_ID' "$tmp/work/count.sh" || fail "the job file in $readme is no array job"

cd "$tmp/work"
# Waits for job $1 to leave the queue, then checks that every task of it finished.
wait_job() {
    local job=$1 start=$SECONDS
    while [ -n "$(squeue -h -j "$job" 2>/dev/null)" ]; do
        if ((SECONDS - start > timeout)); then
            squeue -j "$job" >&2 || true
            scancel "$job" || true
            echo "slurmctld's log:" >&2 && tail_of "$tmp/slurmctld.log"
            echo "slurmd's log:" >&2 && tail_of "$tmp/slurmd.log"
            fail "job $job still running after $timeout s"
        fi
        sleep 0.5
    done
}

n=15 k=8 cpus=1
export n k cpus
block '<!-- slurm submit -->' >submit.sh
block '<!-- slurm resume -->' >resume.sh
grep -q '^sbatch .*count\.sh' submit.sh || fail "no submit block found in $readme"
grep -q 'queens merge --missing' resume.sh || fail "no resume block found in $readme"
# Runs a README block that submits a job; prints the job's id.
submit() {
    local out job
    out=$(sh "$1" </dev/null) || fail "$1 failed: $out"
    job=$(printf '%s\n' "$out" | sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p')
    [ -n "$job" ] || fail "$1 submitted nothing: $out"
    echo "$job"
}
start=$(date +%s.%N)
job=$(submit submit.sh)
say "submitted array job $job: $(sed -n 's/^sbatch/sbatch/p' submit.sh) (n=$n k=$k cpus=$cpus)"
wait_job "$job"
end=$(date +%s.%N)
say "array job $job finished in $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }') s (submission to the last task's end)"

check_merge() {
    local merged
    merged=$(gridsolve --format json queens merge part-*.json) || {
        for log in slurm-*.log; do echo "--- $log" >&2; cat "$log" >&2; done
        fail "merge refused the parts"
    }
    local unsplit
    unsplit=$(gridsolve --format json queens count $n --jobs 2)
    local oeis='{"n":15,"count":2279184,"fundamental":285053,"status":"answered"}'
    [ "$merged" = "$unsplit" ] || fail "merged $merged, unsplit $unsplit"
    [ "$merged" = "$oeis" ] || fail "merged $merged, OEIS A000170/A002562 say $oeis"
    say "merged = unsplit = OEIS: $merged"
}
check_merge
for i in $(seq 1 $k); do
    [ -s "part-$i.json.progress" ] || fail "shard $i left no progress file"
done
say "progress of shard 1: $(cat part-1.json.progress)"

# --- resume: the README's recipe re-runs only the missing shards ---------------------------
rm part-3.json
: >part-8.json # as if shard 8 had been stopped while counting
job=$(submit resume.sh)
wait_job "$job"
ran=$(ls slurm-"${job}"_*.log | sed 's/.*_\([0-9]*\)\.log$/\1/' | sort -n | paste -sd, -)
[ "$ran" = "3,8" ] || fail "the resume block ran shards $ran, not 3,8"
say "the resume block's job $job ran shards $ran"
check_merge

# --- optional measurement -----------------------------------------------------------------
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
if [ -n "${MEASURE:-}" ]; then
    n=$MEASURE
    say "measuring n = $n in $k shards, ${ROUNDS:-3} rounds ($(lscpu | sed -n 's/^Model name: *//p'), load $(cut -d' ' -f1-3 /proc/loadavg))"
    for round in $(seq 1 "${ROUNDS:-3}"); do
        t0=$(date +%s.%N)
        gridsolve queens count "$n" --jobs 2 >/dev/null
        t1=$(date +%s.%N)
        seq 1 $k | xargs -P 2 -I{} gridsolve queens count "$n" --shard {}/$k --jobs 1 >/dev/null
        t2=$(date +%s.%N)
        rm -f part-*.json
        job=$(submit submit.sh)
        wait_job "$job"
        t3=$(date +%s.%N)
        gridsolve queens merge part-*.json >/dev/null || fail "merge refused the measured parts"
        say "round $round: --jobs 2 $(seconds "$t0" "$t1") s; 8 shards by xargs -P 2 $(seconds "$t1" "$t2") s; Slurm array job $(seconds "$t2" "$t3") s (load $(cut -d' ' -f1 /proc/loadavg))"
    done
fi
say "passed"
