//! Every simple path, in order, with a limit: depth-first enumeration that enters only
//! cells from which a goal is still reachable.

use std::ops::ControlFlow;

use grid_core::Direction;

use super::{GoalSet, NO_MOVE, Path, Paths, Query, code};
#[cfg(doc)]
use crate::MoveSet;
use crate::bits::BitSet;

/// The class of the cells seeded next to the goals in a [`Race`].
const GOAL_CLASS: usize = 8;

/// Scratch space of [`Query::live_moves`]: the cells searched since the last reset, the
/// class each was reached by (one byte per cell, allocated the first time a race runs),
/// and the list of cells to clear.
struct LiveScratch {
    seen: BitSet,
    owner: Vec<u8>,
    touched: Vec<u32>,
    len: usize,
}

impl LiveScratch {
    fn new(len: usize) -> LiveScratch {
        LiveScratch {
            seen: BitSet::new(len),
            owner: Vec::new(),
            touched: Vec::new(),
            len,
        }
    }

    /// Clears the marks of the cells touched since the last reset (not the whole maze).
    fn reset(&mut self) {
        for &c in &self.touched {
            self.seen.clear(c as usize);
        }
        self.touched.clear();
    }

    /// Marks `cell` reached by class `class`.
    fn mark(&mut self, cell: usize, class: usize) {
        if self.owner.is_empty() {
            self.owner = vec![0; self.len];
        }
        self.seen.set(cell);
        self.owner[cell] = class as u8;
        self.touched.push(cell as u32);
    }
}

/// Where a class of a [`Race`] stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Standing {
    /// No target in this class.
    Unused,
    /// Still searching.
    Open,
    /// Its component touches a goal.
    Live,
    /// Its component was searched to the end without meeting a goal.
    Dead,
}

/// Breadth-first searches from up to eight classes of move targets (plus the cells next
/// to the goals, class [`GOAL_CLASS`]), one cell each in turn, joined when they meet.
struct Race {
    /// Union-find over the classes.
    parent: [usize; 9],
    standing: [Standing; 9],
    /// The class's component holds a cell next to a goal (then it is live).
    seeded: [bool; 9],
    /// The class's search ran out of cells: its component is known whole.
    exhausted: [bool; 9],
    queues: [Vec<u32>; 9],
    heads: [usize; 9],
}

impl Race {
    fn root(&self, mut c: usize) -> usize {
        while self.parent[c] != c {
            c = self.parent[c];
        }
        c
    }

    /// Joins the classes of `a` and `b` (roots, `a < b`): one component, live if either
    /// is; returns the root.
    fn join(&mut self, a: usize, b: usize) -> usize {
        self.parent[b] = a;
        let rest = std::mem::take(&mut self.queues[b]);
        self.queues[a].extend_from_slice(&rest[self.heads[b]..]);
        self.seeded[a] |= self.seeded[b];
        self.exhausted[a] = false;
        if self.standing[a] == Standing::Live || self.standing[b] == Standing::Live {
            self.standing[a] = Standing::Live;
        }
        a
    }

    /// Marks the class `c` (a root) as meeting a goal.
    fn live(&mut self, c: usize) {
        self.standing[c] = Standing::Live;
        self.seeded[c] = true;
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
    /// `here`, or a goal is adjacent), breadth-first searches from every local class and
    /// from the goals' neighbours, run in turns, decide ([`Query::race`]): the work is
    /// about the size of the smaller parts the path cut off, at most 9 x O(cells) per
    /// cell entered. (Searching one class at a time, as before, walked the whole big part
    /// whenever the goal lay in a small one: 3.9 million cells per check on a 2000 x 2000
    /// open maze.)
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
        // Search from every class at once, one cell each in turn: a class whose
        // component is small (a pocket the path cut off) is settled after as many steps,
        // and the search stops as soon as every class is settled.
        let mut class = [usize::MAX; 8];
        for (k, &t) in targets.iter().enumerate().take(dirs.len()) {
            if t != usize::MAX {
                class[k] = class_of(t).unwrap_or(k);
            }
        }
        let live = self.race(&targets, &class, goal_next, on_path, reach, scratch);
        scratch.reset();
        let mut mask = candidates;
        for k in 0..dirs.len() {
            if targets[k] != usize::MAX && !live[class[k]] {
                mask &= !(1 << k);
            }
        }
        mask
    }

