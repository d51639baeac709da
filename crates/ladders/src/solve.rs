//! Fewest rolls to the last square, with one optimal route (breadth-first search).

use crate::{Board, Rules};

/// One move of a route: the die shows `roll`, the token lands on `landed`, then
/// follows the snake or ladder there (at most one; on a [`Board::chained`] board that
/// one jump is the whole chain, whose squares [`Board::jump_chain`] of the board as
/// written lists) to `square`.
/// Squares are 1-based (0 = off the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The roll, `1..=faces`.
    pub roll: u32,
    /// The square landed on before any snake or ladder.
    pub landed: u32,
    /// The square the move ends on, after the snake or ladder (== `landed` if none).
    pub square: u32,
}

/// A sequence of moves from the start square to the last square.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Route {
    /// The start square (0 off the board, 1 for LeetCode).
    pub start: u32,
    /// The moves, in order.
    pub steps: Vec<Step>,
}

impl Route {
    /// The number of rolls.
    pub fn rolls(&self) -> usize {
        self.steps.len()
    }

    /// The start square followed by the square each move ends on.
    pub fn squares(&self) -> Vec<u32> {
        std::iter::once(self.start)
            .chain(self.steps.iter().map(|s| s.square))
            .collect()
    }
}

/// The move of one roll: `Some((landed, square))`, or `None` when the roll leaves the
/// token where it is (exact rule past the end).
#[inline]
pub fn roll_move(board: &Board, rules: &Rules, from: u32, roll: u32) -> Option<(u32, u32)> {
    let landed = rules.landing(from, roll, board.squares())?;
    Some((landed, board.after_jump(landed)))
}

