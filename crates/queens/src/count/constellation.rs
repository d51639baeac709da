//! The constellations counter: the border queens placed first, up to symmetry.
//!
//! Every solution has exactly one queen in each of the four border lines (row 0, row
//! `n - 1`, column 0, column `n - 1`); a corner queen serves two of them, and there is
//! never more than one corner queen. These three or four queens are the solution's
//! *constellation*. The 8 symmetries of the square map the solutions with constellation
//! `C` one to one onto those with constellation `g(C)`, so
//!
//! - **total** = the sum, over one representative `C` per symmetry class of
//!   constellations, of (the size of `C`'s class) x (the completions of `C`);
//! - **fundamental** = (total + 2 S90 + S180) / 8 (Burnside's lemma: no reflection of
//!   the square fixes a solution for `n >= 2`, as two queens mirrored in an axis or a
//!   diagonal attack each other), where S180 and S90 are the numbers of solutions that a
//!   half turn and a quarter turn fix. Those are counted by placing whole orbits of queens
//!   ([`count_invariant`]), a search over about half (a quarter) of the rows. Every
//!   solution fixed by a turn has a constellation that the turn fixes, so a class of 8
//!   holds none: its completions are its fundamental solutions, and the lemma is
//!   applied to the smaller classes alone ([`ShareTally`]), the same number in parts
//!   that the shards of a split count can add up.
//!
//! The search is a bitboard backtrack from row 1 down (one word each for the attacked
//! columns and the two diagonal directions); each row's squares attacked by the
//! constellation are one precomputed mask. Representatives that differ only in the
//! bottom queen are completed together: the bottom row is searched last, restricted to
//! those bottom queens. A side queen's row is searched too, with that queen as its only
//! candidate, so every step is one row down. A child is entered only when its row, the
//! row below it and the bottom row still have a free square; the last three rows are
//! counted branch-free. A node is saved for backtracking only while it has candidates
//! left: its last child is entered in its place (as a tail call), so an exhausted branch
//! returns straight to the nearest ancestor with work left instead of through a chain of
//! empty nodes (measured: about 16% less time at n = 16). Each class is completed in the
//! orientation whose search is cheapest by a fixed rule (the left queen lowest, then the
//! top queen nearest the middle), as every member of a class has the same number of
//! completions. Only about an eighth of
//! all solutions is built (`n = 16`: 3206 representative constellations).
//!
//! Sources: the constellation idea of the Q27 project, T. B. Preußer and M. R. Engelhardt,
//! "Putting Queens in Carry Chains, No27", *Journal of Signal Processing Systems* 88,
//! 2017, pp. 185-201 (the FPGA computation of the 27-queens count, which pre-places the
//! border queens up to symmetry and completes the inner board), and Ingo Schäfer's
//! NQueensFaf counter, which uses the same pre-placement on CPUs and GPUs; W. Burnside,
//! *Theory of Groups of Finite Order* (1897), for the orbit count.

use super::{Counts, MAX_COUNT_N};

/// The smallest `n` this counter takes (n < 4 has no constellation: the corner / edge
/// counter answers it).
pub(crate) const MIN_N: usize = 4;

/// One search: representative constellations that differ only in their bottom queen
/// (or one constellation), and what completing them needs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Constellation {
    /// The rows searched: 1 to `n - 1` (to `n - 2` when the bottom queen is fixed).
    rows: usize,
    /// Per searched row (top to bottom): the columns the placed queens leave free (a side
    /// queen's row: that queen's column; the last row: only representatives' bottoms).
    allowed: [u32; MAX_COUNT_N],
    /// The columns of the queens not searched (rows 0 and, for a fixed bottom queen,
    /// `n - 1`).
    taken: u32,
    /// The columns of the board.
    mask: u32,
    /// How many constellations the symmetry class of each completed one has (1, 2, 4
    /// or 8).
    class_size: u32,
}

/// A border queen: (row, column), 0-based.
type Queen = (usize, usize);

/// The image of a square under the `g`-th symmetry of the `n x n` board (0: identity).
fn transform(g: usize, (r, c): Queen, n: usize) -> Queen {
    let l = n - 1;
    match g {
        0 => (r, c),
        1 => (c, l - r),
        2 => (l - r, l - c),
        3 => (l - c, r),
        4 => (r, l - c),
        5 => (l - r, c),
        6 => (c, r),
        _ => (l - c, l - r),
    }
}

