"""Exact expected turns on fixtures/ladders/staircase.txt with a six-sided die, in
rational arithmetic: the reference STAIRCASE_EXACT in methods.rs.

Run: python3 crates/ladders/tests/ladders/exact_staircase.py fixtures/ladders/staircase.txt
"""
import sys
from fractions import Fraction


def board_from_matrix(path):
    """Squares N and dest[t] (where landing on t leaves the token), LeetCode 909 numbering."""
    rows = [[int(x) for x in line.split()] for line in open(path) if line.strip()]
    n = len(rows)
    dest = list(range(n * n + 1))
    label = 1
    for i, row in enumerate(reversed(rows)):
        for v in row if i % 2 == 0 else list(reversed(row)):
            if v != -1:
                dest[label] = v
            label += 1
    return n * n, dest


def expected(N, dest, faces, end, start):
    """(faces) E[s] - sum over rolls E[move(s, roll)] = faces, E[N] = 0, solved exactly."""
    A = [[Fraction(0)] * N for _ in range(N)]
    b = [Fraction(faces)] * N
    for s in range(N):
        A[s][s] += faces
        for r in range(1, faces + 1):
            t = s + r
            if t <= N:
                d = dest[t]
            elif end == "exact":
                d = s
            elif end == "overshoot-wins":
                d = N
            else:  # bounce
                p = t % (2 * N)
                d = dest[2 * N - p if p > N else p]
            if d != N:
                A[s][d] -= 1
    for c in range(N):
        for i in range(c + 1, N):
            if A[i][c] != 0:
                f = A[i][c] / A[c][c]
                for j in range(c, N):
                    A[i][j] -= f * A[c][j]
                b[i] -= f * b[c]
    x = [Fraction(0)] * N
    for i in reversed(range(N)):
        x[i] = (b[i] - sum(A[i][j] * x[j] for j in range(i + 1, N))) / A[i][i]
    return x[start]


N, dest = board_from_matrix(sys.argv[1])
for end in ["exact", "overshoot-wins", "bounce"]:
    for start in [0, 1]:
        print(end, start, "%.10f" % float(expected(N, dest, 6, end, start)))
