//! The questions, one file each: does a path exist ([`exists`]), one path
//! ([`one_path`]), every path ([`all_paths`]), a shortest path and its length
//! ([`shortest`]), how many paths ([`count`]).
//!
//! This file holds what they share: the [`Query`] (a maze, a start, a goal set and a
//! move set, with the padded-index offsets of the moves), goal membership, the move
//! codes of the depth-first stacks, and the one-step expansion of the breadth-first
//! searches ([`Query::claim_steps`]).

mod all_paths;
mod count;
mod exists;
mod one_path;
mod path;
mod shortest;

use grid_core::{Coord, Direction};

use crate::bits::BitSet;
use crate::tiled::TiledBits;
use crate::{Maze, MazeError, MoveSet};

pub use path::{Path, Paths};

/// Goal membership: a short list for a few goals, a bit set for many.
#[derive(Clone, Debug)]
enum GoalSet {
    Few(Vec<usize>),
    Many(BitSet),
}

impl GoalSet {
    #[inline]
    fn contains(&self, index: usize) -> bool {
        match self {
            GoalSet::Few(list) => list.contains(&index),
            GoalSet::Many(bits) => bits.get(index),
        }
    }
}

/// One question's setting: a maze, a start cell, a set of goal cells and a move set.
/// Make one with [`Maze::query`], then ask it anything.
///
/// Paths start at the start cell, visit no cell twice, pass through open cells only and
/// **end at the first goal cell they reach** (they never pass through a goal). When the
/// start is itself a goal, the only path is the empty one. A blocked start or goal cell
/// simply means there is no path.
///
/// None of the searches recurses: depth-first searches keep an explicit stack of one byte
/// per cell on the current path, breadth-first searches keep two frontier vectors of
/// `u32` cell indices, so a 2000 x 2000 open maze, or a 10,000 x 10,000 one, never
/// overflows the call stack.
#[derive(Clone, Debug)]
pub struct Query<'a> {
    maze: &'a Maze,
    start: usize,
    goals: GoalSet,
    goal_list: Vec<usize>,
    moves: MoveSet,
    /// No walls and no diagonals: the questions that can use the 8 x 8 tiled search
    /// ([`crate::tiled`]) do.
    plain: bool,
}

/// Position of `dir` in [`Direction::ALL`], the code stored in parent and stack bytes.
#[inline]
fn code(dir: Direction) -> u8 {
    match dir {
        Direction::Down => 0,
        Direction::Left => 1,
        Direction::Right => 2,
        Direction::Up => 3,
        Direction::DownLeft => 4,
        Direction::DownRight => 5,
        Direction::UpLeft => 6,
        Direction::UpRight => 7,
    }
}

/// Stack byte of the start cell: no arriving move.
const NO_MOVE: u8 = 0xF;

impl Maze {
    /// Sets up questions from `start` to any cell of `goals` under `moves`.
    ///
    /// # Errors
    ///
    /// [`MazeError::OffMaze`] when the start or a goal lies off the maze;
    /// [`MazeError::NoGoal`] when `goals` is empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use grid_core::Coord;
    /// use maze::{Maze, MoveSet};
    ///
    /// let maze: Maze = "1 0 0 0\n1 1 0 1\n1 1 0 0\n0 1 1 1".parse()?;
    /// let query = maze.query(Coord::new(0, 0), &[Coord::new(3, 3)], MoveSet::Four)?;
    /// let paths: Vec<String> =
    ///     query.all_paths(10).paths.iter().map(|p| p.move_string()).collect();
    /// assert_eq!(paths, ["DDRDRR", "DRDDRR"]);
    /// assert_eq!(query.shortest_path().map(|p| p.len()), Some(6));
    /// # Ok::<(), maze::MazeError>(())
    /// ```
    pub fn query(
        &self,
        start: Coord,
        goals: &[Coord],
        moves: MoveSet,
    ) -> Result<Query<'_>, MazeError> {
        let off = |role, cell: Coord| MazeError::OffMaze {
            role,
            cell,
            rows: self.rows(),
            cols: self.cols(),
        };
        if !self.contains(start) {
            return Err(off("start", start));
        }
        if goals.is_empty() {
            return Err(MazeError::NoGoal);
        }
        let mut goal_list = Vec::with_capacity(goals.len());
        for &goal in goals {
            if !self.contains(goal) {
                return Err(off("goal", goal));
            }
            goal_list.push(self.index(goal));
        }
        goal_list.sort_unstable();
        goal_list.dedup();
        let goal_set = if goal_list.len() <= 16 {
            GoalSet::Few(goal_list.clone())
        } else {
            let mut bits = BitSet::new(self.open_len());
            for &g in &goal_list {
                bits.set(g);
            }
            GoalSet::Many(bits)
        };
        Ok(Query {
            maze: self,
            start: self.index(start),
            goals: goal_set,
            goal_list,
            moves,
            plain: !self.has_walls() && !moves.has_diagonals(),
        })
    }
}

impl Query<'_> {
    /// Claims every cell one allowed move from the open cell at padded index `i` that is
    /// still marked in `free` (a copy of the open cells, cleared as cells are reached) and
    /// calls `f(next, dir)` for it, in move order. (Mazes without walls and without
    /// diagonals never get here: they take the tiled search.)
    #[inline(always)]
    fn claim_steps(&self, i: usize, free: &mut BitSet, mut f: impl FnMut(usize, Direction)) {
        for &dir in self.moves.directions() {
            if let Some(j) = self.maze.step(i, dir, self.moves)
                && free.take(j)
            {
                f(j, dir);
            }
        }
    }

    /// The move set in use.
    pub fn moves(&self) -> MoveSet {
        self.moves
    }

    /// The start cell.
    pub fn start(&self) -> Coord {
        self.maze.coord(self.start)
    }

    /// The goal cells, sorted row-major, without repeats.
    pub fn goals(&self) -> Vec<Coord> {
        self.goal_list.iter().map(|&g| self.maze.coord(g)).collect()
    }

    fn start_open(&self) -> bool {
        self.maze.open_at(self.start)
    }

    fn path_from_stack(&self, stack: &[u8]) -> Path {
        let mut path = Path::new(self.start(), Vec::new());
        self.fill_path_from_stack(stack, &mut path);
        path
    }

    /// Overwrites `path`'s moves with those of a depth-first `stack` (its first entry is
    /// the start), reusing its buffer.
    fn fill_path_from_stack(&self, stack: &[u8], path: &mut Path) {
        path.moves.clear();
        path.moves.extend(
            stack[1..]
                .iter()
                .map(|b| Direction::ALL[usize::from(b >> 4)]),
        );
    }

    /// The goal set in tiled indices.
    fn tiled_goals(&self, tiles: &TiledBits) -> GoalSet {
        let maze = self.maze;
        match &self.goals {
            GoalSet::Few(list) => {
                GoalSet::Few(list.iter().map(|&g| tiles.index_of(maze, g)).collect())
            }
            GoalSet::Many(_) => {
                let mut bits = BitSet::new(tiles.len());
                for &g in &self.goal_list {
                    bits.set(tiles.index_of(maze, g));
                }
                GoalSet::Many(bits)
            }
        }
    }
}
