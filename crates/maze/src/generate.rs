//! Seeded maze generation (feature `generate`).

use grid_core::{Coord, Direction};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::bits::BitSet;
use crate::{Maze, MazeError};

/// How a perfect maze (exactly one path between any two cells) is carved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Recursive backtracker (randomised depth-first search), run with an explicit stack:
    /// long winding corridors, few dead ends. Fast on any size. (Buck, *Mazes for
    /// Programmers*, 2015, ch. 5.)
    #[default]
    Backtracker,
    /// Wilson's algorithm: loop-erased random walks give a spanning tree drawn uniformly
    /// from all spanning trees, i.e. an unbiased maze (Wilson, "Generating random spanning
    /// trees more quickly than the cover time", STOC 1996). Slower to start on big mazes.
    Wilson,
}

/// Settings for [`generate_walled`] and [`generate_cells`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GenerateOptions {
    /// The carving algorithm.
    pub algorithm: Algorithm,
    /// Probability in `0.0..=1.0` that each interior wall still standing after carving is
    /// taken down too, adding loops (`0.0` keeps the maze perfect).
    pub loops: f64,
    /// Seed of the ChaCha8 generator: the same seed and settings give the same maze on
    /// every platform.
    pub seed: u64,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            algorithm: Algorithm::Backtracker,
            loops: 0.0,
            seed: 0,
        }
    }
}

