//! Multiple Forcing Chains (8.0 and up): SE's producer after Nishio,
//! `Chaining(true, false, false, 0)` (read in `solver/rules/chaining/Chaining.java`:
//! `getMultipleChainsHintList`, `doBinaryChaining`, `doRegionChainings`, `doChaining`,
//! `createCellReductionHint`, `createRegionReductionHint`; `CellChainingHint.java` and
//! `RegionChainingHint.java`: names, sort keys 5 and 6, complexities).
//!
//! The behaviour, in our words:
//! - Only empty cells with three or more candidates are sources (row-major); for each
//!   candidate in increasing order, the candidate is assumed **on** and its
//!   consequences spread *statically* (the grid never changes) with X and Y links (see
//!   `nishio.rs` for the rules; a chaining that meets a contradiction stops there, its
//!   sets as far as they got). The assumption *off* adds nothing here.
//! - *Region forcing chains*: for the candidate's value and each of the cell's block,
//!   row and column (in that order) where the value has two or more positions and this
//!   cell is the first of them, every other position is assumed on too; a potential
//!   that every position's chaining reaches (in the order of this cell's chaining) is
//!   a consequence: on, it is placed (its cell's other values removed); off, removed.
//! - *Cell forcing chains*: after all the cell's candidates, a potential every
//!   candidate's chaining reaches is a consequence the same way.
//! - A hint's complexity is the sum, over the chains (one per position or candidate),
//!   of the distinct potentials among the target's ancestors in that chain; its rating
//!   8.0 plus SE's length increments. Among the hints that remove something, SE sorts
//!   by rating, complexity, then sort key (cell 5, region 6), stably, in the order
//!   found (per cell: each value's region hints, then the cell's), and the first wins.

use std::rc::Rc;

use super::Poll;
use super::chains::{CAUSE_CELL, CAUSE_NONE, CAUSE_REGION, Cause, Nested, NestedHint, rating};
use super::grid::{Grid, Kind, Region, bit};
use super::hint::Hint;
use super::nishio::{Chaining, nested_total};

/// One consequence found: its target and complexity.
struct Found {
    rating: f64,
    complexity: usize,
    sort_key: u8,
    name: &'static str,
    target: (usize, u8, bool),
    /// The cause of the chains' assumptions in `collectRuleParents`: the cell rule for
    /// a cell forcing chain, its region's rule for a region one, none for a binary one.
    initial: Cause,
}

/// A chain end of a hint (`getChainsTargets`): the chaining and its node.
type End<'c, 'g> = (&'c Chaining<'g>, u32);

/// Where the search hands each hint that removes something, with its chain ends.
type Sink<'s> = dyn FnMut(Found, &[End<'_, '_>]) + 's;

/// `Chaining(true, false, false, 0)`, *Multiple Forcing Chains*: see the module docs.
pub(crate) fn multiple(grid: &Grid, stop: &dyn Poll) -> Option<Hint> {
    forcing_chains(grid, &MULTIPLE, stop)
}

/// `Chaining(true, true, false, 0)`, *Dynamic Forcing Chains* (8.5 and up): as
/// [`multiple`], but every chaining is dynamic (an off potential leaves the copy of the
/// grid, so later implications see it; hidden parents count in the complexity, as in
/// Nishio), cells with two candidates are sources too, and each candidate also gives
/// *binary* hints (`doBinaryChaining`): assumed on, a contradiction removes it; assumed
/// off, a contradiction places it (both sort key 7, `Dynamic Contradiction Forcing
/// Chains`); in a cell of three or more candidates, a potential that both the on and
/// the off assumption reach is a consequence (sort key 1, `Dynamic Double Forcing
/// Chains`), on ones first. Per candidate: the contradictions (on, then off), the
/// double ones, then the region ones; the cell's after all its candidates.
pub(crate) fn dynamic(grid: &Grid, stop: &dyn Poll) -> Option<Hint> {
    forcing_chains(grid, &DYNAMIC, stop)
}

