//! The "other rules" of SE's nested chainings: what a chaining of level 1 or more
//! (`Chaining(true, true, false, level)`, *Dynamic Forcing Chains (+)* and the nested
//! levels) may deduce inside a chain, on the grid as the assumption has changed it.
//!
//! Read in `solver/rules/chaining/Chaining.java` (`doChaining`,
//! `getAdvancedPotentials`) and in the hints' `getRuleParents`
//! (`LockingHint.java`, `LockingGHint.java`, `HiddenSetHint.java`,
//! `NakedSetHint.java`). In our words:
//! - When a dynamic chaining of level 1 or more has no implication pending, it asks
//!   its rules, in this order: Pointing and Claiming (then the fork's generalized
//!   intersection, whose removals on a 9 x 9 grid are those of a pointing or
//!   claiming but whose parents are all the lost positions of its region), Hidden
//!   Pair, Naked Pair, X-Wing (and, from level 2, chainings of lower kinds: not
//!   built here yet). Each rule runs on the chain's copy of the grid and reports
//!   **every** hint it finds (not only the first).
//! - A hint counts only if it has *rule parents*: candidates the chain removed (the
//!   chain's grid lacks them, the grid at the chain's start has them) without which
//!   the rule would not apply. Pointing / claiming and fish: the lost positions of
//!   the value in the first region (the fish's base regions) outside the second
//!   (cover) regions; the generalized intersection: every lost position of its
//!   region; hidden pair: the set's values lost in the region's cells that now hold
//!   neither; naked pair: every value the pair's cells lost.
//! - The first rule with such a hint ends the search: each removal of each of its
//!   hints (in hint order; a hint's removals by cell row-major, then value) becomes
//!   an *off* implication of the chain whose parents are the rule parents.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use super::chains::Nested;
use super::grid::{Grid, Kind, Region, bits, combinations, common_tuple_of, digits, house_set};
use super::multiple::Inner;
use super::{Never, Poll};

/// One hint of a rule inside a chain: its removals, `(cell, value)` in SE's order,
/// its rule parents, `(cell, value)` candidates the chain turned off, and, for a
/// chaining rule, the nested chain (for the complexity of the chain that uses it).
pub(super) struct RuleHint {
    pub(super) removals: Vec<(usize, u8)>,
    pub(super) parents: Vec<(usize, u8)>,
    pub(super) nested: Option<Rc<Nested>>,
}

