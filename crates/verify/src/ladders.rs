//! Snakes and Ladders: a route is a legal sequence of rolls from the start to the last
//! square.

use std::collections::HashMap;

use ladders::{Board, EndRule, Route, Rules};

/// Checks that `route` is a legal game on `board` under `rules`, with a move model written
/// here from the rules (square by square, turning back at the last square under
/// [`EndRule::Bounce`]), not the crate's move code.
///
/// Squares are numbered **1-based** as on the board, square 0 being off the board. The
/// route must start on the rules' start square; each step's roll is in `1..=faces`, its
/// `landed` square is where that roll takes the token, its `square` is the end of the jump
/// starting on `landed` (or `landed` when none does; jumps do not chain); the last step
/// ends on the last square. A roll that leaves the token where it is ([`EndRule::Exact`]
/// past the end) is not a move and cannot be a step.
///
/// # Errors
///
/// The first violation, naming the step (1-based).
pub fn check_route(board: &Board, rules: &Rules, route: &Route) -> Result<(), String> {
    let last = board.squares();
    let jumps: HashMap<u32, u32> = board.jumps().map(|jump| (jump.from, jump.to)).collect();
    let start = rules.start().square();
    if route.start != start {
        return Err(format!(
            "the route starts on square {}, the rules on {start}",
            route.start
        ));
    }
    let mut at = start;
    for (i, step) in route.steps.iter().enumerate() {
        let number = i + 1;
        if !(1..=rules.faces()).contains(&step.roll) {
            return Err(format!(
                "step {number}: a roll of {} on a die of {} faces",
                step.roll,
                rules.faces()
            ));
        }
        let Some(landed) = landing(rules.end(), last, at, step.roll) else {
            return Err(format!(
                "step {number}: a roll of {} from square {at} does not move",
                step.roll
            ));
        };
        if step.landed != landed {
            return Err(format!(
                "step {number}: a roll of {} from square {at} lands on {landed}, not {}",
                step.roll, step.landed
            ));
        }
        let end = jumps.get(&landed).copied().unwrap_or(landed);
        if step.square != end {
            return Err(format!(
                "step {number}: landing on {landed} ends on {end}, not {}",
                step.square
            ));
        }
        at = end;
    }
    if at != last {
        return Err(format!("the route ends on square {at}, not on {last}"));
    }
    Ok(())
}

/// Where a roll of `roll` from `from` lands on a board whose last square is `last`, or
/// `None` when it does not move (exact rule past the end).
fn landing(end: EndRule, last: u32, from: u32, roll: u32) -> Option<u32> {
    let target = u64::from(from) + u64::from(roll);
    if target <= u64::from(last) {
        return u32::try_from(target).ok();
    }
    match end {
        EndRule::Exact => None,
        EndRule::OvershootWins => Some(last),
        EndRule::Bounce => {
            let (mut at, mut forward) = (from, true);
            for _ in 0..roll {
                if forward && at == last {
                    forward = false;
                } else if !forward && at == 0 {
                    forward = true;
                }
                at = if forward { at + 1 } else { at - 1 };
            }
            Some(at)
        }
    }
}

/// Codeforces 1245E ("Hyakugoku and Ladders") from its statement alone: the expected
/// number of turns on the `n x n` board `heights` (row 0 at the top; a cell's value is
/// how many rows its ladder rises, 0 for none) when the player starts on the
/// bottom-left cell, walks the bottom row to the right, the next row to the left and so
/// on to the top row's end cell, may take or decline each ladder met at the end of a
/// move, may not move when the roll of a six-sided die goes past the end, and plays to
/// finish soonest. Written over the cells themselves (its own walk order, no `Board`):
/// a backward pass along the walk, each cell's expectation from the cells ahead.
pub fn cf1245e_expected(heights: &[Vec<u32>]) -> f64 {
    let n = heights.len();
    // The walk: cells in the order the token passes them.
    let mut walk = Vec::with_capacity(n * n);
    for k in 0..n {
        let row = n - 1 - k;
        let cols: Vec<usize> = if k % 2 == 0 {
            (0..n).collect()
        } else {
            (0..n).rev().collect()
        };
        for col in cols {
            walk.push((row, col));
        }
    }
    let index_of = |cell: (usize, usize)| walk.iter().position(|&c| c == cell).unwrap_or(0);
    let last = walk.len() - 1;
    let mut e = vec![0.0_f64; walk.len()];
    for i in (0..last).rev() {
        let mut moving = 0.0;
        let mut stay = 0.0;
        for roll in 1..=6 {
            let t = i + roll;
            if t > last {
                stay += 1.0;
                continue;
            }
            let (row, col) = walk[t];
            let h = heights[row][col] as usize;
            let climbed = if h > 0 {
                e[index_of((row - h, col))]
            } else {
                e[t]
            };
            moving += e[t].min(climbed);
        }
        // E = 1 + (moving + stay * E) / 6
        e[i] = (6.0 + moving) / (6.0 - stay);
    }
    e[0]
}

