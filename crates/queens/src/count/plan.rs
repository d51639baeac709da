//! The plan of a count: the representative constellations (the border queens placed
//! first, one member per symmetry class, with the class size), each turned into one
//! search, and the searches of one shard of a split count.
//!
//! See [`super`] for the method and its sources.

use super::MAX_COUNT_N;

/// The smallest `n` this counter takes (n < 4 has no constellation: the corner / edge
/// counter answers it).
pub(super) const MIN_N: usize = 4;

/// One search: representative constellations that differ only in their bottom queen
/// (or one constellation), and what completing them needs.
#[derive(Clone, Copy, Debug)]
pub(super) struct Constellation {
    /// The rows searched: 1 to `n - 1` (to `n - 2` when the bottom queen is fixed).
    pub(super) rows: usize,
    /// Per searched row (top to bottom): the columns the placed queens leave free (a side
    /// queen's row: that queen's column; the last row: only representatives' bottoms).
    pub(super) allowed: [u32; MAX_COUNT_N],
    /// The columns of the queens not searched (rows 0 and, for a fixed bottom queen,
    /// `n - 1`).
    pub(super) taken: u32,
    /// The columns of the board.
    pub(super) mask: u32,
    /// How many constellations the symmetry class of each completed one has (1, 2, 4
    /// or 8).
    pub(super) class_size: u32,
}

/// A border queen: (row, column), 0-based.
pub(super) type Queen = (usize, usize);

/// The image of a square under the `g`-th symmetry of the `n x n` board (0: identity).
pub(super) fn transform(g: usize, (r, c): Queen, n: usize) -> Queen {
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
pub(super) fn constellations(n: usize) -> Vec<Constellation> {
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
}

impl Constellation {
    /// The searches of this one with searched row `row` fixed to each of its candidates
    /// in turn (none that the fixed row above attacks): together they find exactly the
    /// completions of this search. A row of the last four is not cut.
    pub(super) fn split_row(&self, row: usize) -> Vec<Constellation> {
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
    pub(super) fn work_estimate(&self) -> u64 {
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
    pub(super) fn size_estimate(&self) -> u64 {
        self.allowed[..self.rows.min(4)]
            .iter()
            .map(|row| u64::from(row.count_ones()))
            .product()
    }
}

/// One shard's part of a split count ([`super::count_with`] with a shard): its searches, and whether
/// it also holds the symmetric part (shard 1 only).
#[derive(Debug)]
pub(super) struct ShardShare {
    /// The searches of classes of 8 constellations dealt to this shard; with `symmetric`,
    /// every search of a smaller class too.
    pub(super) tasks: Vec<Constellation>,
    /// Whether this shard counts the solutions that a half or quarter turn fixes.
    pub(super) symmetric: bool,
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
pub(super) fn shard_share(n: usize, index: usize, of: usize) -> ShardShare {
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
