//! Bad boards: each error's message and the position it carries as data.

use grid_core::{Coord, Positioned, TextPosition};
use ladders::Board;

#[test]
fn bad_boards_are_errors_naming_the_jump() {
    enum At {
        Nowhere,
        Text(TextPosition),
        Cell(usize, usize),
    }
    let line = |l| At::Text(TextPosition::line(l));
    let at = |l, c| At::Text(TextPosition::at(l, c));
    let cases = [
        ("[[-1,-1,-1],[-1,-1,-1]]", At::Nowhere, "the board is 2 x 3"),
        // `from to` pairs without their header: not "the board is 3 x 2" (or, for two
        // pairs, a 2 x 2 matrix with a cell out of range).
        (
            "# snakes\n4 14\n9 -> 31\n17 7 # a snake\n",
            at(2, 1),
            "expected the header `squares N` (N the last square) before the jumps",
        ),
        (
            "  4 14\n9 31\n",
            at(1, 3),
            "expected the header `squares N`",
        ),
        // A matrix of -1 and squares is still read as one.
        ("-1 -1 -1\n-1 -1 -1\n", At::Nowhere, "the board is 2 x 3"),
        (
            "[[-1,-1],[-1,5]]",
            At::Cell(1, 1),
            "square 2 holds 5, which is neither -1 nor a square in 1..=4",
        ),
        (
            "[[-1,-1],[0,-1]]",
            At::Cell(1, 0),
            "holds 0, which is neither -1",
        ),
        (
            "[[1,-1],[-1,-1]]",
            At::Cell(0, 0),
            "snake 4 -> 1 starts on the last square 4",
        ),
        (
            "-1 -1\n-1 x\n",
            at(2, 4),
            "expected -1 or a square number (an integer), found `x`",
        ),
        (
            "[[-1,-1],[-1,1e3]]",
            at(1, 14),
            "expected -1 or a square number (an integer), found `1e3`",
        ),
        (
            "squares 10\n10 3\n",
            line(2),
            "snake 10 -> 3 starts on the last square 10",
        ),
        (
            "squares 10\n3 11\n",
            line(2),
            "jump 3 -> 11 names a square outside 1..=10",
        ),
        ("squares 10\n0 5\n", line(2), "names a square outside"),
        (
            "squares 10\n3 7\n3 2\n",
            line(3),
            "snake 3 -> 2 starts on square 3, which already has ladder 3 -> 7 (line 2)",
        ),
        ("squares 10\n4\n", at(2, 1), "expected two squares"),
        ("squares 10\n4 5 6\n", at(2, 5), "found 3 values"),
        (
            "squares 10\n4 x\n",
            at(2, 3),
            "expected an integer, found `x`",
        ),
        (
            "\u{feff}squares 10 11\n",
            at(1, 1),
            "expected the header `squares N`",
        ),
        ("squares 0\n", at(1, 9), "the board has 0 squares"),
        ("squares -5\n", at(1, 9), "the board has -5 squares"),
        (
            "squares 99999999999\n",
            at(1, 9),
            "the board has 99999999999 squares",
        ),
        (
            "squares 99999999999999999999999\n",
            at(1, 9),
            "integer 99999999999999999999999 is too large (at most 25000000)",
        ),
        (
            "squares 100\n4 -99999999999999999999999\n",
            at(2, 3),
            "square `-99999999999999999999999` is outside 1..=100",
        ),
        (
            "[[-1,-1],\n [-1, 99999999999999999999999]]",
            at(2, 7),
            "integer 99999999999999999999999 is too large (at most 9223372036854775807)",
        ),
        (
            "{\"squares\": 30000000, \"jumps\": []}",
            at(1, 13),
            "the board has 30000000 squares, expected 1..=25000000",
        ),
        (
            "{\"squares\":\n 99999999999999999999999}",
            at(2, 2),
            "integer 99999999999999999999999 is too large (at most 25000000)",
        ),
        (
            "{\"squares\": \"100\"}",
            at(1, 13),
            "`squares` must be a positive integer, found \"100\"",
        ),
        (
            "{\"squares\": 100, \"jumps\": [[4, 14],\n [16, 99999999999999999999999]]}",
            at(2, 7),
            "square `99999999999999999999999` is outside 1..=100",
        ),
        (
            "{\"squares\": 100, \"jumps\": {}}",
            at(1, 27),
            "`jumps` must be an array",
        ),
        ("[5]", at(1, 2), "expected `[` to open a row, found `5`"),
        (
            "{\"squares\": 10, \"jumps\": [[1, 5], [5, 10], [10, 1]]}",
            at(1, 44),
            "snake 10 -> 1 starts on the last square",
        ),
        (
            "\u{feff}{\"squares\": 10,\n \"jumps\": [\n  [1, 5],\n  [1, 2]]}",
            at(4, 3),
            "ladder 1 -> 2 starts on square 1, which already has ladder 1 -> 5 (line 3, column 3)",
        ),
        (
            "{\"squares\": 10, \"jumps\": [[1, 5], [2]]}",
            at(1, 35),
            "expected a pair of integers [from, to], found [2]",
        ),
        (
            "{\"squares\": 10, \"jumps\": [[1, 5]",
            at(1, 32),
            "the input ends",
        ),
        ("  {\"jumps\": []}", at(1, 3), "missing field `squares`"),
        (
            "{\"squares\": 10,\n  \"ladders\": []}",
            at(2, 3),
            "unknown field `ladders`",
        ),
        ("", At::Nowhere, "the input is empty"),
    ];
    for (text, at, expected) in cases {
        let err = Board::parse(text).expect_err(text);
        let message = err.to_string();
        assert!(
            message.contains(expected),
            "{text:?}: {message:?} lacks {expected:?}"
        );
        let (position, cell) = match at {
            At::Nowhere => (None, None),
            At::Text(p) => (Some(p), None),
            At::Cell(row, col) => (None, Some(Coord { row, col })),
        };
        assert_eq!(err.text_position(), position, "{text:?}: {message}");
        assert_eq!(err.cell(), cell, "{text:?}: {message}");
        // The message is the message alone: the position lives in the fields.
        assert!(!message.starts_with("line "), "{text:?}: {message}");
        assert!(!message.starts_with("row "), "{text:?}: {message}");
    }
}

