//! Sudoku the way people solve it: a pencil-mark grid, human-style techniques that each
//! find one explained deduction, the whole solution path, and a difficulty grade on
//! Sudoku Explainer's scale.
//!
//! The grade is an approximation: these techniques are not SE's (there are more, in
//! another order), and it equals SE's own rating on about half of the puzzles. For
//! SE's rating itself (ER, EP, ED, as serate prints it) use [`crate::se`]; the command
//! line prints only that one.
//!
//! **9 x 9 only**: the techniques are written for the classic grid with 3 x 3 boxes;
//! other sizes are refused with [`CandidatesError::UnsupportedSize`].
//!
//! # Pieces
//!
//! - [`Candidates`]: the pencil marks (placed values and the candidates of every other
//!   cell), from a [`Sudoku`], a 729-character pencil-mark string or a grid of
//!   candidate lists as HoDoKu prints it.
//! - One function per technique, each returning one [`Step`] or `None`: [`full_house`],
//!   [`hidden_single`], [`naked_single`], [`pointing`], [`claiming`], [`naked_subset`],
//!   [`hidden_subset`], [`basic_fish`], [`finned_fish`], [`xy_wing`], [`xyz_wing`],
//!   [`w_wing`], [`unique_rectangle_type1`], [`unique_rectangle_type2`],
//!   [`unique_rectangle_type4`], [`bug_plus_one`], [`remote_pair`],
//!   [`simple_colouring`], [`x_chain`], [`xy_chain`], [`als_xz`], [`forcing_chain`] and
//!   [`bounded_trial`]. Each one's documentation says
//!   what it looks for and where players describe it (SudokuWiki.org, HoDoKu).
//! - [`next_step`] tries them simplest first ([`Technique`]'s order, which is Sudoku
//!   Explainer's rating order) and returns the first deduction found; a [`Step`] says
//!   what it places and removes, the cells, houses and digits that justify it, and
//!   reads as one sentence ([`Step::sentence`]).
//! - [`explain`] applies steps until the grid is solved ([`Explanation`]); [`grade`]
//!   rates a puzzle by its hardest step ([`Grade`]).
//!
//! Every deduction is sound: the test suite replays every step on thousands of
//! published puzzles and checks each placement and each removed candidate against the
//! unique solution found by the exhaustive solver. The last resort
//! ([`bounded_trial`]) asks that solver, so every puzzle with a unique solution is
//! explained to the end.
//!
//! # Conventions
//!
//! Cells are [`grid_core::Coord`], **0-based** (row 0 at the top, column 0 at the
//! left); units (rows, columns, boxes: HoDoKu's *houses*) are [`Unit`](crate::Unit),
//! 0-based; digits are 1..=9. Sentences name cells and units 1-based, as players do:
//! `r5c4` is row 5, column 4; `box 5` is the centre box.
//!
//! # Example
//!
//! ```
//! use sudoku::Sudoku;
//! use sudoku::logic::{Technique, explain, grade};
//!
//! let puzzle: Sudoku =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()?;
//! let explanation = explain(&puzzle)?;
//! assert!(explanation.is_solved());
//! assert_eq!(explanation.steps[0].sentence(), "Hidden Single: in box 1, 6 fits only r2c2, so r2c2 = 6");
//! let grade = grade(&puzzle)?;
//! assert!(grade.hardest.is_some_and(Technique::is_single));
//! assert_eq!(grade.rating.to_string(), "1.2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// Unit and cell numbers are data here (passed on, stored in steps, compared), not
// just indices, so loops over `0..27` and `0..81` read better than iterators.
#![expect(
    clippy::needless_range_loop,
    reason = "the techniques index cells, units and digits together (cell i of unit u, digit d): an index loop reads as the rule it implements"
)]

mod als;
mod candidates;
mod chains;
mod error;
mod fish;
mod grade;
mod intersections;
mod singles;
mod step;
mod subsets;
mod trial;
mod uniqueness;
pub(crate) mod units;
mod wings;

pub use als::als_xz;
pub use candidates::Candidates;
pub use chains::{remote_pair, simple_colouring, x_chain, xy_chain};
pub use error::CandidatesError;
pub use fish::{basic_fish, finned_fish};
pub use grade::{Explanation, Grade, Outcome, explain, explain_with, grade, grade_with};
pub use intersections::{claiming, pointing};
pub use singles::{full_house, hidden_single, naked_single};
pub use step::{Rating, Step, Technique};
pub use subsets::{hidden_subset, naked_subset};
pub use trial::{bounded_trial, forcing_chain};
pub use uniqueness::{
    bug_plus_one, unique_rectangle_type1, unique_rectangle_type2, unique_rectangle_type4,
};
pub use wings::{w_wing, xy_wing, xyz_wing};

#[cfg(doc)]
use crate::Sudoku;

