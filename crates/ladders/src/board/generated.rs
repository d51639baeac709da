//! Deterministic generated boards for benchmarks and scale tests.

use super::Board;

impl Board {
    /// A board of `squares` squares dense with snakes: of each pair of squares
    /// `(2k, 2k + 1)` below the last square (k >= 1) exactly one, picked by the seed,
    /// holds a snake, which drops the token by `1..=max_drop` squares (uniform, never
    /// below square 1). So half the squares (less one) hold a snake, no two snakes are
    /// adjacent and with a die of at least two faces every game ends with probability 1.
    ///
    /// The picks come from [`grid_core::SplitMix64`] seeded with `seed`: the
    /// same arguments give the same board on every platform and version.
    ///
    /// # Panics
    ///
    /// If `squares` is 0 or above [`super::MAX_SQUARES`], or `max_drop` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// let board = ladders::Board::snake_heavy(10_000, 10, 1);
    /// assert_eq!(board.ladders_and_snakes(), (0, 4_999));
    /// assert_eq!(board, ladders::Board::snake_heavy(10_000, 10, 1));
    /// ```
    pub fn snake_heavy(squares: u32, max_drop: u32, seed: u64) -> Board {
        assert!(max_drop > 0, "a snake drops at least one square");
        let mut rng = grid_core::SplitMix64::new(seed);
        let mut next = move || rng.next_u64();
        let mut jumps = Vec::with_capacity(squares as usize / 2);
        let mut pair = 2u32;
        while pair + 1 < squares {
            let from = pair + (next() & 1) as u32;
            let drop = 1 + (next() % u64::from(max_drop)) as u32;
            let to = from.saturating_sub(drop).max(1);
            jumps.push((i64::from(from), i64::from(to)));
            pair += 2;
        }
        Board::from_jumps(u64::from(squares), &jumps)
            .unwrap_or_else(|e| panic!("generated board of {squares} squares: {e}"))
    }
}