/// `Chaining(true, true, false, 1)`, *Dynamic Forcing Chains (+)* (9.0 and up,
/// `Chaining.getDifficulty`: 8.5 + 0.5 x level): as [`dynamic`], but every chaining
/// also takes the removals of pointing / claiming, hidden pair, naked pair and
/// X-Wing on its copy of the grid as implications when nothing else is pending
/// (`advanced.rs`); the names end in ` (+)` (`Chaining.getNestedSuffix`).
pub(crate) fn dynamic_plus(grid: &Grid, stop: &dyn Poll) -> Option<Hint> {
    forcing_chains(grid, &DYNAMIC_PLUS, stop)
}

/// `Chaining(true, true, false, 2)`, the first of SE's *Nested Forcing Chains*,
/// *Dynamic Forcing Chains (+ Forcing Chains)* (9.5 and up, `Chaining.getDifficulty`:
/// 9.5 + 0.5 x (level - 2)): as [`dynamic_plus`], and when those rules find
/// nothing, every hint of *Forcing Chains & Cycles* on the chain's copy of the grid
/// is an implication too (`chains::nested_hints`); a hint's complexity adds, once
/// each, the complexities of the nested chains among its ancestors.
pub(crate) fn nested_forcing_chains(grid: &Grid, stop: &dyn Poll) -> Option<Hint> {
    forcing_chains(grid, &NESTED_FORCING_CHAINS, stop)
}

/// `Chaining(true, true, false, level)` for `level` 3 to 5, SE's other *Nested
/// Forcing Chains* (`Solver`'s "advanced" levels 2 and 3, "experimental" 4 and 5),
/// rated 10.0, 10.5 and 11.0 plus the length increments (`Chaining.getDifficulty`:
/// 9.5 + 0.5 x (level - 2)): as [`nested_forcing_chains`], with the chaining
/// producers of `advanced::rules` for the level.
pub(crate) fn deeper_nested_chains(grid: &Grid, level: u8, stop: &dyn Poll) -> Option<Hint> {
    let mode = match level {
        3 => &NESTED_MULTIPLE,
        4 => &NESTED_DYNAMIC,
        _ => &NESTED_DYNAMIC_PLUS,
    };
    forcing_chains(grid, mode, stop)
}

