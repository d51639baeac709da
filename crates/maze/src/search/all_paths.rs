//! Every simple path, in order, with a limit: depth-first enumeration that enters only
//! cells from which a goal is still reachable.

use grid_core::Direction;

use super::{NO_MOVE, Path, Paths, Query, code};
#[cfg(doc)]
use crate::MoveSet;
use crate::bits::BitSet;

/// Scratch space of [`Query::live_moves`]: cells searched since the last reset, those
/// whose search met a goal, and the list of cells to clear.
struct LiveScratch {
    seen: BitSet,
    live: BitSet,
    touched: Vec<u32>,
}

impl LiveScratch {
    fn new(len: usize) -> LiveScratch {
        LiveScratch {
            seen: BitSet::new(len),
            live: BitSet::new(len),
            touched: Vec::new(),
        }
    }

    /// Clears the marks of the cells touched since the last reset (not the whole maze).
    fn reset(&mut self) {
        for &c in &self.touched {
            self.seen.clear(c as usize);
            self.live.clear(c as usize);
        }
        self.touched.clear();
    }
}

impl Query<'_> {
    /// Cells from which some goal can be reached (breadth-first search backwards from
    /// the goals), used to prune the enumerations.
    fn cells_reaching_goal(&self) -> BitSet {
        let maze = self.maze;
        let dirs = self.moves.directions();
        let mut reach = BitSet::new(maze.open_len());
        let mut frontier: Vec<u32> = Vec::new();
        for &g in &self.goal_list {
            if maze.open_at(g) && reach.insert(g) {
                frontier.push(g as u32);
            }
        }
        let mut next = Vec::new();
        while !frontier.is_empty() {
            for &j in &frontier {
                for &dir in dirs {
                    // Moves are symmetric (see `Maze::step`): i -> j by `dir` exactly when
                    // j -> i by the opposite move under the same corner rule.
                    let back = dir.opposite();
                    if let Some(i) = maze.step(j as usize, back, self.moves)
                        && !self.goals.contains(i)
                        && reach.insert(i)
                    {
                        next.push(i as u32);
                    }
                }
            }
            std::mem::swap(&mut frontier, &mut next);
            next.clear();
        }
        reach
    }

    /// Depth-first enumeration of every simple path in move order, calling `found` with
    /// the stack of each path; stops when `found` returns `false`.
    ///
    /// Pruning is static *and* dynamic. Statically, only cells that can reach a goal at
    /// all are entered. Dynamically (symmetric move sets), a cell is entered only if a
    /// goal is still reachable from it without touching the current path
    /// ([`Query::live_moves`]), so every cell on the stack extends to at least one
    /// complete path: the search never wanders into a region the path has cut off, and
    /// the work between two consecutive paths is polynomial (at most path length x 8
    /// reachability checks of O(cells) each), instead of exponential in the dead ends.
    /// With [`MoveSet::RightDown`] the moves form an acyclic graph whose paths cannot
    /// meet the cells already on the path, so the static pruning is already exact.
    pub(super) fn enumerate(&self, mut found: impl FnMut(&[u8], Direction) -> bool) {
        if !self.start_open() {
            return;
        }
        let maze = self.maze;
        let dirs = self.moves.directions();
        let reach = self.cells_reaching_goal();
        if !reach.get(self.start) {
            return;
        }
        let mut on_path = BitSet::new(maze.open_len());
        on_path.set(self.start);
        let mut scratch = LiveScratch::new(maze.open_len());
        let mut stack: Vec<u8> = vec![NO_MOVE << 4];
        // Parallel to `stack`: bit k set when move `dirs[k]` from that cell leads to a goal
        // avoiding the path (computed once, when the cell is entered).
        let mut live: Vec<u8> = vec![self.live_moves(self.start, &on_path, &reach, &mut scratch)];
        let mut here = self.start;
        while let Some(top) = stack.last_mut() {
            let tried = usize::from(*top & 0xF);
            if tried == dirs.len() {
                let arrived = *top >> 4;
                stack.pop();
                live.pop();
                on_path.clear(here);
                if arrived != NO_MOVE {
                    here = maze.offset(here, Direction::ALL[usize::from(arrived)].opposite());
                }
                continue;
            }
            *top += 1;
            // invariant: `live` has one entry per stack entry
            let mask = live.last().copied().unwrap_or(0);
            if mask & (1 << tried) == 0 {
                continue;
            }
            let dir = dirs[tried];
            let Some(next) = maze.step(here, dir, self.moves) else {
                continue;
            };
            if self.goals.contains(next) {
                if !found(&stack, dir) {
                    return;
                }
                continue;
            }
            on_path.set(next);
            stack.push(code(dir) << 4);
            here = next;
            live.push(self.live_moves(here, &on_path, &reach, &mut scratch));
        }
    }

    /// The moves out of `here` (the last cell of the current path, marked in `on_path`)
    /// that lead to a goal without touching the path: bit k for `directions()[k]`.
    ///
    /// Precondition (the enumeration's invariant): a goal is reachable from `here`
    /// avoiding the other path cells. Let G be the graph of open cells off the path and
    /// not goals (goals end paths, so they never relay). Each non-goal move target lies
    /// in some component of G, and is live exactly when that component touches a goal.
    ///
    /// Cheap case first, O(1): join the up to 8 cells around `here` that are in G by the
    /// moves among them. If every non-goal move target falls into one local class and no
    /// target is a goal, they all share one component of G, and by the invariant that
    /// component touches a goal, so every target is live. This is the usual case (open
    /// areas, corridors: a step cannot have disconnected anything), so long paths through
    /// big open mazes cost O(1) per cell. Otherwise (the path pinches the area around
    /// `here`, or a goal is adjacent), a breadth-first search from each local class,
    /// stopping at the first goal it touches, decides; searches that meet an earlier
    /// one's cells reuse its answer. That costs O(cells) per class, so at most
    /// 8 x O(cells) per cell entered.
    fn live_moves(
        &self,
        here: usize,
        on_path: &BitSet,
        reach: &BitSet,
        scratch: &mut LiveScratch,
    ) -> u8 {
        let maze = self.maze;
        let dirs = self.moves.directions();
        let mut targets = [usize::MAX; 8];
        let mut candidates: u8 = 0;
        let mut goal_next = false;
        for (k, &dir) in dirs.iter().enumerate() {
            if let Some(next) = maze.step(here, dir, self.moves)
                && !on_path.get(next)
                && reach.get(next)
            {
                candidates |= 1 << k;
                if self.goals.contains(next) {
                    goal_next = true;
                } else {
                    targets[k] = next;
                }
            }
        }
        if !self.moves.is_symmetric() {
            return candidates;
        }
        let in_graph = |i: usize| maze.open_at(i) && !on_path.get(i) && !self.goals.contains(i);
        // Local classes of the ring of 8 cells around `here` (union-find on 8 slots).
        let ring: [usize; 8] = std::array::from_fn(|d| maze.offset(here, Direction::ALL[d]));
        let mut parent: [usize; 8] = std::array::from_fn(|d| d);
        fn root(parent: &[usize; 8], mut a: usize) -> usize {
            while parent[a] != a {
                a = parent[a];
            }
            a
        }
        for a in 0..8 {
            if !in_graph(ring[a]) {
                continue;
            }
            for &dir in dirs {
                if let Some(b) = maze.step(ring[a], dir, self.moves)
                    && let Some(slot) = ring.iter().position(|&r| r == b)
                    && in_graph(b)
                {
                    let (ra, rb) = (root(&parent, a), root(&parent, slot));
                    parent[ra] = rb;
                }
            }
        }
        let class_of = |cell: usize| {
            ring.iter()
                .position(|&r| r == cell)
                .map(|slot| root(&parent, slot))
        };
        let mut classes = targets
            .iter()
            .filter(|&&t| t != usize::MAX)
            .filter_map(|&t| class_of(t));
        let one_class = match classes.next() {
            Some(first) => classes.all(|c| c == first),
            None => true,
        };
        if one_class && !goal_next {
            return candidates;
        }
        // Search from each target, reusing answers of earlier searches it meets.
        let mut mask = candidates;
        for (k, &t) in targets.iter().enumerate().take(dirs.len()) {
            if t == usize::MAX {
                continue;
            }
            if !self.reaches_goal(t, on_path, reach, scratch) {
                mask &= !(1 << k);
            }
        }
        scratch.reset();
        mask
    }

    /// Whether a goal can be reached from the non-goal cell `from` through open cells off
    /// the path (breadth-first, stops at the first goal). Cells searched before (since the
    /// last [`LiveScratch::reset`]) keep their component's answer: a search that starts on
    /// or meets one is in that component and takes its answer.
    fn reaches_goal(
        &self,
        from: usize,
        on_path: &BitSet,
        reach: &BitSet,
        scratch: &mut LiveScratch,
    ) -> bool {
        if scratch.seen.get(from) {
            // Seen by an earlier, finished search: the same component.
            return scratch.live.get(from);
        }
        let maze = self.maze;
        let first = scratch.touched.len();
        scratch.seen.set(from);
        scratch.touched.push(from as u32);
        let mut head = first;
        let mut result = false;
        'search: while head < scratch.touched.len() {
            let i = scratch.touched[head] as usize;
            head += 1;
            for &dir in self.moves.directions() {
                let Some(j) = maze.step(i, dir, self.moves) else {
                    continue;
                };
                if on_path.get(j) || !reach.get(j) {
                    continue;
                }
                if self.goals.contains(j) {
                    result = true;
                    break 'search;
                }
                if scratch.seen.get(j) {
                    // Our own cell, or one of an earlier search that met a goal (a search
                    // that met none explored its whole component, which is not ours).
                    if scratch.live.get(j) {
                        result = true;
                        break 'search;
                    }
                    continue;
                }
                scratch.seen.set(j);
                scratch.touched.push(j as u32);
            }
        }
        if result {
            for &c in &scratch.touched[first..] {
                scratch.live.set(c as usize);
            }
        }
        result
    }

    /// Every simple path from the start to a goal (no cell visited twice, ending at the
    /// first goal reached), sorted by moves in [`MoveSet::directions`] order, at most
    /// `limit` of them; [`Paths::truncated`] says whether more exist.
    ///
    /// Depth-first backtracking with an explicit stack; it meets the paths already in
    /// sorted order. It enters a cell only if a goal is still reachable from it without
    /// touching the current path, so every cell it enters extends to a complete path and
    /// the first `limit` paths cost O(`limit` x path length x cells) time at worst, never
    /// time exponential in the dead ends. The number of paths itself can grow
    /// exponentially with the maze, hence the limit: it bounds the running time as well
    /// as the output.
    pub fn all_paths(&self, limit: usize) -> Paths {
        let mut paths = Vec::new();
        let mut truncated = false;
        if self.start_open() && self.goals.contains(self.start) {
            if limit == 0 {
                truncated = true;
            } else {
                paths.push(Path::new(self.start(), Vec::new()));
            }
            return Paths { paths, truncated };
        }
        self.enumerate(|stack, last| {
            if paths.len() == limit {
                truncated = true;
                return false;
            }
            let mut path = self.path_from_stack(stack);
            path.moves.push(last);
            paths.push(path);
            true
        });
        Paths { paths, truncated }
    }
}
