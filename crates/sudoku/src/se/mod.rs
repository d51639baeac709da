//! Sudoku Explainer's own rating, rule by rule: the ratings `serate` prints
//! (`PUZZLE ED=ER/EP/ED`), computed natively.
//!
//! The scale the puzzle collections are traded on is Sudoku Explainer 1.2.1's rating,
//! as the command-line rater `serate` (gsf's entry point, maintained in
//! github.com/1to9only/SudokuExplainer) prints it. This module follows that program's
//! behaviour, read from its source (LGPL; nothing of it is copied here) and checked
//! against its output on the reference ratings in `fixtures/sudoku/se-reference`
//! (see `scripts/serate/README.md`). It is separate from [`crate::logic`], whose
//! richer techniques explain puzzles to people: SE has fewer techniques, in its own
//! order, and rates with its own numbers.
//!
//! # The loop (`Solver.getDifficulty`)
//!
//! Until the grid is solved: ask the producers, in SE's order, for hints; the **first
//! hint found** (`SingleHintAccumulator`) is applied (removals, then its placement if
//! it has one); then start again from the first producer. With `d` the largest
//! rating of the steps so far:
//! - **ER** (`%r`, difficulty) is `d` at the end: the hardest step;
//! - **ED** (`%d`, diamond) is `d` after the first step: that step's rating;
//! - **EP** (`%p`, pearl) is `d` after the first step that places a value (a single,
//!   or a direct hint).
//!
//! A grid no producer can advance rates 20.0 in SE; serate prints each rating as
//! `(int)((r + 0.05) * 10)` tenths. Ratings here are kept in tenths ([`Rating`]).
//!
//! # The producers, in SE's order (`Solver`'s constructor)
//!
//! | producer | rating | here |
//! |---|---|---|
//! | Hidden Single (full house, block, row/column) | 1.0, 1.2, 1.5 | `se/singles.rs` |
//! | Direct Pointing / Direct Claiming | 1.7 / 1.9 | `se/intersections.rs` |
//! | Direct Hidden Pair | 2.0 | `se/subsets.rs` |
//! | Naked Single | 2.3 | `se/singles.rs` |
//! | Direct Hidden Triplet | 2.5 | `se/subsets.rs` |
//! | Pointing / Claiming | 2.6 / 2.8 | `se/intersections.rs` |
//! | Naked Pair | 3.0 | `se/subsets.rs` |
//! | X-Wing | 3.2 | `se/fish.rs` |
//! | Hidden Pair | 3.4 | `se/subsets.rs` |
//! | Naked Triplet | 3.6 | `se/subsets.rs` |
//! | Swordfish | 3.8 | `se/fish.rs` |
//! | Hidden Triplet | 4.0 | `se/subsets.rs` |
//! | XY-Wing | 4.2 | `se/wings.rs` |
//! | XYZ-Wing | 4.4 | `se/wings.rs` |
//! | Unique Rectangle / Loop (types 1-4) | 4.5-5.0+ | `se/unique.rs` |
//! | Naked Quad | 5.0 | `se/subsets.rs` |
//! | Jellyfish | 5.2 | `se/fish.rs` |
//! | Hidden Quad | 5.4 | `se/subsets.rs` |
//! | BUG (types 1-4) | 5.6-5.9 | `se/unique.rs` |
//! | Aligned Pair Exclusion | 6.2 | `se/exclusion.rs` |
//! | Forcing Chains & Cycles (X, Y, XY) | 6.5-7.0+ | `se/chains.rs` |
//! | Aligned Triplet Exclusion | 7.5 | `se/exclusion.rs` |
//! | Nishio Forcing Chains | 7.5+ | `se/nishio.rs` |
//! | Multiple Forcing Chains (cell, region) | 8.0+ | `se/multiple.rs` |
//! | Dynamic Forcing Chains (contradiction, double, cell, region) | 8.5+ | `se/multiple.rs` |
//! | Dynamic Forcing Chains (+): chains that also use pointing/claiming, hidden and naked pairs, X-Wing | 9.0+ | `se/multiple.rs`, `se/advanced.rs` |
//! | Nested Forcing Chains, level 2: (+ Forcing Chains) | 9.5+ | `se/multiple.rs`, `se/chains.rs` |
//! | level 3: (+ Multiple Forcing Chains) | 10.0+ | `se/multiple.rs` |
//! | level 4: (+ Dynamic Forcing Chains) | 10.5+ | `se/multiple.rs` |
//! | level 5: (+ Dynamic Forcing Chains (+ Forcing Chains)) | 11.0+ | `se/multiple.rs` |
//!
//! The `+` ratings add SE's length increments to the base (`ChainingHint.
//! getLengthDifficulty`: +0.1 each time the chain's complexity minus 2 passes 4, 6,
//! 8, 12, 16, 24, 32, ...); a nested chain's complexity adds, once each, the
//! complexities of the chains it used as rules (`getNestedComplexity`).
//!
//! Producers are tried strictly in this order. Every producer of SE 1.2.1's default
//! set is here, so the engine never answers [`SeOutcome::Beyond`] any more; a grid
//! no producer advances is [`SeOutcome::Stuck`] (SE's 20.0).
//!
//! # Time and memory on the hardest puzzles
//!
//! A nested step runs a whole chaining producer at the end of each of its chains, so
//! it takes seconds (SE: minutes to hours). The caller's stop hook ([`rate_until`])
//! is asked before every step and, inside the chainings, every 1,024 implications,
//! so a budget ends a long step promptly. Memory is bounded by the chainings alive at
//! once: a chaining holds at most one node per potential (1,458) plus the nodes a
//! contradiction adds, each with its parents; a multiple-chains search keeps at most
//! one chaining per candidate (its on-assumptions, computed once and dropped when
//! their cell is done); the nesting is at most three searches deep (level 5 runs
//! dynamic and level-2 searches inside its chains, and those run forcing-chain
//! searches inside theirs), so a step holds a bounded number of chainings whatever
//! the puzzle. Within a step, the hints of the chaining rules a nested chain asks for
//! are kept by the chain's grid (level 3 asks on every grid level 2 asked on, level 5
//! on every grid of level 4; `advanced::Memo`): at most 2,048 grids' hints, emptied
//! at every step. The whole process peaks at a few megabytes on the forum's hardest
//! (measured: a peak resident set of 8.1 MB for the whole process rating the
//! published sheet's SE 11.9 puzzle, 6.6 MB before that memo).
//!
//! Where the time goes, and what keeps it short without changing a rating: the grid
//! keeps every region's positions of every value up to date (`Grid::positions` is a
//! look-up); a static search (forcing chains and cycles) builds its implication table
//! once and first computes what each potential reaches (strongly connected
//! components), so it searches only from potentials that can close a cycle or reach
//! their conjugate; the forcing-chain producer, which keeps only SE's first hint,
//! stops a search at the depth from which nothing could beat the best so far;
//! chainings allocate nothing per implication; and aligned exclusion intersects its
//! cells' excluder sets. A cycle search follows only its source's component, a chain
//! search only what reaches its target, and the producer measures a forcing chain
//! without keeping it; a unique-loop search drops a path that meets a region twice at
//! places of one parity; subsets and fish try only the tuples that can pass. Each of
//! these is tested equal to the plain search it replaces (`se/plain.rs` and the
//! modules' tests) at every step of SE's paths of fixture puzzles.
//!
//! # Where serate misbehaves
//!
//! serate rates whatever grid it is given: a puzzle with several solutions or none
//! gets some number (20.0 when nothing applies). [`rate`] rates only a 9 x 9 grid and
//! leaves the question of uniqueness to the caller.
//!
//! # Example
//!
//! ```
//! use sudoku::Sudoku;
//! use sudoku::se::{SeOutcome, rate};
//!
//! // serate prints this line for it: `... ED=1.2/1.2/1.2`.
//! let puzzle: Sudoku =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()?;
//! let SeOutcome::Rated(rating) = rate(&puzzle)? else { panic!("singles suffice") };
//! assert_eq!(rating.to_string(), "ED=1.2/1.2/1.2");
//! assert_eq!(rating.hardest, "Hidden Single");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod advanced;
mod chains;
mod exclusion;
mod fish;
mod grid;
mod hint;
mod intersections;
mod multiple;
mod nishio;
#[cfg(test)]
mod plain;
mod singles;
mod subsets;
mod unique;
mod wings;

