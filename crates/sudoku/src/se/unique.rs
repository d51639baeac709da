//! Uniqueness: SE's `UniqueLoops` and `BivalueUniversalGrave` producers
//! (`solver/rules/unique/`).

use super::grid::{
    CellSet, Grid, Kind, Region, bit, bits, combinations, common_tuple, common_tuple_light,
    house_cells, house_set,
};
use super::hint::Hint;

/// A unique-loop hint before the choice: its rating, type (1..4) and removals.
struct LoopHint {
    rating: u16,
    kind: u8,
    name: &'static str,
    removals: Vec<(u8, u16)>,
}

/// `UniqueLoopHint.getDifficulty`: 4.5, +0.1 for a loop of 6 or 7 cells, +0.2 for 8
/// or more, and +0.3 more from 10 cells.
fn loop_rating(len: usize) -> u16 {
    let mut r = 45;
    if len >= 10 {
        r += 3;
    }
    if len >= 8 {
        r += 2;
    } else if len >= 6 {
        r += 1;
    }
    r
}

fn loop_name(len: usize, kind: u8) -> &'static str {
    match (len == 4, kind) {
        (true, 1) => "Unique Rectangle type 1",
        (true, 2) => "Unique Rectangle type 2",
        (true, 3) => "Unique Rectangle type 3",
        (true, _) => "Unique Rectangle type 4",
        (false, 1) => "Unique Loop type 1",
        (false, 2) => "Unique Loop type 2",
        (false, 3) => "Unique Loop type 3",
        (false, _) => "Unique Loop type 4",
    }
}

/// The regions of a cell as bits `kind as usize * 9 + num`.
fn regions_of(cell: usize) -> u32 {
    REGIONS_OF[cell]
}

/// [`regions_of`] every cell.
const REGIONS_OF: [u32; 81] = {
    let mut table = [0u32; 81];
    let kinds = Kind::BLOCK_ROW_COLUMN;
    let mut cell = 0;
    while cell < 81 {
        let mut k = 0;
        while k < 3 {
            table[cell] |= 1 << (kinds[k] as usize * 9 + Region::of(kinds[k], cell).num);
            k += 1;
        }
        cell += 1;
    }
    table
};

/// A loop search's path: its cells in order, as a set, and the regions of the cells
/// at even places and at odd places.
struct Path {
    cells: Vec<usize>,
    set: CellSet,
    regions: [u32; 2],
}

/// `UniqueLoops.checkForLoops`: depth-first from `cell`, through cells holding both
/// `v1` and `v2`, never leaving by the region kind it arrived by; closes a loop of 4 or
/// more cells on the start cell. SE's quirk kept: the extra values `ex` seen are
/// accumulated over the siblings tried from one cell, not only along the path.
///
/// Only the loops SE then keeps ([`is_valid_loop`]) are listed, in SE's order: a path
/// that meets a region twice at even places (or twice at odd ones) leads to no valid
/// loop, so it is not followed (the test `unique_loops_are_the_plain_ones`).
#[expect(
    clippy::too_many_arguments,
    reason = "SE's recursion, parameter for parameter"
)]
fn check_for_loops(
    grid: &Grid,
    cell: usize,
    pair: u16,
    path: &mut Path,
    allowed_ex: i32,
    ex: u16,
    last: Option<Kind>,
    results: &mut Vec<Vec<usize>>,
) {
    let v1 = pair.trailing_zeros() as u8 + 1;
    let v2 = 16 - pair.leading_zeros() as u8;
    let own = regions_of(cell);
    path.regions[path.cells.len() % 2] |= own;
    path.cells.push(cell);
    path.set |= 1 << cell;
    let mut ex = ex;
    for kind in Kind::BLOCK_ROW_COLUMN {
        if Some(kind) == last {
            continue;
        }
        let region = Region::of(kind, cell);
        // The cells of the region holding both values, in index order (the others
        // are passed over).
        let holding = grid.positions(region, v1) & grid.positions(region, v2);
        for next in bits(holding).map(|i| region.cell(i)) {
            let len = path.cells.len();
            if next == path.cells[0] && len >= 4 {
                if len.is_multiple_of(2) && path.regions[0] == path.regions[1] {
                    results.push(path.cells.clone());
                }
            } else if path.set & 1 << next == 0 {
                let cands = grid.cands[next];
                if cands & pair == pair {
                    ex |= cands & !pair;
                    let count = cands.count_ones();
                    if (count == 2 || ex.count_ones() == 1 || allowed_ex > 0)
                        && regions_of(next) & path.regions[len % 2] == 0
                    {
                        let allowed = if count > 2 {
                            allowed_ex - 1
                        } else {
                            allowed_ex
                        };
                        check_for_loops(grid, next, pair, path, allowed, ex, Some(kind), results);
                    }
                }
            }
        }
    }
    path.cells.pop();
    path.set &= !(1 << cell);
    path.regions[path.cells.len() % 2] &= !own;
}

