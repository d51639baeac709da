//! Canonical forms: [`sudoku::canon::minlex`] against a brute force over all
//! 3,359,232 positional morphs (fixed hard cases and random puzzles), and invariance
//! under random morphs and relabellings.

use proptest::prelude::*;
use sudoku::canon::minlex;

const PERMS3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

fn cells(text: &str) -> [u8; 81] {
    let mut out = [0u8; 81];
    for (c, b) in out.iter_mut().zip(text.bytes()) {
        *c = if b == b'.' { 0 } else { b - b'0' };
    }
    out
}

/// The 1,296 orders of nine lines that keep groups of three together
/// (group order, then the order within each group).
fn line_orders() -> Vec<[usize; 9]> {
    let mut all = Vec::with_capacity(1296);
    for g in &PERMS3 {
        for a in &PERMS3 {
            for b in &PERMS3 {
                for c in &PERMS3 {
                    let mut o = [0; 9];
                    for (slot, w) in [a, b, c].iter().enumerate() {
                        for k in 0..3 {
                            o[slot * 3 + k] = g[slot] * 3 + w[k];
                        }
                    }
                    all.push(o);
                }
            }
        }
    }
    all
}

/// Relabels `s` in order of first appearance (0 stays 0).
fn relabel(s: &mut [u8; 81]) {
    let mut map = [0u8; 10];
    let mut next = 1;
    for v in s.iter_mut() {
        if *v != 0 {
            if map[*v as usize] == 0 {
                map[*v as usize] = next;
                next += 1;
            }
            *v = map[*v as usize];
        }
    }
}

/// The smallest relabelled string over every one of the 2 x 1296 x 1296 morphs.
fn brute_force(p: &[u8; 81]) -> [u8; 81] {
    let orders = line_orders();
    let mut best = [u8::MAX; 81];
    for t in 0..2 {
        for rows in &orders {
            for cols in &orders {
                let mut s = [0u8; 81];
                for r in 0..9 {
                    for c in 0..9 {
                        let (sr, sc) = (rows[r], cols[c]);
                        s[r * 9 + c] = if t == 0 {
                            p[sr * 9 + sc]
                        } else {
                            p[sc * 9 + sr]
                        };
                    }
                }
                relabel(&mut s);
                if s < best {
                    best = s;
                }
            }
        }
    }
    best
}

/// A morph of `p`: transposed or not, rows and columns in the given orders, digits
/// through `digits` (a permutation of 1..=9 at indices 1..=9).
fn morph(
    p: &[u8; 81],
    t: bool,
    rows: &[usize; 9],
    cols: &[usize; 9],
    digits: &[u8; 10],
) -> [u8; 81] {
    let mut s = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let v = if t {
                p[cols[c] * 9 + rows[r]]
            } else {
                p[rows[r] * 9 + cols[c]]
            };
            s[r * 9 + c] = digits[v as usize];
        }
    }
    s
}

const SAMPLES: [&str; 12] = [
    // 17clue.txt, line 1 (its form is pinned in the `canon` module's docs).
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    // A 23-given puzzle with no empty row.
    "100007090030020008009600500005300900010080002600004000300000010040000007007000300",
    // A solution grid.
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
    // The most automorphic grid (648 automorphisms; the smallest minlex grid).
    "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
    // The largest minlex grid (72 automorphisms, every band of the last class).
    "123456789457893612986217354274538196531964827698721435342685971715349268869172543",
    // The most automorphic grid in another guise (transposed, relabelled, rows moved).
    "735149862861237945249865731573914286924586173186723594618372459357491628492658317",
    // A puzzle cut from the most automorphic grid along a symmetric pattern (the
    // diagonal cells of the four corner boxes and the centre box).
    "1.....7...5.....2...9.....6...3.........9.........4...5.....9...4.....3...8.....2",
    // The empty puzzle: every morph ties.
    ".................................................................................",
    // One given, and two in one row (their order splits the column orders).
    "....................................7............................................",
    "....3.........................................................8..........6.......",
    // Not a valid puzzle: a digit twice in a row and in a column.
    "11.......1.......................2..........3..................................2.",
    // Not valid either: every row and column has two givens per stack but the first
    // row, which has a third and repeats a digit, so its labels (012 013 ...) beat the
    // smaller patterns' (012 034 056).
    ".232.67894.678..2378..234.6.345.789.5.789..3489..345.7.456.891.6.891..4591..456.8",
];

#[test]
fn minlex_matches_the_brute_force() {
    for text in SAMPLES {
        let p = cells(text);
        assert_eq!(minlex(&p), brute_force(&p), "{text}");
    }
}

/// A random puzzle: `givens` cells of a random morph of the sample solution grid.
fn random_puzzle(seed: u64, givens: usize) -> [u8; 81] {
    let mut rng = grid_core::SplitMix64::new(seed);
    let orders = line_orders();
    let mut digits = [0u8; 10];
    let mut left: Vec<u8> = (1..=9).collect();
    for d in &mut digits[1..] {
        *d = left.remove(rng.below(left.len()));
    }
    let grid = morph(
        &cells(SAMPLES[2]),
        rng.below(2) == 1,
        &orders[rng.below(1296)],
        &orders[rng.below(1296)],
        &digits,
    );
    let mut kept = [0u8; 81];
    let mut cells_left: Vec<usize> = (0..81).collect();
    for _ in 0..givens {
        let i = cells_left.remove(rng.below(cells_left.len()));
        kept[i] = grid[i];
    }
    kept
}

#[test]
fn minlex_of_random_puzzles_matches_the_brute_force() {
    for (seed, givens) in [(1, 17), (2, 22), (3, 30), (4, 45), (5, 8), (6, 80)] {
        let p = random_puzzle(seed, givens);
        assert_eq!(minlex(&p), brute_force(&p), "seed {seed}, {givens} givens");
    }
}

fn orders_strategy() -> impl Strategy<Value = [usize; 9]> {
    (0..1296usize).prop_map(|i| line_orders()[i])
}

fn digits_strategy() -> impl Strategy<Value = [u8; 10]> {
    Just((1..=9u8).collect::<Vec<_>>())
        .prop_shuffle()
        .prop_map(|v| {
            let mut d = [0u8; 10];
            d[1..].copy_from_slice(&v);
            d
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn minlex_is_invariant_under_morphs(
        which in 0..SAMPLES.len(),
        t: bool,
        rows in orders_strategy(),
        cols in orders_strategy(),
        digits in digits_strategy(),
    ) {
        let p = cells(SAMPLES[which]);
        let m = morph(&p, t, &rows, &cols, &digits);
        prop_assert_eq!(minlex(&m), minlex(&p));
    }

    #[test]
    fn minlex_of_random_puzzles_is_invariant_under_morphs(
        seed: u64,
        givens in 0..=81usize,
        t: bool,
        rows in orders_strategy(),
        cols in orders_strategy(),
        digits in digits_strategy(),
    ) {
        let p = random_puzzle(seed, givens);
        let form = minlex(&p);
        prop_assert_eq!(minlex(&morph(&p, t, &rows, &cols, &digits)), form);
        // The form is a morph of the puzzle with as many givens, and its own form.
        prop_assert_eq!(form.iter().filter(|&&v| v != 0).count(), givens);
        prop_assert_eq!(minlex(&form), form);
    }
}
