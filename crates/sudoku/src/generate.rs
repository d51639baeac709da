//! Seeded generation of puzzles with a unique solution.
//!
//! Method (the usual "dig holes" generator, as in most published generators): fill the
//! empty grid with a randomised depth-first search (random value order at each branch),
//! then visit the cells in random order and blank each one (with its symmetric partners)
//! whenever the puzzle keeps a unique solution. Removing givens only adds solutions, so
//! a given whose removal was refused once can never be removed later: a single pass
//! leaves a *minimal* puzzle (no given, or symmetric group of givens, can be removed).
//!
//! On grids larger than 16 x 16, proving uniqueness of a sparse puzzle can take very
//! long, so each check there is limited to [`LARGE_GRID_GUESS_BUDGET`] guesses; a
//! removal whose check runs out of budget is refused. Uniqueness stays guaranteed;
//! minimality is then proven only for the removals that were decided.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::Sudoku;
use crate::general::GeneralSolver;
use crate::shape::BoxShape;
use crate::variant::{Regions, Variant, VariantKind};
use crate::variant_solver::VariantSolver;

/// The guess budget of one uniqueness check while generating grids larger than 16 x 16.
pub const LARGE_GRID_GUESS_BUDGET: u64 = 300;

/// Which cells are blanked together, so the pattern of givens is symmetric.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Symmetry {
    /// No constraint on the pattern.
    #[default]
    None,
    /// 180° rotation: `(r, c)` with `(n-1-r, n-1-c)`.
    Central,
    /// Reflection in the main diagonal: `(r, c)` with `(c, r)`.
    Diagonal,
}

impl Symmetry {
    /// The cell removed together with `cell` (row-major index, 0-based) in an `n` x `n`
    /// grid: `cell` itself when there is no symmetry.
    fn partner(self, cell: usize, n: usize) -> usize {
        let (r, c) = (cell / n, cell % n);
        match self {
            Symmetry::None => cell,
            Symmetry::Central => (n - 1 - r) * n + (n - 1 - c),
            Symmetry::Diagonal => c * n + r,
        }
    }
}

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The box shape (and so the size) of the grid.
    pub shape: BoxShape,
    /// Symmetry of the givens' pattern.
    pub symmetry: Symmetry,
    /// Stop blanking once the puzzle has this many givens, never going below it (a
    /// symmetric pair that would is kept). `None` (the default) blanks as long as the
    /// solution stays unique, giving a minimal puzzle. When the target is below what the
    /// pass can reach (or only a pair is left to take from one above it), the result
    /// has more givens than asked.
    pub target_givens: Option<usize>,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            shape: BoxShape::CLASSIC,
            symmetry: Symmetry::None,
            target_givens: None,
        }
    }
}

/// Generates puzzle number `index` of the sequence given by `seed`: the same
/// `(options, seed, index)` always gives the same puzzle (ChaCha8, stream `index`), and
/// different indexes can be generated independently, in parallel.
///
/// The result always has exactly one solution.
///
/// # Examples
///
/// ```
/// use sudoku::{generate, GenerateOptions, Symmetry};
///
/// let options = GenerateOptions { symmetry: Symmetry::Central, ..GenerateOptions::default() };
/// let puzzle = generate(&options, 42, 0);
/// assert!(puzzle.is_uniquely_solvable());
/// assert_eq!(puzzle, generate(&options, 42, 0));
/// ```
pub fn generate(options: &GenerateOptions, seed: u64, index: u64) -> Sudoku {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    let shape = options.shape;
    let n = shape.size();
    let solver = GeneralSolver::new(shape);
    let empty = vec![0u8; n * n];
    let mut shuffle = |values: &mut [u32]| values.shuffle(&mut rng);
    // The empty grid of any box shape has solutions, so `first` is always there.
    let filled = solver.search(&empty, 1, Some(&mut shuffle)).first;
    let mut cells = filled.unwrap_or(empty);
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(&mut rng);
    let mut givens = cells.iter().filter(|&&v| v != 0).count();
    let target = options.target_givens.unwrap_or(0);
    let mut scratch = Sudoku::empty(shape);
    let mut checker = GeneralSolver::new(shape);
    if n > 16 {
        checker.max_guesses = LARGE_GRID_GUESS_BUDGET;
    }
    for cell in order {
        if givens <= target {
            break;
        }
        let partner = options.symmetry.partner(cell, n);
        let removed = if partner == cell { 1 } else { 2 };
        // A pair that would go below the target is skipped: never fewer givens than asked.
        if cells[cell] == 0 || cells[partner] == 0 || givens - removed < target {
            continue;
        }
        let saved = (cells[cell], cells[partner]);
        cells[cell] = 0;
        cells[partner] = 0;
        scratch.cells.copy_from_slice(&cells);
        let unique = if n > 16 {
            let result = checker.search(&cells, 2, None);
            result.count == 1 && result.stats.guesses < LARGE_GRID_GUESS_BUDGET
        } else {
            scratch.count_solutions_up_to(2).count == 1
        };
        if unique {
            givens -= removed;
        } else {
            cells[cell] = saved.0;
            cells[partner] = saved.1;
        }
    }
    Sudoku { shape, cells }
}

