//! N-Queens counts by Kenji Takaki's corner / edge scheme: the tests' independent
//! reference for `queens::count` (which places the border queens first, as
//! constellations, a different method).
//!
//! Every class of solutions under the 8 symmetries of the square is counted once, through
//! its lexicographically smallest member (smallest column list). The search only builds
//! boards that can be that member:
//!
//! - **Corner classes.** A solution has at most one corner queen (any two corners share a
//!   row, a column or a diagonal). Rotating it to the top-left leaves two members with
//!   `columns[0] == 0`: the board and its transpose. The smaller one has its row-1 queen in
//!   column `b >= 2` and its column-1 queen in a row below `b`. Such a class has no
//!   symmetry, so it counts 8.
//! - **Edge classes** (no corner queen). Every edge holds one queen; let `b` be the least
//!   distance from an edge queen to its nearest corner. The smallest member has its row-0
//!   queen in column `b` (`1 <= b < (n - 1) / 2`), and every other edge queen at distance
//!   `>= b` from both corners of its edge. A member that is a reflection of another member
//!   with the same property cannot exist (the two queens involved would attack each other),
//!   so at a leaf comparing the board with its three rotations decides whether it is the
//!   smallest and whether the class has 2, 4 or 8 members.
//!
//! This is the restriction popularised by Kenji Takaki's counter. It was the `queens`
//! crate's counter before the constellations counter replaced it, and moved here as the
//! reference, keeping only its plain recursive search of 32-bit row words (its hot loop
//! had been tested equal to this search on every root task for n = 4..=12).

const MAX_COUNT_N: usize = 32;

/// The total and fundamental counts of the `n`-queens puzzle (`1 <= n <= 32`) by
/// Takaki's corner / edge scheme, as `(total, fundamental)`.
///
/// # Panics
///
/// When `n` is 0 or above 32.
///
/// # Examples
///
/// ```
/// assert_eq!(verify::queens::count_classes(8), (92, 12));
/// assert_eq!(verify::queens::count_classes(3), (0, 0));
/// ```
pub fn count_classes(n: usize) -> (u128, u128) {
    assert!((1..=MAX_COUNT_N).contains(&n), "n = {n} is outside 1..=32");
    let plan = Plan::new(n);
    let mut tally = Tally::default();
    for task in plan.roots() {
        tally.add(plan.run(&task));
    }
    tally.counts()
}

/// Class tallies: how many fundamental solutions have 8, 4 and 2 members in their class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    c8: u128,
    c4: u128,
    c2: u128,
    /// Small boards (n < 4) are answered directly: (total, fundamental).
    direct: Option<(u128, u128)>,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.c8 += other.c8;
        self.c4 += other.c4;
        self.c2 += other.c2;
        if other.direct.is_some() {
            self.direct = other.direct;
        }
    }

    /// The counts. The class tallies are `u128`, so neither they nor these sums can
    /// overflow in any feasible run (2^124 leaves).
    fn counts(&self) -> (u128, u128) {
        if let Some(direct) = self.direct {
            return direct;
        }
        (
            8 * self.c8 + 4 * self.c4 + 2 * self.c2,
            self.c8 + self.c4 + self.c2,
        )
    }
}

/// Which family of classes a task belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    /// A queen in the top-left corner; `b` is the column of the row-1 queen.
    Corner,
    /// No corner queen; `b` is the column of the row-0 queen.
    Edge,
    /// n < 4: answered without search.
    Small,
}

/// One independent piece of the search: rows `0..depth` placed.
#[derive(Clone, Copy, Debug)]
struct Task {
    family: Family,
    b: u32,
    depth: usize,
    columns: [u8; MAX_COUNT_N],
    left: u32,
    down: u32,
    right: u32,
}

/// The fixed parameters of a count.
#[derive(Clone, Copy, Debug)]
struct Plan {
    n: usize,
    last: usize,
    mask: u32,
}

/// Row constraints of one family and bound.
#[derive(Clone, Copy, Debug)]
struct Rules {
    corner: bool,
    b: usize,
    bound2: usize,
    last: usize,
    mask: u32,
    side: u32,
    last_forbidden: u32,
}

impl Rules {
    /// The columns row `y` may use, given the attacked columns and diagonals.
    #[inline(always)]
    fn candidates(&self, y: usize, left: u32, down: u32, right: u32) -> u32 {
        let mut free = self.mask & !(left | down | right);
        if self.corner {
            if y < self.b {
                free &= !2;
            }
        } else if y < self.b {
            free &= !self.side;
        } else if y == self.bound2 {
            let sides = down & self.side;
            if sides == 0 {
                return 0;
            }
            if sides != self.side {
                free &= self.side;
            }
        } else if y == self.last {
            free &= !self.last_forbidden;
        }
        free
    }
}

impl Plan {
    fn new(n: usize) -> Plan {
        let mask = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        Plan {
            n,
            last: n - 1,
            mask,
        }
    }

    fn rules(&self, family: Family, b: u32) -> Rules {
        let b = b as usize;
        let last = self.last;
        let top = 1u32 << last;
        // Columns closer than `b` to either side.
        let near_left = (1u32 << b) - 1;
        let near_right = if b == 0 {
            0
        } else {
            (self.mask >> (self.n - b)) << (self.n - b)
        };
        Rules {
            corner: family == Family::Corner,
            b,
            bound2: last.saturating_sub(b),
            last,
            mask: self.mask,
            side: top | 1,
            last_forbidden: near_left | near_right,
        }
    }