/// `UniqueLoops.isValidLoop`: each region met by the cells at even places is met once
/// there, likewise at odd places, and the two sets of regions are the same (a cell's
/// three regions are distinct, so as masks: no overlap within a parity, and equal
/// masks; the test `valid_loops_by_masks_are_the_plain_ones`).
fn is_valid_loop(path: &[usize]) -> bool {
    let mut seen = [0u32; 2];
    for (i, &cell) in path.iter().enumerate() {
        let own = regions_of(cell);
        if seen[i % 2] & own != 0 {
            return false;
        }
        seen[i % 2] |= own;
    }
    seen[0] == seen[1]
}

/// `UniqueLoops` (4.5 and up): every loop from every bivalue cell (row-major) on its
/// two values, its hints by type (1: one cell with extras; 2: extra cells sharing one
/// extra value; 3: two extra cells forming a naked or hidden set in a shared region,
/// +0.1 per value beyond a pair; 4: two extra cells whose shared region holds one loop
/// value nowhere else); the hint of least rating, then least type, then found first
/// (SE sorts them so, stably, and takes the first).
pub(crate) fn unique_loop(grid: &Grid) -> Option<Hint> {
    let mut best: Option<LoopHint> = None;
    let mut offer = |h: LoopHint| {
        if h.removals.is_empty() {
            return;
        }
        if best
            .as_ref()
            .is_none_or(|b| (h.rating, h.kind) < (b.rating, b.kind))
        {
            best = Some(h);
        }
    };
    // Kept across starts (a search leaves the path empty).
    let mut results = Vec::new();
    let mut path = Path {
        cells: Vec::with_capacity(81),
        set: 0,
        regions: [0; 2],
    };
    for start in 0..81 {
        let cands = grid.cands[start];
        if cands.count_ones() != 2 {
            continue;
        }
        results.clear();
        check_for_loops(grid, start, cands, &mut path, 2, 0, None, &mut results);
        let v1 = cands.trailing_zeros() as u8 + 1;
        let v2 = (cands & (cands - 1)).trailing_zeros() as u8 + 1;
        for path in &results {
            if !is_valid_loop(path) {
                continue;
            }
            let len = path.len();
            let base = loop_rating(len);
            let extra: Vec<usize> = path
                .iter()
                .copied()
                .filter(|&c| grid.cands[c].count_ones() > 2)
                .collect();
            match extra.len() {
                1 => offer(LoopHint {
                    rating: base,
                    kind: 1,
                    name: loop_name(len, 1),
                    removals: vec![(extra[0] as u8, cands)],
                }),
                2 => {
                    let (c1, c2) = (extra[0], extra[1]);
                    let others = (grid.cands[c1] | grid.cands[c2]) & !cands;
                    if others.count_ones() == 1 {
                        offer(type2(grid, len, &extra, cands));
                    } else if others.count_ones() >= 2 {
                        type3(grid, len, c1, c2, cands, v1, v2, &mut offer);
                    }
                    if let Some(h) = type4(grid, len, c1, c2, v1, v2) {
                        offer(h);
                    }
                }
                n if n > 2 => offer(type2(grid, len, &extra, cands)),
                _ => {}
            }
        }
    }
    best.map(|b| Hint::remove(b.rating, b.name, b.removals))
}

