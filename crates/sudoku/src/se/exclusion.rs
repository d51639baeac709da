//! Aligned Pair Exclusion: SE's `AlignedPairExclusion` producer
//! (`solver/rules/AlignedPairExclusion.java`).

use super::grid::{CellSet, Grid, bit, cells_in, digits, house_cells, house_set};
use super::hint::Hint;

/// The base cells of aligned exclusion, row-major, each with its excluders as a set:
/// cells with 2 or more potentials and no house cell with a single one, whose
/// excluders (house cells with 2 to `max_excluder` potentials) are not none.
fn base_cells(grid: &Grid, max_excluder: u32) -> Vec<(usize, CellSet)> {
    let mut bases = Vec::new();
    for cell in 0..81 {
        if grid.cands[cell].count_ones() < 2 {
            continue;
        }
        let mut single = false;
        let mut set: CellSet = 0;
        for peer in house_cells(cell) {
            match grid.cands[peer].count_ones() {
                1 => single = true,
                n if (2..=max_excluder).contains(&n) => set |= 1 << peer,
                _ => {}
            }
        }
        if !single && set != 0 {
            bases.push((cell, set));
        }
    }
    bases
}

/// The excluders of a base cell in house-cell order.
fn excluders(cell: usize, set: CellSet) -> impl Iterator<Item = usize> {
    house_cells(cell).filter(move |&c| set & 1 << c != 0)
}

/// *Aligned Pair Exclusion*, 6.2 (`AlignedExclusionHint.getDifficulty`, degree 2).
///
/// Base cells: row-major, 2 or more potentials, no house cell with a single potential,
/// and some house cells with exactly 2 (their *excluders*, in house-cell order). Pairs
/// of base cells in SE's `Twomutations` order ((0,1), (0,2), (1,2), (0,3), ...; the two
/// cells need not see each other) with at least two common excluders: a pair of values
/// is *allowed* unless it is one value twice in cells that see each other, or some
/// common excluder holds nothing else. A value of either cell in no allowed pair goes.
pub(crate) fn aligned_pair_exclusion(grid: &Grid) -> Option<Hint> {
    let bases = base_cells(grid, 2);
    for n2 in 1..bases.len() {
        for n1 in 0..n2 {
            let (c0, ex0) = &bases[n1];
            let (c1, ex1) = &bases[n2];
            let common = ex0 & ex1;
            if common.count_ones() < 2 {
                continue;
            }
            let sees = house_set(*c0) & 1 << c1 != 0;
            if !pair_removes(grid, *c0, *c1, common, sees) {
                continue;
            }
            let mut allowed = [0u16; 2];
            for p0 in digits(grid.cands[*c0]) {
                for p1 in digits(grid.cands[*c1]) {
                    if p0 == p1 && sees {
                        continue;
                    }
                    let pair = bit(p0) | bit(p1);
                    if cells_in(common).any(|e| grid.cands[e] & !pair == 0) {
                        continue;
                    }
                    allowed[0] |= bit(p0);
                    allowed[1] |= bit(p1);
                }
            }
            let removals: Vec<(u8, u16)> = [(*c0, allowed[0]), (*c1, allowed[1])]
                .into_iter()
                .filter(|&(c, ok)| grid.cands[c] & !ok != 0)
                .map(|(c, ok)| (c as u8, grid.cands[c] & !ok))
                .collect();
            let hint = Hint::remove(62, "Aligned Pair Exclusion", removals);
            if hint.is_worth() {
                return Some(hint);
            }
        }
    }
    None
}

/// Whether the pair of base cells `c0`, `c1` with the common excluders `common`
/// (bivalue cells) removes anything: a value `p` of one cell goes when every value
/// of the other is `p` in a cell it sees, or a value `q` where some common excluder
/// holds exactly `p` and `q`. The same verdict as [`aligned_pair_exclusion`]'s tries
/// of every pair of values (the test `the_fast_producers_are_the_plain_ones` in
/// `se/plain.rs`), by masks.
fn pair_removes(grid: &Grid, c0: usize, c1: usize, common: CellSet, sees: bool) -> bool {
    // The values each value is held with by a common excluder.
    let mut partners = [0u16; 9];
    for e in cells_in(common) {
        let mask = grid.cands[e];
        for v in digits(mask) {
            partners[v as usize - 1] |= mask & !bit(v);
        }
    }
    let goes = |from: usize, other: usize| {
        digits(grid.cands[from]).any(|p| {
            let killed = partners[p as usize - 1] | if sees { bit(p) } else { 0 };
            grid.cands[other] & !killed == 0
        })
    };
    goes(c0, c1) || goes(c1, c0)
}