/// A set of at most four squares as one sortable key.
fn key(queens: &[Queen]) -> u64 {
    let mut codes: Vec<u64> = queens.iter().map(|&(r, c)| (r * 64 + c) as u64).collect();
    codes.sort_unstable();
    codes.iter().fold(0, |k, &code| (k << 12) | code)
}

fn attack((r1, c1): Queen, (r2, c2): Queen) -> bool {
    r1 == r2 || c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2)
}

/// The representative constellations of the `n x n` board (`MIN_N <= n <= MAX_COUNT_N`),
/// with their class sizes, in a fixed order.
pub(crate) fn constellations(n: usize) -> Vec<Constellation> {
    let l = n - 1;
    // Representatives sharing their top, left and right queens and their class size are
    // completed together: the bottom row is searched as the last row, restricted to their
    // bottom queens (a bottom corner queen is a side queen too: searched alone).
    let mut groups: std::collections::BTreeMap<(usize, usize, usize, u32), u32> =
        std::collections::BTreeMap::new();
    let mut out = Vec::new();
    for (top, bottom, left, right, class_size) in representatives(n) {
        if left == l || right == l {
            let queens = border_queens(n, top, bottom, left, right);
            out.push(Constellation::new(n, &queens, u32::MAX, class_size));
        } else {
            *groups.entry((top, left, right, class_size)).or_default() |= 1 << bottom;
        }
    }
    for ((top, left, right, class_size), bottoms) in groups {
        let mut queens = border_queens(n, top, 0, left, right);
        queens.retain(|q| q.0 != l);
        out.push(Constellation::new(n, &queens, bottoms, class_size));
    }
    out
}

/// The member of a constellation's class to search, as (top, bottom, left, right): the
/// left queen lowest, then the top queen nearest the middle column, then the smallest
/// such tuple. Measured (candidate squares tried over the whole count): the search prunes
/// most with the side queens low, and a rule that never decides by the bottom queen
/// before the side queens lets representatives that differ only in the bottom queen
/// share one orientation, and so one search, far more often when `n` is odd (the top
/// queen in the middle column ties with its mirror image). Against the earlier rule (top
/// queen nearest the middle, then the left and right queens lowest in sum, then the
/// smallest tuple): 15% fewer candidates at n = 17, 16% at n = 15, 2-3% at n = 14 and 16.
fn cheapest_member(n: usize, queens: &[Queen]) -> (usize, usize, usize, usize) {
    let l = n - 1;
    (0..8)
        .map(|g| {
            let moved: Vec<Queen> = queens.iter().map(|&q| transform(g, q, n)).collect();
            let on = |line: &dyn Fn(&Queen) -> bool, pick: &dyn Fn(&Queen) -> usize| {
                moved.iter().find(|q| line(q)).map(pick).unwrap_or_default()
            };
            let top = on(&|q| q.0 == 0, &|q| q.1);
            let bottom = on(&|q| q.0 == l, &|q| q.1);
            let left = on(&|q| q.1 == 0, &|q| q.0);
            let right = on(&|q| q.1 == l, &|q| q.0);
            let off_middle = (2 * top).abs_diff(l);
            (
                (std::cmp::Reverse(left), off_middle),
                (top, bottom, left, right),
            )
        })
        .min()
        .map(|(_, member)| member)
        .unwrap_or_default()
}

/// The distinct queens of a constellation given by its four border lines' queens.
fn border_queens(n: usize, top: usize, bottom: usize, left: usize, right: usize) -> Vec<Queen> {
    let l = n - 1;
    let mut queens: Vec<Queen> = Vec::with_capacity(4);
    for q in [(0, top), (l, bottom), (left, 0), (right, l)] {
        if !queens.contains(&q) {
            queens.push(q);
        }
    }
    queens
}

