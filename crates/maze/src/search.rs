//! The questions: path exists, one path, all paths, shortest path, number of paths.

use grid_core::{Coord, Direction, Grid};

use crate::bits::BitSet;
use crate::tiled::{TiledBits, TiledLabels};
use crate::{Maze, MazeError, MoveSet};

/// A route through the maze: a start cell and the moves taken from it.
///
/// Stored as one byte per move, so even a path through most of a 10^8-cell maze fits.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Path {
    start: Coord,
    moves: Vec<Direction>,
}

impl Path {
    /// A path from `start` taking `moves` in order. It is not checked against any maze.
    pub fn new(start: Coord, moves: Vec<Direction>) -> Path {
        Path { start, moves }
    }

    /// The first cell.
    pub fn start(&self) -> Coord {
        self.start
    }

    /// The moves in order.
    pub fn moves(&self) -> &[Direction] {
        &self.moves
    }

    /// Number of moves (one less than the number of cells).
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the path has no moves (start and goal are the same cell).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Every cell of the path in order, the start first.
    ///
    /// # Panics
    ///
    /// Panics if a move leaves row or column 0 (only for a hand-made [`Path::new`] that
    /// leaves the board; paths found by a [`Query`] never do).
    pub fn cells(&self) -> impl Iterator<Item = Coord> + '_ {
        let mut here = self.start;
        std::iter::once(here).chain(self.moves.iter().map(move |dir| {
            let (dr, dc) = dir.delta();
            here = Coord::new(
                here.row
                    .checked_add_signed(dr)
                    .expect("path stays on the board"), // invariant: documented panic
                here.col
                    .checked_add_signed(dc)
                    .expect("path stays on the board"), // invariant: documented panic
            );
            here
        }))
    }

    /// The last cell.
    pub fn end(&self) -> Coord {
        self.cells().last().unwrap_or(self.start)
    }

    /// The moves as text: `"DDRDRR"`. Cardinal moves are single letters written without a
    /// separator; when the path has a diagonal move (`DL`, `DR`, `UL`, `UR`), every move is
    /// followed by a space except the last (`"D DR R"`), so the text is never ambiguous.
    pub fn move_string(&self) -> String {
        let spaced = self.moves.iter().any(|d| d.is_diagonal());
        let mut text = String::with_capacity(self.moves.len() * if spaced { 3 } else { 1 });
        for (i, dir) in self.moves.iter().enumerate() {
            if spaced && i > 0 {
                text.push(' ');
            }
            text.push_str(dir.letters());
        }
        text
    }

    /// The moves as text with `separator` between them (`"D DR R"` for `" "`), the
    /// uniform form for lists of eight-direction paths.
    pub fn move_string_separated(&self, separator: &str) -> String {
        let letters: Vec<&str> = self.moves.iter().map(|d| d.letters()).collect();
        letters.join(separator)
    }

    /// The classic statement's solution matrix: a `rows x cols` grid with `1` on every
    /// cell of the path and `0` elsewhere.
    pub fn solution_matrix(&self, rows: usize, cols: usize) -> Grid<u8> {
        let mut grid = Grid::new(rows, cols, 0u8);
        for cell in self.cells() {
            if let Some(slot) = grid.get_mut(cell) {
                *slot = 1;
            }
        }
        grid
    }
}

/// Every path found by [`Query::all_paths`], in order, and whether more exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paths {
    /// The paths, sorted by their moves in [`MoveSet::directions`] order (for the
    /// four-direction and right-and-down sets: lexicographically, `D < L < R < U`).
    pub paths: Vec<Path>,
    /// `true` when more paths exist than the limit allowed to be listed.
    pub truncated: bool,
}

/// How many paths lead from the start to the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathCount {
    /// Exactly this many.
    Exact(u128),
    /// More than this many: the enumeration stopped at its limit, or the exact count
    /// exceeds `u128::MAX` (then the value is `u128::MAX`).
    MoreThan(u128),
}

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
    /// No walls and no diagonals: a move is an offset and a bit test.
    plain: bool,
    /// Padded-index offset of each move of `moves.directions()`, in order.
    offsets: [(Direction, isize); 8],
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

