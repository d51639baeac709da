#!/usr/bin/env python3
"""Rates puzzles with Sudoku Explainer's `serate`, one puzzle at a time, with a timeout each.

    scripts/serate/rate.py --classpath CP --commit HASH --set NAME --input FILE \
        [--timeout SECONDS] [--limit N] [--out DIR]

One `serate` process (a JVM) reads puzzles from a pipe and answers each on its own line;
this script feeds it one puzzle, waits at most --timeout seconds for the answer, and on a
timeout kills that process (its own child, by pid), records the timeout and starts a new
one. So at most one serate runs at a time, the JVM starts once per timeout rather than
once per puzzle, and nothing runs for hours.

Output, written as each answer arrives (a rerun resumes where the last one stopped):
  DIR/fixtures/NAME.txt   puzzles 1, 3, 5, ... of the input: `PUZZLE ED=ER/EP/ED`
  DIR/held-out/NAME.txt   puzzles 2, 4, 6, ...: the same, never read by tests
  DIR/times/NAME.tsv      per puzzle: puzzle, part, serate's own elapsed time (its %e,
                          10 ms steps) and the wall time this script saw, in seconds
A puzzle that timed out is a comment line `# timeout after Ns: PUZZLE` in its part.
Every file starts with `#` header lines: serate's version and commit, the command, the date.
"""

import argparse
import datetime
import os
import re
import select
import signal
import subprocess
import sys
import time

FORMAT = "%g ED=%r/%p/%d %e"
LINE = re.compile(r"^(\S{81}) ED=(\d+\.\d)/(\d+\.\d)/(\d+\.\d) (\S+)$")


def seconds(elapsed):
    """serate's %e: `1.23s`, `4m05s`, `2h07m` or `1d03h`."""
    m = re.fullmatch(r"(\d+)\.(\d\d)s", elapsed)
    if m:
        return int(m[1]) + int(m[2]) / 100
    for pattern, big, small in (
        (r"(\d+)m(\d\d)s", 60, 1),
        (r"(\d+)h(\d\d)m", 3600, 60),
        (r"(\d+)d(\d\d)h", 86400, 3600),
    ):
        m = re.fullmatch(pattern, elapsed)
        if m:
            return int(m[1]) * big + int(m[2]) * small
    raise ValueError(f"unexpected serate elapsed time {elapsed!r}")


class Serate:
    """One serate JVM reading puzzles from a pipe."""

    def __init__(self, classpath, workdir):
        self.command = [
            "java", "-Xrs", "-Xmx1g", "-XX:+UseSerialGC", "-cp", classpath,
            "diuf.sudoku.test.serate", f"--format={FORMAT}", "--input=-",
        ]
        self.workdir = workdir
        self.proc = None

    def start(self):
        # serate writes its settings file into the working directory: keep it out of the repo.
        self.proc = subprocess.Popen(
            self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            cwd=self.workdir, text=True, bufsize=1,
        )

    def rate(self, puzzle, timeout):
        """Returns serate's line for the puzzle, or None after `timeout` seconds."""
        if self.proc is None:
            self.start()
        self.proc.stdin.write(puzzle + "\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            self.stop()
            return None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"serate exited on {puzzle}")
        return line.rstrip("\n")

    def stop(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


def header(args, part):
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return (
        f"# Sudoku Explainer serate {args.version} (github.com/1to9only/SudokuExplainer @ {args.commit}),"
        f" built from source by scripts/serate/build.sh\n"
        f"# set {args.set} ({part}): {args.source}\n"
        f"# command: java -cp CP diuf.sudoku.test.serate --format='{FORMAT}' --input=- (the %e time"
        f" goes to times/{args.set}.tsv), per-puzzle timeout {args.timeout:g} s, started {now}\n"
    )


def done_puzzles(path):
    done = set()
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.startswith("# timeout"):
                    done.add(line.split()[-1])
                elif not line.startswith("#") and len(line) >= 81:
                    done.add(line[:81])
    return done


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--classpath", required=True)
    p.add_argument("--commit", required=True, help="the SudokuExplainer commit built")
    p.add_argument("--version", default="2022.3.24", help="serate --version")
    p.add_argument("--set", required=True)
    p.add_argument("--input", required=True, help="81-character puzzles, one a line")
    p.add_argument("--source", default="", help="where the puzzles come from (for the header)")
    p.add_argument("--timeout", type=float, default=60.0)
    p.add_argument("--limit", type=int, default=0, help="rate at most N puzzles of the input")
    p.add_argument("--out", default="fixtures/sudoku/se-reference")
    p.add_argument("--workdir", default="/tmp")
    args = p.parse_args()

    with open(args.input) as f:
        puzzles = [line[:81] for line in f if len(line.rstrip("\n")) >= 81]
    if args.limit:
        puzzles = puzzles[: args.limit]

    paths = {part: os.path.join(args.out, part, f"{args.set}.txt") for part in ("fixtures", "held-out")}
    times = os.path.join(args.out, "times", f"{args.set}.tsv")
    done = set()
    for part, path in paths.items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        done |= done_puzzles(path)
        if not os.path.exists(path):
            with open(path, "w") as f:
                f.write(header(args, part))
    os.makedirs(os.path.dirname(times), exist_ok=True)
    if not os.path.exists(times):
        with open(times, "w") as f:
            f.write(header(args, "times"))
            f.write("# puzzle\tpart\tserate_seconds\twall_seconds\n")

    serate = Serate(args.classpath, args.workdir)
    # A TERM (someone stopping this run) ends the serate child too, through `finally`.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    rated = timeouts = 0
    try:
        for i, puzzle in enumerate(puzzles):
            if puzzle in done:
                continue
            part = "fixtures" if i % 2 == 0 else "held-out"
            start = time.monotonic()
            line = serate.rate(puzzle, args.timeout)
            wall = time.monotonic() - start
            with open(paths[part], "a") as f:
                if line is None:
                    timeouts += 1
                    f.write(f"# timeout after {args.timeout:g}s: {puzzle}\n")
                    continue
                m = LINE.match(line)
                if not m or m[1] != puzzle:
                    raise RuntimeError(f"unexpected serate line {line!r} for {puzzle}")
                f.write(f"{puzzle} ED={m[2]}/{m[3]}/{m[4]}\n")
            with open(times, "a") as f:
                f.write(f"{puzzle}\t{part}\t{seconds(m[5]):.2f}\t{wall:.3f}\n")
            rated += 1
            done.add(puzzle)
    finally:
        serate.stop()
    print(f"{args.set}: {rated} rated, {timeouts} timed out", file=sys.stderr)


if __name__ == "__main__":
    main()