/// Every representative constellation as (top, bottom, left, right, class size): the
/// columns of the row-0 and row-(n-1) queens, the rows of the column-0 and column-(n-1)
/// queens.
fn representatives(n: usize) -> Vec<(usize, usize, usize, usize, u32)> {
    let l = n - 1;
    let mut out = Vec::new();
    for top in 0..n {
        for bottom in 0..n {
            for left in 0..n {
                for right in 0..n {
                    let queens = border_queens(n, top, bottom, left, right);
                    // One queen per border line, none attacking another.
                    let on =
                        |line: &dyn Fn(&Queen) -> bool| queens.iter().filter(|q| line(q)).count();
                    if on(&|q| q.0 == 0) != 1
                        || on(&|q| q.0 == l) != 1
                        || on(&|q| q.1 == 0) != 1
                        || on(&|q| q.1 == l) != 1
                    {
                        continue;
                    }
                    let clash = queens
                        .iter()
                        .enumerate()
                        .any(|(i, &a)| queens[i + 1..].iter().any(|&b| attack(a, b)));
                    if clash {
                        continue;
                    }
                    let own = key(&queens);
                    let images: Vec<u64> = (0..8)
                        .map(|g| {
                            let moved: Vec<Queen> =
                                queens.iter().map(|&q| transform(g, q, n)).collect();
                            key(&moved)
                        })
                        .collect();
                    if images.iter().any(|&k| k < own) {
                        continue;
                    }
                    let fixed = images.iter().filter(|&&k| k == own).count() as u32;
                    let (top, bottom, left, right) = cheapest_member(n, &queens);
                    out.push((top, bottom, left, right, 8 / fixed));
                }
            }
        }
    }
    out
}

impl Constellation {
    /// `queens`: the placed queens (without the bottom one when the last row is searched);
    /// `last`: the columns the last row may use (the bottom queens of representatives).
    fn new(n: usize, queens: &[Queen], last: u32, class_size: u32) -> Constellation {
        let l = n - 1;
        let mask = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        let mut allowed = [0; MAX_COUNT_N];
        let mut rows = 0;
        let last_row = if queens.iter().any(|q| q.0 == l) {
            l - 1
        } else {
            l
        };
        for row in 1..=last_row {
            // A side queen's row is searched too, with its queen as the only candidate
            // (so every step goes one row down and the diagonal shifts are constant).
            if let Some(q) = queens.iter().find(|q| q.0 == row) {
                allowed[rows] = 1 << q.1;
                rows += 1;
                continue;
            }
            let mut attacked = 0u32;
            for &(r, c) in queens {
                attacked |= 1 << c;
                let dist = row.abs_diff(r);
                if c + dist < n {
                    attacked |= 1 << (c + dist);
                }
                if c >= dist {
                    attacked |= 1 << (c - dist);
                }
            }
            allowed[rows] = mask & !attacked;
            rows += 1;
        }
        allowed[rows - 1] &= last;
        Constellation {
            rows,
            allowed,
            taken: queens
                .iter()
                .filter(|q| q.0 == 0 || q.0 == l)
                .fold(0, |cols, q| cols | 1 << q.1),
            mask,
            class_size,
        }
    }

