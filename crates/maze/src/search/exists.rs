//! Does a path exist: breadth-first search with one bit per cell.

use super::{MoveSet, Query};
use crate::tiled::TiledBits;

impl Query<'_> {
    /// Whether some goal cell can be reached from the start.
    ///
    /// Breadth-first search over a copy of the open-cell bits that clears each cell as it
    /// is reached (one bit per cell tells "open and not reached yet"): time linear in the number of
    /// cells, memory one bit per cell plus the frontier.
    pub fn path_exists(&self) -> bool {
        // The same search as the distance: counting its layers costs nothing.
        self.shortest_distance().is_some()
    }

    /// Breadth-first search on the 8 x 8 tiled copy of the open cells ([`TiledBits`]) for
    /// mazes without walls and diagonals: the distance to the nearest goal, or `None`.
    /// The start is open and not a goal.
    pub(super) fn tiled_distance(&self) -> Option<usize> {
        let maze = self.maze;
        let mut free = TiledBits::from_open(maze);
        let start = free.index_of(maze, self.start);
        let goals = self.tiled_goals(&free);
        let right_down = self.moves == MoveSet::RightDown;
        free.take(start);
        let mut frontier = vec![start as u32];
        let mut next = Vec::new();
        let mut depth = 0;
        while !frontier.is_empty() {
            depth += 1;
            let mut hit = false;
            for &i in &frontier {
                let i = i as usize;
                let neighbours = [free.down(i), free.left(i), free.right(i), free.up(i)];
                for (k, &j) in neighbours.iter().enumerate() {
                    if right_down && (k == 1 || k == 3) {
                        continue;
                    }
                    if free.take(j) {
                        hit |= goals.contains(j);
                        next.push(j as u32);
                    }
                }
            }
            if hit {
                return Some(depth);
            }
            std::mem::swap(&mut frontier, &mut next);
            next.clear();
        }
        None
    }
}