/// Two bits per cell: 0 for an open cell not reached yet, otherwise 1 + the distance
/// modulo 3 of a reached cell; blocked cells start at 3 so they never look free (the
/// walk back checks openness itself).
#[derive(Clone, Debug)]
struct Labels {
    words: Vec<u64>,
}

impl Labels {
    /// Labels for a search: 0 on open cells, 3 on blocked ones.
    fn from_open(open: &BitSet) -> Labels {
        let mut words = Vec::with_capacity(open.words().len() * 2);
        for &w in open.words() {
            for half in [w & 0xFFFF_FFFF, w >> 32] {
                // Spread 32 bits to the even positions of 64 (bit k -> bit 2k).
                let mut x = half;
                x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
                x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
                x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
                x = (x | (x << 2)) & 0x3333_3333_3333_3333;
                x = (x | (x << 1)) & 0x5555_5555_5555_5555;
                words.push(!(x | (x << 1)));
            }
        }
        Labels { words }
    }

    #[inline]
    fn get(&self, i: usize) -> u8 {
        ((self.words[i >> 5] >> ((i & 31) * 2)) & 3) as u8
    }

    #[inline]
    fn set(&mut self, i: usize, label: u8) {
        let shift = (i & 31) * 2;
        let word = &mut self.words[i >> 5];
        *word = (*word & !(3 << shift)) | (u64::from(label) << shift);
    }
}

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
        let mut offsets = [(Direction::Down, 0isize); 8];
        let stride = self.stride() as isize;
        for (slot, &dir) in offsets.iter_mut().zip(moves.directions()) {
            let (dr, dc) = dir.delta();
            *slot = (dir, dr * stride + dc);
        }
        Ok(Query {
            maze: self,
            start: self.index(start),
            goals: goal_set,
            goal_list,
            moves,
            plain: !self.has_walls() && !matches!(moves, MoveSet::Eight { .. }),
            offsets,
        })
    }
}

