//! Splitting a count into `K` disjoint shards that separate machines can run, whose
//! partial counts add up to the whole ([`count_shard`]).
//!
//! The search of [`crate::count`] is cut into prefixes (its first rows placed), deep
//! enough for at least [`TASKS_PER_SHARD`] prefixes per shard. Each prefix's work is
//! estimated by a shallow sampling: the number of legal placements [`LOOKAHEAD`] rows
//! below it. The prefixes are then dealt out by the longest-processing-time rule (the
//! heaviest first, each to the shard with the least estimated work so far; ties to the
//! lower index), so shards are balanced by estimated work, not by equal prefix counts.
//! Everything depends on `n` and `K` only, so every machine computes the same split.

use crate::QueensError;
use crate::count::{Counts, Plan, Tally, Task};

/// The fewest prefixes per shard the split aims for (fewer when the board is too small
/// to cut that fine; some shards of a tiny board are then empty, and count 0).
pub const TASKS_PER_SHARD: usize = 32;

/// How many rows below a prefix the work estimate looks.
const LOOKAHEAD: usize = 3;

/// One of `K` parts of a count: the `index`-th (**1-based**) of `of`.
///
/// # Examples
///
/// ```
/// use queens::{Shard, count, count_shard};
///
/// let parts: u128 = (1..=3)
///     .map(|i| count_shard(10, Shard::new(i, 3)?).map(|c| c.total))
///     .sum::<Result<u128, _>>()?;
/// assert_eq!(parts, count(10)?.total);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: usize,
    of: usize,
}

impl Shard {
    /// The `index`-th (1-based) of `of` shards.
    ///
    /// # Errors
    ///
    /// [`QueensError::InvalidShard`] unless `1 <= index <= of`.
    pub fn new(index: usize, of: usize) -> Result<Shard, QueensError> {
        if index == 0 || index > of {
            return Err(QueensError::InvalidShard { index, of });
        }
        Ok(Shard { index, of })
    }

    /// The 1-based index of this shard.
    pub fn index(&self) -> usize {
        self.index
    }

    /// How many shards the count is split into.
    pub fn of(&self) -> usize {
        self.of
    }
}

/// Counts the solutions and fundamental solutions in one shard of the `n`-queens search,
/// single-threaded. Summing the counts of shards `1..=K` of the same `K` gives
/// [`crate::count`] exactly (both the total and the fundamental count).
///
/// # Errors
///
/// As for [`crate::count`].
pub fn count_shard(n: usize, shard: Shard) -> Result<Counts, QueensError> {
    let (plan, tasks) = shard_tasks(n, shard)?;
    let mut tally = Tally::default();
    for task in &tasks {
        tally.add(plan.run(task));
    }
    Ok(tally.counts())
}

/// The plan and the prefixes of one shard, in lexicographic order.
pub(crate) fn shard_tasks(n: usize, shard: Shard) -> Result<(Plan, Vec<Task>), QueensError> {
    let plan = Plan::new(n)?;
    let roots = plan.roots();
    if shard.of == 1 {
        return Ok((plan, roots));
    }
    let tasks = prefixes(&plan, &roots, shard.of * TASKS_PER_SHARD);
    let weights: Vec<u64> = tasks
        .iter()
        .map(|task| {
            let mut below = Vec::new();
            plan.split(task, task.depth + LOOKAHEAD, &mut below);
            below.len() as u64
        })
        .collect();
    let owner = deal(&weights, shard.of);
    let mine = tasks
        .into_iter()
        .zip(owner)
        .filter(|&(_, owner)| owner == shard.index - 1)
        .map(|(task, _)| task)
        .collect();
    Ok((plan, mine))
}

/// The prefixes of the shallowest depth with at least `wanted` of them (or the deepest
/// split there is).
fn prefixes(plan: &Plan, roots: &[Task], wanted: usize) -> Vec<Task> {
    let mut depth = 2;
    let mut tasks = roots.to_vec();
    while tasks.len() < wanted && depth < plan.n() {
        depth += 1;
        let mut deeper = Vec::new();
        for root in roots {
            plan.split(root, depth, &mut deeper);
        }
        tasks = deeper;
    }
    tasks
}

/// Longest processing time first: the 0-based shard of each weight.
fn deal(weights: &[u64], shards: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(weights[i]), i));
    let mut load = vec![0u64; shards];
    let mut owner = vec![0; weights.len()];
    for i in order {
        let lightest = (0..shards)
            .min_by_key(|&s| (load[s], s))
            .unwrap_or_default();
        load[lightest] += weights[i].max(1);
        owner[i] = lightest;
    }
    owner
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_valid_only_from_1_to_k() {
        assert!(Shard::new(1, 1).is_ok());
        assert_eq!(
            Shard::new(0, 3),
            Err(QueensError::InvalidShard { index: 0, of: 3 })
        );
        assert!(Shard::new(4, 3).is_err());
    }

    #[test]
    fn dealing_balances_the_estimates() {
        let owner = deal(&[10, 1, 1, 8, 2, 7], 2);
        let load = |s| {
            owner
                .iter()
                .zip([10, 1, 1, 8, 2, 7])
                .filter(|&(&o, _)| o == s)
                .map(|(_, w)| w)
                .sum::<u64>()
        };
        assert_eq!((load(0), load(1)), (14, 15));
    }
}