/// Type 2: the extra value of the first extra cell leaves every cell that sees all the
/// extra cells.
fn type2(grid: &Grid, len: usize, extra: &[usize], pair: u16) -> LoopHint {
    let common = grid.cands[extra[0]] & !pair;
    let v = common.trailing_zeros() as u8 + 1;
    let mut cells: CellSet = !0;
    for &c in extra {
        cells &= house_set(c);
    }
    for &c in extra {
        cells &= !(1 << c);
    }
    let removals = (0..81)
        .filter(|&c| cells & 1 << c != 0 && grid.has(c, v))
        .map(|c| (c as u8, bit(v)))
        .collect();
    LoopHint {
        rating: loop_rating(len),
        kind: 2,
        name: loop_name(len, 2),
        removals,
    }
}

/// Type 3 (`createType3Hints`): for each degree from the number of extra values up to
/// 7, each region kind (block, row, column) holding both extra cells: a naked set
/// of the extra values with other cells of the region (SE's index sets that contain
/// c1 and not c2), then a hidden set with both loop values.
#[expect(clippy::too_many_arguments, reason = "SE's parameters")]
fn type3(
    grid: &Grid,
    len: usize,
    c1: usize,
    c2: usize,
    pair: u16,
    v1: u8,
    v2: u8,
    offer: &mut impl FnMut(LoopHint),
) {
    let extra = (grid.cands[c1] | grid.cands[c2]) & !pair;
    let base = loop_rating(len);
    for degree in extra.count_ones()..=7 {
        for kind in Kind::BLOCK_ROW_COLUMN {
            let region = Region::of(kind, c1);
            if region != Region::of(kind, c2) {
                continue;
            }
            let empty = grid.empty_count(region);
            let (i1, i2) = (region.index_of(c1), region.index_of(c2));
            if degree * 2 <= empty {
                for indexes in combinations(degree, 9) {
                    if indexes & 1 << i1 == 0 || indexes & 1 << i2 != 0 {
                        continue;
                    }
                    let mut naked = extra & grid.cands[c1] & grid.cands[c2];
                    let mut sets = Vec::new();
                    let mut others: CellSet = 0;
                    for i in bits(indexes) {
                        if i == i1 {
                            sets.push(extra);
                        } else {
                            let cell = region.cell(i);
                            sets.push(grid.cands[cell]);
                            naked |= grid.cands[cell];
                            others |= 1 << cell;
                        }
                    }
                    if naked.count_ones() != degree {
                        continue;
                    }
                    let Some(common) = common_tuple(&sets, degree) else {
                        continue;
                    };
                    let removals = region
                        .cells()
                        .filter(|&c| others & 1 << c == 0 && c != c1 && c != c2)
                        .filter(|&c| grid.cands[c] & common != 0)
                        .map(|c| (c as u8, grid.cands[c] & common))
                        .collect();
                    offer(LoopHint {
                        rating: base + (common.count_ones() as u16 - 1),
                        kind: 3,
                        name: loop_name(len, 3),
                        removals,
                    });
                }
            }
            if degree * 2 < empty {
                let rem: Vec<u8> = (1..=9u8)
                    .filter(|&v| v != v1 && v != v2 && extra & bit(v) == 0)
                    .collect();
                if (degree as usize) < 2 || degree as usize - 2 > rem.len() {
                    continue;
                }
                for chosen in combinations(degree - 2, rem.len() as u32) {
                    let mut values: Vec<u8> = bits(chosen).map(|i| rem[i]).collect();
                    values.push(v1);
                    values.push(v2);
                    let sets: Vec<u16> = values
                        .iter()
                        .map(|&v| grid.positions(region, v) & !(1 << i2))
                        .collect();
                    let Some(mut common) = common_tuple_light(&sets, degree) else {
                        continue;
                    };
                    let hidden = values.iter().fold(0, |m, &v| m | bit(v));
                    common &= !(1 << i1 | 1 << i2);
                    let removals = bits(common)
                        .map(|i| region.cell(i))
                        .filter(|&c| c != c1 && c != c2 && grid.cands[c] & !hidden != 0)
                        .map(|c| (c as u8, grid.cands[c] & !hidden))
                        .collect();
                    offer(LoopHint {
                        rating: base + (common.count_ones() as u16).saturating_sub(1),
                        kind: 3,
                        name: loop_name(len, 3),
                        removals,
                    });
                }
            }
        }
    }
}