    /// The number of ways to fill the searched rows: the completions of all the
    /// representatives in this search.
    pub(crate) fn completions(&self) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if x86_v3_detected() {
            #[expect(
                unsafe_code,
                reason = "calls the x86-64-v3 copy of the search, compiled with \
                          #[target_feature]; the CPU was just checked to have it"
            )]
            // SAFETY: `x86_v3_detected` checked every feature the copy enables.
            return unsafe { self.completions_x86_v3() };
        }
        self.search()
    }

    /// [`Constellation::search`] compiled for x86-64-v3 (BMI1/BMI2's `blsi`, `blsr` and
    /// `shlx`/`shrx` for the bit steps of the hot loop).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn completions_x86_v3(&self) -> u64 {
        self.search()
    }

    /// The search itself, inlined into each instruction-set copy.
    #[inline(always)]
    fn search(&self) -> u64 {
        let m = self.rows;
        if m < 4 {
            return self.simple(0, self.allowed[0], 0, 0, 0);
        }
        let allowed = &self.allowed;
        let mask = self.mask;
        let bottom = [allowed[m - 3], allowed[m - 2], allowed[m - 1]];
        let taken = self.taken;
        // Saved nodes that still have candidates: [remaining candidates, left, down,
        // right, row]. A node's last candidate is entered without saving the node (nothing
        // is left to come back to), so an exhausted search returns straight to the
        // nearest ancestor with work left.
        let mut stack = [[0u32; 5]; MAX_COUNT_N];
        let mut saved = 0;
        let mut found = 0u64;
        let (mut l, mut d, mut r) = (0u32, 0u32, 0u32);
        let mut t = 0;
        let mut avail = allowed[0];
        loop {
            while avail != 0 {
                let bit = avail & avail.wrapping_neg();
                avail ^= bit;
                let nl = (l | bit) << 1;
                let nd = d | bit;
                let nr = (r | bit) >> 1;
                if t + 4 == m {
                    // Three rows are left, and exactly three columns.
                    let bottom_count = super::backtrack::bottom3(nl, nd | taken, nr, bottom, mask);
                    found += u64::from(bottom_count);
                    continue;
                }
                let next = allowed[t + 1] & !(nl | nd | nr);
                // Rows from the child's row to the bottom row.
                let k = (m - 2 - t) as u32;
                if next == 0
                    || allowed[t + 2] & !((nl << 1) | nd | (nr >> 1)) == 0
                    || allowed[m - 1] & !((nl << k) | nd | (nr >> k)) == 0
                {
                    continue;
                }
                stack[saved] = [avail, l, d, r, t as u32];
                saved += usize::from(avail != 0);
                t += 1;
                (l, d, r) = (nl, nd, nr);
                avail = next;
            }
            if saved == 0 {
                break;
            }
            saved -= 1;
            let row;
            [avail, l, d, r, row] = stack[saved];
            t = row as usize;
        }
        found
    }

    /// Plain recursion for boards with fewer than four rows to fill.
    fn simple(&self, t: usize, mut avail: u32, l: u32, d: u32, r: u32) -> u64 {
        if t + 1 == self.rows {
            return u64::from(avail.count_ones());
        }
        let mut found = 0;
        while avail != 0 {
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            let (nl, nd, nr) = ((l | bit) << 1, d | bit, (r | bit) >> 1);
            found += self.simple(t + 1, self.allowed[t + 1] & !(nl | nd | nr), nl, nd, nr);
        }
        found
    }
}

impl Constellation {
    /// The searches of this one with searched row `row` fixed to each of its candidates
    /// in turn (none that the fixed row above attacks): together they find exactly the
    /// completions of this search. A row of the last four is not cut.
    pub(crate) fn split_row(&self, row: usize) -> Vec<Constellation> {
        if row + 4 >= self.rows {
            return vec![*self];
        }
        let above = if row == 0 { 0 } else { self.allowed[row - 1] };
        // The squares a single fixed queen in the row above attacks in this row.
        let attacked = if above.count_ones() == 1 {
            above | (above << 1) | (above >> 1)
        } else {
            0
        };
        let mut out = Vec::new();
        let mut avail = self.allowed[row] & !attacked;
        while avail != 0 {
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            let mut part = *self;
            part.allowed[row] = bit;
            out.push(part);
        }
        out
    }

    /// An estimate of the search's work for dealing shards: the number of ways to fill its
    /// first [`ESTIMATE_ROWS`] rows (fewer when it has fewer rows).
    pub(crate) fn work_estimate(&self) -> u64 {
        let rows = self.rows.min(ESTIMATE_ROWS);
        // Per filled row: (remaining candidates, left, down, right).
        let mut stack = [(0u32, 0u32, 0u32, 0u32); ESTIMATE_ROWS];
        let mut placements = 0u64;
        let mut t = 0;
        stack[0] = (self.allowed[0], 0, 0, 0);
        loop {
            let (avail, l, d, r) = stack[t];
            if avail == 0 {
                if t == 0 {
                    return placements;
                }
                t -= 1;
                continue;
            }
            let bit = avail & avail.wrapping_neg();
            stack[t].0 ^= bit;
            placements += 1;
            if t + 1 < rows {
                let (nl, nd, nr) = ((l | bit) << 1, d | bit, (r | bit) >> 1);
                stack[t + 1] = (self.allowed[t + 1] & !(nl | nd | nr), nl, nd, nr);
                t += 1;
            }
        }
    }

    /// A rough measure of the search's size for scheduling: the product of the free
    /// squares of its first four rows (the parallel counter's order of work).
    #[cfg(feature = "parallel")]
    pub(crate) fn size_estimate(&self) -> u64 {
        self.allowed[..self.rows.min(4)]
            .iter()
            .map(|row| u64::from(row.count_ones()))
            .product()
    }
}

/// Whether this CPU runs the x86-64-v3 copy of the search (checked once, then cached
/// by `std`): it has every feature that copy's `#[target_feature(enable = ..)]` names.
#[cfg(target_arch = "x86_64")]
fn x86_v3_detected() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("popcnt")
}