/// `getAdvancedPotentials` of a chaining of `level` (1 to 5): the hints of the first
/// rule that has a hint with rule parents, those hints only, in order. The rules:
/// pointing and claiming, hidden pair, naked pair, X-Wing; then by level
/// (`Chaining.getAdvancedPotentials`'s `otherRules`):
/// - 2: *Forcing Chains & Cycles*;
/// - 3: the same, then *Multiple Forcing Chains*;
/// - 4: *Dynamic Forcing Chains* ("dynamic chains already cover the static ones");
/// - 5: the same, then *Dynamic Forcing Chains (+ Forcing Chains)* (level 2).
///
/// `grid` is the chain's copy, `source` the grid at the chain's start; `stop` is
/// polled by the nested chainings (an empty answer once it says stop).
pub(super) fn rules(
    grid: &Grid,
    source: &Grid,
    level: u8,
    stop: Option<&dyn Poll>,
) -> Rc<Vec<RuleHint>> {
    let mut found = Vec::new();
    let at = Table {
        grid,
        source,
        table: grid.position_table(),
    };
    let rules: [fn(&Table<'_>, &mut Vec<RuleHint>); 4] =
        [locking, hidden_pairs, naked_pairs, x_wings];
    for rule in rules {
        rule(&at, &mut found);
        if !found.is_empty() {
            return Rc::new(found);
        }
    }
    let chainings: &[Chainer] = match level {
        2 => &[Chainer::Chains],
        3 => &[Chainer::Chains, Chainer::Multiple(Inner::Multiple)],
        4 => &[Chainer::Multiple(Inner::Dynamic)],
        5 => &[
            Chainer::Multiple(Inner::Dynamic),
            Chainer::Multiple(Inner::NestedForcingChains),
        ],
        _ => &[],
    };
    let never = Never;
    let stop = stop.unwrap_or(&never);
    for &chainer in chainings {
        let key = MemoKey::new(grid, source, chainer);
        let known = stop.memo().and_then(|memo| memo.get(&key));
        let found = match known {
            Some(found) => found,
            None => {
                let hints = match chainer {
                    Chainer::Chains => super::chains::nested_hints(grid, source),
                    Chainer::Multiple(inner) => {
                        super::multiple::nested_hints(grid, source, inner, stop)
                    }
                };
                let found: Vec<RuleHint> = hints
                    .into_iter()
                    .filter(|hint| !hint.parents.is_empty())
                    .map(|hint| RuleHint {
                        removals: hint.removals,
                        parents: hint.parents,
                        nested: Some(hint.nested),
                    })
                    .collect();
                if stop.stopped() {
                    return Rc::default();
                }
                let found = Rc::new(found);
                if let Some(memo) = stop.memo() {
                    memo.put(key, Rc::clone(&found));
                }
                found
            }
        };
        if !found.is_empty() {
            return found;
        }
    }
    Rc::default()
}

/// The hints of the chaining rules found so far in one step (SE's loop computes them
/// again for every chain that reaches the same grid: level 3 for every grid level 2
/// saw, level 5 for every grid level 4 saw, and chains of one level meeting on one
/// grid), by the chain's grid, the grid at its start and the rule. A rule's hints
/// depend on nothing else, so a hint found here is the hint computed again. Emptied
/// at every step, and whenever it holds [`Memo::CAPACITY`] grids (memory stays
/// bounded: a few megabytes).
#[derive(Default)]
pub(crate) struct Memo {
    map: RefCell<HashMap<MemoKey, Rc<Vec<RuleHint>>>>,
}

impl Memo {
    /// The grids kept at most.
    const CAPACITY: usize = 2048;

    fn get(&self, key: &MemoKey) -> Option<Rc<Vec<RuleHint>>> {
        self.map.borrow().get(key).cloned()
    }

    fn put(&self, key: MemoKey, hints: Rc<Vec<RuleHint>>) {
        let mut map = self.map.borrow_mut();
        if map.len() >= Self::CAPACITY {
            map.clear();
        }
        map.insert(key, hints);
    }

    /// Forgets everything (a step was taken: the grid changed).
    pub(crate) fn clear(&self) {
        self.map.borrow_mut().clear();
    }
}

/// A chaining rule's question: the chain's grid (values and potentials), the
/// potentials at the chain's start and the rule.
#[derive(PartialEq, Eq, Hash)]
struct MemoKey {
    values: [u8; 81],
    cands: [u16; 81],
    source: [u16; 81],
    rule: u8,
}

impl MemoKey {
    fn new(grid: &Grid, source: &Grid, chainer: Chainer) -> MemoKey {
        MemoKey {
            values: grid.values,
            cands: grid.cands,
            source: source.cands,
            rule: match chainer {
                Chainer::Chains => 0,
                Chainer::Multiple(Inner::Multiple) => 1,
                Chainer::Multiple(Inner::Dynamic) => 2,
                Chainer::Multiple(Inner::NestedForcingChains) => 3,
            },
        }
    }
}

/// A chaining producer used as a rule.
#[derive(Clone, Copy)]
enum Chainer {
    /// `Chaining(false, false, false, 0)`: `chains.rs`.
    Chains,
    /// A producer of `multiple.rs`.
    Multiple(Inner),
}

/// The chain's grid, the grid at its start, and the chain's grid's positions
/// ([`Grid::position_table`]).
struct Table<'t> {
    grid: &'t Grid,
    source: &'t Grid,
    table: &'t [[u16; 9]; 27],
}

impl Table<'_> {
    /// [`Grid::positions`] of the chain's grid.
    fn positions(&self, region: Region, v: u8) -> u16 {
        self.table[region.kind as usize * 9 + region.num][v as usize - 1]
    }
}

/// Whether the chain removed `v` from `cell`.
fn lost(grid: &Grid, source: &Grid, cell: usize, v: u8) -> bool {
    source.has(cell, v) && !grid.has(cell, v)
}

