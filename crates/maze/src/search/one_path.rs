//! One path: depth-first search in move order, each cell entered once.

use grid_core::Direction;

use super::{NO_MOVE, Path, Query, code};
#[cfg(doc)]
use crate::MoveSet;
use crate::bits::BitSet;

impl Query<'_> {
    /// One path from the start to a goal, or `None` when there is none.
    ///
    /// Depth-first search that tries the moves in [`MoveSet::directions`] order (`D`,
    /// `L`, `R`, `U`, then diagonals) and enters each cell at most once, so it runs in
    /// time linear in the maze and always returns the same path. With
    /// [`MoveSet::RightDown`] the maze is acyclic and this is the lexicographically
    /// smallest path; with other move sets it is simply the first path this search meets,
    /// which need not be the shortest (see [`Query::shortest_path`]).
    pub fn some_path(&self) -> Option<Path> {
        if !self.start_open() {
            return None;
        }
        if self.goals.contains(self.start) {
            return Some(Path::new(self.start(), Vec::new()));
        }
        let maze = self.maze;
        let dirs = self.moves.directions();
        let mut seen = BitSet::new(maze.open_len());
        seen.set(self.start);
        // One byte per cell on the current path: arriving move (high nibble), index of the
        // next move to try (low nibble).
        let mut stack: Vec<u8> = vec![NO_MOVE << 4];
        let mut here = self.start;
        while let Some(top) = stack.last_mut() {
            let tried = usize::from(*top & 0xF);
            if tried == dirs.len() {
                let arrived = *top >> 4;
                stack.pop();
                if arrived != NO_MOVE {
                    here = maze.offset(here, Direction::ALL[usize::from(arrived)].opposite());
                }
                continue;
            }
            *top += 1;
            let dir = dirs[tried];
            if let Some(next) = maze.step(here, dir, self.moves)
                && seen.insert(next)
            {
                stack.push(code(dir) << 4);
                here = next;
                if self.goals.contains(next) {
                    return Some(self.path_from_stack(&stack));
                }
            }
        }
        None
    }
}
