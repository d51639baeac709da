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

use super::Poll;
use super::chains::rating;
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
}

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

impl Mode {
    /// A chaining of this mode on `grid` (Y links always).
    fn chaining<'g>(&self, grid: &'g Grid, stop: &'g dyn Poll) -> Chaining<'g> {
        Chaining::new(grid, true, self.dynamic).nested(self.level, stop)
    }
}

/// The producers above: `mode` chooses.
fn forcing_chains(grid: &Grid, mode: &Mode, stop: &dyn Poll) -> Option<Hint> {
    let (dynamic, base) = (mode.dynamic, mode.base);
    let mut best: Option<Found> = None;
    let mut offer = |found: Found| {
        let worth = {
            let (cell, value, on) = found.target;
            !on || grid.cands[cell] & !bit(value) != 0
        };
        let better = best.as_ref().is_none_or(|b| {
            found.rating < b.rating
                || (found.rating == b.rating
                    && (found.complexity, found.sort_key) < (b.complexity, b.sort_key))
        });
        if worth && better {
            best = Some(found);
        }
    };
    for cell in 0..81 {
        if stop.stopped() {
            return None;
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
            let mut own = mode.chaining(grid, stop);
            let absurd = own.run(cell, value, true);
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
            region_chains(grid, cell, value, &own, mode, stop, &mut offer);
            chains.push(own);
        }
        // Cell forcing chains: what every candidate's chaining reaches.
        let Some((first, rest)) = chains.split_first() else {
            continue;
        };
        common(first, rest.iter(), |target, complexity| {
            offer(Found {
                rating: rating(base, complexity),
                complexity,
                sort_key: 5,
                name: mode.names[0],
                target,
            });
        });
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

/// Every potential of `first` (on ones first, each in the order reached) that every
/// chaining of `rest` reaches too, with the summed complexity of its chains.
fn common<'c, 'g: 'c>(
    first: &Chaining<'g>,
    rest: impl Iterator<Item = &'c Chaining<'g>> + Clone,
    mut found: impl FnMut((usize, u8, bool), usize),
) {
    for on in [true, false] {
        for &node in &first.order[usize::from(on)] {
            let (c, v, on) = first.pot(node);
            let mut nested = Vec::new();
            let mut complexity = first.complexity(node, &mut nested);
            let mut everywhere = true;
            for other in rest.clone() {
                match other.reached(c, v, on) {
                    Some(n) => complexity += other.complexity(n, &mut nested),
                    None => {
                        everywhere = false;
                        break;
                    }
                }
            }
            if everywhere {
                found((c, v, on), complexity + nested_total(&nested));
            }
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
    offer: &mut impl FnMut(Found),
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
        }
    };
    if let Some(ends) = absurd {
        offer(contradiction(own, ends, (cell, value, false)));
    }
    let mut off = mode.chaining(grid, stop);
    if let Some(ends) = off.run(cell, value, false) {
        offer(contradiction(&off, ends, (cell, value, true)));
    }
    if cardinality >= 3 {
        common(own, std::iter::once(&off), |target, complexity| {
            offer(Found {
                rating: rating(mode.base, complexity),
                complexity,
                sort_key: 1,
                name: mode.names[3],
                target,
            });
        });
    }
}

/// `doRegionChainings` for `(cell, value)`, whose own chaining is `own`.
fn region_chains<'g>(
    grid: &'g Grid,
    cell: usize,
    value: u8,
    own: &Chaining<'g>,
    mode: &Mode,
    stop: &'g dyn Poll,
    offer: &mut impl FnMut(Found),
) {
    for kind in Kind::BLOCK_ROW_COLUMN {
        let region = Region::of(kind, cell);
        let positions = grid.positions(region, value);
        if positions.count_ones() < 2 || region.cell(positions.trailing_zeros() as usize) != cell {
            continue;
        }
        let mut others: Vec<Chaining<'_>> = Vec::new();
        for i in 0..9 {
            let c = region.cell(i);
            if positions & 1 << i != 0 && c != cell {
                let mut chaining = mode.chaining(grid, stop);
                chaining.run(c, value, true);
                others.push(chaining);
            }
        }
        common(own, others.iter(), |target, complexity| {
            offer(Found {
                rating: rating(mode.base, complexity),
                complexity,
                sort_key: 6,
                name: mode.names[1],
                target,
            });
        });
    }
}