/// [`generate`] under a 9 x 9 variant's rules: puzzle number `index` of the sequence
/// given by `seed`, unique under the variant (and minimal for it), with the variant it
/// was made for. For [`VariantKind::Jigsaw`] each puzzle gets a fresh region layout
/// from the same seed and index (random border swaps from the boxes that keep every
/// region connected); `options.shape` is taken as 9 x 9.
///
/// # Examples
///
/// ```
/// use sudoku::{generate_variant, GenerateOptions, VariantKind};
///
/// let (puzzle, variant) = generate_variant(&GenerateOptions::default(), VariantKind::X, 7, 0);
/// assert_eq!(puzzle.analyse_variant(2, &variant).count.count, 1);
/// ```
pub fn generate_variant(
    options: &GenerateOptions,
    kind: VariantKind,
    seed: u64,
    index: u64,
) -> (Sudoku, Variant) {
    if kind == VariantKind::Classic {
        let options = GenerateOptions {
            shape: BoxShape::CLASSIC,
            ..*options
        };
        return (generate(&options, seed, index), Variant::Classic);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    let n = 9;
    loop {
        let variant = match Variant::fixed(kind) {
            Some(v) => v,
            None => {
                let mut next = |k: usize| rng.random_range(0..k);
                Variant::Jigsaw(Regions::random(&mut next, 600))
            }
        };
        let mut filler = VariantSolver::new(&variant);
        // A jigsaw layout may have no solution at all, and proving so can take long:
        // the fill gets a guess budget, and a layout that runs out is replaced.
        filler.max_guesses = 2_000;
        let solver = VariantSolver::new(&variant);
        let empty = vec![0u8; n * n];
        let mut shuffle = |values: &mut [u16]| values.shuffle(&mut rng);
        let Some(mut cells) = filler.search(&empty, 1, Some(&mut shuffle)).first else {
            continue;
        };
        let mut order: Vec<usize> = (0..n * n).collect();
        order.shuffle(&mut rng);
        let mut givens = n * n;
        let target = options.target_givens.unwrap_or(0);
        for cell in order {
            if givens <= target {
                break;
            }
            let partner = options.symmetry.partner(cell, n);
            let removed = if partner == cell { 1 } else { 2 };
            // As in `generate`: never fewer givens than the target.
            if cells[cell] == 0 || cells[partner] == 0 || givens - removed < target {
                continue;
            }
            let saved = (cells[cell], cells[partner]);
            cells[cell] = 0;
            cells[partner] = 0;
            if solver.search(&cells, 2, None).count == 1 {
                givens -= removed;
            } else {
                cells[cell] = saved.0;
                cells[partner] = saved.1;
            }
        }
        let shape = BoxShape::CLASSIC;
        return (Sudoku { shape, cells }, variant);
    }
}