/// Any-input invariants of [`Board::parse`] (every format) and the breadth-first search
/// (boards up to 20,000 squares), under LeetCode's and the classic rules: the shortest
/// route exists exactly when the fewest rolls do, has that many steps, and passes
/// [`check_route`].
///
/// # Panics
///
/// When an invariant breaks.
pub fn invariants(data: &[u8]) {
    let Some(text) = crate::text(data) else {
        return;
    };
    let Ok(board) = Board::parse(text) else {
        return;
    };
    if board.squares() > 20_000 {
        return;
    }
    for rules in [Rules::leetcode(), Rules::classic()] {
        let fewest = board.fewest_rolls(&rules);
        let route = board.shortest_route(&rules);
        assert_eq!(fewest, route.as_ref().map(|r| r.steps.len()));
        if let Some(route) = route
            && let Err(violation) = check_route(&board, &rules, &route)
        {
            panic!("{rules:?}: the route {route:?} on {text:?} is illegal: {violation}");
        }
    }
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use ladders::{Start, Step};

    use super::*;

    fn route(start: u32, steps: &[(u32, u32, u32)]) -> Route {
        Route {
            start,
            steps: steps
                .iter()
                .map(|&(roll, landed, square)| Step {
                    roll,
                    landed,
                    square,
                })
                .collect(),
        }
    }

    #[test]
    fn legal_and_illegal_routes() {
        // 10 squares, a ladder 3 -> 8, a snake 9 -> 2.
        let board = Board::parse("squares 10\n3 8\n9 2\n").expect("a valid board");
        let rules = Rules::new(6).expect("six faces");
        assert_eq!(
            check_route(&board, &rules, &route(0, &[(3, 3, 8), (2, 10, 10)])),
            Ok(())
        );
        // The ladder must be taken.
        assert!(check_route(&board, &rules, &route(0, &[(3, 3, 3), (6, 9, 2)])).is_err());
        // The route must reach the last square, from the rules' start.
        assert!(check_route(&board, &rules, &route(0, &[(3, 3, 8)])).is_err());
        assert!(check_route(&board, &rules, &route(1, &[(2, 3, 8), (2, 10, 10)])).is_err());
        // No roll above the die, none past the end under the exact rule.
        assert!(check_route(&board, &rules, &route(0, &[(7, 7, 7), (3, 10, 10)])).is_err());
        assert!(check_route(&board, &rules, &route(0, &[(3, 3, 8), (4, 10, 10)])).is_err());
        let overshoot = rules.with_end(EndRule::OvershootWins);
        assert_eq!(
            check_route(&board, &overshoot, &route(0, &[(3, 3, 8), (4, 10, 10)])),
            Ok(())
        );
        // Bounce: 8 + 4 goes to 10 and back to 8.
        let bounce = rules.with_end(EndRule::Bounce).with_start(Start::SquareOne);
        assert_eq!(
            check_route(
                &board,
                &bounce,
                &route(1, &[(2, 3, 8), (4, 8, 8), (2, 10, 10)])
            ),
            Ok(())
        );
    }

    #[test]
    fn invariants_hold_for_a_jump_list() {
        invariants(b"squares 36\n2 15\n14 35\n17 13\n");
    }
}
