//! Aligned Pair Exclusion: SE's `AlignedPairExclusion` producer
//! (`solver/rules/AlignedPairExclusion.java`).

use super::grid::{Grid, bit, digits, house_cells, house_set};
use super::hint::Hint;

/// *Aligned Pair Exclusion*, 6.2 (`AlignedExclusionHint.getDifficulty`, degree 2).
///
/// Base cells: row-major, 2 or more potentials, no house cell with a single potential,
/// and some house cells with exactly 2 (their *excluders*, in house-cell order). Pairs
/// of base cells in SE's `Twomutations` order ((0,1), (0,2), (1,2), (0,3), ...; the two
/// cells need not see each other) with at least two common excluders: a pair of values
/// is *allowed* unless it is one value twice in cells that see each other, or some
/// common excluder holds nothing else. A value of either cell in no allowed pair goes.
pub(crate) fn aligned_pair_exclusion(grid: &Grid) -> Option<Hint> {
    let mut bases: Vec<(usize, Vec<usize>)> = Vec::new();
    for cell in 0..81 {
        if grid.cands[cell].count_ones() < 2 {
            continue;
        }
        let mut single = false;
        let mut excluders = Vec::new();
        for peer in house_cells(cell) {
            match grid.cands[peer].count_ones() {
                1 => single = true,
                2 => excluders.push(peer),
                _ => {}
            }
        }
        if !single && !excluders.is_empty() {
            bases.push((cell, excluders));
        }
    }
    for n2 in 1..bases.len() {
        for n1 in 0..n2 {
            let (c0, ex0) = &bases[n1];
            let (c1, ex1) = &bases[n2];
            let common: Vec<usize> = ex0.iter().copied().filter(|c| ex1.contains(c)).collect();
            if common.len() < 2 {
                continue;
            }
            let sees = house_set(*c0) & 1 << c1 != 0;
            let mut allowed = [0u16; 2];
            for p0 in digits(grid.cands[*c0]) {
                for p1 in digits(grid.cands[*c1]) {
                    if p0 == p1 && sees {
                        continue;
                    }
                    let pair = bit(p0) | bit(p1);
                    if common.iter().any(|&e| grid.cands[e] & !pair == 0) {
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