use std::cell::{Cell, RefCell};
use std::fmt;
use std::ops::ControlFlow;

pub use hint::Hint;

use crate::Sudoku;
use crate::logic::{CandidatesError, Rating};
use grid::Grid;

/// SE's three ratings of a puzzle and the name of its hardest step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeRating {
    /// ER: the rating of the hardest step.
    pub er: Rating,
    /// EP: the largest rating up to the first step that places a value.
    pub ep: Rating,
    /// ED: the rating of the first step.
    pub ed: Rating,
    /// SE's name of the (first) hardest step, e.g. `XY-Wing`; empty for a full grid.
    pub hardest: &'static str,
    /// How many steps the path took.
    pub steps: usize,
}

impl fmt::Display for SeRating {
    /// serate's form without the puzzle: `ED=ER/EP/ED`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ED={}/{}/{}", self.er, self.ep, self.ed)
    }
}

/// What [`rate`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeOutcome {
    /// The path reached the solution with the producers implemented here: these are
    /// SE's ratings.
    Rated(SeRating),
    /// The path needed a producer this engine does not have (named in `needs`);
    /// `partial` is SE's path up to it. Not produced since every producer of SE
    /// 1.2.1 is here (the nested levels included); kept for callers that match on it.
    Beyond {
        /// The first producer the engine lacks.
        needs: &'static str,
        /// The path before it.
        partial: SePartial,
    },
    /// The caller's stop hook ended the path ([`rate_until`]) before the solution.
    Stopped(SePartial),
    /// No producer of SE applies (SE would print 20.0): only for grids that are not
    /// proper puzzles.
    Stuck,
}