/// One shard's part of a split count ([`crate::count_shard`]): its searches, and whether
/// it also holds the symmetric part (shard 1 only).
#[derive(Debug)]
pub(crate) struct ShardShare {
    /// The searches of classes of 8 constellations dealt to this shard; with `symmetric`,
    /// every search of a smaller class too.
    pub(crate) tasks: Vec<Constellation>,
    /// Whether this shard counts the solutions that a half or quarter turn fixes.
    pub(crate) symmetric: bool,
}

/// How many rows below the top a search's work estimate for dealing shards looks.
const ESTIMATE_ROWS: usize = 3;

/// The fewest searches per shard the split aims for: searches are cut by their first
/// rows' queens (up to [`SPLIT_ROWS`] rows) until there are this many per shard, so that
/// no one search outweighs a shard's share.
const SEARCHES_PER_SHARD: usize = 32;

/// How many of a search's first rows the shard split may fix.
const SPLIT_ROWS: usize = 2;

/// The searches of the `index`-th (0-based) of `of` shards of the `n`-queens count
/// (`MIN_N <= n <= MAX_COUNT_N`).
///
/// Every solution of a class of 8 constellations has 8 distinct images (a turn that fixed
/// the solution would fix its constellation), so such a search counts
/// `8 x completions` towards the total and `completions` towards the fundamental count,
/// whichever shard runs it. The classes of 1, 2 or 4 constellations hold every solution
/// that a turn fixes, and their fundamental count needs Burnside's lemma over all of them
/// at once: they all go to the first shard, with the two small searches for S90 and S180.
/// The rest, first cut by their first one or two rows' queens ([`Constellation::split_row`])
/// until there are [`SEARCHES_PER_SHARD`] per shard, are dealt by the
/// longest-processing-time rule on an estimate of each search's
/// work (the partial boards of its first [`ESTIMATE_ROWS`] rows), so the shards are
/// balanced by estimated work. Everything depends on `n` and `of` alone.
pub(crate) fn shard_share(n: usize, index: usize, of: usize) -> ShardShare {
    let (mut regular, symmetric): (Vec<Constellation>, Vec<Constellation>) = constellations(n)
        .into_iter()
        .partition(|task| task.class_size == 8);
    // Cut the searches finer (by their first rows' queens) until there are enough for
    // the dealing to balance the shards.
    let wanted = of.saturating_mul(SEARCHES_PER_SHARD);
    for row in 0..SPLIT_ROWS {
        if regular.len() >= wanted {
            break;
        }
        regular = regular
            .iter()
            .flat_map(|task| task.split_row(row))
            .collect();
    }
    let first_load = symmetric.iter().map(Constellation::work_estimate).sum();
    let weights: Vec<u64> = regular.iter().map(Constellation::work_estimate).collect();
    let owner = crate::shard::deal(&weights, of, first_load);
    let mut tasks: Vec<Constellation> = regular
        .into_iter()
        .zip(owner)
        .filter(|&(_, owner)| owner == index)
        .map(|(task, _)| task)
        .collect();
    let with_symmetric = index == 0;
    if with_symmetric {
        tasks.extend(symmetric);
    }
    ShardShare {
        tasks,
        symmetric: with_symmetric,
    }
}

/// What searches add to a count, the whole count's or one shard's: (total, fundamental)
/// for classes of 8, and the total of the smaller classes (whose fundamental count waits
/// for Burnside's lemma, [`ShareTally::counts`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ShareTally {
    /// Solutions of classes of 8.
    total: u128,
    /// Fundamental solutions of classes of 8.
    fundamental: u128,
    /// Solutions of classes of 1, 2 or 4.
    symmetric_total: u128,
}

impl ShareTally {
    /// Runs one search.
    pub(crate) fn of(task: &Constellation) -> ShareTally {
        let completions = u128::from(task.completions());
        if task.class_size == 8 {
            ShareTally {
                total: 8 * completions,
                fundamental: completions,
                symmetric_total: 0,
            }
        } else {
            ShareTally {
                symmetric_total: u128::from(task.class_size) * completions,
                ..ShareTally::default()
            }
        }
    }