/// A `rows x cols` maze of open cells separated by walls (the micromouse model), carved
/// into a perfect maze by `options.algorithm`, then opened up by `options.loops`.
///
/// # Errors
///
/// [`MazeError::Size`] for zero rows or columns or `loops` outside `0.0..=1.0`;
/// [`MazeError::TooLarge`] (checked before any work) when [`Maze::new`] would refuse
/// `rows x cols`.
///
/// # Examples
///
/// ```
/// use grid_core::Coord;
/// use maze::{generate_walled, GenerateOptions, MoveSet};
///
/// let maze = generate_walled(8, 8, &GenerateOptions { seed: 7, ..Default::default() })?;
/// let corner = [Coord::new(7, 7)];
/// let query = maze.query(Coord::new(0, 0), &corner, MoveSet::Four)?;
/// assert_eq!(query.all_paths(10).paths.len(), 1); // a perfect maze: exactly one path
/// # Ok::<(), maze::MazeError>(())
/// ```
pub fn generate_walled(
    rows: usize,
    cols: usize,
    options: &GenerateOptions,
) -> Result<Maze, MazeError> {
    check_size(rows, cols)?;
    if !(0.0..=1.0).contains(&options.loops) {
        return Err(MazeError::Size(format!(
            "loops must be a probability between 0 and 1, found {}",
            options.loops
        )));
    }
    let mut maze = Maze::new(rows, cols, true)?;
    for row in 0..rows {
        for col in 0..cols {
            maze.set_wall(Coord::new(row, col), Direction::Right, true);
            maze.set_wall(Coord::new(row, col), Direction::Down, true);
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    match options.algorithm {
        Algorithm::Backtracker => backtracker(&mut maze, &mut rng),
        Algorithm::Wilson => wilson(&mut maze, &mut rng),
    }
    if options.loops > 0.0 {
        for row in 0..rows {
            for col in 0..cols {
                let cell = Coord::new(row, col);
                for dir in [Direction::Right, Direction::Down] {
                    if cell.step(dir, rows, cols).is_some()
                        && maze.has_wall(cell, dir)
                        && rng.random_bool(options.loops)
                    {
                        maze.set_wall(cell, dir, false);
                    }
                }
            }
        }
    }
    Ok(maze)
}

/// A `rows x cols` maze of open and blocked cells (the Rat-in-a-Maze model) with the
/// top-left and bottom-right corners open and joined: a walled maze of
/// `ceil(rows / 2) x ceil(cols / 2)` cells from [`generate_walled`], converted with
/// [`Maze::to_cell_form`]. When `rows` (or `cols`) is even, the last row (column) is
/// blocked except for the one cell that joins the bottom-right corner, so the maze stays
/// perfect.
///
/// # Errors
///
/// As [`generate_walled`].
pub fn generate_cells(
    rows: usize,
    cols: usize,
    options: &GenerateOptions,
) -> Result<Maze, MazeError> {
    check_size(rows, cols)?;
    let walled = generate_walled(rows.div_ceil(2), cols.div_ceil(2), options)?;
    let core = walled.to_cell_form()?;
    if core.rows() == rows && core.cols() == cols {
        return Ok(core);
    }
    let mut maze = Maze::new(rows, cols, false)?;
    for row in 0..core.rows() {
        for col in 0..core.cols() {
            let cell = Coord::new(row, col);
            if core.is_open(cell) {
                maze.set_open(cell, true);
            }
        }
    }
    let (last_row, last_col) = (core.rows() - 1, core.cols() - 1);
    for col in last_col..cols {
        maze.set_open(Coord::new(last_row, col), true);
    }
    for row in last_row..rows {
        maze.set_open(Coord::new(row, cols - 1), true);
    }
    Ok(maze)
}

/// The in-maze neighbours of `cell` with the direction leading to each.
fn neighbours(cell: Coord, rows: usize, cols: usize) -> impl Iterator<Item = (Direction, Coord)> {
    Direction::CARDINAL
        .into_iter()
        .filter_map(move |d| cell.step(d, rows, cols).map(|n| (d, n)))
}

fn backtracker(maze: &mut Maze, rng: &mut ChaCha8Rng) {
    let (rows, cols) = (maze.rows(), maze.cols());
    let mut visited = BitSet::new(rows * cols);
    visited.set(0);
    let mut stack: Vec<u32> = vec![0];
    let mut options: Vec<(Direction, Coord)> = Vec::with_capacity(4);
    while let Some(&top) = stack.last() {
        let top = top as usize;
        let cell = Coord::new(top / cols, top % cols);
        options.clear();
        options.extend(neighbours(cell, rows, cols).filter(|(_, n)| !visited.get(n.index(cols))));
        if options.is_empty() {
            stack.pop();
            continue;
        }
        let (dir, next) = options[rng.random_range(0..options.len())];
        maze.set_wall(cell, dir, false);
        visited.set(next.index(cols));
        stack.push(next.index(cols) as u32);
    }
}

fn wilson(maze: &mut Maze, rng: &mut ChaCha8Rng) {
    let (rows, cols) = (maze.rows(), maze.cols());
    let mut in_tree = BitSet::new(rows * cols);
    in_tree.set(0);
    // The direction last taken out of each cell during the current walk; following these
    // from the walk's start traces the loop-erased walk.
    let mut exit = vec![0u8; rows * cols];
    let mut moves: Vec<(Direction, Coord)> = Vec::with_capacity(4);
    for first in 1..rows * cols {
        if in_tree.get(first) {
            continue;
        }
        let mut here = Coord::new(first / cols, first % cols);
        while !in_tree.get(here.index(cols)) {
            moves.clear();
            moves.extend(neighbours(here, rows, cols));
            let (dir, next) = moves[rng.random_range(0..moves.len())];
            exit[here.index(cols)] = dir as u8;
            here = next;
        }
        let mut here = Coord::new(first / cols, first % cols);
        while !in_tree.get(here.index(cols)) {
            in_tree.set(here.index(cols));
            let dir = Direction::CARDINAL[usize::from(exit[here.index(cols)])];
            maze.set_wall(here, dir, false);
            here = here
                .step(dir, rows, cols)
                .expect("recorded moves stay on the maze"); // invariant: the walk recorded only on-maze moves
        }
    }
}

/// Refuses a maze with no rows or no columns, naming the size asked for, and one too
/// large for [`Maze::new`] before any work is done (a cell-form maze is carved at a quarter
/// of its size, which could fit when the maze itself does not).
fn check_size(rows: usize, cols: usize) -> Result<(), MazeError> {
    if rows == 0 || cols == 0 {
        return Err(MazeError::Size(format!(
            "cannot generate a {rows} x {cols} maze: rows and columns must be at least 1"
        )));
    }
    Maze::check_size(rows, cols)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_large_mazes_are_refused_before_any_work() {
        // 10^10 cells: carved at a quarter of its size, 2.5e9 cells would fit in `Maze`,
        // so without the early check this would run for minutes before failing.
        let options = GenerateOptions::default();
        assert_eq!(
            generate_cells(100_000, 100_000, &options),
            Err(MazeError::TooLarge {
                rows: 100_000,
                cols: 100_000
            })
        );
        assert_eq!(
            generate_walled(100_000, 100_000, &options),
            Err(MazeError::TooLarge {
                rows: 100_000,
                cols: 100_000
            })
        );
    }
}