/// The lower bound of ER that [`SeOutcome::er_at_least`] gives a path that went
/// [`SeOutcome::Beyond`]: the base rating of SE's last producer (nested level 5,
/// 11.0).
pub const BEYOND_AT_LEAST: Rating = Rating(110);

impl SeOutcome {
    /// A lower bound of SE's ER when the rating is not known: the largest rating so
    /// far, raised to [`BEYOND_AT_LEAST`] when the path goes beyond this engine; `None`
    /// when rated or stuck.
    pub fn er_at_least(&self) -> Option<Rating> {
        match self {
            SeOutcome::Beyond { partial, .. } => Some(partial.so_far.max(BEYOND_AT_LEAST)),
            SeOutcome::Stopped(partial) => Some(partial.so_far),
            SeOutcome::Rated(_) | SeOutcome::Stuck => None,
        }
    }
}

/// SE's path so far, when it stopped short of the solution: what it already tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SePartial {
    /// The largest rating of the steps taken: a lower bound of SE's ER.
    pub so_far: Rating,
    /// SE's name of the (first) step rated `so_far`; empty before the first step.
    pub hardest: &'static str,
    /// ED, once a step has been taken (SE's ED is the first step's rating).
    pub ed: Option<Rating>,
    /// EP, once a step has placed a value.
    pub ep: Option<Rating>,
    /// The steps taken.
    pub steps: usize,
}

/// The caller's stop hook, shared by the loop (before every step) and the chaining
/// producers (every [`Stop::EVERY`] implications), so a long step ends promptly.
pub(crate) struct Stop<'a> {
    hook: RefCell<&'a mut dyn FnMut(usize) -> ControlFlow<()>>,
    /// The steps taken, handed to the hook.
    steps: Cell<usize>,
    ticks: Cell<u32>,
    stopped: Cell<bool>,
    /// The chaining rules' hints of the step under way.
    memo: advanced::Memo,
}

impl<'a> Stop<'a> {
    /// Implications between two polls of the hook inside a step (a few hundred
    /// microseconds of chaining).
    const EVERY: u32 = 1024;