/// Keeps `hint` when it removes something and has rule parents (SE's `isWorth` and
/// `!parents.isEmpty()`), its removals sorted as `getAdvancedPotentials` sorts them.
fn offer(found: &mut Vec<RuleHint>, mut removals: Vec<(usize, u8)>, parents: Vec<(usize, u8)>) {
    if removals.is_empty() || parents.is_empty() {
        return;
    }
    removals.sort_unstable();
    found.push(RuleHint {
        removals,
        parents,
        nested: None,
    });
}

/// `Locking(false)`: pointing and claiming in `Locking.getHints`'s order (see
/// `intersections.rs`), then the generalized intersection of each block, column
/// and row (`getHintsG`).
fn locking(at: &Table<'_>, found: &mut Vec<RuleHint>) {
    for (k1, k2) in super::intersections::PAIRS {
        for i1 in 0..9 {
            for i2 in 0..9 {
                let (r1, r2) = (Region::new(k1, i1), Region::new(k2, i2));
                if !r1.crosses(r2) {
                    continue;
                }
                let shared: u16 = (0..9)
                    .filter(|&i| r2.contains(r1.cell(i)))
                    .fold(0, |m, i| m | 1 << i);
                for v in 1..=9u8 {
                    let positions = at.positions(r1, v);
                    if positions.count_ones() > 1 && positions & !shared == 0 {
                        lock(at, r1, r2, v, found);
                    }
                }
            }
        }
    }
    generalized(at, found);
}

/// A pointing or claiming hint: `v` in `r1` lies in `r2` only.
fn lock(at: &Table<'_>, r1: Region, r2: Region, v: u8, found: &mut Vec<RuleHint>) {
    let (grid, source) = (at.grid, at.source);
    let removals = r2
        .cells()
        .filter(|&c| !r1.contains(c) && grid.has(c, v))
        .map(|c| (c, v))
        .collect();
    let parents = r1
        .cells()
        .filter(|&c| lost(grid, source, c, v) && !r2.contains(c))
        .map(|c| (c, v))
        .collect();
    offer(found, removals, parents);
}

/// The fork's generalized intersection (`Locking.getHintsG`) of each block, column
/// and row.
fn generalized(at: &Table<'_>, found: &mut Vec<RuleHint>) {
    let (grid, source) = (at.grid, at.source);
    // The cells that may hold each value, `[v - 1]`.
    let mut holding = [0u128; 9];
    for (c, &mask) in grid.cands.iter().enumerate() {
        for i in bits(mask) {
            holding[i] |= 1 << c;
        }
    }
    for kind in Kind::BLOCK_COLUMN_ROW {
        for num in 0..9 {
            let region = Region::new(kind, num);
            for v in 1..=9u8 {
                let positions = at.positions(region, v);
                if !(2..8).contains(&positions.count_ones()) {
                    continue;
                }
                let mut seeing = !0u128;
                let mut inside = 0u128;
                for c in region.cells() {
                    inside |= 1 << c;
                }
                for i in bits(positions) {
                    seeing &= house_set(region.cell(i));
                }
                let mut seen = seeing & !inside & holding[v as usize - 1];
                if seen == 0 {
                    // No removal: `offer` would drop it.
                    continue;
                }
                let mut removals: Vec<(usize, u8)> = Vec::new();
                while seen != 0 {
                    removals.push((seen.trailing_zeros() as usize, v));
                    seen &= seen - 1;
                }
                let parents = region
                    .cells()
                    .filter(|&c| lost(grid, source, c, v))
                    .map(|c| (c, v))
                    .collect();
                offer(found, removals, parents);
            }
        }
    }
}

/// `HiddenSet(2, false)`: as `subsets::hidden_set`, every hint.
fn hidden_pairs(at: &Table<'_>, found: &mut Vec<RuleHint>) {
    let (grid, source) = (at.grid, at.source);
    for kind in Kind::BLOCK_COLUMN_ROW {
        for num in 0..9 {
            let region = Region::new(kind, num);
            if grid.empty_count(region) <= 4 {
                continue;
            }
            for values in combinations(2, 9) {
                let positions = digits(values).map(|v| at.positions(region, v));
                let Some(common) = common_tuple_of(positions, 2) else {
                    continue;
                };
                let mut removals = Vec::new();
                for i in bits(common) {
                    let c = region.cell(i);
                    for v in digits(grid.cands[c] & !values) {
                        removals.push((c, v));
                    }
                }
                let mut parents = Vec::new();
                for i in (0..9).filter(|i| common & 1 << i == 0) {
                    let c = region.cell(i);
                    for v in digits(values) {
                        if source.has(c, v) {
                            parents.push((c, v));
                        }
                    }
                }
                offer(found, removals, parents);
            }
        }
    }
}