    /// Settles which classes of move targets (`class[k]` for `targets[k]`, both unset at
    /// `usize::MAX`) lie in a component of the open cells off the path that touches a
    /// goal: breadth-first searches from every class and from the cells next to the goals
    /// (when there are at most 16 goals), one cell each in turn, joined when they meet. A
    /// class is live when its search meets a goal or a live search, dead when it runs out
    /// of cells; and when every class but one is dead and no goal is next to `here`, the
    /// last one is live by the enumeration's invariant. So the work is about the number of
    /// classes times the smaller components' size, not the maze's.
    fn race(
        &self,
        targets: &[usize; 8],
        class: &[usize; 8],
        goal_next: bool,
        on_path: &BitSet,
        reach: &BitSet,
        scratch: &mut LiveScratch,
    ) -> [bool; 9] {
        let maze = self.maze;
        let mut race = Race {
            parent: std::array::from_fn(|c| c),
            standing: [Standing::Unused; 9],
            seeded: [false; 9],
            exhausted: [false; 9],
            queues: Default::default(),
            heads: [0; 9],
        };
        for (k, &t) in targets.iter().enumerate() {
            if t != usize::MAX && !scratch.seen.get(t) {
                race.standing[class[k]] = Standing::Open;
                scratch.mark(t, class[k]);
                race.queues[class[k]].push(t as u32);
            }
        }
        // With a few goals, their neighbours are searched from too: a component is live
        // exactly when it holds one of them, so once every component holding one is
        // known whole, the classes still searching are dead.
        let all_seeded = matches!(self.goals, GoalSet::Few(_));
        if let GoalSet::Few(goals) = &self.goals {
            for &g in goals {
                for &dir in self.moves.directions() {
                    if let Some(n) = maze.step(g, dir, self.moves)
                        && !on_path.get(n)
                        && reach.get(n)
                        && !self.goals.contains(n)
                    {
                        if scratch.seen.get(n) {
                            let c = race.root(usize::from(scratch.owner[n]));
                            race.live(c);
                        } else {
                            race.live(GOAL_CLASS);
                            scratch.mark(n, GOAL_CLASS);
                            race.queues[GOAL_CLASS].push(n as u32);
                        }
                    }
                }
            }
        }
        while self.race_round(&mut race, goal_next, all_seeded, on_path, reach, scratch) {}
        std::array::from_fn(|c| race.standing[race.root(c)] == Standing::Live)
    }

    /// One round of a [`Race`]: one cell from each class still searching (live ones too,
    /// while a class is open: a live component known whole proves the others dead).
    /// Returns whether a class is still open.
    fn race_round(
        &self,
        race: &mut Race,
        goal_next: bool,
        all_seeded: bool,
        on_path: &BitSet,
        reach: &BitSet,
        scratch: &mut LiveScratch,
    ) -> bool {
        let (mut open, mut live, mut seeds_known) = (0, false, all_seeded);
        for c in 0..9 {
            if race.parent[c] == c && race.standing[c] != Standing::Unused {
                open += usize::from(race.standing[c] == Standing::Open);
                live |= c != GOAL_CLASS && race.standing[c] == Standing::Live;
                seeds_known &= !race.seeded[c] || race.exhausted[c];
            }
        }
        if open == 0 {
            return false;
        }
        if seeds_known || (open == 1 && !goal_next && !live) {
            // Every component next to a goal is known and the open classes are not among
            // them: dead. Or every other class is dead, and by the invariant the last one
            // reaches a goal.
            let settled = if seeds_known {
                Standing::Dead
            } else {
                Standing::Live
            };
            for c in 0..9 {
                if race.parent[c] == c && race.standing[c] == Standing::Open {
                    race.standing[c] = settled;
                }
            }
            return false;
        }
        for c in 0..9 {
            if race.parent[c] != c || race.standing[c] == Standing::Unused || race.exhausted[c] {
                continue;
            }
            let Some(&i) = race.queues[c].get(race.heads[c]) else {
                race.exhausted[c] = true;
                if race.standing[c] == Standing::Open {
                    race.standing[c] = Standing::Dead;
                }
                continue;
            };
            race.heads[c] += 1;
            self.race_step(race, c, i as usize, on_path, reach, scratch);
        }
        true
    }