    fn new(hook: &'a mut dyn FnMut(usize) -> ControlFlow<()>) -> Stop<'a> {
        Stop {
            hook: RefCell::new(hook),
            steps: Cell::new(0),
            ticks: Cell::new(0),
            stopped: Cell::new(false),
            memo: advanced::Memo::default(),
        }
    }

    /// Asks the hook now; whether to stop.
    fn ask(&self) -> bool {
        if !self.stopped.get() {
            let steps = self.steps.get();
            let go_on = (self.hook.borrow_mut())(steps);
            self.stopped.set(go_on.is_break());
        }
        self.stopped.get()
    }
}

/// What a chaining sees of [`Stop`] (its lifetime hidden).
pub(crate) trait Poll {
    /// One implication taken: asks the hook every [`Stop::EVERY`]; whether to stop.
    fn tick(&self) -> bool;
    /// Whether the hook has asked to stop.
    fn stopped(&self) -> bool;
    /// The step's memo of chaining-rule hints, if there is one.
    fn memo(&self) -> Option<&advanced::Memo> {
        None
    }
}

/// A stop hook that never stops (a rule inside a nested chain, a test).
pub(crate) struct Never;

impl Poll for Never {
    fn tick(&self) -> bool {
        false
    }
    fn stopped(&self) -> bool {
        false
    }
}

impl Poll for Stop<'_> {
    fn tick(&self) -> bool {
        let ticks = self.ticks.get().wrapping_add(1);
        self.ticks.set(ticks);
        if ticks.is_multiple_of(Self::EVERY) {
            self.ask()
        } else {
            self.stopped.get()
        }
    }

    fn stopped(&self) -> bool {
        self.stopped.get()
    }

    fn memo(&self) -> Option<&advanced::Memo> {
        Some(&self.memo)
    }
}

/// The first hint of SE's producers ([`Solver`'s constructor]), in SE's order; `None`
/// when none applies. A producer cut short by `stop` finds nothing; the caller
/// checks `stop` first.
fn first_hint(grid: &Grid, stop: &dyn Poll) -> Option<Hint> {
    singles::hidden_single(grid)
        .or_else(|| intersections::direct_locking(grid))
        .or_else(|| subsets::hidden_set(grid, 2, true))
        .or_else(|| singles::naked_single(grid))
        .or_else(|| subsets::hidden_set(grid, 3, true))
        .or_else(|| intersections::locking(grid))
        .or_else(|| subsets::naked_set(grid, 2))
        .or_else(|| fish::fish(grid, 2))
        .or_else(|| subsets::hidden_set(grid, 2, false))
        .or_else(|| subsets::naked_set(grid, 3))
        .or_else(|| fish::fish(grid, 3))
        .or_else(|| subsets::hidden_set(grid, 3, false))
        .or_else(|| wings::xy_wing(grid, false))
        .or_else(|| wings::xy_wing(grid, true))
        .or_else(|| unique::unique_loop(grid))
        .or_else(|| subsets::naked_set(grid, 4))
        .or_else(|| fish::fish(grid, 4))
        .or_else(|| subsets::hidden_set(grid, 4, false))
        .or_else(|| unique::bug(grid))
        .or_else(|| exclusion::aligned_pair_exclusion(grid))
        .or_else(|| chains::forcing_chain_or_cycle(grid))
        .or_else(|| exclusion::aligned_triplet_exclusion(grid))
        .or_else(|| nishio::nishio(grid, stop))
        .or_else(|| multiple::multiple(grid, stop))
        .or_else(|| multiple::dynamic(grid, stop))
        .or_else(|| multiple::dynamic_plus(grid, stop))
        .or_else(|| multiple::nested_forcing_chains(grid, stop))
        .or_else(|| multiple::deeper_nested_chains(grid, 3, stop))
        .or_else(|| multiple::deeper_nested_chains(grid, 4, stop))
        .or_else(|| multiple::deeper_nested_chains(grid, 5, stop))
}

/// Rates a 9 x 9 puzzle as serate does (see the [module docs](self)): ER, EP, ED and
/// the hardest step, or [`SeOutcome::Beyond`] when the path needs a technique this
/// engine does not have yet.
///
/// # Errors
///
/// [`CandidatesError::UnsupportedSize`] unless the puzzle is 9 x 9.
pub fn rate(sudoku: &Sudoku) -> Result<SeOutcome, CandidatesError> {
    rate_until(sudoku, |_| ControlFlow::Continue(()))
}