    /// Both tallies together.
    pub(crate) fn add(self, other: ShareTally) -> ShareTally {
        ShareTally {
            total: self.total + other.total,
            fundamental: self.fundamental + other.fundamental,
            symmetric_total: self.symmetric_total + other.symmetric_total,
        }
    }

    /// The counts; with `symmetric` (the whole count, or the shard that holds the
    /// classes of 1, 2 and 4), those classes are finished by Burnside's lemma: (their
    /// total + 2 S90 + S180) / 8 fundamental solutions (no reflection of the square fixes
    /// a solution for `n >= 2`; S90 and S180 from [`count_invariant`]).
    pub(crate) fn counts(self, n: usize, symmetric: bool) -> Counts {
        let mut counts = Counts {
            total: self.total,
            fundamental: self.fundamental,
        };
        if symmetric {
            let s180 = count_invariant(n, false);
            let s90 = count_invariant(n, true);
            counts.total += self.symmetric_total;
            counts.fundamental += (self.symmetric_total + 2 * s90 + s180) / 8;
        }
        counts
    }
}

/// The tally of `tasks`, run one after the other.
pub(crate) fn tally_of(tasks: &[Constellation]) -> ShareTally {
    tasks
        .iter()
        .map(ShareTally::of)
        .fold(ShareTally::default(), ShareTally::add)
}

/// The number of solutions a quarter turn (`quarter`) or a half turn fixes: whole orbits of
/// the turn are placed at once, row by row from the top.
pub(crate) fn count_invariant(n: usize, quarter: bool) -> u128 {
    let mut board = Orbits {
        n,
        quarter,
        rows: 0,
        cols: 0,
        diag: 0,
        anti: 0,
    };
    board.count(0)
}

/// The occupied rows, columns and diagonals of a partly built symmetric board.
struct Orbits {
    n: usize,
    quarter: bool,
    rows: u64,
    cols: u64,
    diag: u64,
    anti: u64,
}

impl Orbits {
    fn count(&mut self, from: usize) -> u128 {
        let n = self.n;
        let Some(row) = (from..n).find(|&r| self.rows & (1 << r) == 0) else {
            return 1;
        };
        let mut found = 0;
        for col in 0..n {
            let saved = (self.rows, self.cols, self.diag, self.anti);
            let orbit: [usize; 4] = if self.quarter {
                [0, 1, 2, 3]
            } else {
                [0, 2, 0, 2]
            };
            let mut ok = true;
            let mut placed: [Queen; 4] = [(n, n); 4];
            for (i, &g) in orbit.iter().enumerate() {
                let q = transform(g, (row, col), n);
                if placed[..i].contains(&q) {
                    continue;
                }
                placed[i] = q;
                if !self.place(q) {
                    ok = false;
                    break;
                }
            }
            if ok {
                found += self.count(row + 1);
            }
            (self.rows, self.cols, self.diag, self.anti) = saved;
        }
        found
    }

    fn place(&mut self, (r, c): Queen) -> bool {
        let d = 1u64 << (r + self.n - 1 - c);
        let a = 1u64 << (r + c);
        if self.rows & (1 << r) != 0
            || self.cols & (1 << c) != 0
            || self.diag & d != 0
            || self.anti & a != 0
        {
            return false;
        }
        self.rows |= 1 << r;
        self.cols |= 1 << c;
        self.diag |= d;
        self.anti |= a;
        true
    }
}

#[cfg(test)]
mod tests {
    // unwrap in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[test]
    fn constellations_count_like_the_corner_and_edge_counter() {
        for n in MIN_N..=13 {
            let tasks = constellations(n);
            let counts = tally_of(&tasks).counts(n, true);
            assert_eq!(counts, super::super::count_classes(n).unwrap(), "n = {n}");
        }
    }

    /// Both instruction-set copies of the search complete every constellation alike (the
    /// x86-64-v3 copy only where this CPU has it).
    #[test]
    fn both_copies_of_the_search_agree() {
        #[cfg(target_arch = "x86_64")]
        if x86_v3_detected() {
            for n in MIN_N..=14 {
                for task in constellations(n) {
                    #[expect(unsafe_code, reason = "the CPU was just checked to have x86-64-v3")]
                    // SAFETY: `x86_v3_detected` checked every feature the copy enables.
                    let fast = unsafe { task.completions_x86_v3() };
                    assert_eq!(fast, task.search(), "n = {n}, {task:?}");
                }
            }
        }
    }
}
