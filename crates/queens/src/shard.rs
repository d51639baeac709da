//! Splitting a count into `K` disjoint shards that separate machines can run, whose
//! partial counts add up to the whole ([`count_shard`]).
//!
//! The split is the constellations counter's (see `count::constellation`): its
//! searches, one per group of representative border placements, are dealt out to the
//! shards by the longest-processing-time rule (the heaviest first, each to the shard with
//! the least estimated work so far; ties to the lower index) on an estimate of each
//! search's work (searches are first cut by their first rows' queens until there are
//! enough per shard), so shards are balanced by estimated work, not by equal numbers of
//! searches. The first shard also counts the few symmetric solutions. Everything depends
//! on `n` and `K` only, so every machine computes the same split; [`Shard::SPLIT`] names
//! it, so that partial counts of different splits are never added.

use crate::QueensError;
use crate::count::constellation;
use crate::count::{Counts, Plan};

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
    /// The name of the way [`count_shard`] splits a count. It changes whenever the split
    /// does: partial counts are only added up when they name the same split (partial
    /// counts from before the name existed used Takaki's prefix split).
    pub const SPLIT: &'static str = "constellations-1";

    /// The most shards a count can be split into: 2^20, more than any count needs (n = 18
    /// has 744 searches before the split cuts them by their first two rows' queens).
    pub const MAX_SHARDS: usize = 1 << 20;

    /// The `index`-th (1-based) of `of` shards.
    ///
    /// # Errors
    ///
    /// [`QueensError::TooManyShards`] when `of > Shard::MAX_SHARDS`;
    /// [`QueensError::InvalidShard`] unless `1 <= index <= of`.
    pub fn new(index: usize, of: usize) -> Result<Shard, QueensError> {
        if of > Shard::MAX_SHARDS {
            return Err(QueensError::TooManyShards {
                of,
                max: Shard::MAX_SHARDS,
            });
        }
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
/// [`crate::count`] exactly (both the total and the fundamental count). Boards with
/// `n < 4` are counted whole by the first shard.
///
/// # Errors
///
/// As for [`crate::count`].
pub fn count_shard(n: usize, shard: Shard) -> Result<Counts, QueensError> {
    match share(n, shard)? {
        Some(share) => Ok(constellation::tally_of(&share.tasks).counts(n, share.symmetric)),
        None if shard.index == 1 => crate::count(n),
        None => Ok(Counts::default()),
    }
}

/// The searches of one shard (`None` for boards below the constellations counter's
/// smallest `n`, which the first shard counts whole).
pub(crate) fn share(
    n: usize,
    shard: Shard,
) -> Result<Option<constellation::ShardShare>, QueensError> {
    Plan::new(n)?;
    if n < constellation::MIN_N {
        return Ok(None);
    }
    Ok(Some(constellation::shard_share(
        n,
        shard.index - 1,
        shard.of,
    )))
}

/// Longest processing time first: the 0-based shard of each weight, the first shard
/// starting with `first_load` already.
pub(crate) fn deal(weights: &[u64], shards: usize, first_load: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(weights[i]), i));
    let mut load = vec![0u64; shards];
    if let Some(first) = load.first_mut() {
        *first = first_load;
    }
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
    // unwrap in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[test]
    fn shards_are_valid_only_from_1_to_k() {
        assert!(Shard::new(1, 1).is_ok());
        assert_eq!(
            Shard::new(0, 3),
            Err(QueensError::InvalidShard { index: 0, of: 3 })
        );
        assert!(Shard::new(4, 3).is_err());
        assert_eq!(
            Shard::new(1, 0).unwrap_err().to_string(),
            "shard 1/0 does not exist: a count splits into at least 1 shard"
        );
        assert!(Shard::new(1, Shard::MAX_SHARDS).is_ok());
        assert_eq!(
            Shard::new(1, Shard::MAX_SHARDS + 1),
            Err(QueensError::TooManyShards {
                of: Shard::MAX_SHARDS + 1,
                max: Shard::MAX_SHARDS
            })
        );
    }

    /// The split is part of the output: partial counts of different splits must never be
    /// added, so a change to which searches a shard gets (the constellations, their
    /// orientation or grouping, the estimate, the dealing) must come with a new
    /// [`Shard::SPLIT`]. This test pins the split; when it fails, bump the name.
    #[test]
    fn the_split_is_pinned_to_its_name() {
        let parts: Vec<(u128, u128)> = (1..=3)
            .map(|i| {
                let counts = count_shard(12, Shard::new(i, 3).unwrap()).unwrap();
                (counts.total, counts.fundamental)
            })
            .collect();
        assert_eq!(
            (Shard::SPLIT, parts.as_slice()),
            (
                "constellations-1",
                [(4408, 563), (5304, 663), (4488, 561)].as_slice()
            )
        );
    }

    #[test]
    fn dealing_balances_the_estimates() {
        let owner = deal(&[10, 1, 1, 8, 2, 7], 2, 0);
        let load = |s| {
            owner
                .iter()
                .zip([10, 1, 1, 8, 2, 7])
                .filter(|&(&o, _)| o == s)
                .map(|(_, w)| w)
                .sum::<u64>()
        };
        assert_eq!((load(0), load(1)), (14, 15));
        // A first shard that starts loaded gets less.
        let owner = deal(&[5, 5, 5], 2, 9);
        assert_eq!(owner, [1, 1, 0]);
    }
}
