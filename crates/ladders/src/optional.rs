//! The game where every ladder may be declined and the player plays to finish soonest:
//! Codeforces 1245E ("Hyakugoku and Ladders").

use crate::{Board, EndRule, Rules, Start};

impl Board {
    /// The expected number of turns to reach the last square when the player may
    /// decline any ladder and chooses to finish as soon as possible on average
    /// (Codeforces 1245E, "Hyakugoku and Ladders": a 10 x 10 board, a six-sided die,
    /// a roll past the end is not made, the token starts on square 1).
    ///
    /// Every jump goes up, so the expectation of a square depends only on squares
    /// above it: a backward pass from the last square, with `E[N] = 0` and, for each
    /// square `s`, `E[s] = (f + Σ v(t)) / (f - k)` over the rolls that land on a square
    /// `t` (with `v(t) = min(E[t], E[jump(t)])`, the better of taking and declining),
    /// where `k` rolls overshoot and leave the token on `s` ([`EndRule::Exact`]); under
    /// [`EndRule::OvershootWins`] an overshooting roll ends the game. A jump lands and
    /// stops: the end of a ladder is not the foot of another (the problem's rule).
    ///
    /// Returns `None` when the board has a snake or the rule is [`EndRule::Bounce`]
    /// (then the choice is a game with cycles, which this does not solve).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladders::{Board, Rules, Start};
    ///
    /// // Codeforces 1245E, example 1: no ladders, 33.0476190476 turns.
    /// let board = Board::parse_heights(&"0 0 0 0 0 0 0 0 0 0\n".repeat(10))?;
    /// let rules = Rules::classic().with_start(Start::SquareOne);
    /// let turns = board.expected_turns_optional(&rules).expect("no snakes");
    /// assert!((turns - 33.0476190476).abs() < 1e-9);
    /// # Ok::<(), ladders::BoardError>(())
    /// ```
    pub fn expected_turns_optional(&self, rules: &Rules) -> Option<f64> {
        if self.jumps().any(|j| !j.is_ladder()) || rules.end() == EndRule::Bounce {
            return None;
        }
        let last = self.squares() as usize;
        let faces = rules.faces() as usize;
        let mut expected = vec![0.0_f64; last + 1];
        let first = match rules.start() {
            Start::OffBoard => 0,
            Start::SquareOne => 1,
        };
        for s in (first..last).rev() {
            let mut sum = 0.0;
            let mut stay = 0;
            for roll in 1..=faces {
                let t = s + roll;
                if t > last {
                    // Exact: the token stays; overshoot-wins: the game ends (adds 0).
                    if rules.end() == EndRule::Exact {
                        stay += 1;
                    }
                    continue;
                }
                let landed = expected[t];
                sum += match self.jump(t as u32) {
                    Some(top) => landed.min(expected[top as usize]),
                    None => landed,
                };
            }
            expected[s] = (faces as f64 + sum) / (faces - stay) as f64;
        }
        Some(expected[first])
    }
}
