//! Chained jumps (`Board::chained`): hand-worked boards, loops, and the fewest rolls
//! against the brute force over roll sequences with an independent chain resolution.

use grid_core::{Coord, Positioned};
use ladders::{Board, BoardError, Chain, EndRule, Jump, JumpSource, Rules};
use proptest::prelude::*;

use super::brute_force;

fn expected(board: &Board, rules: &Rules) -> f64 {
    Chain::new(board, rules)
        .expected_turns()
        .expect("solves")
        .expect("every game ends")
        .turns
}

fn two_faces() -> Rules {
    Rules::new(2).expect("faces")
}

/// Five squares, a two-faced die, exact end, start off the board; a ladder 1 -> 3
/// onto a snake 3 -> 2.
///
/// Chained, landing on 1 or 3 leaves the token on 2:
///   E4 = 1 + E4/2 (roll 1 wins, roll 2 overshoots)          = 2
///   E2 = 1 + (E2 + E4)/2 (roll 1: 3 -> 2, roll 2: 4)         => E2/2 = 2, E2 = 4
///   E0 = 1 + (E2 + E2)/2 (roll 1: 1 -> 3 -> 2, roll 2: 2)    = 5
///   fewest rolls: 0 -> 2 -> 4 -> 5                           = 3
/// One jump per move (the default), landing on 1 leaves the token on 3:
///   E3 = 1 + E4/2 (roll 1: 4, roll 2 wins)                   = 2
///   E0 = 1 + (E3 + E2)/2                                     = 4
///   fewest rolls: 0 -> 1 -> 3, 3 -> 5                        = 2
#[test]
fn ladder_onto_snake_by_hand() {
    let board = Board::from_jumps(5, &[(1, 3), (3, 2)]).expect("valid");
    let chained = board.chained().expect("no loop");
    let rules = two_faces();
    assert_eq!(chained.jump(1), Some(2));
    assert_eq!(chained.fewest_rolls(&rules), Some(3));
    assert!((expected(&chained, &rules) - 5.0).abs() < 1e-12);
    assert_eq!(board.fewest_rolls(&rules), Some(2));
    assert!((expected(&board, &rules) - 4.0).abs() < 1e-12);
    let route = chained.shortest_route(&rules).expect("reachable");
    assert_eq!(route.squares(), [0, 2, 4, 5]);
}

/// Ten squares, a two-faced die, exact end, start off the board; ladder 2 -> 6,
/// snake 6 -> 3, ladder 3 -> 9: landing on 2, 3 or 6 ends on 9 when chained.
///   E9 = 1 + E9/2                    = 2
///   E8 = 1 + (E9 + 0)/2              = 2
///   E7 = 1 + (E8 + E9)/2             = 3
///   E5 = 1 + (E9 + E7)/2  (6 -> 9)   = 3.5
///   E4 = 1 + (E5 + E9)/2             = 3.75
///   E1 = 1 + (E9 + E9)/2  (2, 3 -> 9) = 3
///   E0 = 1 + (E1 + E9)/2             = 3.5
///   fewest rolls: 0 -> 2 (-> 6 -> 3 -> 9), 9 -> 10 = 2 (one jump per move: 3,
///   e.g. 0 -> 1, 1 -> 3 -> 9, 9 -> 10)
#[test]
fn three_jump_chain_by_hand() {
    let board = Board::from_jumps(10, &[(2, 6), (6, 3), (3, 9)]).expect("valid");
    assert_eq!(board.jump_chain(2), [2, 6, 3, 9]);
    let chained = board.chained().expect("no loop");
    let rules = two_faces();
    assert_eq!(chained.fewest_rolls(&rules), Some(2));
    assert_eq!(board.fewest_rolls(&rules), Some(3));
    assert!((expected(&chained, &rules) - 3.5).abs() < 1e-12);
    let dist = Chain::new(&chained, &rules).length_distribution(1e-15, 10_000);
    assert!((dist.mean() - 3.5).abs() < 1e-9);
}

