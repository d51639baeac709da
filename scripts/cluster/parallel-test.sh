#!/usr/bin/env bash
# Runs the READMEs' GNU parallel recipes on this machine (`--sshlogin :`): the queens
# count of n = 15 in 8 shards, merged and compared with the unsplit count and OEIS, then
# two parts deleted and the resume recipe run; and a Sudoku batch of 10,000 puzzles
# through `parallel --pipe --keep-order`, byte-identical to the single-process run.
#
# Installs Debian's `parallel` when missing (needs root then).
#
#   scripts/cluster/parallel-test.sh         # builds gridsolve (debug profile) first
#   GRIDSOLVE=target/release/gridsolve scripts/cluster/parallel-test.sh
#   SUDOKU_DATA=FILE ...   # the batch: its first 10,000 lines (else generated puzzles)
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD

say() { printf 'parallel-test: %s\n' "$*"; }
fail() { printf 'parallel-test: FAILED: %s\n' "$*" >&2; exit 1; }

if ! command -v parallel >/dev/null 2>&1; then
    say "installing parallel"
    [ "$(id -u)" = 0 ] || fail "installing parallel needs root"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends parallel >/dev/null
fi

if [ -z "${GRIDSOLVE:-}" ]; then
    cargo build -q -p gridsolve --locked
    GRIDSOLVE=$repo/target/debug/gridsolve
fi
GRIDSOLVE=$(realpath "$GRIDSOLVE")
[ -x "$GRIDSOLVE" ] || fail "no gridsolve binary at $GRIDSOLVE"

tmp=$(mktemp -d /tmp/parallel-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
ln -s "$GRIDSOLVE" "$tmp/bin/gridsolve"
export PATH="$tmp/bin:$PATH"
# No citation notice, no questions: parallel must never wait for standard input here.
mkdir -p "$tmp/home/.parallel"
touch "$tmp/home/.parallel/will-cite"
export HOME=$tmp/home

# The block after the marker line in README $1, verbatim.
block() {
    awk -v marker="$2" '
        index($0, marker) { found = 1; next }
        found && /^```/ { if (inside) exit; inside = 1; next }
        inside { print }
    ' "$repo/$1"
}
recipe() { # README marker: the block, or a failure naming it
    local text
    text=$(block "$1" "$2")
    [ -n "$text" ] || fail "no block after '$2' in $1"
    printf '%s\n' "$text"
}

# --- queens: the count in 8 shards --------------------------------------------------------
cd "$tmp"
n=15 k=8 hosts=:
export n k hosts
recipe crates/queens/README.md '<!-- parallel count -->' >count.sh
recipe crates/queens/README.md '<!-- parallel resume -->' >resume.sh
oeis='{"n":15,"count":2279184,"fundamental":285053,"status":"answered"}'
check_merge() {
    local merged unsplit
    merged=$(gridsolve --format json queens merge parts/*.out) || fail "merge refused the parts"
    unsplit=$(gridsolve --format json queens count $n --jobs 2)
    [ "$merged" = "$unsplit" ] || fail "merged $merged, unsplit $unsplit"
    [ "$merged" = "$oeis" ] || fail "merged $merged, OEIS A000170/A002562 say $oeis"
    say "merged = unsplit = OEIS: $merged"
}
start=$SECONDS
sh count.sh </dev/null >count.out || fail "the count recipe failed: $(cat count.out)"
say "count of n = $n in $k shards through parallel: $((SECONDS - start)) s"
check_merge
# Resume: a shard that was stopped leaves an empty part, a lost one none.
rm parts/part-3.out
: >parts/part-8.out
[ "$(gridsolve queens merge --missing parts/*.out | paste -sd, -)" = 3,8 ] ||
    fail "merge --missing did not name shards 3 and 8"
rm parts/*.seq
sh resume.sh </dev/null >/dev/null || fail "the resume recipe failed"
ran=$(cd parts && ls *.seq | sed 's/^part-\([0-9]*\)\.out\.seq$/\1/' | sort -n | paste -sd, -)
[ "$ran" = 3,8 ] || fail "the resume recipe ran shards $ran, not 3,8"
say "the resume recipe ran shards $ran"
check_merge

# --- sudoku: a batch through parallel --pipe --keep-order ---------------------------------
data=${SUDOKU_DATA:-$repo/../shared/data/sudoku/17clue.txt}
if [ -r "$data" ]; then
    head -n 10000 "$data" >puzzles.txt
    source="the first 10,000 of ../shared/data/sudoku/17clue.txt"
else
    gridsolve sudoku generate --count 10000 --seed 28 >puzzles.txt
    source="10,000 generated (--seed 28)"
fi
[ "$(wc -l <puzzles.txt)" = 10000 ] || fail "puzzles.txt has $(wc -l <puzzles.txt) lines, not 10000"
gridsolve sudoku solve puzzles.txt >single.txt 2>/dev/null
recipe crates/sudoku/README.md '<!-- parallel batch -->' >batch.sh
start=$SECONDS
sh batch.sh </dev/null 2>batch.err || fail "the batch recipe failed: $(tail -5 batch.err)"
say "sudoku batch ($source) through parallel: $((SECONDS - start)) s"
chunks=$(grep -c 'puzzles:' batch.err || true)
[ "$chunks" -gt 1 ] || fail "parallel ran the batch in $chunks chunk(s), not several"
cmp single.txt solutions.txt || fail "parallel's output differs from the single-process run"
say "$(wc -l <solutions.txt) solutions in $chunks chunks, byte-identical to one process"
say "passed"
