//! Splitting a count into `K` disjoint shards that separate machines can run, whose
//! partial counts add up to the whole ([`crate::CountOptions::shard`]; the partial
//! counts are added up by [`crate::merge`]).
//!
//! The split is the constellations counter's (see `count::plan`): its
//! searches, one per group of representative border placements, are dealt out to the
//! shards by the longest-processing-time rule (the heaviest first, each to the shard with
//! the least estimated work so far; ties to the lower index) on an estimate of each
//! search's work (searches are first cut by their first rows' queens until there are
//! enough per shard), so shards are balanced by estimated work, not by equal numbers of
//! searches. The first shard also counts the few symmetric solutions. Everything depends
//! on `n` and `K` only, so every machine computes the same split; [`Shard::SPLIT`] names
//! it, so that partial counts of different splits are never added.

use std::str::FromStr;

use crate::QueensError;

/// One of `K` parts of a count: the `index`-th (**1-based**) of `of`. Written `I/K`
/// (`"2/7"`), the form [`FromStr`] reads and `Display` writes.
///
/// # Examples
///
/// ```
/// use queens::{CountOptions, Shard, count, count_with};
///
/// let parts: u128 = (1..=3)
///     .map(|i| count_with(10, &CountOptions::new().shard(Shard::new(i, 3)?)).map(|c| c.total))
///     .sum::<Result<u128, _>>()?;
/// assert_eq!(parts, count(10)?.total);
///
/// let shard: Shard = "2/7".parse()?;
/// assert_eq!((shard.index(), shard.of(), shard.to_string()), (2, 7, "2/7".to_string()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: usize,
    of: usize,
}

impl Shard {
    /// The name of the way [`crate::count_with`] splits a count. It changes whenever the split
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

impl std::fmt::Display for Shard {
    /// `I/K`, as in `2/7`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.of)
    }
}

impl FromStr for Shard {
    type Err = QueensError;

    /// Reads `I/K` (1-based, `1 <= I <= K <= Shard::MAX_SHARDS`; spaces around the
    /// numbers are allowed), as in `"2/7"`.
    ///
    /// # Errors
    ///
    /// [`QueensError::ShardSyntax`] for text that is not two whole numbers around a
    /// `/`; [`QueensError::ShardNumberTooLarge`] for a number too large for any split;
    /// as [`Shard::new`] for numbers outside the split.
    fn from_str(text: &str) -> Result<Shard, QueensError> {
        let (index, of) = text
            .split_once('/')
            .ok_or_else(|| QueensError::ShardSyntax {
                text: text.to_owned(),
                slash: false,
            })?;
        let number = |part: &str| {
            let part = part.trim();
            part.parse::<usize>().map_err(|_| {
                if !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()) {
                    QueensError::ShardNumberTooLarge {
                        number: part.to_owned(),
                        max: Shard::MAX_SHARDS,
                    }
                } else {
                    QueensError::ShardSyntax {
                        text: text.to_owned(),
                        slash: true,
                    }
                }
            })
        };
        Shard::new(number(index)?, number(of)?)
    }
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
    fn shards_parse_as_one_based_i_of_k() {
        assert_eq!("2/7".parse(), Ok(Shard::new(2, 7).unwrap()));
        assert_eq!(" 2 / 7 ".parse(), Ok(Shard::new(2, 7).unwrap()));
        let message = |text: &str| text.parse::<Shard>().unwrap_err().to_string();
        assert_eq!(
            message("0/7"),
            "shard 0/7 does not exist: shards are numbered from 1 to 7"
        );
        assert!("8/7".parse::<Shard>().is_err());
        assert_eq!(message("2"), "expected I/K such as 3/8, found `2`");
        assert_eq!(
            message("2/x"),
            "expected I/K with whole numbers such as 3/8, found `2/x`"
        );
        assert_eq!(
            message("1/99999999999999999999"),
            "`99999999999999999999` is too large: a count splits into at most 1048576 shards"
        );
    }

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
                let options = crate::CountOptions::new().shard(Shard::new(i, 3).unwrap());
                let counts = crate::count_with(12, &options).unwrap();
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