#[test]
fn a_loop_of_jumps_is_an_error_naming_each_jump() {
    let err = Board::from_jumps(30, &[(20, 5), (5, 20)])
        .expect("valid without chaining")
        .chained()
        .unwrap_err();
    assert_eq!(
        err,
        BoardError::JumpLoop {
            cycle: vec![Jump { from: 5, to: 20 }, Jump { from: 20, to: 5 }],
            sources: vec![JumpSource::Item(2), JumpSource::Item(1)],
        }
    );
    assert_eq!(
        err.to_string(),
        "jumps 5 -> 20 -> 5 form a loop (5 -> 20 at jump 2, 20 -> 5 at jump 1)"
    );

    // A loop reached from a jump outside it, written in a text list.
    let text = "squares 30\n2 12\n12 7\n7 9\n9 12\n";
    let err = Board::parse(text).expect("valid").chained().unwrap_err();
    assert_eq!(
        err.to_string(),
        "jumps 7 -> 9 -> 12 -> 7 form a loop (7 -> 9 at line 4, 9 -> 12 at line 5, 12 -> 7 at line 3)"
    );
    assert_eq!(err.text_position(), Some(grid_core::TextPosition::line(4)));

    // In a LeetCode matrix the jumps are named by their cells: square 2 is row 2,
    // column 2 of this 2 x 2 board, square 3 is row 1, column 2.
    let err = Board::parse("[[-1,2],[-1,3]]")
        .expect("valid")
        .chained()
        .unwrap_err();
    assert_eq!(err.cell(), Some(Coord { row: 1, col: 1 }));
    assert_eq!(
        err.to_string(),
        "jumps 2 -> 3 -> 2 form a loop (2 -> 3 at row 2, column 2, 3 -> 2 at row 1, column 2)"
    );
}

/// Where landing on each square leaves the token under chained jumps, resolved step
/// by step from the jump list (independently of `Board::chained`); `None` on a loop.
fn chained_dest(squares: u32, jumps: &[(u32, u32)]) -> Option<Vec<u32>> {
    let mut one: Vec<u32> = (0..=squares).collect();
    for &(f, t) in jumps {
        one[f as usize] = t;
    }
    let mut dest = one.clone();
    for (s, d) in dest.iter_mut().enumerate() {
        let mut at = s as u32;
        for _ in 0..=jumps.len() {
            at = one[at as usize];
        }
        // After more steps than jumps the walk is on a square without a jump, or in
        // a loop (where one more step moves it).
        if one[at as usize] != at {
            return None;
        }
        *d = at;
    }
    Some(dest)
}

fn small_board() -> impl Strategy<Value = (u32, Vec<(u32, u32)>)> {
    (
        2u32..=12,
        proptest::collection::vec((1u32..=12, 1u32..=12), 0..8),
    )
        .prop_map(|(n, raw)| {
            let mut used = vec![false; n as usize + 1];
            let mut jumps = Vec::new();
            for (f, t) in raw {
                let (f, t) = (1 + (f - 1) % n, 1 + (t - 1) % n);
                if f != n && f != t && !used[f as usize] {
                    used[f as usize] = true;
                    jumps.push((f, t));
                }
            }
            (n, jumps)
        })
}

proptest! {
    /// Chained fewest rolls equal the brute force over roll sequences on the
    /// independently chained board; a loop is an error exactly when there is one.
    #[test]
    fn chained_bfs_matches_brute_force(
        (n, jumps) in small_board(),
        faces in 1u32..=3,
        end in prop_oneof![Just(EndRule::Exact), Just(EndRule::OvershootWins), Just(EndRule::Bounce)],
    ) {
        let listed: Vec<(i64, i64)> = jumps.iter().map(|&(f, t)| (i64::from(f), i64::from(t))).collect();
        let board = Board::from_jumps(u64::from(n), &listed).expect("valid");
        let model = chained_dest(n, &jumps);
        let chained = board.chained();
        prop_assert_eq!(chained.is_ok(), model.is_some());
        let (Ok(chained), Some(dest)) = (chained, model) else { return Ok(()) };
        let rules = Rules::new(faces).expect("faces").with_end(end);
        let bfs = chained.fewest_rolls(&rules);
        let limit = if faces == 1 { 2 * n as usize + 2 } else { 9 };
        let brute = brute_force(&dest, faces, end, 0, limit);
        if let Some(b) = brute {
            prop_assert_eq!(bfs, Some(b));
        } else {
            prop_assert!(bfs.is_none_or(|r| r > limit), "{:?}", bfs);
        }
    }
}