/// A JSON jump list written piece by piece with random blanks and line breaks, noting
/// where each `[from, to]` pair starts (1-based line and column) as it is written.
fn json_with_positions(pairs: &[(u32, u32)], gaps: &[&str]) -> (String, Vec<TextPosition>) {
    let mut text = String::from("{\"squares\": 50, \"jumps\": [");
    let mut positions = Vec::new();
    for (i, &(from, to)) in pairs.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(gaps[i % gaps.len()]);
        let line = text.matches('\n').count() + 1;
        let column = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        positions.push(TextPosition::at(line, column));
        text.push_str(&format!("[{from}, {to}]"));
    }
    text.push_str("]}");
    (text, positions)
}

proptest::proptest! {
    #[test]
    fn json_jump_errors_point_at_the_pair(
        count in 1usize..30,
        gaps in proptest::collection::vec("[ \t\n]{0,3}", 1..5),
    ) {
        let gaps: Vec<&str> = gaps.iter().map(String::as_str).collect();
        // Jumps 2 -> 3, 3 -> 4, ... are fine; the last one starts on the last square.
        let mut pairs: Vec<(u32, u32)> = (0..count as u32 - 1).map(|i| (i + 2, i + 3)).collect();
        pairs.push((50, 1));
        let (text, positions) = json_with_positions(&pairs, &gaps);
        let err = Board::parse(&text).expect_err("a jump from the last square");
        proptest::prop_assert_eq!(err.text_position(), positions.last().copied(), "{}", text);
        proptest::prop_assert_eq!(err.to_string(), "snake 50 -> 1 starts on the last square 50, where the game ends");
    }
}

/// A jump on square 1 of a matrix, which LeetCode's constraints leave out, is read as a
/// jump list's `1 2` is (the physical game has them), not refused.
#[test]
fn a_matrix_jump_on_square_one_is_read_as_a_jump_lists() {
    let matrix = Board::parse("[[-1,-1],[2,-1]]").expect("a jump on square 1 reads");
    let list = Board::parse("squares 4\n1 2\n").expect("a jump list");
    assert_eq!(matrix.jump(1), Some(2));
    assert_eq!(
        matrix.jumps().collect::<Vec<_>>(),
        list.jumps().collect::<Vec<_>>()
    );
}

#[test]
fn a_jump_to_its_own_square_is_a_plain_square_in_every_form() {
    use ladders::JumpSource;
    // LeetCode 909 allows a cell holding its own square; a jump list's `5 5` reads
    // the same way, each listed with where it was written.
    let plain = Board::parse("squares 9\n2 7\n").unwrap();
    let cases: [(&str, JumpSource); 3] = [
        (
            "squares 9\n5 5\n2 7\n",
            JumpSource::Text(TextPosition::line(2)),
        ),
        (
            r#"{"squares": 9, "jumps": [[5, 5], [2, 7]]}"#,
            JumpSource::Text(TextPosition::at(1, 26)),
        ),
        // Square 5 is the middle cell; square 2 the bottom row's middle.
        (
            "[[-1,-1,-1],[-1,5,-1],[-1,7,-1]]",
            JumpSource::Cell(Coord::new(1, 1)),
        ),
    ];
    for (text, at) in cases {
        let board = Board::parse(text).unwrap();
        assert_eq!(board, plain, "{text}");
        assert_eq!(board.jump(5), None, "{text}");
        assert_eq!(board.idle_jumps(), [(5, at)], "{text}");
    }
    // Given as pairs, and on the last square too; a square that jumps to itself
    // holds no jump, so another jump from it is no second one.
    let board = Board::from_jumps(9, &[(5, 5), (9, 9), (5, 8)]).unwrap();
    assert_eq!(board.jump(5), Some(8));
    assert_eq!(
        board.idle_jumps(),
        [(5, JumpSource::Item(1)), (9, JumpSource::Item(2))]
    );
}

#[test]
fn arrow_jumps_and_a_colon_header_read_as_the_text_form() {
    // Jump lists as they are pasted: `squares: 100` or `squares = 100`, and arrows
    // between the squares, with spaces or without.
    let plain = Board::parse("squares 100\n1 38\n16 6\n49 11\n").unwrap();
    for text in [
        "squares: 100\n1 -> 38\n16->6\n49 ->11\n",
        "Squares = 100\n1 → 38\n16→6\n49-> 11\n",
        "squares:100\n1 38\n16 6\n49 11\n",
    ] {
        assert_eq!(Board::parse(text).unwrap(), plain, "{text}");
        assert_eq!(
            ladders::BoardFormat::detect(text),
            ladders::BoardFormat::JumpsText
        );
    }
    // A piece of a token is named at its own column.
    let err = Board::parse("squares: 10\n4->x\n").unwrap_err();
    assert_eq!(err.text_position(), Some(TextPosition::at(2, 4)));
    assert_eq!(err.to_string(), "expected an integer, found `x`");
    let err = Board::parse("squares=1x\n").unwrap_err();
    assert_eq!(err.text_position(), Some(TextPosition::at(1, 9)));
    // Without the header, arrow lines are still named as a jump list's.
    let err = Board::parse("1->38\n16 -> 6\n").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("expected the header `squares N`"),
        "{err}"
    );
}
