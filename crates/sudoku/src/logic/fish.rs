//! Basic fish: X-Wing, Swordfish, Jellyfish.

use super::candidates::Candidates;
use super::step::{Step, Technique};
use super::subsets::combinations;
use super::units::{UNIT_CELLS, bit};
use crate::Unit;

/// **X-Wing / Swordfish / Jellyfish** (`size` 2, 3 or 4): a digit that, in `size` rows
/// (the base), fits only in the same `size` columns (the cover); each cover column then
/// takes it in one of the base rows, so it leaves the rest of those columns. The same
/// with rows and columns swapped. Other sizes find nothing.
///
/// Described on SudokuWiki.org, "X-Wing Strategy", "Swordfish Strategy" and "Jellyfish
/// Strategy", and HoDoKu's "Basic Fish" page.
pub fn basic_fish(grid: &Candidates, size: u32) -> Option<Step> {
    let technique = match size {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        4 => Technique::Jellyfish,
        _ => return None,
    };
    for d in 1..=9u8 {
        // Base rows (houses 0..9, cover columns 9..18), then base columns.
        for (base, cover) in [(0usize, 9usize), (9, 0)] {
            let mut positions = [0u16; 9];
            let mut usable = 0u16;
            for (k, p) in positions.iter_mut().enumerate() {
                *p = grid.positions(base + k, d);
                if (1..=size).contains(&p.count_ones()) {
                    usable |= 1 << k;
                }
            }
            for pick in combinations(usable, size) {
                let union = (0..9)
                    .filter(|k| pick >> k & 1 == 1)
                    .fold(0u16, |m, k| m | positions[k]);
                if union.count_ones() != size {
                    continue;
                }
                let bases = (0..9).filter(|k| pick >> k & 1 == 1).map(|k| base + k);
                let covers = (0..9).filter(|k| union >> k & 1 == 1).map(|k| cover + k);
                let mut step = Step::new(technique)
                    .with_houses(bases.clone().chain(covers.clone()))
                    .with_digits(bit(d));
                step = step.with_cells(bases.flat_map(|h| {
                    UNIT_CELLS[h]
                        .map(usize::from)
                        .into_iter()
                        .filter(|&i| grid.mask(i) & bit(d) != 0)
                }));
                for c in covers {
                    for k in (0..9).filter(|k| pick >> k & 1 == 0) {
                        let i = usize::from(UNIT_CELLS[c][k]);
                        if grid.mask(i) & bit(d) != 0 {
                            step.eliminate(i, d);
                        }
                    }
                }
                if !step.eliminations.is_empty() {
                    step.cells.sort();
                    return Some(step);
                }
            }
        }
    }
    None
}

/// **Finned / Sashimi X-Wing and Swordfish** (`size` 2 or 3): a digit that, in `size`
/// base rows, fits in `size` cover columns plus a few *fin* cells that all lie in one
/// box. If no fin holds the digit, the rows make a basic fish and the digit leaves the
/// rest of the cover columns; if a fin does, it leaves the cells of the fins' box that
/// it sees. So the digit leaves the cells of the cover columns, outside the base rows,
/// inside the fins' box. *Sashimi* when a base row has one cell left in the cover
/// besides its fins. The same with rows and columns swapped. Other sizes find nothing.
///
/// Described on SudokuWiki.org, "Finned X-Wing" and "Finned Swordfish", and HoDoKu's
/// "Finned/Sashimi Fish" page.
pub fn finned_fish(grid: &Candidates, size: u32) -> Option<Step> {
    let technique = match size {
        2 => Technique::FinnedXWing,
        3 => Technique::FinnedSwordfish,
        _ => return None,
    };
    for d in 1..=9u8 {
        for (base, cover) in [(0usize, 9usize), (9, 0)] {
            let mut positions = [0u16; 9];
            let mut lines = [0usize; 9];
            let mut n = 0;
            for (k, p) in positions.iter_mut().enumerate() {
                *p = grid.positions(base + k, d);
                if (1..=size + 2).contains(&p.count_ones()) {
                    lines[n] = k;
                    n += 1;
                }
            }
            let mut found = |pick: u16, union: u16| {
                if union.count_ones() <= size {
                    return None; // a basic fish, or nothing
                }
                fins(grid, technique, d, (base, cover), pick, &positions)
            };
            let step = base_sets(&positions, &lines[..n], size, (0, 0), &mut found);
            if step.is_some() {
                return step;
            }
        }
    }
    None
}