    /// The root tasks: one per corner bound and one per edge bound, in lexicographic order
    /// of their first rows.
    fn roots(&self) -> Vec<Task> {
        let n = self.n;
        let blank = Task {
            family: Family::Small,
            b: 0,
            depth: 0,
            columns: [0; MAX_COUNT_N],
            left: 0,
            down: 0,
            right: 0,
        };
        if n < 4 {
            return vec![blank];
        }
        let mut roots = Vec::new();
        for b in 2..self.last {
            let bit = 1u32 << b;
            let mut task = blank;
            task.family = Family::Corner;
            task.b = b as u32;
            task.depth = 2;
            task.columns[0] = 0;
            task.columns[1] = b as u8;
            task.left = (2 | bit) << 1;
            task.down = 1 | bit;
            task.right = bit >> 1;
            roots.push(task);
        }
        let mut b = 1;
        while b < self.last - b {
            let bit = 1u32 << b;
            let mut task = blank;
            task.family = Family::Edge;
            task.b = b as u32;
            task.depth = 1;
            task.columns[0] = b as u8;
            task.left = bit << 1;
            task.down = bit;
            task.right = bit >> 1;
            roots.push(task);
            b += 1;
        }
        roots
    }

    /// Counts the classes below one task.
    fn run(&self, task: &Task) -> Tally {
        let mut tally = Tally::default();
        match task.family {
            Family::Small => {
                let total = u128::from(self.n == 1);
                tally.direct = Some((total, total));
            }
            Family::Corner | Family::Edge => {
                let rules = self.rules(task.family, task.b);
                let mut columns = task.columns;
                self.finish(
                    &rules,
                    task.depth,
                    task.left,
                    task.down,
                    task.right,
                    &mut columns,
                    &mut tally,
                );
            }
        }
        tally
    }

    /// Finishes the rows from row `y` on, recursively (tiny boards and deep splits).
    #[expect(
        clippy::too_many_arguments,
        reason = "a row's attack words, passed as the search holds them"
    )]
    fn finish(
        &self,
        rules: &Rules,
        y: usize,
        l: u32,
        d: u32,
        r: u32,
        columns: &mut [u8; MAX_COUNT_N],
        tally: &mut Tally,
    ) {
        let mut free = rules.candidates(y, l, d, r);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            columns[y] = bit.trailing_zeros() as u8;
            if y == self.last {
                self.classify(rules, columns, tally);
            } else {
                self.finish(
                    rules,
                    y + 1,
                    (l | bit) << 1,
                    d | bit,
                    (r | bit) >> 1,
                    columns,
                    tally,
                );
            }
        }
    }

    /// Adds a complete board to the tally if it is the smallest of its class.
    #[inline]
    fn classify(&self, rules: &Rules, columns: &[u8; MAX_COUNT_N], tally: &mut Tally) {
        if rules.corner {
            tally.c8 += 1;
            return;
        }
        let n = self.n;
        let last = self.last as u8;
        let b = rules.b;
        let cols = &columns[..n];
        // Each rotation can only tie with or beat the board if its row-0 queen is in
        // column b; these tests are the cheap filters for that.
        let mut inverse = [0u8; MAX_COUNT_N];
        let mut have_inverse = false;
        let mut fill_inverse = |inverse: &mut [u8; MAX_COUNT_N]| {
            if !have_inverse {
                for (row, &col) in cols.iter().enumerate() {
                    inverse[col as usize] = row as u8;
                }
                have_inverse = true;
            }
        };
        // Rotation by 90 degrees clockwise: (r, c) -> (c, last - r).
        if cols[rules.bound2] == 0 {
            fill_inverse(&mut inverse);
            match compare(cols, |i| last - inverse[i]) {
                Rotated::Smaller => return,
                Rotated::Equal => {
                    tally.c2 += 1;
                    return;
                }
                Rotated::Larger => {}
            }
        }
        // Rotation by 180 degrees: (r, c) -> (last - r, last - c).
        if cols[self.last] as usize == self.last - b {
            match compare(cols, |i| last - cols[self.last - i]) {
                Rotated::Smaller => return,
                Rotated::Equal => {
                    tally.c4 += 1;
                    return;
                }
                Rotated::Larger => {}
            }
        }
        // Rotation by 270 degrees: (r, c) -> (last - c, r).
        if cols[b] == last {
            fill_inverse(&mut inverse);
            if compare(cols, |i| inverse[self.last - i]) == Rotated::Smaller {
                return;
            }
        }
        tally.c8 += 1;
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rotated {
    Smaller,
    Equal,
    Larger,
}

/// Compares the rotated board (row `i` has its queen in column `rotated(i)`) with `cols`.
#[inline]
fn compare(cols: &[u8], rotated: impl Fn(usize) -> u8) -> Rotated {
    for (i, &col) in cols.iter().enumerate() {
        let other = rotated(i);
        if other < col {
            return Rotated::Smaller;
        }
        if other > col {
            return Rotated::Larger;
        }
    }
    Rotated::Equal
}
