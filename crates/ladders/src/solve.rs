//! Fewest rolls to the last square, with one optimal route (breadth-first search).

use crate::{Board, Rules};

/// One move of a route: the die shows `roll`, the token lands on `landed`, then
/// follows the snake or ladder there (at most one; no chaining) to `square`.
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
        self.shortest_route(rules).map(|r| r.rolls())
    }

    /// One route with the fewest rolls, or `None` when the last square cannot be
    /// reached. Among optimal routes, the one found by trying rolls `1..=faces` in
    /// increasing order at each square of the breadth-first search (deterministic).
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
        const UNSEEN: u32 = u32::MAX;
        let last = self.squares();
        let start = rules.start().square().min(last);
        let mut parent = vec![UNSEEN; last as usize + 1];
        parent[start as usize] = start;
        let mut queue = Vec::with_capacity(1024);
        queue.push(start);
        let mut head = 0;
        let mut found = start == last;
        'search: while head < queue.len() && !found {
            let from = queue[head];
            head += 1;
            for roll in 1..=rules.faces() {
                let Some((_, to)) = roll_move(self, rules, from, roll) else {
                    continue;
                };
                if parent[to as usize] == UNSEEN {
                    parent[to as usize] = from;
                    if to == last {
                        found = true;
                        break 'search;
                    }
                    queue.push(to);
                }
            }
        }
        if !found {
            return None;
        }
        let mut squares = vec![last];
        let mut at = last;
        while at != start {
            at = parent[at as usize];
            squares.push(at);
        }
        squares.reverse();
        let steps = squares
            .windows(2)
            .map(|w| {
                // invariant: BFS recorded w[0] as the parent of w[1], so some roll moves there.
                (1..=rules.faces())
                    .find_map(|roll| {
                        let (landed, square) = roll_move(self, rules, w[0], roll)?;
                        (square == w[1]).then_some(Step {
                            roll,
                            landed,
                            square,
                        })
                    })
                    .unwrap_or(Step {
                        roll: 0,
                        landed: w[1],
                        square: w[1],
                    })
            })
            .collect();
        Some(Route { start, steps })
    }
}
