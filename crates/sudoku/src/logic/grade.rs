//! The whole path to the solution, and the difficulty grade it implies.

use super::candidates::Candidates;
use super::error::CandidatesError;
use super::step::{Rating, Step, Technique};
use super::{Options, next_step_with};
use crate::Sudoku;

/// How an [`Explanation`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Outcome {
    /// Every cell is filled.
    Solved,
    /// No technique allowed finds anything more (only when the last resorts are off,
    /// or the puzzle has several solutions).
    Stuck,
    /// The grid broke (a cell without candidates, or a digit with no place in a house):
    /// the puzzle has no solution.
    Contradiction,
}

/// Every step from a puzzle's givens to its solution (or to where the techniques
/// stopped): replay them on [`Explanation::start`] with [`Candidates::apply`] to see the
/// grid before any step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The candidate grid of the givens.
    pub start: Candidates,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The grid after the last step.
    pub end: Candidates,
    /// How it ended.
    pub outcome: Outcome,
    /// Whether uniqueness techniques were allowed (the puzzle was known to be unique).
    pub assumed_unique: bool,
}

impl Explanation {
    /// Each step with the candidate grid just before it (what a `--draw` option shows),
    /// replayed from [`Explanation::start`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku::Sudoku;
    /// use sudoku::logic::explain;
    ///
    /// let puzzle: Sudoku =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse()?;
    /// let explanation = explain(&puzzle)?;
    /// for (before, step) in explanation.before_each_step() {
    ///     let (cell, digit) = step.placements[0];
    ///     assert!(before.has(cell, digit));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn before_each_step(&self) -> impl Iterator<Item = (Candidates, &Step)> + '_ {
        let mut grid = self.start.clone();
        self.steps.iter().map(move |step| {
            let before = grid.clone();
            grid.apply(step);
            (before, step)
        })
    }

    /// Whether the steps reach the full solution.
    pub fn is_solved(&self) -> bool {
        self.outcome == Outcome::Solved
    }

    /// The grade these steps give: the hardest step and its rating.
    pub fn grade(&self) -> Grade {
        let hardest = self.steps.iter().max_by_key(|s| (s.rating(), s.technique));
        Grade {
            hardest: hardest.map(|s| s.technique),
            rating: hardest.map_or(Rating(0), Step::rating),
            steps: self.steps.len(),
            outcome: self.outcome,
        }
    }
}

/// A puzzle's difficulty: the hardest technique its explanation needed and the rating
/// of that step on Sudoku Explainer's scale (see [`Technique::base_rating`]; SE rates a
/// puzzle by its hardest step, and so does this).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grade {
    /// The technique of the hardest step; `None` when there was no step (a full grid).
    pub hardest: Option<Technique>,
    /// The rating of the hardest step (0.0 for no step).
    pub rating: Rating,
    /// How many steps the explanation took.
    pub steps: usize,
    /// How the explanation ended; a grade of a puzzle that was not solved is a lower
    /// bound.
    pub outcome: Outcome,
}

/// Explains a puzzle step by step. Uniqueness techniques are used only when the
/// exhaustive solver confirms the puzzle has exactly one solution
/// ([`Sudoku::solution`]); last resorts are allowed, so a puzzle with one solution is
/// always [`Outcome::Solved`].
///
/// # Errors
///
/// [`CandidatesError::UnsupportedSize`] unless the puzzle is 9 x 9.
pub fn explain(sudoku: &Sudoku) -> Result<Explanation, CandidatesError> {
    let start = Candidates::from_sudoku(sudoku)?;
    let unique = sudoku.solution().is_some();
    Ok(explain_with(
        &start,
        Options::default().assume_unique(unique),
    ))
}

/// Explains from any candidate grid with chosen [`Options`] (`options.unique` must be
/// true only for a puzzle known to have one solution).
///
/// # Examples
///
/// ```
/// use sudoku::Sudoku;
/// use sudoku::logic::{Candidates, Options, Outcome, explain_with};
///
/// // Norvig's hard1 has many solutions: singles alone stop, and nothing is forced.
/// let puzzle: Sudoku =
///     ".....6....59.....82....8....45........3........6..3.54...325..6..................".parse()?;
/// let explanation = explain_with(&Candidates::from_sudoku(&puzzle)?, Options::default());
/// assert_eq!(explanation.outcome, Outcome::Stuck);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn explain_with(start: &Candidates, options: Options) -> Explanation {
    let mut grid = start.clone();
    let mut steps = Vec::new();
    let outcome = loop {
        if grid.is_solved() {
            break Outcome::Solved;
        }
        if grid.contradiction().is_some() {
            break Outcome::Contradiction;
        }
        let Some(step) = next_step_with(&grid, options) else {
            break Outcome::Stuck;
        };
        let before = grid.clone();
        grid.apply(&step);
        steps.push(step);
        // invariant: every technique returns a step that changes the grid; stop rather
        // than loop should one not.
        if grid == before {
            break Outcome::Stuck;
        }
    };
    Explanation {
        start: start.clone(),
        steps,
        end: grid,
        outcome,
        assumed_unique: options.unique,
    }
}

/// Grades a puzzle: [`explain`] it and take its hardest step.
///
/// # Errors
///
/// [`CandidatesError::UnsupportedSize`] unless the puzzle is 9 x 9.
///
/// # Examples
///
/// ```
/// use sudoku::Sudoku;
/// use sudoku::logic::{Technique, grade};
///
/// // Norvig's grid2, the first of top95: beyond singles, it needs pointing.
/// let puzzle: Sudoku =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let grade = grade(&puzzle)?;
/// assert_eq!(grade.hardest, Some(Technique::LockedCandidatesPointing));
/// assert_eq!(grade.rating.to_string(), "2.6");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grade(sudoku: &Sudoku) -> Result<Grade, CandidatesError> {
    Ok(explain(sudoku)?.grade())
}

/// [`grade`] from a candidate grid with chosen [`Options`].
pub fn grade_with(start: &Candidates, options: Options) -> Grade {
    explain_with(start, options).grade()
}