/// [`rate`] with a stop hook: `go_on` is asked before every step and, inside a
/// chaining step (seconds long on the hardest puzzles), every 1,024 implications,
/// with the number of steps taken; [`ControlFlow::Break`] ends the path with
/// [`SeOutcome::Stopped`] (a time or step budget, Ctrl-C), the step under way
/// dropped.
///
/// # Errors
///
/// As [`rate`].
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use sudoku::Sudoku;
/// use sudoku::se::{SeOutcome, rate_until};
///
/// let puzzle: Sudoku =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()?;
/// let ten_steps = |steps| if steps < 10 { ControlFlow::Continue(()) } else { ControlFlow::Break(()) };
/// let SeOutcome::Stopped(partial) = rate_until(&puzzle, ten_steps)? else { panic!() };
/// assert_eq!((partial.steps, partial.ed.map(|r| r.to_string())), (10, Some("1.2".into())));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate_until(
    sudoku: &Sudoku,
    go_on: impl FnMut(usize) -> ControlFlow<()>,
) -> Result<SeOutcome, CandidatesError> {
    rate_each_step(sudoku, go_on, |_| {})
}

/// [`rate_until`] that also hands every hint applied to `step`, in order: SE's
/// solution path as it is taken (`gridsolve sudoku explain --se` lists it).
///
/// # Errors
///
/// As [`rate`].
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use sudoku::Sudoku;
/// use sudoku::se::{SeOutcome, rate_each_step};
///
/// let puzzle: Sudoku =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()?;
/// let mut path = Vec::new();
/// let outcome = rate_each_step(&puzzle, |_| ControlFlow::Continue(()), |hint| path.push(hint.clone()))?;
/// let SeOutcome::Rated(rating) = outcome else { panic!() };
/// assert_eq!(path.len(), rating.steps);
/// assert_eq!(path.iter().map(|hint| hint.rating).max(), Some(rating.er));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate_each_step(
    sudoku: &Sudoku,
    go_on: impl FnMut(usize) -> ControlFlow<()>,
    step: impl FnMut(&Hint),
) -> Result<SeOutcome, CandidatesError> {
    if sudoku.size() != 9 {
        return Err(CandidatesError::UnsupportedSize {
            size: sudoku.size(),
        });
    }
    Ok(rate_path(&mut Grid::new(sudoku), go_on, step))
}

/// Rates a puzzle and returns its path too: every hint applied, in order (for
/// comparing with SE's own step list, `diuf.sudoku.test.hints`).
///
/// # Errors
///
/// As [`rate`].
pub fn rate_with_path(sudoku: &Sudoku) -> Result<(SeOutcome, Vec<Hint>), CandidatesError> {
    let mut path = Vec::new();
    let outcome = rate_each_step(
        sudoku,
        |_| ControlFlow::Continue(()),
        |hint| path.push(hint.clone()),
    )?;
    Ok((outcome, path))
}

fn rate_path(
    grid: &mut Grid,
    mut go_on: impl FnMut(usize) -> ControlFlow<()>,
    mut step: impl FnMut(&Hint),
) -> SeOutcome {
    let stop = Stop::new(&mut go_on);
    let (mut er, mut ep, mut ed) = (Rating(0), Rating(0), Rating(0));
    let mut hardest = "";
    let mut steps = 0;
    let partial = |er, ep: Rating, ed: Rating, hardest, steps| SePartial {
        so_far: er,
        hardest,
        ed: (steps > 0).then_some(ed),
        ep: (ep != Rating(0)).then_some(ep),
        steps,
    };
    while !grid.is_solved() {
        stop.steps.set(steps);
        if stop.ask() {
            return SeOutcome::Stopped(partial(er, ep, ed, hardest, steps));
        }
        stop.memo.clear();
        let hint = match first_hint(grid, &stop) {
            _ if stop.stopped() => {
                return SeOutcome::Stopped(partial(er, ep, ed, hardest, steps));
            }
            Some(hint) => hint,
            None => return SeOutcome::Stuck,
        };
        if hint.rating > er {
            er = hint.rating;
            hardest = hint.name;
        }
        let before = grid.clone();
        grid.apply(&hint);
        if *grid == before {
            // SE would apply the same empty hint forever (a BUG type 4 that removes
            // nothing); only broken grids get here.
            return SeOutcome::Stuck;
        }
        steps += 1;
        step(&hint);
        if ep == Rating(0) {
            if ed == Rating(0) {
                ed = er;
            }
            if hint.placement.is_some() {
                ep = er;
            }
        }
    }
    SeOutcome::Rated(SeRating {
        er,
        ep,
        ed,
        hardest,
        steps,
    })
}
