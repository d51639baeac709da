//! Chained jumps: a jump that ends on the start of another jump follows it (a rule
//! some boards use; LeetCode 909 and the Milton Bradley rules take one jump per move).

use super::{Board, BoardError, Jump, JumpSource, square_to_cell};

impl Board {
    /// Where the jump starting on `square` was written, as read: its line in a text
    /// jump list, its line and column (its `[`) in a JSON one, its 1-based index in a list given to [`Board::from_jumps`],
    /// or its cell in a LeetCode matrix. `None` when no jump starts there.
    pub fn jump_source(&self, square: u32) -> Option<JumpSource> {
        self.jump(square)?;
        match self.side {
            Some(n) => Some(JumpSource::Cell(square_to_cell(square, n))),
            None => self.sources.get(&square).copied(),
        }
    }

    /// Whether some jump ends on the start of another jump (so that [`Board::chained`]
    /// differs from this board).
    ///
    /// ```
    /// let board = ladders::Board::from_jumps(20, &[(2, 8), (8, 19)])?;
    /// assert!(board.has_chained_jumps());
    /// assert!(!ladders::chutes_and_ladders().has_chained_jumps());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn has_chained_jumps(&self) -> bool {
        self.jumps().any(|j| self.jump(j.to).is_some())
    }

    /// The squares a token landing on `square` passes through under chained jumps:
    /// `square`, then the end of each jump it follows (just `[square]` when no jump
    /// starts there). On a loop of jumps it stops before a square repeats.
    ///
    /// ```
    /// let board = ladders::Board::from_jumps(20, &[(2, 8), (8, 3), (3, 19)])?;
    /// assert_eq!(board.jump_chain(2), [2, 8, 3, 19]);
    /// assert_eq!(board.jump_chain(5), [5]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jump_chain(&self, square: u32) -> Vec<u32> {
        let mut chain = vec![square];
        let mut at = square;
        while let Some(to) = self.jump(at) {
            if chain.contains(&to) {
                break;
            }
            chain.push(to);
            at = to;
        }
        chain
    }

    /// The board under chained jumps: every jump leads to the end of its chain
    /// (a ladder onto a ladder climbs both, a ladder onto a snake's head slides down
    /// it, and so on). Each square is resolved once, O(squares) in all; the
    /// result answers every question ([`Board::shortest_route`],
    /// [`Chain::new`](crate::Chain::new), simulation) under the chained rule.
    ///
    /// # Errors
    ///
    /// [`BoardError::JumpLoop`] when jumps lead back to their own start, naming the
    /// loop from its lowest square and where each of its jumps was written.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladders::{Board, Rules};
    /// let board = Board::from_jumps(20, &[(2, 8), (8, 19)])?;
    /// assert_eq!(board.fewest_rolls(&Rules::classic()), Some(3));
    /// let chained = board.chained()?;
    /// assert_eq!(chained.jump(2), Some(19));
    /// assert_eq!(chained.fewest_rolls(&Rules::classic()), Some(2)); // roll 2, then 1
    ///
    /// let err = Board::parse("squares 30\n5 20\n20 5\n").unwrap().chained().unwrap_err();
    /// assert_eq!(err.to_string(), "jumps 5 -> 20 -> 5 form a loop (5 -> 20 at line 2, 20 -> 5 at line 3)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn chained(&self) -> Result<Board, BoardError> {
        const UNSEEN: u8 = 0;
        const ON_PATH: u8 = 1;
        const DONE: u8 = 2;
        let mut state = vec![UNSEEN; self.dest.len()];
        let mut dest = self.dest.clone();
        let mut path = Vec::new();
        for start in 0..self.dest.len() as u32 {
            let mut at = start;
            while state[at as usize] == UNSEEN && self.jump(at).is_some() {
                state[at as usize] = ON_PATH;
                path.push(at);
                at = self.dest[at as usize];
            }
            if state[at as usize] == ON_PATH {
                let first = path.iter().position(|&s| s == at).unwrap_or(0);
                return Err(self.loop_error(&path[first..]));
            }
            let end = dest[at as usize];
            for &s in &path {
                dest[s as usize] = end;
                state[s as usize] = DONE;
            }
            state[at as usize] = DONE;
            path.clear();
        }
        Ok(Board {
            dest,
            side: self.side,
            sources: self.sources.clone(),
            idle: self.idle.clone(),
        })
    }

    /// The error for the loop of jumps starting on the squares of `cycle`.
    fn loop_error(&self, cycle: &[u32]) -> BoardError {
        let lowest = (0..cycle.len()).min_by_key(|&i| cycle[i]).unwrap_or(0);
        let ordered: Vec<u32> = cycle[lowest..]
            .iter()
            .chain(&cycle[..lowest])
            .copied()
            .collect();
        let jumps: Vec<Jump> = ordered
            .iter()
            .map(|&from| Jump {
                from,
                to: self.dest[from as usize],
            })
            .collect();
        let sources = ordered
            .iter()
            .map(|&s| self.jump_source(s).unwrap_or(JumpSource::Item(0)))
            .collect();
        BoardError::JumpLoop {
            cycle: jumps,
            sources,
        }
    }
}