/// One chaining producer of this module: how its chainings run, its base rating and
/// its hints' names.
struct Mode {
    dynamic: bool,
    /// `Chaining.level`: 0; 1 for *Dynamic Forcing Chains (+)*; 2 and up nested.
    level: u8,
    base: f64,
    /// Cell, region, contradiction and double forcing chains.
    names: [&'static str; 4],
}

const MULTIPLE: Mode = Mode {
    dynamic: false,
    level: 0,
    base: 8.0,
    names: ["Cell Forcing Chains", "Region Forcing Chains", "", ""],
};

const DYNAMIC: Mode = Mode {
    dynamic: true,
    level: 0,
    base: 8.5,
    names: [
        "Dynamic Cell Forcing Chains",
        "Dynamic Region Forcing Chains",
        "Dynamic Contradiction Forcing Chains",
        "Dynamic Double Forcing Chains",
    ],
};

const DYNAMIC_PLUS: Mode = Mode {
    dynamic: true,
    level: 1,
    base: 9.0,
    names: [
        "Dynamic Cell Forcing Chains (+)",
        "Dynamic Region Forcing Chains (+)",
        "Dynamic Contradiction Forcing Chains (+)",
        "Dynamic Double Forcing Chains (+)",
    ],
};

const NESTED_FORCING_CHAINS: Mode = Mode {
    dynamic: true,
    level: 2,
    base: 9.5,
    names: [
        "Dynamic Cell Forcing Chains (+ Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Forcing Chains)",
        "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Forcing Chains)",
    ],
};

const NESTED_MULTIPLE: Mode = Mode {
    dynamic: true,
    level: 3,
    base: 10.0,
    names: [
        "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
    ],
};

const NESTED_DYNAMIC: Mode = Mode {
    dynamic: true,
    level: 4,
    base: 10.5,
    names: [
        "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
    ],
};

const NESTED_DYNAMIC_PLUS: Mode = Mode {
    dynamic: true,
    level: 5,
    base: 11.0,
    names: [
        "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
    ],
};

impl Mode {
    /// A chaining of this mode on `grid` (Y links always).
    fn chaining<'g>(&self, grid: &'g Grid, stop: &'g dyn Poll) -> Chaining<'g> {
        Chaining::new(grid, true, self.dynamic).nested(self.level, stop)
    }
}

/// The producers above: `mode` chooses; SE's sort keeps the first of the least
/// (rating, complexity, sort key).
fn forcing_chains(grid: &Grid, mode: &Mode, stop: &dyn Poll) -> Option<Hint> {
    let mut best: Option<Found> = None;
    search(grid, mode, stop, &mut |found, _| {
        let better = best.as_ref().is_none_or(|b| {
            found.rating < b.rating
                || (found.rating == b.rating
                    && (found.complexity, found.sort_key) < (b.complexity, b.sort_key))
        });
        if better {
            best = Some(found);
        }
    });
    if stop.stopped() {
        return None;
    }
    best.map(|b| {
        let (cell, value, on) = b.target;
        let r = crate::logic::Rating(((b.rating + 0.05) * 10.0) as u16);
        if on {
            Hint {
                rating: r,
                placement: Some((cell as u8, value)),
                ..Hint::remove(
                    0,
                    b.name,
                    vec![(cell as u8, grid.cands[cell] & !bit(value))],
                )
            }
        } else {
            Hint {
                rating: r,
                ..Hint::remove(0, b.name, vec![(cell as u8, bit(value))])
            }
        }
    })
}

/// The chaining producers a nested chain of level 3 and up uses as a rule
/// (`Chaining.getAdvancedPotentials`).
#[derive(Clone, Copy)]
pub(super) enum Inner {
    /// `Chaining(true, false, false, 0)`, level 3.
    Multiple,
    /// `Chaining(true, true, false, 0)`, levels 4 and 5.
    Dynamic,
    /// `Chaining(true, true, false, 2)`, level 5.
    NestedForcingChains,
}

/// `getHints` of the producer `inner` on a nested chain's grid `grid`: every hint,
/// sorted as SE sorts them (rating, complexity, sort key; stably), equal removals
/// kept once (the first, `ChainingHint.equals`), with its rule parents against
/// `source`, the grid at the nesting chain's start (see [`Chaining::rule_parents`]).
pub(super) fn nested_hints(
    grid: &Grid,
    source: &Grid,
    inner: Inner,
    stop: &dyn Poll,
) -> Vec<NestedHint> {
    let mode = match inner {
        Inner::Multiple => &MULTIPLE,
        Inner::Dynamic => &DYNAMIC,
        Inner::NestedForcingChains => &NESTED_FORCING_CHAINS,
    };
    let mut all: Vec<(f64, usize, u8, NestedHint)> = Vec::new();
    search(grid, mode, stop, &mut |found, ends| {
        let (cell, value, on) = found.target;
        let removals: Vec<(usize, u8)> = if on {
            super::grid::digits(grid.cands[cell] & !bit(value))
                .map(|v| (cell, v))
                .collect()
        } else {
            vec![(cell, value)]
        };
        let mut parents = Vec::new();
        let mut key = Vec::new();
        for &(chaining, node) in ends {
            chaining.rule_parents(node, found.initial, (source, grid), &mut parents);
            key.extend(chaining.chain(node));
            key.push(u16::MAX);
        }
        let nested = Rc::new(Nested {
            complexity: found.complexity,
            key,
        });
        let hint = NestedHint {
            removals,
            parents,
            nested,
        };
        all.push((found.rating, found.complexity, found.sort_key, hint));
    });
    all.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    let mut kept: Vec<NestedHint> = Vec::new();
    for (_, _, _, hint) in all {
        if !kept.iter().any(|k| k.removals == hint.removals) {
            kept.push(hint);
        }
    }
    kept
}

/// `getMultipleChainsHintList` of `mode`: every hint that removes something, in SE's
/// order (cells row-major; per cell each value's binary and region hints, then the
/// cell's), handed to `sink`.
fn search(grid: &Grid, mode: &Mode, stop: &dyn Poll, sink: &mut Sink<'_>) {
    let (dynamic, base) = (mode.dynamic, mode.base);
    let mut offer = |found: Found, ends: &[End<'_, '_>]| {
        let (cell, value, on) = found.target;
        if !on || grid.cands[cell] & !bit(value) != 0 {
            sink(found, ends);
        }
    };
    // The chainings of a candidate assumed on, computed once: a region's chainings of
    // its later positions are those cells' own chainings (regions list their cells in
    // row-major order), kept here until their cell comes.
    let mut memo: Vec<Option<OnChaining<'_>>> = Vec::new();
    memo.resize_with(81 * 9, || None);
    for cell in 0..81 {
        if stop.stopped() {
            return;
        }
        let cardinality = grid.cands[cell].count_ones();
        if grid.values[cell] != 0 || cardinality < if dynamic { 2 } else { 3 } {
            continue;
        }
        let mut chains: Vec<Chaining<'_>> = Vec::new();
        for value in 1..=9u8 {
            if !grid.has(cell, value) {
                continue;
            }
            let (own, absurd) = memo[cell * 9 + value as usize - 1]
                .take()
                .unwrap_or_else(|| on_chaining(grid, mode, stop, cell, value));
            if dynamic {
                binary(
                    grid,
                    cell,
                    value,
                    &own,
                    absurd,
                    cardinality,
                    mode,
                    stop,
                    &mut offer,
                );
            }
            region_chains(grid, (cell, value), &own, mode, stop, &mut memo, &mut offer);
            chains.push(own);
        }
        // Cell forcing chains: what every candidate's chaining reaches.
        let chains: Vec<&Chaining<'_>> = chains.iter().collect();
        common(&chains, |target, complexity, ends| {
            let found = Found {
                rating: rating(base, complexity),
                complexity,
                sort_key: 5,
                name: mode.names[0],
                target,
                initial: CAUSE_CELL,
            };
            offer(found, ends);
        });
    }
}

/// Every potential of the first chaining (on ones first, each in the order reached)
/// that every other chaining reaches too, with the summed complexity of its chains
/// (their ancestor counts and their distinct nested chains') and their ends.
fn common(
    chainings: &[&Chaining<'_>],
    mut found: impl FnMut((usize, u8, bool), usize, &[End<'_, '_>]),
) {
    let Some((first, rest)) = chainings.split_first() else {
        return;
    };
    let mut ends: Vec<End<'_, '_>> = Vec::with_capacity(chainings.len());
    for on in [true, false] {
        'potentials: for &node in &first.order[usize::from(on)] {
            let (c, v, on) = first.pot(node);
            ends.clear();
            ends.push((first, node));
            for &other in rest {
                match other.reached(c, v, on) {
                    Some(n) => ends.push((other, n)),
                    None => continue 'potentials,
                }
            }
            let mut nested = Vec::new();
            let mut complexity = 0;
            for &(chaining, n) in &ends {
                complexity += chaining.complexity(n, &mut nested);
            }
            found((c, v, on), complexity + nested_total(&nested), &ends);
        }
    }
}

/// `doBinaryChaining` of a dynamic producer for `(cell, value)`: `own` is the chaining
/// of the assumption on and `absurd` its contradiction, if any.
#[expect(
    clippy::too_many_arguments,
    reason = "SE's own parameters, each needed"
)]
fn binary<'g>(
    grid: &'g Grid,
    cell: usize,
    value: u8,
    own: &Chaining<'g>,
    absurd: Option<(u32, u32)>,
    cardinality: u32,
    mode: &Mode,
    stop: &'g dyn Poll,
    offer: &mut impl FnMut(Found, &[End<'_, '_>]),
) {
    let contradiction = |chaining: &Chaining<'_>, (on, off): (u32, u32), target| {
        let mut nested = Vec::new();
        let complexity = chaining.complexity(on, &mut nested)
            + chaining.complexity(off, &mut nested)
            + nested_total(&nested);
        Found {
            rating: rating(mode.base, complexity),
            complexity,
            sort_key: 7,
            name: mode.names[2],
            target,
            initial: CAUSE_NONE,
        }
    };
    if let Some((on, off)) = absurd {
        offer(
            contradiction(own, (on, off), (cell, value, false)),
            &[(own, on), (own, off)],
        );
    }
    let mut off_chaining = mode.chaining(grid, stop);
    if let Some((on, off)) = off_chaining.run(cell, value, false) {
        offer(
            contradiction(&off_chaining, (on, off), (cell, value, true)),
            &[(&off_chaining, on), (&off_chaining, off)],
        );
    }
    if cardinality >= 3 {
        common(&[own, &off_chaining], |target, complexity, ends| {
            let found = Found {
                rating: rating(mode.base, complexity),
                complexity,
                sort_key: 1,
                name: mode.names[3],
                target,
                initial: CAUSE_NONE,
            };
            offer(found, ends);
        });
    }
}