    /// Expands cell `i` of the search of class `c` (a root) in a [`Race`].
    fn race_step(
        &self,
        race: &mut Race,
        c: usize,
        i: usize,
        on_path: &BitSet,
        reach: &BitSet,
        scratch: &mut LiveScratch,
    ) {
        let mut me = c;
        for &dir in self.moves.directions() {
            let Some(j) = self.maze.step(i, dir, self.moves) else {
                continue;
            };
            if on_path.get(j) || !reach.get(j) {
                continue;
            }
            if self.goals.contains(j) {
                race.live(me);
            } else if scratch.seen.get(j) {
                let other = race.root(usize::from(scratch.owner[j]));
                if other != me {
                    me = race.join(me.min(other), me.max(other));
                }
            } else {
                scratch.mark(j, me);
                race.queues[me].push(j as u32);
            }
        }
    }

    /// Every simple path from the start to a goal (no cell visited twice, ending at the
    /// first goal reached), sorted by moves in [`MoveSet::directions`] order, at most
    /// `limit` of them; [`Paths::truncated`] says whether more exist. It collects what
    /// [`Query::each_path`] finds: to write paths as they are found, with memory that
    /// does not grow with their number, use that instead.
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
        self.each_path(|path| {
            if paths.len() == limit {
                truncated = true;
                return ControlFlow::Break(());
            }
            paths.push(path.clone());
            ControlFlow::Continue(())
        });
        Paths { paths, truncated }
    }

    /// Calls `visit` with every simple path from the start to a goal, in the order and
    /// with the definition of [`Query::all_paths`], as each is found, until `visit`
    /// returns [`ControlFlow::Break`]; returns whether every path was visited (`false`:
    /// `visit` stopped the search).
    ///
    /// Nothing is kept between two calls but the search's own state (one byte per cell
    /// on the current path, and bit sets over the maze), so memory does not grow with the
    /// number of paths visited: a caller that writes each path out lists millions of them
    /// in the memory of one. `visit` is also where a caller stops a long listing (a limit,
    /// a cancellation flag checked at each path); the work between two paths is bounded as
    /// in [`Query::all_paths`].
    ///
    /// # Examples
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use grid_core::Coord;
    /// use maze::{Maze, MoveSet};
    ///
    /// let maze: Maze = "1 0 0 0\n1 1 0 1\n1 1 0 0\n0 1 1 1".parse()?;
    /// let query = maze.query(Coord::new(0, 0), &[Coord::new(3, 3)], MoveSet::Four)?;
    /// let mut written = String::new();
    /// let all = query.each_path(|path| {
    ///     written.push_str(&path.move_string());
    ///     written.push('\n');
    ///     ControlFlow::Continue(())
    /// });
    /// assert!(all);
    /// assert_eq!(written, "DDRDRR\nDRDDRR\n");
    ///
    /// // Stopping after the first path: not every path was visited.
    /// assert!(!query.each_path(|_| ControlFlow::Break(())));
    /// # Ok::<(), maze::MazeError>(())
    /// ```
    pub fn each_path(&self, mut visit: impl FnMut(&Path) -> ControlFlow<()>) -> bool {
        if self.start_open() && self.goals.contains(self.start) {
            return visit(&Path::new(self.start(), Vec::new())).is_continue();
        }
        let mut all = true;
        let mut path = Path::new(self.start(), Vec::new());
        self.enumerate(|stack, last| {
            self.fill_path_from_stack(stack, &mut path);
            path.moves.push(last);
            all = visit(&path).is_continue();
            all
        });
        all
    }
}
