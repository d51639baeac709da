#!/bin/sh
# Rates the reference sets of fixtures/sudoku/se-reference with serate, in order, one serate
# process at a time (see README.md). Rerunnable: rate.py skips puzzles already rated.
#
#   CP=/path/to/classes:/usr/share/java/json-simple.jar COMMIT=b1f9ed4 \
#   GRIDSOLVE=target/release/gridsolve DATA=../shared/data/sudoku scripts/serate/run-all.sh
set -eu
: "${CP:?classpath of the serate build}" "${COMMIT:?SudokuExplainer commit built}"
DATA=${DATA:-../shared/data/sudoku}
GRIDSOLVE=${GRIDSOLVE:-target/release/gridsolve}
WORK=${WORK:-/tmp/serate-work}
OUT=${OUT:-fixtures/sudoku/se-reference}
mkdir -p "$WORK/inputs"

# sample SET FILE K: every K-th puzzle of FILE, from its first line.
sample() { awk -v k="$3" 'NR % k == 1 % k' "$2" > "$WORK/inputs/$1.txt"; }
rate() { # rate SET TIMEOUT SOURCE
    [ -f "$WORK/inputs/$1.txt" ] || { echo "run-all.sh: no input for $1, skipped" >&2; return 0; }
    python3 "$(dirname "$0")/rate.py" --classpath "$CP" --commit "$COMMIT" --set "$1" \
        --input "$WORK/inputs/$1.txt" --timeout "$2" --source "$3" --out "$OUT" --workdir "$WORK"
}

# Generated puzzles: minimal, and minimal with 180-degree symmetry (seeds fixed).
if [ -x "$GRIDSOLVE" ] && [ ! -f "$WORK/inputs/generated-minimal.txt" ]; then
    "$GRIDSOLVE" sudoku generate -n 600 --seed 22 > "$WORK/inputs/generated-minimal.txt"
fi
if [ -x "$GRIDSOLVE" ] && [ ! -f "$WORK/inputs/generated-symmetric.txt" ]; then
    "$GRIDSOLVE" sudoku generate -n 400 --seed 22 --symmetry central > "$WORK/inputs/generated-symmetric.txt"
fi

sample easy50 "$DATA/easy50.txt" 1
rate easy50 30 "shared/data/sudoku/easy50.txt, all"
sample top95 "$DATA/top95.txt" 1
rate top95 120 "shared/data/sudoku/top95.txt, all"
rate generated-minimal 60 "gridsolve sudoku generate -n 600 --seed 22"
rate generated-symmetric 60 "gridsolve sudoku generate -n 400 --seed 22 --symmetry central"
sample norvig10k "$DATA/norvig10k.txt" 25
rate norvig10k 60 "shared/data/sudoku/norvig10k.txt, every 25th line from line 1"
sample 17clue "$DATA/17clue.txt" 123
rate 17clue 60 "shared/data/sudoku/17clue.txt, every 123rd line from line 1"
sample top1465 "$DATA/top1465.txt" 5
rate top1465 120 "shared/data/sudoku/top1465.txt, every 5th line from line 1"
sample forum_hardest_1106 "$DATA/forum_hardest_1106.txt" 15
rate forum_hardest_1106 240 "shared/data/sudoku/forum_hardest_1106.txt, every 15th line from line 1"
# The famous 11+ puzzles: on a loaded 2-core machine several exceed 600 s.
sample famous_hard "$DATA/famous_hard.txt" 1
rate famous_hard 600 "shared/data/sudoku/famous_hard.txt, all"
sample forum_hardest_1905_11plus "$DATA/forum_hardest_1905_11plus.txt" 2000
rate forum_hardest_1905_11plus 600 "shared/data/sudoku/forum_hardest_1905_11plus.txt, every 2000th line from line 1"
