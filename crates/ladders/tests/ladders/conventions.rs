//! The board forms contest sites paste (issue 27): the bare JSON jump list and the
//! Codeforces 1245E heights matrix, with the problem's own examples and a property test
//! against `verify::ladders::cf1245e_expected`, a DP written over the cells themselves.

use ladders::{Board, BoardError, BoardFormat, Rules, Start};
use proptest::prelude::*;
use verify::ladders::cf1245e_expected;

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/../../fixtures/ladders/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn cf_rules() -> Rules {
    Rules::classic().with_start(Start::SquareOne)
}

#[test]
fn codeforces_1245e_examples_give_the_published_answers() {
    for (name, answer) in [
        ("cf1245e-example1.txt", 33.0476190476),
        ("cf1245e-example2.txt", 20.2591405923),
        ("cf1245e-example3.txt", 15.9047592939),
    ] {
        let (board, reading) = Board::read(&fixture(name), None, None).unwrap();
        assert_eq!(reading.format, BoardFormat::Heights, "{name}");
        let turns = board.expected_turns_optional(&cf_rules()).unwrap();
        assert!((turns - answer).abs() < 1e-9, "{name}: {turns}");
    }
}

#[test]
fn heights_read_as_ladders_and_bad_heights_are_named() {
    // Example 2: the 9 on the bottom row's last cell (square 10) rises to the top row
    // (square 91); the 3 in row 5 (0-based 4), column 3 rises to row 2.
    let board = Board::parse_heights(&fixture("cf1245e-example2.txt")).unwrap();
    assert_eq!(board.jump(10), Some(91));
    assert!(board.jumps().all(|j| j.is_ladder()));
    let err = Board::parse_heights("0 0\n0 2\n").unwrap_err();
    assert!(
        matches!(
            err,
            BoardError::BadHeight {
                height: 2,
                above: 1,
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn a_board_written_as_an_assignment_reads_as_its_value() {
    // LeetCode 909's example 1 as its statement writes it: 4 rolls.
    let board = "[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],\
                 [-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]";
    let plain = Board::parse(board).unwrap();
    for prefix in ["board = ", "Input: board = ", "int[][] board = "] {
        let read = Board::parse(&format!("{prefix}{board}")).unwrap();
        assert_eq!(read, plain, "{prefix}");
    }
    assert_eq!(plain.fewest_rolls(&Rules::default()), Some(4));
    // A bad value keeps its place: the column counts the assignment.
    let err = Board::parse("board = [[-1,x],[-1,-1]]").unwrap_err();
    assert_eq!(
        grid_core::Positioned::text_position(&err).and_then(|p| p.column),
        Some(14),
        "{err}"
    );
}

#[test]
fn bare_jump_lists_read_with_squares_given_or_inferred() {
    let (board, reading) = Board::read(
        "[[3,22],[5,8],[11,26],[20,29],[17,4],[19,7],[27,1],[21,9]]",
        None,
        None,
    )
    .unwrap();
    assert_eq!(reading.format, BoardFormat::JumpPairs);
    assert_eq!(reading.inferred_squares, Some((36, 29)));
    assert_eq!(board.squares(), 36);
    assert_eq!(board.jump(27), Some(1));
    let (board, reading) = Board::read("[[3,22],[5,8]]", None, Some(30)).unwrap();
    assert_eq!((board.squares(), reading.inferred_squares), (30, None));
    // Two pairs without --squares: a 2 x 2 LeetCode matrix, as before.
    let (_, reading) = Board::read("[[-1,4],[-1,3]]", None, None).unwrap();
    assert_eq!(reading.format, BoardFormat::Matrix);
}

proptest! {
    /// Random heights boards (3 x 3 to 10 x 10, a ladder on about one cell in five):
    /// the crate's optional-ladder expectation equals the DP over the cells.
    #[test]
    fn optional_ladders_match_the_cell_dp(
        n in 3usize..11,
        seeds in proptest::collection::vec(0u32..100, 100),
    ) {
        let heights: Vec<Vec<u32>> = (0..n)
            .map(|r| (0..n).map(|c| {
                let s = seeds[(r * n + c) % seeds.len()];
                if r == 0 || s >= 20 { 0 } else { 1 + s % r as u32 }
            }).collect())
            .collect();
        let text: String = heights
            .iter()
            .map(|row| row.iter().map(u32::to_string).collect::<Vec<_>>().join(" ") + "\n")
            .collect();
        let board = Board::parse_heights(&text).unwrap();
        let turns = board.expected_turns_optional(&cf_rules()).unwrap();
        let expected = cf1245e_expected(&heights);
        prop_assert!((turns - expected).abs() <= 1e-9 * expected, "{} vs {}", turns, expected);
    }
}