/// Type 4 (`createType4Hint`): in a region holding both extra cells (the last such
/// region of its kind order wins) where one loop value has no other position, the
/// other loop value leaves both extra cells.
fn type4(grid: &Grid, len: usize, c1: usize, c2: usize, v1: u8, v2: u8) -> Option<LoopHint> {
    let (mut r1, mut r2) = (false, false);
    for kind in Kind::BLOCK_ROW_COLUMN {
        let region = Region::of(kind, c1);
        if region != Region::of(kind, c2) {
            continue;
        }
        let others = region.cells().filter(|&c| c != c1 && c != c2);
        let (mut has1, mut has2) = (false, false);
        for c in others {
            has1 |= grid.has(c, v1);
            has2 |= grid.has(c, v2);
        }
        r1 |= !has1;
        r2 |= !has2;
    }
    let remove = if r1 {
        v2
    } else if r2 {
        v1
    } else {
        return None;
    };
    let removals = [c1, c2]
        .into_iter()
        .filter(|&c| grid.has(c, remove))
        .map(|c| (c as u8, bit(remove)))
        .collect();
    Some(LoopHint {
        rating: loop_rating(len),
        kind: 4,
        name: loop_name(len, 4),
        removals,
    })
}

/// `BivalueUniversalGrave` (BUG, 5.6 to 5.9; `Bug1Hint`..`Bug4Hint`).
///
/// First pass, regions in block, row, column order, digits 1..9: where a digit has
/// neither 0 nor 2 positions, the positions in cells of 3 or more potentials must be
/// exactly one (that cell is a *BUG cell*, the digit one of its extra values), else,
/// if there is none, no BUG; several: skip. The cells seeing every BUG cell are
/// tracked; two or more BUG cells with two or more extra values and no such cell: no
/// hint. Then, with the extra values removed, every empty cell must have 2 potentials
/// and every digit 0 or 2 positions in every region. Type 1 (5.6): one BUG cell, it
/// keeps its extra values. Type 2 (5.7): one extra value in all, it leaves the cells
/// seeing all BUG cells. Type 4 (5.7): two BUG cells in one region (block, row,
/// column) sharing one non-extra value: their other non-extra values go. Type 3
/// (5.7 + 0.1 per value beyond a pair): the extra values with other cells of a region
/// holding all BUG cells form a naked set.
pub(crate) fn bug(grid: &Grid) -> Option<Hint> {
    let mut temp = grid.clone();
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values = [0u16; 81];
    let mut all_values = 0u16;
    let mut common: Option<CellSet> = None;
    for kind in Kind::BLOCK_ROW_COLUMN {
        for num in 0..9 {
            let region = Region::new(kind, num);
            for v in 1..=9u8 {
                let positions = grid.positions(region, v);
                let n = positions.count_ones();
                if n == 0 || n == 2 {
                    continue;
                }
                let new: Vec<usize> = bits(positions)
                    .map(|i| region.cell(i))
                    .filter(|&c| grid.cands[c].count_ones() >= 3)
                    .collect();
                if let [cell] = new[..] {
                    if !bug_cells.contains(&cell) {
                        bug_cells.push(cell);
                    }
                    bug_values[cell] |= bit(v);
                    all_values |= bit(v);
                    temp.remove(cell, bit(v));
                    let mut set = common.unwrap_or(!0) & house_set(cell);
                    for &b in &bug_cells {
                        set &= !(1 << b);
                    }
                    common = Some(set);
                    if bug_cells.len() > 1 && all_values.count_ones() > 1 && set == 0 {
                        return None;
                    }
                }
                if new.is_empty() {
                    return None;
                }
            }
        }
    }
    if (0..81).any(|c| temp.values[c] == 0 && temp.cands[c].count_ones() != 2) {
        return None;
    }
    for kind in Kind::BLOCK_ROW_COLUMN {
        for num in 0..9 {
            let region = Region::new(kind, num);
            for v in 1..=9u8 {
                let n = temp.positions(region, v).count_ones();
                if n != 0 && n != 2 {
                    return None;
                }
            }
        }
    }
    let common = common.unwrap_or(0);
    if let [cell] = bug_cells[..] {
        let removable = grid.cands[cell] & !all_values;
        return Some(Hint::remove(
            56,
            "BUG type 1",
            vec![(cell as u8, removable)],
        ));
    }
    if all_values.count_ones() == 1 {
        let v = all_values.trailing_zeros() as u8 + 1;
        let removals: Vec<(u8, u16)> = ordered(common)
            .filter(|&c| grid.has(c, v))
            .map(|c| (c as u8, bit(v)))
            .collect();
        if !removals.is_empty() {
            return Some(Hint::remove(57, "BUG type 2", removals));
        }
        if bug_cells.len() == 2 {
            return bug4(grid, &bug_cells, &bug_values, all_values);
        }
    } else if common != 0 {
        if bug_cells.len() == 2
            && let Some(hint) = bug4(grid, &bug_cells, &bug_values, all_values)
        {
            return Some(hint);
        }
        return bug3(grid, &bug_cells, all_values, common);
    }
    None
}