/// `NakedSet(2)`: as `subsets::naked_set`, every hint.
fn naked_pairs(at: &Table<'_>, found: &mut Vec<RuleHint>) {
    let (grid, source) = (at.grid, at.source);
    for kind in Kind::BLOCK_COLUMN_ROW {
        for num in 0..9 {
            let region = Region::new(kind, num);
            if grid.empty_count(region) < 4 {
                continue;
            }
            for indexes in combinations(2, 9) {
                let cands = bits(indexes).map(|i| grid.cands[region.cell(i)]);
                let Some(common) = common_tuple_of(cands, 2) else {
                    continue;
                };
                let mut removals = Vec::new();
                for i in (0..9).filter(|i| indexes & 1 << i == 0) {
                    let c = region.cell(i);
                    for v in digits(grid.cands[c] & common) {
                        removals.push((c, v));
                    }
                }
                let mut parents = Vec::new();
                for i in bits(indexes) {
                    let c = region.cell(i);
                    for v in digits(source.cands[c] & !common) {
                        parents.push((c, v));
                    }
                }
                offer(found, removals, parents);
            }
        }
    }
}

/// `Fisherman(2)`: as `fish::fish`, every hint; the parents are the lost positions
/// of the value in the base regions outside the cover regions.
fn x_wings(at: &Table<'_>, found: &mut Vec<RuleHint>) {
    let (grid, source) = (at.grid, at.source);
    for (base, cover) in [(Kind::Column, Kind::Row), (Kind::Row, Kind::Column)] {
        let occurrences = grid.occurrence_counts();
        for bases in combinations(2, 9) {
            for v in 1..=9u8 {
                if occurrences[v as usize - 1] + 4 > 9 {
                    continue;
                }
                let positions = bits(bases).map(|i| at.positions(Region::new(base, i), v));
                let Some(covers) = common_tuple_of(positions, 2) else {
                    continue;
                };
                let mut removals = Vec::new();
                for i in bits(covers) {
                    let region = Region::new(cover, i);
                    for j in bits(at.positions(region, v) & !bases) {
                        removals.push((region.cell(j), v));
                    }
                }
                let mut parents = Vec::new();
                for i in bits(bases) {
                    let region = Region::new(base, i);
                    for j in (0..9).filter(|j| covers & 1 << j == 0) {
                        let c = region.cell(j);
                        if lost(grid, source, c, v) {
                            parents.push((c, v));
                        }
                    }
                }
                offer(found, removals, parents);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::grid::bit;
    use super::*;

    /// A grid with every candidate everywhere.
    fn open() -> Grid {
        Grid::from_parts([0; 81], [0x1ff; 81])
    }

    #[test]
    fn a_pointing_made_by_the_chain_has_its_lost_positions_as_parents() {
        let source = open();
        let mut grid = open();
        // 5 leaves box 1 but for r1c1, r1c2: it points along row 1.
        for c in [2, 9, 10, 11, 18, 19, 20] {
            grid.remove(c, bit(5));
        }
        let hints = rules(&grid, &source, 1, None);
        let first = &hints[0];
        assert_eq!(first.removals, (3..9).map(|c| (c, 5)).collect::<Vec<_>>());
        assert_eq!(
            first.parents,
            vec![(9, 5), (10, 5), (11, 5), (18, 5), (19, 5), (20, 5)]
        );
    }

    #[test]
    fn a_rule_true_at_the_start_has_no_parents_and_counts_for_nothing() {
        let mut source = open();
        for c in [2, 9, 10, 11, 18, 19, 20] {
            source.remove(c, bit(5));
        }
        let grid = source.clone();
        assert!(rules(&grid, &source, 1, None).is_empty());
    }
}
