//! Canonical forms: [`sudoku::canon::minlex`] against a brute force over all
//! 3,359,232 positional morphs, and invariance under random morphs and relabellings.

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

const SAMPLES: [&str; 3] = [
    // 17clue.txt, line 1 (its form is pinned in the `canon` module's docs).
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    // A 23-given puzzle with no empty row.
    "100007090030020008009600500005300900010080002600004000300000010040000007007000300",
    // A solution grid.
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
];

#[test]
fn minlex_matches_the_brute_force() {
    for text in SAMPLES {
        let p = cells(text);
        assert_eq!(minlex(&p), brute_force(&p), "{text}");
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
}