impl Query<'_> {
    /// Claims every cell one allowed move from the open cell at padded index `i` that is
    /// still marked in `free` (a copy of the open cells, cleared as cells are reached) and
    /// calls `f(next, dir)` for it, in move order. Mazes without walls and without
    /// diagonals take a fast path: one offset and one bit test per move, the bit telling
    /// "open and not reached yet" at once.
    #[inline(always)]
    fn claim_steps(&self, i: usize, free: &mut BitSet, mut f: impl FnMut(usize, Direction)) {
        if self.plain {
            for &(dir, offset) in &self.offsets[..self.moves.directions().len()] {
                let j = i.wrapping_add_signed(offset);
                if free.take(j) {
                    f(j, dir);
                }
            }
        } else {
            for &dir in self.moves.directions() {
                if let Some(j) = self.maze.step(i, dir, self.moves)
                    && free.take(j)
                {
                    f(j, dir);
                }
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

    /// Whether some goal cell can be reached from the start.
    ///
    /// Breadth-first search over a copy of the open-cell bits that clears each cell as it
    /// is reached (one bit per cell tells "open and not reached yet"): time linear in the number of
    /// cells, memory one bit per cell plus the frontier.
    pub fn path_exists(&self) -> bool {
        if !self.start_open() {
            return false;
        }
        if self.goals.contains(self.start) {
            return true;
        }
        if self.plain {
            return self.tiled_distance().is_some();
        }
        let maze = self.maze;
        let mut free = maze.open_bits().clone();
        free.clear(self.start);
        let mut frontier = vec![self.start as u32];
        let mut next = Vec::new();
        while !frontier.is_empty() {
            for &i in &frontier {
                let mut hit = false;
                self.claim_steps(i as usize, &mut free, |j, _| {
                    hit |= self.goals.contains(j);
                    next.push(j as u32);
                });
                if hit {
                    return true;
                }
            }
            std::mem::swap(&mut frontier, &mut next);
            next.clear();
        }
        false
    }

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

    fn path_from_stack(&self, stack: &[u8]) -> Path {
        let moves = stack[1..]
            .iter()
            .map(|b| Direction::ALL[usize::from(b >> 4)])
            .collect();
        Path::new(self.start(), moves)
    }

    /// A shortest path (fewest moves) from the start to the nearest goal, or `None`.
    ///
    /// Breadth-first search (Moore 1959) that labels every reached cell with its distance
    /// **modulo 3** in two bits, with no hashing and no per-cell allocation. Two cells one
    /// move apart have distances that differ by at most one, so stepping to any neighbour
    /// labelled one less (mod 3) retraces a shortest path.
    ///
    /// With the symmetric move sets (four and eight directions) the search runs from the
    /// goals back to the start, and the path is then rebuilt from the start taking, at
    /// every step, the first move in [`MoveSet::directions`] order that stays on a shortest
    /// route: the result is the **lexicographically smallest shortest path** (`DDRDRR`
    /// rather than `DRDDRR` in the GeeksforGeeks example). With right-and-down the search
    /// runs from the start and the path is walked back from the goal it reached first,
    /// taking the first move in order at each step back. Memory: two bits per cell plus
    /// the frontier, and on mazes without walls or diagonals one more bit per cell for the
    /// tiled copy of the open cells (37.5 MB in all, plus the maze's 12.5 MB, for
    /// 10,000 x 10,000).
    pub fn shortest_path(&self) -> Option<Path> {
        if !self.start_open() {
            return None;
        }
        if self.goals.contains(self.start) {
            return Some(Path::new(self.start(), Vec::new()));
        }
        if self.plain {
            return self.tiled_shortest_path();
        }
        let mut labels = Labels::from_open(self.maze.open_bits());
        if self.moves.is_symmetric() {
            let sources: Vec<u32> = self
                .goal_list
                .iter()
                .filter(|&&g| self.maze.open_at(g))
                .map(|&g| g as u32)
                .collect();
            self.label_layers(&mut labels, sources, |j| j == self.start)?;
            Some(self.walk_forward(&labels))
        } else {
            let found = self.label_layers(&mut labels, vec![self.start as u32], |j| {
                self.goals.contains(j)
            })?;
            Some(self.walk_back(&labels, found))
        }
    }

    /// Breadth-first search from `sources` (labelled 1) giving each reached cell
    /// `1 + distance mod 3`, until a cell with `stop(cell)` is reached; returns that cell.
    fn label_layers(
        &self,
        labels: &mut Labels,
        mut frontier: Vec<u32>,
        stop: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        for &s in &frontier {
            labels.set(s as usize, 1);
        }
        let mut next = Vec::new();
        let mut label: u8 = 1;
        while !frontier.is_empty() {
            label = label % 3 + 1;
            for &i in &frontier {
                let mut hit = None;
                let mut reached = |labels: &mut Labels, j: usize| {
                    labels.set(j, label);
                    if hit.is_none() && stop(j) {
                        hit = Some(j);
                    }
                    next.push(j as u32);
                };
                if self.plain {
                    for &(_, offset) in &self.offsets[..self.moves.directions().len()] {
                        let j = (i as usize).wrapping_add_signed(offset);
                        if labels.get(j) == 0 {
                            reached(labels, j);
                        }
                    }
                } else {
                    for &dir in self.moves.directions() {
                        if let Some(j) = self.maze.step(i as usize, dir, self.moves)
                            && labels.get(j) == 0
                        {
                            reached(labels, j);
                        }
                    }
                }
                if hit.is_some() {
                    return hit;
                }
            }
            std::mem::swap(&mut frontier, &mut next);
            next.clear();
        }
        None
    }

    /// Number of moves on a shortest path, or `None`; same search as
    /// [`Query::path_exists`], counting layers, with one bit per cell instead of two.
    pub fn shortest_distance(&self) -> Option<usize> {
        if !self.start_open() {
            return None;
        }
        if self.goals.contains(self.start) {
            return Some(0);
        }
        if self.plain {
            return self.tiled_distance();
        }
        let maze = self.maze;
        let mut free = maze.open_bits().clone();
        free.clear(self.start);
        let mut frontier = vec![self.start as u32];
        let mut next = Vec::new();
        let mut depth = 0;
        while !frontier.is_empty() {
            depth += 1;
            for &i in &frontier {
                let mut hit = false;
                self.claim_steps(i as usize, &mut free, |j, _| {
                    hit |= self.goals.contains(j);
                    next.push(j as u32);
                });
                if hit {
                    return Some(depth);
                }
            }
            std::mem::swap(&mut frontier, &mut next);
            next.clear();
        }
        None
    }

    /// Rebuilds a shortest path from the start after a search from the goals: at each
    /// step the first move in order to a neighbour labelled one less, modulo 3.
    fn walk_forward(&self, labels: &Labels) -> Path {
        let mut moves = Vec::new();
        let mut at = self.start;
        while !self.goals.contains(at) {
            let want = match labels.get(at) {
                1 => 3,
                l => l - 1,
            };
            let step = self.moves.directions().iter().find_map(|&dir| {
                self.maze
                    .step(at, dir, self.moves)
                    .filter(|&n| labels.get(n) == want)
                    .map(|n| (n, dir))
            });
            // invariant: a cell at distance d > 0 from the goals has a neighbour at d - 1
            let Some((n, dir)) = step else { break };
            moves.push(dir);
            at = n;
        }
        Path::new(self.start(), moves)
    }

    /// Breadth-first search on the 8 x 8 tiled copy of the open cells ([`TiledBits`]) for
    /// mazes without walls and diagonals: the distance to the nearest goal, or `None`.
    /// The start is open and not a goal.
    fn tiled_distance(&self) -> Option<usize> {
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

    /// [`Query::shortest_path`] on the tiled layout for mazes without walls and diagonals;
    /// the same searches and the same tie-breaks. The start is open and not a goal.
    fn tiled_shortest_path(&self) -> Option<Path> {
        let maze = self.maze;
        let dirs = self.moves.directions();
        let open = TiledBits::from_open(maze);
        let mut labels = TiledLabels::from_open(&open);
        let start = open.index_of(maze, self.start);
        let goals = self.tiled_goals(&open);
        let symmetric = self.moves.is_symmetric();
        let mut frontier: Vec<u32> = if symmetric {
            self.goal_list
                .iter()
                .filter(|&&g| maze.open_at(g))
                .map(|&g| open.index_of(maze, g) as u32)
                .collect()
        } else {
            vec![start as u32]
        };
        for &s in &frontier {
            labels.set(s as usize, 1);
        }
        let mut next = Vec::new();
        let mut label: u8 = 1;
        let mut found = None;
        'search: while !frontier.is_empty() {
            label = label % 3 + 1;
            for &i in &frontier {
                for &dir in dirs {
                    let j = open.neighbour(i as usize, dir);
                    if labels.get(j) == 0 {
                        labels.set(j, label);
                        next.push(j as u32);
                        let stop = if symmetric {
                            j == start
                        } else {
                            goals.contains(j)
                        };
                        if stop && found.is_none() {
                            found = Some(j);
                        }
                    }
                }
                if found.is_some() {
                    break 'search;
                }
            }
            std::mem::swap(&mut frontier, &mut next);
            next.clear();
        }
        let found = found?;
        let previous = |l: u8| if l == 1 { 3 } else { l - 1 };
        let mut moves = Vec::new();
        if symmetric {
            let mut at = start;
            while !goals.contains(at) {
                let want = previous(labels.get(at));
                let step = dirs.iter().find_map(|&dir| {
                    let n = open.neighbour(at, dir);
                    (open.get(n) && labels.get(n) == want).then_some((n, dir))
                });
                // invariant: a cell at distance d > 0 from the goals has a neighbour at d - 1
                let Some((n, dir)) = step else { break };
                moves.push(dir);
                at = n;
            }
        } else {
            let mut at = found;
            while at != start {
                let want = previous(labels.get(at));
                let step = dirs.iter().find_map(|&dir| {
                    let p = open.neighbour(at, dir.opposite());
                    (open.get(p) && labels.get(p) == want).then_some((p, dir))
                });
                // invariant: a cell at distance d > 0 has a predecessor at distance d - 1
                let Some((p, dir)) = step else { break };
                moves.push(dir);
                at = p;
            }
            moves.reverse();
        }
        Some(Path::new(self.start(), moves))
    }

    /// Retraces a shortest path from `at` (a reached cell) back to the start through
    /// neighbours labelled one less, modulo 3.
    fn walk_back(&self, labels: &Labels, mut at: usize) -> Path {
        let mut moves = Vec::new();
        while at != self.start {
            let want = match labels.get(at) {
                1 => 3,
                l => l - 1,
            };
            let mut back = None;
            for &dir in self.moves.directions() {
                // A predecessor `p` with `p --dir--> at`: moves are symmetric, so
                // `at --opposite--> p` under the same rules.
                if let Some(p) = self.maze.step(at, dir.opposite(), self.moves)
                    && labels.get(p) == want
                {
                    back = Some((p, dir));
                    break;
                }
            }
            // invariant: a cell at distance d > 0 has a neighbour at distance d - 1
            let Some((p, dir)) = back else { break };
            moves.push(dir);
            at = p;
        }
        moves.reverse();
        Path::new(self.start(), moves)
    }

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
    fn enumerate(&self, mut found: impl FnMut(&[u8], Direction) -> bool) {
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

    /// The number of paths from the start to a goal (same definition as
    /// [`Query::all_paths`]).
    ///
    /// With [`MoveSet::RightDown`] the count is exact by dynamic programming over the rows
    /// (every right-and-down path is simple), in `u128` (a 40 x 40 open maze has
    /// C(78, 39) ≈ 2.6e22 paths), in O(rows x cols) time and O(cols) memory; `limit` is
    /// ignored. Other move sets enumerate the paths (with the same pruning as
    /// [`Query::all_paths`]) and stop after `limit`: [`PathCount::MoreThan`]`(limit)` then
    /// means there are more than `limit`. Counting every simple path takes time
    /// exponential in the maze in general; since every cell the enumeration enters leads
    /// to a path, `limit` bounds the work (O(`limit` x path length x cells)).
    pub fn count_paths(&self, limit: u128) -> PathCount {
        if !self.start_open() {
            return PathCount::Exact(0);
        }
        if self.goals.contains(self.start) {
            // The empty path is the only one.
            return if limit == 0 && self.moves != MoveSet::RightDown {
                PathCount::MoreThan(0)
            } else {
                PathCount::Exact(1)
            };
        }
        if self.moves == MoveSet::RightDown {
            return self.count_right_down();
        }
        let mut count: u128 = 0;
        let mut more = false;
        self.enumerate(|_, _| {
            if count == limit {
                more = true;
                return false;
            }
            count += 1;
            true
        });
        if more {
            PathCount::MoreThan(limit)
        } else {
            PathCount::Exact(count)
        }
    }

    fn count_right_down(&self) -> PathCount {
        let maze = self.maze;
        let start = maze.coord(self.start);
        let cols = maze.cols();
        let mut ways = vec![0u128; cols];
        let mut total: u128 = 0;
        for row in start.row..maze.rows() {
            for col in start.col..cols {
                let i = maze.index(grid_core::Coord::new(row, col));
                if i == self.start {
                    ways[col] = 1;
                    continue;
                }
                let mut here: u128 = 0;
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
                        match here.checked_add(ways[col - 1]) {
                            Some(sum) => here = sum,
                            None => return PathCount::MoreThan(u128::MAX),
                        }
                    }
                }
                ways[col] = here;
                if self.goals.contains(i) {
                    match total.checked_add(here) {
                        Some(sum) => total = sum,
                        None => return PathCount::MoreThan(u128::MAX),
                    }
                }
            }
        }
        PathCount::Exact(total)
    }
}