/// *Aligned Triplet Exclusion*, 7.5 (`AlignedExclusion(3)`; SE tries it after its first
/// chaining producer).
///
/// Base cells as for the pair, but excluders are house cells with 2 or 3 potentials.
/// The first two cells in `Twomutations` order; the third from their *twin area*: the
/// excluders of either that are base cells themselves (first cell's first), in that
/// order. With at least two excluders common to the three cells, a combination of
/// values is allowed unless two cells that see each other get the same value or some
/// common excluder holds nothing else; a value of a cell in no allowed combination goes.
pub(crate) fn aligned_triplet_exclusion(grid: &Grid) -> Option<Hint> {
    let bases = base_cells(grid, 3);
    if bases.len() < 3 {
        return None;
    }
    // Each cell's excluders if it is a base cell.
    let mut excluders_of: [Option<CellSet>; 81] = [None; 81];
    for (cell, set) in &bases {
        excluders_of[*cell] = Some(*set);
    }
    let mut twin: Vec<usize> = Vec::new();
    for n2 in 1..bases.len() {
        for n1 in 0..n2 {
            let (c0, ex0) = &bases[n1];
            let (c1, ex1) = &bases[n2];
            if (ex0 & ex1).count_ones() < 2 {
                // No third cell can make two excluders common to the three.
                continue;
            }
            twin.clear();
            let mut met: CellSet = 1 << c0 | 1 << c1;
            for c in excluders(*c0, *ex0).chain(excluders(*c1, *ex1)) {
                if met & 1 << c == 0 && excluders_of[c].is_some() {
                    met |= 1 << c;
                    twin.push(c);
                }
            }
            for &c2 in &twin {
                let ex2 = excluders_of[c2].unwrap_or(0);
                let common = ex0 & ex1 & ex2;
                if common.count_ones() < 2 {
                    continue;
                }
                let cells = [*c0, *c1, c2];
                let sees = |i: usize, j: usize| house_set(cells[i]) & 1 << cells[j] != 0;
                let (sees01, sees02, sees12) = (sees(0, 1), sees(0, 2), sees(1, 2));
                let mut allowed = [0u16; 3];
                // For each pair of values of the first two cells, the values of the
                // third that no clash and no common excluder forbids, at once: an
                // excluder forbids the one value it holds beside the pair's, or
                // every value when it holds nothing else.
                for p0 in digits(grid.cands[cells[0]]) {
                    for p1 in digits(grid.cands[cells[1]]) {
                        if p0 == p1 && sees01 {
                            continue;
                        }
                        let pair = bit(p0) | bit(p1);
                        let mut third = grid.cands[cells[2]];
                        if sees02 {
                            third &= !bit(p0);
                        }
                        if sees12 {
                            third &= !bit(p1);
                        }
                        for e in cells_in(common) {
                            let rest = grid.cands[e] & !pair;
                            if rest == 0 {
                                third = 0;
                            } else if rest.is_power_of_two() {
                                third &= !rest;
                            }
                        }
                        if third != 0 {
                            allowed[0] |= bit(p0);
                            allowed[1] |= bit(p1);
                            allowed[2] |= third;
                        }
                    }
                }
                let removals: Vec<(u8, u16)> = (0..3)
                    .filter(|&i| grid.cands[cells[i]] & !allowed[i] != 0)
                    .map(|i| (cells[i] as u8, grid.cands[cells[i]] & !allowed[i]))
                    .collect();
                let hint = Hint::remove(75, "Aligned Triplet Exclusion", removals);
                if hint.is_worth() {
                    return Some(hint);
                }
            }
        }
    }
    None
}
