//! How many paths: exact dynamic programming for right-and-down, enumeration with a
//! limit otherwise.

use std::sync::atomic::{AtomicBool, Ordering};

use grid_core::{BoundedCount, Direction};

use super::{MoveSet, Query};

impl Query<'_> {
    /// How often [`Query::count_paths_watched`] reports: every this many paths.
    pub const PROGRESS_EVERY: u128 = 1 << 16;

    /// The number of paths from the start to a goal (same definition as
    /// [`Query::all_paths`]).
    ///
    /// With [`MoveSet::RightDown`] the count is exact by dynamic programming over the rows
    /// (every right-and-down path is simple), in `u128` (a 40 x 40 open maze has
    /// C(78, 39) ≈ 2.6e22 paths), in O(rows x cols) time and O(cols) memory; `limit` is
    /// ignored; a count beyond `u128::MAX` is `at_least(u128::MAX)` (cells with more
    /// paths than that which lead to no goal do not count). Other move sets
    /// enumerate the paths (with the same pruning as [`Query::all_paths`]) and stop after
    /// `limit`: an inexact count (`exact: false`) of `limit` then means there are **more
    /// than** `limit` (the enumeration met one more path). Counting every simple path takes time
    /// exponential in the maze in general; since every cell the enumeration enters leads
    /// to a path, `limit` bounds the work (O(`limit` x path length x cells)).
    pub fn count_paths(&self, limit: u128) -> BoundedCount {
        self.count_paths_until(limit, &AtomicBool::new(false))
    }

    /// [`Query::count_paths`] that stops early once `stop` is set (checked at each path
    /// found): the cancellation hook of a caller that may be interrupted (the library
    /// knows nothing of signals). A stopped count is `at_least` the paths counted so far,
    /// as one stopped by `limit` is; the caller knows from its flag which stopped it.
    /// The right-and-down count, one pass over the maze, does not look at the flag.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use grid_core::{BoundedCount, Coord};
    /// use maze::{Maze, MoveSet};
    ///
    /// let maze: Maze = "1 1\n1 1".parse()?;
    /// let query = maze.query(Coord::new(0, 0), &[Coord::new(1, 1)], MoveSet::Four)?;
    /// assert_eq!(query.count_paths_until(10, &AtomicBool::new(false)), BoundedCount::exact(2));
    /// assert_eq!(query.count_paths_until(10, &AtomicBool::new(true)), BoundedCount::at_least(0));
    /// # Ok::<(), maze::MazeError>(())
    /// ```
    pub fn count_paths_until(&self, limit: u128, stop: &AtomicBool) -> BoundedCount {
        self.count_paths_watched(limit, stop, &mut |_| {})
    }

    /// [`Query::count_paths_until`] that also tells `progress` how many paths it has
    /// counted so far, each time that number reaches a multiple of
    /// [`Query::PROGRESS_EVERY`] (65,536 paths), for a caller that shows a long count's
    /// progress. The right-and-down count, one pass over the maze, never calls it.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use grid_core::{BoundedCount, Coord};
    /// use maze::{Maze, MoveSet, Query};
    ///
    /// // An open 6 x 6 maze: 1,262,816 paths corner to corner under the four moves.
    /// let maze: Maze = vec!["1 1 1 1 1 1"; 6].join("\n").parse()?;
    /// let query = maze.query(Coord::new(0, 0), &[Coord::new(5, 5)], MoveSet::Four)?;
    /// let mut seen = Vec::new();
    /// let count = query.count_paths_watched(200_000, &AtomicBool::new(false), &mut |n| seen.push(n));
    /// assert_eq!(count, BoundedCount::at_least(200_000));
    /// assert_eq!(seen, [1, 2, 3].map(|k| k * Query::PROGRESS_EVERY));
    /// # Ok::<(), maze::MazeError>(())
    /// ```
    pub fn count_paths_watched(
        &self,
        limit: u128,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(u128),
    ) -> BoundedCount {
        if !self.start_open() {
            return BoundedCount::exact(0);
        }
        if self.goals.contains(self.start) {
            // The empty path is the only one.
            return if limit == 0 && self.moves != MoveSet::RightDown {
                BoundedCount::at_least(0)
            } else {
                BoundedCount::exact(1)
            };
        }
        if self.moves == MoveSet::RightDown {
            return self.count_right_down();
        }
        let mut count: u128 = 0;
        let mut more = false;
        self.enumerate(|_, _| {
            if count == limit || stop.load(Ordering::Relaxed) {
                more = true;
                return false;
            }
            count += 1;
            if count.is_multiple_of(Self::PROGRESS_EVERY) {
                progress(count);
            }
            true
        });
        if more {
            BoundedCount::at_least(count)
        } else {
            BoundedCount::exact(count)
        }
    }

    /// Paths by rows: the number of paths to each cell, `None` for more than
    /// `u128::MAX`. A cell with more paths than that but no way on to a goal leaves
    /// the count exact: only a sum that reaches a goal makes it inexact.
    fn count_right_down(&self) -> BoundedCount {
        let maze = self.maze;
        let start = maze.coord(self.start);
        let cols = maze.cols();
        let add = |a: Option<u128>, b: Option<u128>| a?.checked_add(b?);
        let mut ways: Vec<Option<u128>> = vec![Some(0); cols];
        let mut total = Some(0u128);
        for row in start.row..maze.rows() {
            for col in start.col..cols {
                let i = maze.index(grid_core::Coord::new(row, col));
                if i == self.start {
                    ways[col] = Some(1);
                    continue;
                }
                let mut here = Some(0u128);
                if row > start.row {
                    let up = i - maze.stride();
                    if !self.goals.contains(up) && maze.cardinal_step(up, Direction::Down).is_some()
                    {
                        here = ways[col];
                    }
                }
                if col > start.col {
                    let left = i - 1;
                    if !self.goals.contains(left)
                        && maze.cardinal_step(left, Direction::Right).is_some()
                    {
                        here = add(here, ways[col - 1]);
                    }
                }
                ways[col] = here;
                if self.goals.contains(i) {
                    total = add(total, here);
                }
            }
        }
        match total {
            Some(total) => BoundedCount::exact(total),
            None => BoundedCount::at_least(u128::MAX),
        }
    }
}
