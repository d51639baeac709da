//! Almost locked sets: ALS-XZ.

use super::candidates::Candidates;
use super::step::{Step, Technique};
use super::units::{CellSet, PEERS, UNIT_CELLS, bit, digit_string, digits, members, name};

/// The largest almost locked set searched, in cells: larger ones are rare in play and
/// would multiply the pairs to try.
const MAX_CELLS: u32 = 4;

/// An almost locked set: `n` unsolved cells of one house holding `n + 1` digits.
struct Als {
    /// Its cells.
    cells: CellSet,
    /// Its digits.
    mask: u16,
    /// Per digit (index `d - 1`): its cells holding the digit.
    holding: [CellSet; 9],
    /// Per digit: the cells outside the set that see all of `holding`.
    seeing: [CellSet; 9],
}

/// Every almost locked set of 1 to [`MAX_CELLS`] cells, each cell set once (a set in a
/// box and a row is kept with the row).
fn almost_locked_sets(grid: &Candidates, digit_cells: &[CellSet; 9]) -> Vec<Als> {
    let mut found: Vec<Als> = Vec::new();
    for h in 0..27 {
        let cells = UNIT_CELLS[h].map(usize::from);
        let open: u16 = (0..9)
            .filter(|&k| grid.mask(cells[k]) != 0)
            .fold(0, |m, k| m | 1 << k);
        let most = MAX_CELLS.min(open.count_ones().saturating_sub(1));
        // Every non-empty subset of the open cells (one walk, `(sub - open) & open`), of
        // at most `most` cells.
        let mut pick = 0u16;
        loop {
            pick = pick.wrapping_sub(open) & open;
            if pick == 0 {
                break;
            }
            let size = pick.count_ones();
            if size > most {
                continue;
            }
            let chosen = (0..9).filter(|k| pick >> k & 1 == 1).map(|k| cells[k]);
            let mask = chosen.clone().fold(0u16, |m, i| m | grid.mask(i));
            if mask.count_ones() != size + 1 {
                continue;
            }
            let set: CellSet = chosen.clone().fold(0, |s, i| s | 1 << i);
            // A set of a column that is one cell was found in its row; a set of a
            // box in one row or column, in that line.
            let rows = chosen.clone().fold(0u16, |m, i| m | 1 << (i / 9));
            let cols = chosen.fold(0u16, |m, i| m | 1 << (i % 9));
            let seen_in_line = match h {
                0..=8 => false,
                9..=17 => size == 1,
                _ => rows.count_ones() == 1 || cols.count_ones() == 1,
            };
            if seen_in_line {
                continue;
            }
            let mut holding = [0u128; 9];
            let mut seeing = [0u128; 9];
            for d in digits(mask) {
                let k = usize::from(d - 1);
                holding[k] = set & digit_cells[k];
                seeing[k] = members(holding[k]).fold(!0u128, |s, i| s & PEERS[i]) & !set;
            }
            found.push(Als {
                cells: set,
                mask,
                holding,
                seeing,
            });
        }
    }
    found
}

/// **ALS-XZ**: two almost locked sets `A` and `B` (each `n` cells of one house holding
/// `n + 1` digits) that share no cell, with a *restricted common* digit `x` (in both,
/// every `x` of `A` seeing every `x` of `B`, so at most one of them holds `x`). The
/// one without `x` is locked to its other digits; so for any other common digit `z`,
/// one of the sets holds `z`, and every cell that sees all the `z` of both sets loses
/// it. Sets of up to four cells are searched.
///
/// Described on SudokuWiki.org, "Almost Locked Sets" (ALS-XZ), and HoDoKu's "Almost
/// Locked Sets" page ("ALS-XZ").
pub fn als_xz(grid: &Candidates) -> Option<Step> {
    let digit_cells: [CellSet; 9] = std::array::from_fn(|k| grid.digit_cells(k as u8 + 1));
    let sets = almost_locked_sets(grid, &digit_cells);
    for (k, a) in sets.iter().enumerate() {
        for b in &sets[k + 1..] {
            let common = a.mask & b.mask;
            if common.count_ones() < 2 || a.cells & b.cells != 0 {
                continue;
            }
            for x in digits(common) {
                let xi = usize::from(x - 1);
                // Restricted: every x of B sees every x of A.
                if b.holding[xi] & !a.seeing[xi] != 0 {
                    continue;
                }
                let mut step = Step::new(Technique::AlsXz)
                    .with_cells(members(a.cells).chain(members(b.cells)))
                    .with_digits(common);
                for z in digits(common & !bit(x)) {
                    let zi = usize::from(z - 1);
                    let targets = digit_cells[zi] & a.seeing[zi] & b.seeing[zi];
                    for i in members(targets) {
                        step.eliminate(i, z);
                    }
                }
                if step.eliminations.is_empty() {
                    continue;
                }
                let listed = |set: CellSet, mask: u16| {
                    format!(
                        "{} ({})",
                        members(set).map(name).collect::<Vec<_>>().join(", "),
                        digit_string(mask)
                    )
                };
                step.note = format!(
                    "the almost locked sets {} and {} have {x} as restricted common digit (every {x} of one sees every {x} of the other): one of them is locked without {x} and holds each of their other common digits",
                    listed(a.cells, a.mask),
                    listed(b.cells, b.mask)
                );
                return Some(step);
            }
        }
    }
    None
}
