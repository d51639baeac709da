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
            "[[-1,-1],[2,-1]]",
            At::Cell(1, 0),
            "ladder 1 -> 2 starts on square 1",
        ),
        (
            "[[1,-1],[-1,-1]]",
            At::Cell(0, 0),
            "snake 4 -> 1 starts on the last square 4",
        ),
        ("-1 -1\n-1 x\n", at(2, 4), "expected an integer, found `x`"),
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
        ("squares 10\n4 4\n", line(2), "jump 4 -> 4 goes nowhere"),
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
        ("squares 0\n", At::Nowhere, "the board has 0 squares"),
        (
            "squares 99999999999\n",
            At::Nowhere,
            "the board has 99999999999 squares",
        ),
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
        ("{\"jumps\": []}", At::Nowhere, "missing field `squares`"),
        (
            "{\"squares\": 10, \"ladders\": []}",
            At::Nowhere,
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