impl Board {
    /// The fewest rolls from the start to the last square when the player picks every
    /// roll (LeetCode 909's question), or `None` when the last square cannot be reached.
    ///
    /// Breadth-first search over squares, O(squares x faces) time, one `u32` per square.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladders::{Board, Rules};
    /// // LeetCode 909, example 1.
    /// let board = Board::parse("[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],\
    ///     [-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]")?;
    /// assert_eq!(board.fewest_rolls(&Rules::leetcode()), Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fewest_rolls(&self, rules: &Rules) -> Option<usize> {
        self.search(rules, Expansion::Auto, false)
            .map(|search| search.level_starts.len() - 1)
    }

    /// One route with the fewest rolls, or `None` when the last square cannot be
    /// reached. The route is deterministic (the same board and rules always give the
    /// same route). O(squares x faces) time; with the route, two `u32` per square.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladders::{Board, Rules, Step};
    /// let board = Board::parse("squares 9\n2 8\n")?;
    /// let route = board.shortest_route(&Rules::leetcode()).expect("reachable");
    /// assert_eq!(route.squares(), vec![1, 8, 9]);
    /// assert_eq!(route.steps[0], Step { roll: 1, landed: 2, square: 8 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shortest_route(&self, rules: &Rules) -> Option<Route> {
        self.shortest_route_by(rules, Expansion::Auto)
    }

    /// Breadth-first search level by level. A small level expands square by square
    /// (a queue); a level holding a sizeable share of the board expands as bitmaps:
    /// the landing squares of every roll are the level's bitmap shifted by `1..=faces`,
    /// then visited in increasing order, so the board is read sequentially instead of
    /// at random (this keeps a 4-million-square board with random jumps fast).
    /// For the route, each square records its level and the square landed on when it
    /// was found; the route is then walked back from the last square.
    pub(crate) fn shortest_route_by(&self, rules: &Rules, expansion: Expansion) -> Option<Route> {
        let last = self.squares();
        let start = rules.start().square().min(last);
        let faces = rules.faces();
        let search = self.search(rules, expansion, true)?;
        let trace = search.trace.as_ref()?;
        let rolls = search.level_starts.len() - 1;
        let mut steps = Vec::with_capacity(rolls);
        let mut target = last;
        for d in (0..rolls as u32).rev() {
            let landed = trace.via(target);
            let is_step = |from: u32, roll: u32| {
                trace.level(from) == d
                    && roll_move(self, rules, from, roll) == Some((landed, target))
            };
            // Usually the landing square is `from + roll`; near the end the end rule
            // may land elsewhere, so those squares are tried with every roll.
            let direct = (1..=faces.min(landed))
                .map(|roll| (landed - roll, roll))
                .find(|&(from, roll)| is_step(from, roll));
            let found = direct.or_else(|| {
                (last.saturating_sub(faces)..last)
                    .flat_map(|from| (1..=faces).map(move |roll| (from, roll)))
                    .find(|&(from, roll)| is_step(from, roll))
            });
            // invariant: `target` was found from a square of level d by some roll.
            let (from, roll) = found?;
            steps.push(Step {
                roll,
                landed,
                square: target,
            });
            target = from;
        }
        steps.reverse();
        Some(Route { start, steps })
    }

    /// The breadth-first search; `None` when the last square cannot be reached.
    fn search(&self, rules: &Rules, expansion: Expansion, traced: bool) -> Option<Search> {
        let last = self.squares();
        let start = rules.start().square().min(last);
        let words = (last as usize + 1).div_ceil(64);
        let mut search = Search {
            seen: Bits(vec![0u64; words]),
            order: {
                // Every square is discovered at most once: no reallocation.
                let mut order = Vec::with_capacity(last as usize + 1);
                order.push(start);
                order
            },
            level_starts: vec![0],
            trace: traced.then(|| Trace {
                found: vec![[u32::MAX; 2]; last as usize + 1],
            }),
            last,
        };
        search.seen.set(start);
        if let Some(trace) = &mut search.trace {
            trace.found[start as usize] = [0, start];
        }
        if start == last {
            return Some(search);
        }
        let mut bitmaps: Option<Bitmaps> = None;
        loop {
            let lo = search.level_starts[search.level_starts.len() - 1];
            let hi = search.order.len();
            if lo == hi {
                return None;
            }
            search.level_starts.push(hi);
            let level = (search.level_starts.len() - 1) as u32;
            let size = hi - lo;
            let use_bitmaps = match expansion {
                Expansion::Auto => size >= 256 && size * 8 >= words,
                Expansion::Queue => false,
                Expansion::Bitmap => true,
            };
            let found = if use_bitmaps {
                let maps = bitmaps.get_or_insert_with(|| Bitmaps::new(self));
                self.expand_bitmap(rules, &mut search, lo, hi, level, maps)
            } else {
                self.expand_queue(rules, &mut search, lo, hi, level)
            };
            if found {
                return Some(search);
            }
        }
    }

    /// Expands the squares `order[lo..hi]` one by one into level `level`; returns
    /// whether the last square was reached.
    fn expand_queue(
        &self,
        rules: &Rules,
        search: &mut Search,
        lo: usize,
        hi: usize,
        level: u32,
    ) -> bool {
        let last = self.squares();
        let faces = rules.faces();
        for i in lo..hi {
            let from = search.order[i];
            if u64::from(from) + u64::from(faces) <= u64::from(last) {
                for t in from + 1..=from + faces {
                    if search.visit(self.dest[t as usize], t, level) {
                        return true;
                    }
                }
            } else {
                for roll in 1..=faces {
                    if let Some((t, to)) = roll_move(self, rules, from, roll)
                        && search.visit(to, t, level)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Expands the squares `order[lo..hi]` as bitmaps into level `level`; returns
    /// whether the last square was reached.
    fn expand_bitmap(
        &self,
        rules: &Rules,
        search: &mut Search,
        lo: usize,
        hi: usize,
        level: u32,
        maps: &mut Bitmaps,
    ) -> bool {
        let last = self.squares();
        let faces = rules.faces();
        let Bitmaps {
            frontier,
            landing,
            jump_feet,
            pending,
        } = maps;
        frontier.0.iter_mut().for_each(|w| *w = 0);
        landing.0.iter_mut().for_each(|w| *w = 0);
        for &s in &search.order[lo..hi] {
            frontier.set(s);
        }
        // landing |= frontier << roll, for every roll (squares past `last` dropped).
        let words = frontier.0.len();
        for roll in 1..=faces as usize {
            let (word_shift, bit_shift) = (roll / 64, roll % 64);
            for w in (word_shift..words).rev() {
                let src = w - word_shift;
                let mut v = frontier.0[src] << bit_shift;
                if bit_shift != 0 && src > 0 {
                    v |= frontier.0[src - 1] >> (64 - bit_shift);
                }
                landing.0[w] |= v;
            }
        }
        // Clear bits past the last square.
        let tail = (last as usize + 1) % 64;
        if tail != 0 {
            landing.0[words - 1] &= (1u64 << tail) - 1;
        }
        // Rolls past the end from the squares near it follow the end rule.
        for from in last.saturating_sub(faces)..last {
            if !frontier.get(from) {
                continue;
            }
            for roll in (last - from + 1)..=faces {
                if let Some(t) = rules.landing(from, roll, last) {
                    landing.set(t);
                }
            }
        }
        // Landing on a seen square without a jump finds nothing new. (A seen square
        // with a jump can still lead somewhere new: the token may rest on a jump's foot
        // when a snake, a ladder or the start puts it there, with no chaining.)
        // A new landing without a jump is the new square itself: no need to read the
        // board, which keeps this loop in the bitmaps.
        for (w, &word) in landing.0.iter().enumerate() {
            let feet = jump_feet.0[w];
            let mut bits = word & !search.seen.0[w] & !feet;
            while bits != 0 {
                let t = (w * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                if search.visit(t, t, level) {
                    return true;
                }
            }
        }
        // Jumps whose foot is landed on, each followed only the first time: the list
        // of pending jumps is read in order (compact and sequential) instead of the
        // board at the landing squares.
        let mut kept = 0;
        for i in 0..pending.len() {
            let (foot, to) = pending[i];
            if landing.get(foot) {
                if search.visit(to, foot, level) {
                    return true;
                }
            } else {
                pending[kept] = (foot, to);
                kept += 1;
            }
        }
        pending.truncate(kept);
        false
    }
}

/// The state of a breadth-first search.
struct Search {
    seen: Bits,
    /// Squares in order of discovery; level d is `order[level_starts[d]..level_starts[d + 1]]`
    /// and the last entry of `level_starts` begins the level holding the last square.
    order: Vec<u32>,
    level_starts: Vec<usize>,
    trace: Option<Trace>,
    last: u32,
}

/// Per square: `[level, square landed on]` when it was found (one array, so one
/// cache line per square written).
struct Trace {
    found: Vec<[u32; 2]>,
}

impl Trace {
    #[inline]
    fn level(&self, s: u32) -> u32 {
        self.found[s as usize][0]
    }

    #[inline]
    fn via(&self, s: u32) -> u32 {
        self.found[s as usize][1]
    }
}

impl Search {
    /// Records `to` (reached by landing on `landed`) in `level` if it is new; returns
    /// whether it is the last square.
    #[inline]
    fn visit(&mut self, to: u32, landed: u32, level: u32) -> bool {
        if self.seen.get(to) {
            return false;
        }
        self.seen.set(to);
        self.order.push(to);
        if let Some(trace) = &mut self.trace {
            trace.found[to as usize] = [level, landed];
        }
        to == self.last
    }
}

/// Scratch bitmaps of the bitmap expansion.
struct Bitmaps {
    frontier: Bits,
    landing: Bits,
    jump_feet: Bits,
    /// Jumps `(foot, destination)` not yet followed, in increasing order of foot.
    pending: Vec<(u32, u32)>,
}

impl Bitmaps {
    fn new(board: &Board) -> Bitmaps {
        let words = board.dest.len().div_ceil(64);
        let mut jump_feet = Bits(vec![0u64; words]);
        for (s, &d) in board.dest.iter().enumerate() {
            if d as usize != s {
                jump_feet.set(s as u32);
            }
        }
        Bitmaps {
            frontier: Bits(vec![0u64; words]),
            landing: Bits(vec![0u64; words]),
            jump_feet,
            pending: board.jumps().map(|j| (j.from, j.to)).collect(),
        }
    }
}

/// How breadth-first search expands a level (see [`Board::shortest_route`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    not(test),
    expect(dead_code, reason = "Queue and Bitmap are forced only in tests")
)]
pub(crate) enum Expansion {
    /// Queue for small levels, bitmaps for large ones.
    Auto,
    /// Always square by square.
    Queue,
    /// Always as bitmaps.
    Bitmap,
}

/// A fixed-size bit set over squares.
struct Bits(Vec<u64>);

impl Bits {
    #[inline]
    fn get(&self, s: u32) -> bool {
        self.0[(s / 64) as usize] >> (s % 64) & 1 == 1
    }

    #[inline]
    fn set(&mut self, s: u32) {
        self.0[(s / 64) as usize] |= 1 << (s % 64);
    }
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::Expansion;
    use crate::{Board, EndRule, Rules, Start};

    /// Queue and bitmap expansion find routes of the same length, and every route obeys
    /// the rules, on pseudo-random boards of many sizes (deterministic LCG).
    #[test]
    fn queue_and_bitmap_expansion_agree() {
        let mut state = 12345u64;
        let mut next = move |m: u32| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) % u64::from(m)) as u32
        };
        for case in 0..300 {
            let squares = 2 + next(if case % 10 == 0 { 5000 } else { 300 });
            let mut jumps = Vec::new();
            for from in 2..squares {
                if next(4) == 0 {
                    let to = 1 + next(squares);
                    if to != from {
                        jumps.push((i64::from(from), i64::from(to)));
                    }
                }
            }
            let board = Board::from_jumps(u64::from(squares), &jumps).expect("valid");
            let end = [EndRule::Exact, EndRule::OvershootWins, EndRule::Bounce][case % 3];
            let start = if case % 2 == 0 {
                Start::OffBoard
            } else {
                Start::SquareOne
            };
            let faces = 1 + next(if case % 7 == 0 { 100 } else { 8 });
            let rules = Rules::new(faces)
                .expect("faces")
                .with_end(end)
                .with_start(start);
            let queue = board.shortest_route_by(&rules, Expansion::Queue);
            let bitmap = board.shortest_route_by(&rules, Expansion::Bitmap);
            let auto = board.shortest_route_by(&rules, Expansion::Auto);
            let rolls = queue.as_ref().map(|r| r.rolls());
            assert_eq!(rolls, bitmap.as_ref().map(|r| r.rolls()), "case {case}");
            assert_eq!(rolls, auto.as_ref().map(|r| r.rolls()), "case {case}");
            for route in [queue, bitmap, auto].into_iter().flatten() {
                let mut at = route.start;
                for step in &route.steps {
                    let (landed, square) =
                        crate::roll_move(&board, &rules, at, step.roll).expect("a move");
                    assert_eq!((landed, square), (step.landed, step.square));
                    at = square;
                }
                assert_eq!(at, board.squares());
            }
        }
    }
}