/// Which techniques [`next_step_with`] may use.
///
/// The default allows every technique except the uniqueness ones (the caller must know
/// the puzzle has one solution), last resorts included.
///
/// # Examples
///
/// ```
/// use sudoku::logic::Options;
///
/// let options = Options::default().assume_unique(true).last_resort(false);
/// assert!(options.unique && !options.trial);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The puzzle is known to have exactly one solution: uniqueness techniques
    /// ([`unique_rectangle_type1`], [`unique_rectangle_type2`],
    /// [`unique_rectangle_type4`], [`bug_plus_one`]) may be used. Unsound otherwise.
    pub unique: bool,
    /// The last resorts ([`forcing_chain`], [`bounded_trial`]) may be used.
    pub trial: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            unique: false,
            trial: true,
        }
    }
}

impl Options {
    /// Allows (or forbids) the uniqueness techniques.
    pub fn assume_unique(mut self, unique: bool) -> Self {
        self.unique = unique;
        self
    }

    /// Allows (or forbids) the last resorts.
    pub fn last_resort(mut self, trial: bool) -> Self {
        self.trial = trial;
        self
    }
}

/// The first deduction found by the techniques in [`Technique`]'s order (simplest
/// first), with the default [`Options`] (no uniqueness techniques, last resorts
/// allowed); `None` when the grid is solved, broken or beyond every technique.
///
/// # Examples
///
/// ```
/// use sudoku::Sudoku;
/// use sudoku::logic::{Candidates, Technique, next_step};
///
/// let puzzle: Sudoku =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()?;
/// let mut grid = Candidates::from_sudoku(&puzzle)?;
/// let step = next_step(&grid).expect("a step");
/// assert_eq!(step.technique, Technique::HiddenSingle);
/// grid.apply(&step);
/// assert_eq!(grid.value(step.placements[0].0), Some(6));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn next_step(grid: &Candidates) -> Option<Step> {
    next_step_with(grid, Options::default())
}

/// [`next_step`] with chosen [`Options`].
pub fn next_step_with(grid: &Candidates, options: Options) -> Option<Step> {
    if grid.is_solved() || grid.contradiction().is_some() {
        return None;
    }
    Technique::ALL
        .iter()
        .find_map(|&technique| find(grid, technique, options))
}

/// One deduction by one technique (`None` when it finds nothing or `options` rule it
/// out). Useful to ask "is there an X-Wing here?".
///
/// # Examples
///
/// ```
/// use sudoku::Sudoku;
/// use sudoku::logic::{Candidates, Options, Technique, find};
///
/// let puzzle: Sudoku =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()?;
/// let grid = Candidates::from_sudoku(&puzzle)?;
/// assert!(find(&grid, Technique::NakedSingle, Options::default()).is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn find(grid: &Candidates, technique: Technique, options: Options) -> Option<Step> {
    match technique {
        Technique::FullHouse => full_house(grid),
        Technique::HiddenSingle => hidden_single(grid),
        Technique::NakedSingle => naked_single(grid),
        Technique::LockedCandidatesPointing => pointing(grid),
        Technique::LockedCandidatesClaiming => claiming(grid),
        Technique::NakedPair => naked_subset(grid, 2),
        Technique::XWing => basic_fish(grid, 2),
        Technique::HiddenPair => hidden_subset(grid, 2),
        Technique::FinnedXWing => finned_fish(grid, 2),
        Technique::NakedTriple => naked_subset(grid, 3),
        Technique::Swordfish => basic_fish(grid, 3),
        Technique::HiddenTriple => hidden_subset(grid, 3),
        Technique::FinnedSwordfish => finned_fish(grid, 3),
        Technique::XyWing => xy_wing(grid),
        Technique::XyzWing => xyz_wing(grid),
        Technique::WWing => w_wing(grid),
        Technique::UniqueRectangleType1 => options.unique.then(|| unique_rectangle_type1(grid))?,
        Technique::UniqueRectangleType2 => options.unique.then(|| unique_rectangle_type2(grid))?,
        Technique::UniqueRectangleType4 => options.unique.then(|| unique_rectangle_type4(grid))?,
        Technique::NakedQuad => naked_subset(grid, 4),
        Technique::Jellyfish => basic_fish(grid, 4),
        Technique::HiddenQuad => hidden_subset(grid, 4),
        Technique::BugPlusOne => options.unique.then(|| bug_plus_one(grid))?,
        Technique::RemotePair => remote_pair(grid),
        Technique::SimpleColouring => simple_colouring(grid),
        Technique::XChain => x_chain(grid),
        Technique::XyChain => xy_chain(grid),
        Technique::AlsXz => als_xz(grid),
        Technique::ForcingChain => options.trial.then(|| forcing_chain(grid))?,
        Technique::BoundedTrial => options.trial.then(|| bounded_trial(grid))?,
    }
}
