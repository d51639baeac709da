//! Does a path exist: breadth-first search with one bit per cell.

use super::{MoveSet, Query};
use crate::tiled::{TiledBits, search_layers};

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
        let steps = free.steps();
        let start = free.index_of(maze, self.start);
        let goals = self.tiled_goals(&free);
        free.take(start);
        let sources = vec![start as u32];
        let stop = |j: usize| goals.contains(j);
        let found = if self.moves == MoveSet::RightDown {
            search_layers::<true>(steps, &mut free, sources, stop)
        } else {
            search_layers::<false>(steps, &mut free, sources, stop)
        };
        found.map(|(_, depth)| depth)
    }
}