/// A candidate's chaining assumed on, and its contradiction if any.
type OnChaining<'g> = (Chaining<'g>, Option<(u32, u32)>);

/// The chaining of `(cell, value)` assumed on.
fn on_chaining<'g>(
    grid: &'g Grid,
    mode: &Mode,
    stop: &'g dyn Poll,
    cell: usize,
    value: u8,
) -> OnChaining<'g> {
    let mut chaining = mode.chaining(grid, stop);
    let absurd = chaining.run(cell, value, true);
    (chaining, absurd)
}

/// `doRegionChainings` for `(cell, value)`, whose own chaining is `own`; the other
/// positions' chainings come from (or go to) `memo`.
fn region_chains<'g>(
    grid: &'g Grid,
    (cell, value): (usize, u8),
    own: &Chaining<'g>,
    mode: &Mode,
    stop: &'g dyn Poll,
    memo: &mut [Option<OnChaining<'g>>],
    offer: &mut impl FnMut(Found, &[End<'_, '_>]),
) {
    for kind in Kind::BLOCK_ROW_COLUMN {
        let region = Region::of(kind, cell);
        let positions = grid.positions(region, value);
        if positions.count_ones() < 2 || region.cell(positions.trailing_zeros() as usize) != cell {
            continue;
        }
        let others: Vec<usize> = (0..9)
            .filter(|&i| positions & 1 << i != 0)
            .map(|i| region.cell(i))
            .filter(|&c| c != cell)
            .collect();
        for &c in &others {
            let slot = &mut memo[c * 9 + value as usize - 1];
            if slot.is_none() {
                *slot = Some(on_chaining(grid, mode, stop, c, value));
            }
        }
        let mut chainings: Vec<&Chaining<'_>> = vec![own];
        for &c in &others {
            if let Some((chaining, _)) = &memo[c * 9 + value as usize - 1] {
                chainings.push(chaining);
            }
        }
        common(&chainings, |target, complexity, ends| {
            let found = Found {
                rating: rating(mode.base, complexity),
                complexity,
                sort_key: 6,
                name: mode.names[1],
                target,
                initial: CAUSE_REGION + kind as u8,
            };
            offer(found, ends);
        });
    }
}