/// Calls `found` with every set of `size` lines of `lines` (a bit per line) and the
/// union of their positions, in increasing numeric order of the sets, until it returns
/// a step. A branch is cut as soon as its positions, outside every third of the cover
/// lines, are more than `size`: the fins of a finned fish lie in one box.
fn base_sets(
    positions: &[u16; 9],
    lines: &[usize],
    size: u32,
    (pick, union): (u16, u16),
    found: &mut dyn FnMut(u16, u16) -> Option<Step>,
) -> Option<Step> {
    let left = size - pick.count_ones();
    if left == 0 {
        return found(pick, union);
    }
    // The highest line of the set first, so the sets come in increasing numeric order.
    for j in (left as usize - 1)..lines.len() {
        let k = lines[j];
        let u = union | positions[k];
        if (0..3).all(|t| (u & !(0b111 << (3 * t))).count_ones() > size) {
            continue;
        }
        let step = base_sets(positions, &lines[..j], size, (pick | 1 << k, u), found);
        if step.is_some() {
            return step;
        }
    }
    None
}

/// The finned fish on digit `d` with base lines `pick` (bit `k`: line `base + k`), for
/// each box the fins may lie in; `None` when none eliminates anything.
fn fins(
    grid: &Candidates,
    technique: Technique,
    d: u8,
    (base, cover): (usize, usize),
    pick: u16,
    positions: &[u16; 9],
) -> Option<Step> {
    let size = pick.count_ones();
    // The lines of a set, by its bits (lowest first).
    let lines = |mut set: u16| {
        std::iter::from_fn(move || {
            (set != 0).then(|| {
                let k = set.trailing_zeros() as usize;
                set &= set - 1;
                k
            })
        })
    };
    // The fin box: in band `band` of the base lines, stack `stack` of the positions.
    for band in 0..3 {
        let in_band = pick & 0b111 << (3 * band);
        if in_band == 0 {
            continue;
        }
        for stack in 0..3 {
            let box_span = 0b111u16 << (3 * stack);
            // Outside the box, every position must be a cover line.
            let outside = lines(pick).fold(0u16, |m, k| {
                m | if in_band >> k & 1 == 1 {
                    positions[k] & !box_span
                } else {
                    positions[k]
                }
            });
            let inside = lines(in_band).fold(0u16, |m, k| m | positions[k] & box_span);
            if outside.count_ones() > size || inside & !outside == 0 {
                continue;
            }
            // Complete the cover with lines through the box.
            let missing = size - outside.count_ones();
            let extras =
                combinations(box_span & !outside, missing).chain((missing == 0).then_some(0));
            for extra in extras {
                let covers = outside | extra;
                if inside & !covers == 0 {
                    continue; // no fin: a basic fish
                }
                let mut step = Step::new(technique).with_digits(bit(d));
                for c in (0..9).filter(|c| covers >> c & 1 == 1 && box_span >> c & 1 == 1) {
                    for k in (band * 3..band * 3 + 3).filter(|k| pick >> k & 1 == 0) {
                        let i = usize::from(UNIT_CELLS[base + k][c]);
                        if grid.mask(i) & bit(d) != 0 {
                            step.eliminate(i, d);
                        }
                    }
                }
                if step.eliminations.is_empty() {
                    continue;
                }
                let bases = lines(pick).map(|k| base + k);
                let cover_houses = (0..9).filter(|c| covers >> c & 1 == 1).map(|c| cover + c);
                step = step.with_houses(bases.clone().chain(cover_houses));
                step.cells = bases
                    .flat_map(|h| UNIT_CELLS[h].map(usize::from))
                    .filter(|&i| grid.mask(i) & bit(d) != 0)
                    .map(super::step::to_coord)
                    .collect();
                step.cells.sort();
                let fin_cells: Vec<String> = lines(in_band)
                    .flat_map(|k| {
                        (0..9)
                            .filter(move |c| (positions[k] & box_span & !covers) >> c & 1 == 1)
                            .map(move |c| super::units::name(usize::from(UNIT_CELLS[base + k][c])))
                    })
                    .collect();
                step.note = format!(
                    "fin{} {} in {}",
                    if fin_cells.len() == 1 { "" } else { "s" },
                    fin_cells.join(", "),
                    Unit::Box(if base == 0 {
                        band * 3 + stack
                    } else {
                        stack * 3 + band
                    })
                );
                return Some(step);
            }
        }
    }
    None
}