/// The cells of a set in row-major order.
fn ordered(set: CellSet) -> impl Iterator<Item = usize> {
    (0..81).filter(move |&c| set & 1 << c != 0)
}

/// The region of `kind` holding every BUG cell, if any.
fn shared_region(kind: Kind, cells: &[usize]) -> Option<Region> {
    let region = Region::of(kind, cells[0]);
    cells
        .iter()
        .all(|&c| Region::of(kind, c) == region)
        .then_some(region)
}

fn bug4(grid: &Grid, cells: &[usize], values: &[u16; 81], all: u16) -> Option<Hint> {
    let (c1, c2) = (cells[0], cells[1]);
    let common = grid.cands[c1] & grid.cands[c2] & !all;
    if common.count_ones() != 1 {
        return None;
    }
    Kind::BLOCK_ROW_COLUMN
        .into_iter()
        .find(|&kind| shared_region(kind, cells).is_some())
        .map(|_| {
            let b1 = grid.cands[c1] & !values[c1] & !common;
            let b2 = grid.cands[c2] & !values[c2] & !common;
            Hint::remove(57, "BUG type 4", vec![(c1 as u8, b1), (c2 as u8, b2)])
        })
}

fn bug3(grid: &Grid, cells: &[usize], all: u16, common: CellSet) -> Option<Hint> {
    for kind in Kind::BLOCK_ROW_COLUMN {
        let Some(region) = shared_region(kind, cells) else {
            continue;
        };
        // SE lists the common cells in the order its LinkedHashSet kept them: the
        // house cells of the first BUG cell (block, row, column).
        let region_cells: Vec<usize> = house_cells(cells[0])
            .filter(|&c| common & 1 << c != 0 && region.contains(c))
            .collect();
        for degree in 2..=6u32 {
            if region_cells.len() < degree as usize {
                continue;
            }
            for chosen in combinations(degree - 1, region_cells.len() as u32) {
                let naked_cells: Vec<usize> = bits(chosen).map(|i| region_cells[i]).collect();
                let mut sets: Vec<u16> = naked_cells.iter().map(|&c| grid.cands[c]).collect();
                let other = sets.iter().fold(0, |m, &s| m | s);
                sets.push(all);
                if other.count_ones() != degree {
                    continue;
                }
                let Some(naked) = common_tuple(&sets, degree) else {
                    continue;
                };
                let removals: Vec<(u8, u16)> = region_cells
                    .iter()
                    .copied()
                    .filter(|c| !naked_cells.contains(c) && !cells.contains(c))
                    .filter(|&c| grid.cands[c] & naked != 0)
                    .map(|c| (c as u8, grid.cands[c] & naked))
                    .collect();
                if !removals.is_empty() {
                    let rating = 57 + (naked.count_ones() as u16 - 1);
                    return Some(Hint::remove(rating, "BUG type 3", removals));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::se::grid::digits;

    /// `UniqueLoops.isValidLoop` by lists of regions, as it was before the third
    /// speed pass.
    fn plain_is_valid_loop(path: &[usize]) -> bool {
        let mut seen = [Vec::new(), Vec::new()];
        for (i, &cell) in path.iter().enumerate() {
            for kind in Kind::BLOCK_ROW_COLUMN {
                let region = Region::of(kind, cell);
                if seen[i % 2].contains(&region) {
                    return false;
                }
                seen[i % 2].push(region);
            }
        }
        seen[0].len() == seen[1].len() && seen[0].iter().all(|r| seen[1].contains(r))
    }

    #[test]
    fn valid_loops_by_masks_are_the_plain_ones() {
        let (mut valid, mut invalid) = (0, 0);
        super::super::plain::each_path_grid(|grid| {
            for start in 0..81 {
                let cands = grid.cands[start];
                if cands.count_ones() != 2 {
                    continue;
                }
                let mut plain = Vec::new();
                plain_check_for_loops(grid, start, cands, &mut Vec::new(), 2, 0, None, &mut plain);
                for path in &plain {
                    let expected = plain_is_valid_loop(path);
                    assert_eq!(is_valid_loop(path), expected, "{path:?}");
                    if expected {
                        valid += 1;
                    } else {
                        invalid += 1;
                    }
                }
            }
        });
        assert!(
            valid > 100 && invalid > 100,
            "{valid} valid, {invalid} invalid"
        );
    }

    // The loop search as it was before the speed work of 2026-12-02 (session 9).
    #[expect(
        clippy::too_many_arguments,
        reason = "SE's recursion, parameter for parameter"
    )]
    fn plain_check_for_loops(
        grid: &Grid,
        cell: usize,
        pair: u16,
        path: &mut Vec<usize>,
        allowed_ex: i32,
        ex: u16,
        last: Option<Kind>,
        results: &mut Vec<Vec<usize>>,
    ) {
        path.push(cell);
        let mut ex = ex;
        for kind in Kind::BLOCK_ROW_COLUMN {
            if Some(kind) == last {
                continue;
            }
            let region = Region::of(kind, cell);
            for next in region.cells() {
                if next == path[0] && path.len() >= 4 {
                    results.push(path.clone());
                } else if !path.contains(&next) {
                    let cands = grid.cands[next];
                    if cands & pair == pair {
                        ex |= cands & !pair;
                        let count = cands.count_ones();
                        if count == 2 || ex.count_ones() == 1 || allowed_ex > 0 {
                            let allowed = if count > 2 {
                                allowed_ex - 1
                            } else {
                                allowed_ex
                            };
                            plain_check_for_loops(
                                grid,
                                next,
                                pair,
                                path,
                                allowed,
                                ex,
                                Some(kind),
                                results,
                            );
                        }
                    }
                }
            }
        }
        path.pop();
    }

    #[test]
    fn unique_loops_are_the_plain_ones() {
        let mut loops = 0;
        super::super::plain::each_path_grid(|grid| {
            for start in 0..81 {
                let cands = grid.cands[start];
                if cands.count_ones() != 2 {
                    continue;
                }
                let mut plain = Vec::new();
                plain_check_for_loops(grid, start, cands, &mut Vec::new(), 2, 0, None, &mut plain);
                plain.retain(|path| plain_is_valid_loop(path));
                let mut fast = Vec::new();
                let mut path = Path {
                    cells: Vec::new(),
                    set: 0,
                    regions: [0; 2],
                };
                check_for_loops(grid, start, cands, &mut path, 2, 0, None, &mut fast);
                assert_eq!(fast, plain);
                loops += plain.len();
            }
        });
        assert!(loops > 100, "{loops} loops compared");
    }

    #[test]
    fn loop_ratings_follow_se() {
        assert_eq!(loop_rating(4), 45);
        assert_eq!(loop_rating(6), 46);
        assert_eq!(loop_rating(8), 47);
        assert_eq!(loop_rating(10), 50);
        assert_eq!(digits(0b101).collect::<Vec<_>>(), [1, 3]);
    }
}
