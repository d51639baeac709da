//! The bad-input catalogue: every malformed input and bad usage the CLI is pinned against,
//! by puzzle and verb, with the exact error text and exit code.
//!
//! It has two parts, both indexed here:
//!
//! - [`SUDOKU`], [`QUEENS`], [`LADDERS`] and [`MAZE`]: the cases that fit on the command
//!   line and standard input, grouped by verb. Each is run by [`catalogue`] and its
//!   transcript pinned in `fixtures/bad-input/snapshots/<name>.snap`. **Add a new bad
//!   input here** unless it needs a file on disk.
//! - [`GOLDEN`]: the golden fixtures of `fixtures/<puzzle>/` that exit 2 (`.args` files,
//!   run by `fixtures.rs`, snapshots in `fixtures/<puzzle>/snapshots/`). They hold what
//!   needs real files: messages that name the file (`bad-token.txt:2:4:`), missing files,
//!   formats chosen by the file name (`.jumps.json`), batches of several files or of good
//!   and bad records. [`golden_bad_input_is_indexed`] fails when a golden fixture exits 2
//!   without being listed there, so this file stays the one place to look.
//!
//! Where a golden fixture and a catalogue case pin the same message, [`GOLDEN`] says so.
//!
//! Library error messages are also pinned, as the `Display` of the error value and its
//! position fields, by the puzzle crates' own tests (`errors_name_the_place` in
//! `crates/maze/tests/maze/errors.rs`, `bad_boards_are_errors_naming_the_jump` in
//! `crates/ladders/tests/ladders/errors.rs`, `invalid_givens_name_cells_and_unit` in
//! `crates/sudoku/tests/sudoku/data_sets.rs`, the doc-tests); this catalogue pins what
//! users see.
//!
//! Beyond the snapshots, every case asserts the invariants that must hold for any input:
//! the process exits normally (no signal, no abort), with 0, 1 or 2, and never panics.
//! Each message must name where the problem is (file, line, column or cell) and what was
//! expected; read the snapshots with that in mind when you regenerate them
//! (`cargo xtask fixtures`).

use std::collections::BTreeSet;

use crate::harness::{gridsolve, repo_root};

/// One malformed input: a name for the snapshot, the command line, and standard input
/// (`stdin` written `times` times: the inputs past a reader's limits are megabytes).
struct Case {
    name: &'static str,
    args: &'static [&'static str],
    stdin: &'static [u8],
    times: usize,
}

const fn case(name: &'static str, args: &'static [&'static str], stdin: &'static [u8]) -> Case {
    Case {
        name,
        args,
        stdin,
        times: 1,
    }
}

/// A case whose standard input is `unit` written `times` times.
const fn repeated(
    name: &'static str,
    args: &'static [&'static str],
    unit: &'static [u8],
    times: usize,
) -> Case {
    Case {
        name,
        args,
        stdin: unit,
        times,
    }
}

/// 1 MiB: the longest Sudoku line (`sudoku::MAX_LINE_BYTES`).
const MIB: usize = 1 << 20;

/// A row of a 0/1 matrix in JSON, 1 MiB long: 65 of them pass the most JSON text a
/// maze reader holds (`maze::MAX_MATRIX_TEXT_BYTES`, 64 MiB) on lines well under its
/// longest line.
const JSON_ROW: &[u8] = &{
    let mut row = [b'1'; MIB];
    let mut i = 0;
    while i < MIB {
        row[i] = if i % 2 == 1 { b'1' } else { b',' };
        i += 1;
    }
    row[0] = b'[';
    row[MIB - 2] = b']';
    row[MIB - 1] = b'\n';
    row
};

const GRID1: &[u8] =
    b"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n";

/// A one-line 35 x 35 puzzle (1,225 blanks): past the largest supported size.
const SUDOKU_35: &[u8] = &{
    let mut line = [b'.'; 1226];
    line[1225] = b'\n';
    line
};

/// A one-line puzzle of 143 blanks: one cell short of the 144 of a 12 x 12 grid (`--box 3x4`).
const SUDOKU_143: &[u8] = &{
    let mut line = [b'.'; 144];
    line[143] = b'\n';
    line
};

/// 729 pencil marks (every cell holding every candidate) with an `x` in the slot of
/// candidate 2 of r3c5 (character 200).
const MARKS_BAD: &[u8] = &{
    let mut line = [b'.'; 730];
    let mut i = 0;
    while i < 729 {
        line[i] = b'1' + (i % 9) as u8;
        i += 1;
    }
    line[199] = b'x';
    line[729] = b'\n';
    line
};

/// `gridsolve sudoku`.
#[rustfmt::skip] // one case per line: easy to scan, and to merge
const SUDOKU: &[Case] = &[
    // --- sudoku solve: records on standard input or in a file (count, check and bench read them alike)
    case("sudoku-empty", &["sudoku", "solve"], b""),
    case("sudoku-whitespace", &["sudoku", "solve"], b"  \n\t\n\n"),
    case(
        "sudoku-bom-crlf",
        &["sudoku", "solve", "--output", "line"],
        b"\xef\xbb\xbf..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\r\n",
    ),
    case("sudoku-short-line", &["sudoku", "solve"], b"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.\n"),
    case("sudoku-non-digit", &["sudoku", "solve"], b"..3.2.6..9..3.5..1..18.64....81.29..7...x...8..67.82....26.95..8..2.3..9..5.1.3..\n"),
    case("sudoku-duplicate-givens", &["sudoku", "solve"], b"11...............................................................................\n"),
    case("sudoku-invalid-utf8", &["sudoku", "solve"], b"..3.2.6..9..3.5..1..18.64....81.29..7..\xff\xfe..8..67.82....26.95..8..2.3..9..5.1.3..\n"),
    case("sudoku-nul-byte", &["sudoku", "solve"], b"..3.2.6..9..3.5..1..18.64....81.29..7..\0....8..67.82....26.95..8..2.3..9..5.1.3..\n"),
    case("sudoku-16x16-as-9x9", &["sudoku", "solve", "--box", "3x3"], b"................................................................................................................................................................................................................................................................\n"),
    case(
        "sudoku-batch-keeps-going",
        &["sudoku", "solve", "--output", "line"],
        b"1x3\n..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n11...............................................................................\n",
    ),
    case("sudoku-missing-file", &["sudoku", "solve", "no/such/file.txt"], b""),
    case("sudoku-block-ragged", &["sudoku", "solve"], b"4 . . | . . . | 8 . 5\n. 3 . | . . . | . . .\n. . . | 7 . .\n"),
    case("sudoku-block-compact-short", &["sudoku", "solve"], b"..3.2.6..\n9..3.5..1\n..18.64..\n"),
    case("sudoku-opensudoku-pack-without-games", &["sudoku", "solve"], b"<?xml version=\"1.0\"?>\n<opensudoku>\n  <name>Empty</name>\n</opensudoku>\n"),
    case("sudoku-block-bar-off-the-boxes", &["sudoku", "solve"], b"1 2 | 3 4 | 5 6\n. . | . . | . .\n. . . | . . .\n------+------\n. . | . . | . .\n. . | . . | . .\n. . | . . | . .\n"),
    case("sudoku-block-drawn-boxes-do-not-tile", &["sudoku", "solve"], b"1 2 3 | 4 5 6\n. . . | . . .\n. . . | . . .\n------+------\n. . . | . . .\n. . . | . . .\n. . . | . . .\n"),
    case("sudoku-16x16-letter-beyond-g", &["sudoku", "solve"], b"1H..............................................................................................................................................................................................................................................................\n"),
    case("sudoku-one-cell-line", &["sudoku", "solve"], b"1,2,3\n"),
    // Near misses of the forms read since session 17: a stray line before a grid (a
    // record of its own; the grid after it solved), a short grid, a blank line, then a
    // whole one (two records), and a spreadsheet row one field short.
    case("sudoku-stray-line-before-a-grid", &["sudoku", "solve", "--output", "line"], b"123\n..3.2.6..\n9..3.5..1\n..18.64..\n..81.29..\n7.......8\n..67.82..\n..26.95..\n8..2.3..9\n..5.1.3..\n"),
    case("sudoku-short-grid-then-blank-then-grid", &["sudoku", "solve", "--output", "line"], b"..3.2.6..\n9..3.5..1\n..18.64..\n\n..3.2.6..\n9..3.5..1\n..18.64..\n..81.29..\n7.......8\n..67.82..\n..26.95..\n8..2.3..9\n..5.1.3..\n"),
    case("sudoku-spreadsheet-row-short", &["sudoku", "solve"], b",,3,,2,,6,,\n9,,,3,,5,,,1\n,,1,8,,6,4,\n,,8,1,,2,9,,\n7,,,,,,,,8\n,,6,7,,8,2,,\n,,2,6,,9,5,,\n8,,,2,,3,,,9\n,,5,,1,,3,,\n"),
    // A grid missing a row among grids drawn with border lines: one record that says
    // so, and the grids after it read whole (they had each taken a row of the next).
    case("sudoku-drawn-grid-missing-a-row-among-grids", &["sudoku", "solve", "--output", "line"], b". . 3 | . 2 . | 6 . .\n9 . . | 3 . 5 | . . 1\n. . 1 | 8 . 6 | 4 . .\n------+-------+------\n. . 8 | 1 . 2 | 9 . .\n7 . . | . . . | . . 8\n. . 6 | 7 . 8 | 2 . .\n------+-------+------\n. . 2 | 6 . 9 | 5 . .\n8 . . | 2 . 3 | . . 9\n. . 5 | . 1 . | 3 . .\n. . 3 | . 2 . | 6 . .\n9 . . | 3 . 5 | . . 1\n. . 1 | 8 . 6 | 4 . .\n------+-------+------\n. . 8 | 1 . 2 | 9 . .\n. . 6 | 7 . 8 | 2 . .\n------+-------+------\n. . 2 | 6 . 9 | 5 . .\n8 . . | 2 . 3 | . . 9\n. . 5 | . 1 . | 3 . .\n. . 3 | . 2 . | 6 . .\n9 . . | 3 . 5 | . . 1\n. . 1 | 8 . 6 | 4 . .\n------+-------+------\n. . 8 | 1 . 2 | 9 . .\n7 . . | . . . | . . 8\n. . 6 | 7 . 8 | 2 . .\n------+-------+------\n. . 2 | 6 . 9 | 5 . .\n8 . . | 2 . 3 | . . 9\n. . 5 | . 1 . | 3 . .\n"),
    // Damaged puzzles first (a cell short, a stray letter past the first row's worth):
    // puzzles all the same, so the batch goes on and answers the good one after them.
    case("sudoku-damaged-puzzles-first", &["--format", "csv", "sudoku", "solve"], b"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.\n..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.\n..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.\n..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.\n..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.\n..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.\n..3.2.6..9..3.5..1..18.64....81.29..x.......8..67.82....26.95..8..2.3..9..5.1.3..\n..3.2.6..9..3.5..1..18.64....81.29..x.......8..67.82....26.95..8..2.3..9..5.1.3..\n..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"),
    case("sudoku-words-only", &["sudoku", "solve"], b"# notes\nhello world\nsee you\n"),
    case("sudoku-numbers-line", &["sudoku", "solve"], b"1 2 3 4 5\n"),
    case("sudoku-word-as-json", &["sudoku", "solve", "--input-format", "leetcode-json"], b"hello world\n"),
    // Near misses of the rated-list forms (issue 25), each error at its cell: a
    // Sudoku Exchange `hash puzzle rating` line one cell short (column 15, past the
    // hash) and with a stray letter; serate's `PUZZLE ED=...` one cell short; a block
    // whose last row carries a rating and a bad cell; XML that is not OpenSudoku; an
    // OpenSudoku game one cell short, then one without `data`; a CSV row under a
    // header naming its difficulty, a letter in the puzzle column, then a row without it.
    // `--symbols` on generate names as many symbols as the grid's side.
    case("sudoku-generate-symbols-wrong-size", &["sudoku", "generate", "--symbols", "A-P"], b""),
    // ... and so does every reading verb: `1-7` read the 9 x 9 grid's 8s and 9s too.
    case("sudoku-solve-symbols-fewer-than-the-side", &["sudoku", "solve", "--symbols", "1-7"], GRID1),
    // --- sudoku --variant (region maps and extra-unit clashes with a file: golden sudoku/variant-*)
    case("sudoku-variant-unknown", &["sudoku", "solve", "--variant", "killer"], b""),
    case("sudoku-variant-4x4", &["sudoku", "count", "--variant", "x"], b"1...\n..2.\n.3..\n...4\n"),
    case("sudoku-variant-windoku-clash", &["sudoku", "check", "--variant", "windoku"], b"..........5...................5..................................................\n"),
    case("sudoku-variant-disjoint-clash", &["sudoku", "solve", "--variant", "disjoint"], b"........6.......................6................................................\n"),
    // A block or a text picture would draw the classic boxes, not the regions (--draw svg draws them).
    case("sudoku-variant-jigsaw-draw", &["sudoku", "solve", "--variant", "jigsaw", "--draw"], b"....75...9.......2......5.4.......9............1...6..2..3....9..........4....7.. 111222222111333332114355532144335552446666755446688757496688777499698877999998887\n"),
    case("sudoku-variant-jigsaw-no-map", &["sudoku", "solve", "--variant", "jigsaw"], b"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"),
    case("sudoku-variant-jigsaw-map-not-apart", &["sudoku", "solve", "--variant", "jigsaw"], b"....75...9.......2......5.4.......9............1...6..2..3....9..........4....7..,111222222111333332114355532144335552446666755446688757496688777499698877999998887\n"),
    case("sudoku-variant-jigsaw-short-map", &["sudoku", "solve", "--variant", "jigsaw"], b"................................................................................. 1112223331112223331112223334445556664445556664445556667778889997778889997778889\n"),
    case("sudoku-variant-generate-16x16", &["sudoku", "generate", "--variant", "x", "--size", "16"], b""),
    case("sudoku-variant-generate-jigsaw-draw", &["sudoku", "generate", "--variant", "jigsaw", "--draw"], b""),
    // Verbs that read classic puzzles only refuse --variant with the reason.
    case("sudoku-variant-grade", &["sudoku", "grade", "--variant", "x"], b"....3.....5.....6...21...98....1..........7.9.......2..1...76....3..84...........\n"),
    case("sudoku-variant-hint", &["sudoku", "hint", "--variant", "jigsaw"], b""),
    // Under classic rules a jigsaw line's givens can clash in a box: the error points at --variant jigsaw.
    case("sudoku-jigsaw-line-as-classic-clash", &["sudoku", "count"], b".....5..8..7...1...3......4..4...39...........91...6..2......8...3...8..6..5..... 111222222111333332114355532144335552446666755446688757496688777499698877999998887\n"),
    case("sudoku-generate-variant-givens-7", &["sudoku", "generate", "--variant", "x", "--givens", "7"], b""),
    case("sudoku-variant-bench-clash", &["sudoku", "bench", "--variant", "x"], b"1...............................................................................1\n"),
    case("sudoku-exchange-short", &["sudoku", "solve"], b"0000183b305c  ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.  1.2\n"),
    // A numbered list's puzzle a cell short and one with a stray letter: the error at
    // the puzzle's cells (column 4, past `1. `), its neighbour still answered.
    // JSON Lines: no puzzle key, a puzzle that is a number, JSON that stops short, a
    // bad cell inside the puzzle's string (at its column), then a good record.
    case("sudoku-json-lines", &["sudoku", "solve"], b"{\"id\": 1, \"givens\": 32}\n{\"puzzle\": 5}\n{\"puzzle\": \"..3.2.6..\n{\"id\": 4, \"puzzle\": \"..3.2.6..9..3.5..1..18.64....81.29..7...x...8..67.82....26.95..8..2.3..9..5.1.3..\"}\n{\"id\": 5, \"puzzle\": \"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\"}\n"),
    // A broken line of a JSON Lines file is a bad record, not a title skipped unsaid;
    // a grid's rows in one string (`\n` escapes) with a bad cell: at the string.
    case("sudoku-json-lines-broken", &["sudoku", "solve"], b"{\"puzzle\": \"..3\\n9.x\\n...\"}\n{\"puzzle\": \"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\"}\n{broken\n{oops}\n{\"puzzle\": \"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\"}\n"),
    case("sudoku-numbered-puzzle-short", &["sudoku", "solve"], b"1. ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.\n2. ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n#3 ..3.2.6..9..3.5..1..18.64....81.29..x.......8..67.82....26.95..8..2.3..9..5.1.3..\n"),
    case("sudoku-exchange-letter", &["sudoku", "solve"], b"0000183b305c  ..3.2.6..9..3.5..1..18.64....81.29..x.......8..67.82....26.95..8..2.3..9..5.1.3..  1.2\n"),
    case("sudoku-exchange-hash-13", &["sudoku", "solve"], b"0000183b305c1  ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..  1.2\n"),
    case("sudoku-exchange-hash-11-grade", &["sudoku", "grade"], b"000183b305c ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.. 1.2\n"),
    case("sudoku-canon-jigsaw-line", &["sudoku", "canon"], b"....75...9.......2......5.4.......9............1...6..2..3....9..........4....7.. 111222222111333332114355532144335552446666755446688757496688777499698877999998887\n"),
    case("sudoku-dedupe-jigsaw-lines", &["sudoku", "dedupe"], b"....75...9.......2......5.4.......9............1...6..2..3....9..........4....7.. 111222222111333332114355532144335552446666755446688757496688777499698877999998887\n....75...9.......2......5.4.......9............1...6..2..3....9..........4....7.. 788899999778896994777886694757886644557666644255533441235553411233333111222222111\n"),
    case("sudoku-exchange-hash-not-hex", &["sudoku", "solve"], b"0bef6097ea7g  ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..  1.5\n"),
    case("sudoku-block-rated-eight-rows", &["sudoku", "solve"], b"..3.2.6..\n9..3.5..1\n..18.64..\n..81.29..\n7.......8\n..67.82..\n..26.95..\n8..2.3..9 ED=2.0/1.2/1.2\n"),
    case("sudoku-block-rated-short-row", &["sudoku", "solve"], b"..3.2.6..\n9..3.5..1\n..18.64..\n..81.29..\n7.......8\n..67.82..\n..26.95..\n8..2.3..9\n..5.1.3. ED=2.0/1.2/1.2\n"),
    case("sudoku-opensudoku-unclosed-quote", &["sudoku", "solve"], b"<opensudoku>\n<game data=\"003020600900305001001806400008102900700000008006708200002609500800203009005010300 />\n</opensudoku>\n"),
    case("sudoku-csv-empty-puzzle-field", &["--format", "json", "sudoku", "solve"], b"id,puzzle,difficulty\nb,,2.0\n\"a,b\",..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..,1.2\n"),
    case("sudoku-opensudoku-second-game-bad", &["sudoku", "solve"], b"<opensudoku>\n  <game data=\"003020600900305001001806400008102900700000008006708200002609500800203009005010300\"/><game data=\"2000803000600700840305002090001054080000000004027060003010070407200400600040100x3\"/>\n</opensudoku>\n"),
    case("sudoku-opensudoku-second-game-unclosed", &["--format", "json", "sudoku", "solve"], b"<opensudoku>\n  <game id=\"a\" data=\"003020600900305001001806400008102900700000008006708200002609500800203009005010300\"/><game id=\"b\" data=\"200080300060070084030500209000105408000000000402706000301007040720040060004010003/>\n</opensudoku>\n"),
    case("sudoku-serate-short", &["sudoku", "solve"], b"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3. ED=2.0/1.2/1.2\n"),
    case("sudoku-block-rated-bad-cell", &["sudoku", "solve"], b"1 . | . .\n. . | . .\n. . | 3 .\n. x | . 4 ED=1.2/1.2/1.2\n"),
    case("sudoku-xml-not-opensudoku", &["sudoku", "solve"], b"<html>\n<body>..3.2.6..</body>\n"),
    // Long elements whose letters read as a symbol alphabet: named as written (not as
    // translated to the standard symbols), quoted and cut to 40 characters.
    case("sudoku-xml-long-element", &["--format", "json", "sudoku", "solve"], b"<xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx>\n<abababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab>\n"),
    case(
        "sudoku-opensudoku-near-misses",
        &["sudoku", "solve"],
        b"<opensudoku>\n<game data=\"00302060090030500100180640000810290070000000800670820000260950080020300900501030\"/>\n<game state=\"1\"/>\n</opensudoku>\n",
    ),
    case(
        "sudoku-difficulty-csv-near-misses",
        &["sudoku", "solve"],
        b"id,puzzle,difficulty\n7,..3.2.6..9..3.5..1..18.64....81.29..x.......8..67.82....26.95..8..2.3..9..5.1.3..,1.2\n8\n",
    ),
    // Puzzle lines after a CSV table, one with a serate rating, and a line short of
    // the table's fields: no field of the table is taken for an id, the rating is
    // kept, and only the short line is bad (what it lacks as a row).
    case(
        "sudoku-csv-loose-lines",
        &["--format", "json", "sudoku", "solve"],
        b"id,puzzle,difficulty\n1,..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..,1.2\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......  ED=2.6/1.2/1.2\n8\n",
    ),
    // After a `;` table: a puzzle line with a `;` comment and a block with `;` between
    // its cells are read as such, not as rows (their text was taken for an id); a row
    // with an empty puzzle field says so.
    case(
        "sudoku-semicolon-csv-loose-lines",
        &["--format", "json", "sudoku", "solve"],
        b"id;puzzle;difficulty\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......;comment\n.;.;3;.;2;.;6;.;.\n9;.;.;3;.;5;.;.;1\n.;.;1;8;.;6;4;.;.\n.;.;8;1;.;2;9;.;.\n7;.;.;.;.;.;.;.;8\n.;.;6;7;.;8;2;.;.\n.;.;2;6;.;9;5;.;.\n8;.;.;2;.;3;.;.;9\n.;.;5;.;1;.;3;.;.\n9;;1,2\n",
    ),
    // Under `--symbols 0-F`, where `0` is a value: a line of 17 symbols (its length
    // is the fault, not its tenth symbol), 16 symbols read as a 4 x 4 grid (`4` past
    // its values, named in the alphabet), 255 blanks (the length, in the alphabet's
    // words), 81 cells with `A`, past a 9 x 9 grid's values (the length is right).
    case(
        "sudoku-symbols-wrong-length",
        &["sudoku", "solve", "--symbols", "0-F"],
        b"0123456789ABCDEF0\n\n0123456789ABCDEF\n\n...............................................................................................................................................................................................................................................................\n\nA................................................................................\n",
    ),
    // OpenSudoku: another element after a game on its line is an error at its `<`
    // (it was swallowed with the game); closing tags after a game are not.
    case(
        "sudoku-opensudoku-stray-element",
        &["sudoku", "solve"],
        b"<opensudoku>\n<game data=\"003020600900305001001806400008102900700000008006708200002609500800203009005010300\"/><gme data=\"X\"/>\n<game data=\"003020600900305001001806400008102900700000008006708200002609500800203009005010300\"></game></opensudoku>\n",
    ),
    // The same near misses in a `;` table (a decimal-comma locale's spreadsheet); a
    // title after it ends the table.
    case(
        "sudoku-semicolon-csv-near-misses",
        &["sudoku", "solve"],
        b"id;puzzle;difficulty\n7;..3.2.6..9..3.5..1..18.64....81.29..x.......8..67.82....26.95..8..2.3..9..5.1.3..;1,2\n8\nTitle words\n",
    ),
    // Near misses of the formats people have: a CSV row with a puzzle one cell short
    // (the header is skipped), a framed board whose third row lost its closing `|`.
    case(
        "sudoku-csv-short-puzzle",
        &["sudoku", "solve"],
        b"quizzes,solutions\n03020600900305001001806400008102900700000008006708200002609500800203009005010300,483921657967345821251876493548132976729564138136798245372689514814253769695417382\n",
    ),
    // A LeetCode board with a row one cell short, and one whose brackets never close.
    case(
        "sudoku-leetcode-short-row",
        &["sudoku", "check"],
        br#"[["5","3",".",".","7",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#,
    ),
    // LeetCode boards of the wrong shape: one row, eight rows of nine (a row missing),
    // and row 4 one cell short on one line (named at its own `[`).
    case(
        "sudoku-leetcode-one-row",
        &["sudoku", "solve", "--input-format", "leetcode-json"],
        br#"[["5","3",".",".","7",".",".",".","."]]"#,
    ),
    case(
        "sudoku-leetcode-eight-rows",
        &["sudoku", "solve"],
        br#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"]]"#,
    ),
    case(
        "sudoku-leetcode-short-row-4",
        &["sudoku", "solve"],
        br#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".","."],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#,
    ),
    case("sudoku-leetcode-unclosed", &["sudoku", "solve"], b"[\n[\"1\",\".\"],\n"),
    // Two rows, the second short: the short row is named, not a 2 x 2 grid's box shape.
    case("sudoku-leetcode-ragged-two-rows", &["sudoku", "solve"], br#"[["5","3"],["6"]]"#),
    // A C array (GeeksforGeeks' layout) with row 3 one cell short, named at its `{`; a
    // stray letter in one; one whose braces never close; a NumPy print with a letter.
    case(
        "sudoku-c-array-short-row",
        &["sudoku", "solve"],
        b"int grid[N][N] = { { 3, 0, 6, 5, 0, 8, 4, 0, 0 },\n{ 5, 2, 0, 0, 0, 0, 0, 0, 0 },\n{ 0, 8, 7, 0, 0, 0, 0, 3 },\n{ 0, 0, 3, 0, 1, 0, 0, 8, 0 },\n{ 9, 0, 0, 8, 6, 3, 0, 0, 5 },\n{ 0, 5, 0, 0, 9, 0, 6, 0, 0 },\n{ 1, 3, 0, 0, 0, 0, 2, 5, 0 },\n{ 0, 0, 0, 0, 0, 0, 0, 7, 4 },\n{ 0, 0, 5, 2, 0, 6, 3, 0, 0 } };\n",
    ),
    case(
        "sudoku-c-array-letter",
        &["sudoku", "solve"],
        b"{{3,0,6,5,0,8,4,0,0},{5,2,0,0,0,0,0,0,0},{0,8,7,0,0,0,0,3,1},{0,0,3,0,1,0,0,8,0},{9,0,0,8,6,3,0,0,5},{0,5,0,0,9,0,6,0,0},{1,3,0,0,0,0,2,5,0},{0,0,0,0,0,0,0,7,4},{0,0,5,2,0,6,3,0,x}}\n",
    ),
    case("sudoku-c-array-unclosed", &["sudoku", "solve"], b"int grid[2][2] = {\n{1, 0},\n"),
    // An array left open ends where the next begins: one bad record, the next answered.
    case(
        "sudoku-c-array-unclosed-then-good",
        &["sudoku", "solve"],
        b"int a[4][4] = {\n{1, 0, 0, 0},\n{0, 0, 2, 0},\n{0, 3, 0, 0},\n{0, 0, 0, 4}\n\nint b[4][4] = {\n{1, 0, 0, 0},\n{0, 0, 2, 0},\n{0, 3, 0, 0},\n{0, 0, 0, 4}\n};\n",
    ),
    case(
        "sudoku-numpy-letter",
        &["sudoku", "solve"],
        b"[[3 0 6 5 0 8 4 0 0]\n [5 2 0 0 0 0 0 0 0]\n [0 8 7 0 0 0 0 3 1]\n [0 0 3 0 1 0 0 8 0]\n [9 0 0 8 6 3 0 0 5]\n [0 5 0 0 9 0 6 0 0]\n [1 3 0 0 0 0 2 5 0]\n [0 0 0 0 0 0 0 7 4]\n [0 0 5 2 0 6 3 0 x]]\n",
    ),
    // Grids below 4 x 4 (their only boxes are rows): a block, and a box shape asking for one.
    case("sudoku-2x2-block", &["sudoku", "solve"], b"12\n21\n"),
    case("sudoku-box-1x2", &["sudoku", "solve", "--box", "1x2"], b"1221\n"),
    // A line one cell short of the 12 x 12 grid --box 3x4 asks for (not of a 9 x 9 one).
    case("sudoku-line-short-for-box", &["sudoku", "solve", "--box", "3x4"], SUDOKU_143),
    // Alphabets: a letter outside the one asked for, and an alphabet that is no range.
    case(
        "sudoku-symbol-outside-alphabet",
        &["sudoku", "solve", "--symbols", "0-F"],
        b".F...G.3.75.2.94.....4.7.......D.0...A..4C.6F.5.C.21..65.9.A.7.03.9....F...7D..E....D..2.A.......E......F..9C......B.C.9.4E.A..8.....34..27.....FC8..9..E1......2.D...5806........75...AD..F1.4.0...F19..EA....2..58...C.D...FA.6..D3.E...1.8..7.3...8.....4..C5\n",
    ),
    case("sudoku-symbols-backwards", &["sudoku", "solve", "--symbols", "F-0"], b""),
    case(
        "sudoku-framed-broken-frame",
        &["sudoku", "solve"],
        b"+-------+-------+-------+\n|     3 |   2   | 6     |\n| 9     | 3   5 |     1 |\n|     1 | 8   6 | 4     \n+-------+-------+-------+\n|     8 | 1   2 | 9     |\n| 7     |       |     8 |\n|     6 | 7   8 | 2     |\n+-------+-------+-------+\n|     2 | 6   9 | 5     |\n| 8     | 2   3 |     9 |\n|     5 |   1   | 3     |\n+-------+-------+-------+\n",
    ),
    case("sudoku-35x35-line", &["sudoku", "solve"], SUDOKU_35),
    // Past the limits: one line longer than 1 MiB, a control byte, binary lines.
    repeated("sudoku-line-too-long", &["sudoku", "solve"], b".", MIB + 1),
    case("sudoku-control-byte", &["sudoku", "solve"], b"..3.2.6..9..3.5..1..18.64....81.29..7....\x1b[0m..8..67.82....26.95..8..2.3..9..5.1.3..\n"),
    repeated("sudoku-binary-lines", &["sudoku", "solve"], b"\xff\xfe\n", 1000),
    repeated("sudoku-long-title", &["sudoku", "solve"], b"title", 1000),
    case("sudoku-4x4-numbers-one-bad", &["sudoku", "solve"], b"1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 -1\n"),
    // --- sudoku solve: flags
    case("sudoku-bad-box-flag", &["sudoku", "solve", "--box", "3by3"], GRID1),
    case("sudoku-json-and-block-output", &["--format", "json", "sudoku", "solve", "--output", "block"], GRID1),
    case("sudoku-csv-and-json-output", &["--format", "csv", "sudoku", "solve", "--output", "json"], GRID1),
    case("sudoku-generate-csv-and-json-output", &["--format", "csv", "sudoku", "generate", "--output", "json"], b""),
    // `--input-format block` reads puzzles of rows, never one-line puzzles.
    case("sudoku-block-layout-one-line-puzzle", &["sudoku", "solve", "--input-format", "block"], GRID1),
    // --- sudoku count
    case("sudoku-count-short-line", &["sudoku", "count"], b"123\n"),
    case("sudoku-negative-limit", &["sudoku", "count", "--limit", "-1"], GRID1),
    case("sudoku-enormous-limit", &["sudoku", "count", "--limit", "99999999999999999999999"], GRID1),
    // --- sudoku check
    case("sudoku-check-short-line", &["sudoku", "check"], b"123\n"),
    // --- sudoku bench
    case("sudoku-bench-bad-line", &["sudoku", "bench"], b"1x3\n"),
    // --- sudoku generate
    case("sudoku-generate-size-too-big", &["sudoku", "generate", "--size", "36"], b""),
    case("sudoku-generate-size-prime", &["sudoku", "generate", "--size", "7"], b""),
    case("sudoku-generate-size-2", &["sudoku", "generate", "--size", "2"], b""),
    // --- sudoku hint, explain, grade (9 x 9 only; pencil marks too)
    case("sudoku-hint-marks-bad-char", &["sudoku", "hint"], MARKS_BAD),
    case("sudoku-hint-marks-short", &["sudoku", "hint", "--input-format", "candidates"], GRID1),
    case("sudoku-solve-candidates-format", &["sudoku", "solve", "--input-format", "candidates"], GRID1),
    case("sudoku-canon-candidates-format", &["sudoku", "canon", "--input-format", "candidates"], GRID1),
    // Grids of candidate lists (HoDoKu's pencil-mark grid): a letter in a list, a row of
    // eight lists, a digit twice in one list, a grid of eight rows.
    case("sudoku-hint-lists-bad-char", &["sudoku", "hint"], b".---------.\n| 12 3x 4 | 5 6 7 | 8 9 1 |\n"),
    case("sudoku-hint-lists-short-row", &["sudoku", "hint", "--input-format", "candidates"], b"12 3 4 5 6 7 8 9 1\n12 3 4 5 6 7 8 9 1\n12 3 4 5 6 7 8 9\n"),
    case("sudoku-hint-lists-repeated", &["sudoku", "explain"], b"12 3 4 5 6 7 8 9 1\n12 3 4 5 676 7 8 9 1\n"),
    case("sudoku-grade-lists-eight-rows", &["sudoku", "grade"], b"12 3 4 5 6 7 8 9 1\n12 3 4 5 6 7 8 9 1\n12 3 4 5 6 7 8 9 1\n12 3 4 5 6 7 8 9 1\n12 3 4 5 6 7 8 9 1\n12 3 4 5 6 7 8 9 1\n12 3 4 5 6 7 8 9 1\n12 3 4 5 6 7 8 9 1\n\n"),
    case("sudoku-hint-6x6", &["sudoku", "hint"], b"1.....\n......\n......\n......\n......\n.....6\n"),
    case("sudoku-explain-16x16", &["sudoku", "explain"], b"1...............................................................................................................................................................................................................................................................\n"),
    case("sudoku-grade-clashing-givens", &["sudoku", "grade"], b"11...............................................................................\n"),
    // SE rates 9 x 9 puzzles only; serate's line is grade's alone.
    case("sudoku-grade-4x4", &["sudoku", "grade"], b"1.3..2....4..3.1\n"),
    case("sudoku-solve-format-serate", &["--format", "serate", "sudoku", "solve"], b"1.3..2....4..3.1\n"),
    case("sudoku-generate-negative-count", &["sudoku", "generate", "--count=-1"], b""),
];

/// `gridsolve queens`.
#[rustfmt::skip] // one case per line: easy to scan, and to merge
const QUEENS: &[Case] = &[
    // --- queens count
    case("queens-count-40", &["queens", "count", "40"], b""),
    case("queens-count-negative", &["queens", "count", "-1"], b""),
    case("queens-count-not-a-number", &["queens", "count", "eight"], b""),
    case("queens-count-shard-zero", &["queens", "count", "10", "--shard", "0/4"], b""),
    case("queens-count-shard-no-slash", &["queens", "count", "10", "--shard", "3"], b""),
    case("queens-merge-no-files", &["queens", "merge"], b""),
    case("queens-merge-missing-file", &["queens", "merge", "no-such-shard.txt"], b""),
    case("queens-count-enormous", &["queens", "count", "99999999999999999999999"], b""),
    // --- queens all
    case("queens-all-0", &["queens", "all", "0"], b""),
    case("queens-all-limit-0", &["queens", "all", "8", "--limit", "0"], b""),
    // --- queens solve
    case("queens-solve-2", &["queens", "solve", "2"], b""),
    case("queens-solve-not-a-number", &["queens", "solve", "many"], b""),
    case("queens-solve-draw-too-large", &["queens", "solve", "100000000", "--draw"], b""),
    // --- queens complete: the board
    case("queens-complete-empty", &["queens", "complete"], b""),
    case("queens-complete-attacking", &["queens", "complete"], b"Q . . .\n. Q . .\n. . . .\n. . . .\n"),
    case("queens-complete-ragged", &["queens", "complete"], b"Q . . .\n. . .\n. . . .\n. . . .\n"),
    case("queens-complete-row-missing", &["queens", "complete"], b". Q . .\n. . . .\n. . . .\n"),
    case("queens-complete-two-boards", &["queens", "complete"], b". Q . .\n. . . .\n. . . .\n. . . .\n\n. . Q .\n. . . .\n. . . .\n. . . .\n"),
    case("queens-complete-two-column-lists", &["queens", "complete"], b"2 . . .\n3 . . .\n"),
    case("queens-complete-bad-char", &["queens", "complete"], b"Q . . .\n. . K .\n. . . .\n. . . .\n"),
    case("queens-complete-nul", &["queens", "complete"], b"Q . . .\n. . \0 .\n. . . .\n. . . .\n"),
    case("queens-complete-invalid-utf8", &["queens", "complete"], b"Q . . .\n. . \xff .\n. . . .\n. . . .\n"),
    case("queens-complete-one-row-too-long", &["queens", "complete"], b"Q Q\n"),
    case("queens-complete-draw-too-large", &["queens", "complete", "--draw"], b"1 . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . .\n"),
    // Past the limits: more text than a board may take (64 MiB), a control byte, a
    // long token quoted in part, a line of partial counts past 64 KiB.
    repeated("queens-complete-text-too-large", &["queens", "complete"], b". . . . . . . . . . . . . . . .\n", 3 * MIB),
    case("queens-complete-control-byte", &["queens", "complete"], b"Q . . .\n. . \x1b .\n"),
    repeated("queens-complete-long-token", &["queens", "complete"], b"9", 5000),
    repeated("queens-merge-line-too-long", &["queens", "merge"], b"n", 65 * 1024 + 1),
    case("queens-complete-row-of-one-square", &["queens", "complete"], b". Q\n.\n"),
    // --- queens complete: flags
    case("queens-complete-count-limit-0", &["queens", "complete", "--count", "--limit", "0"], b"Q . . .\n. . . .\n. . . .\n. . . .\n"),
    case("queens-complete-limit-without-count", &["queens", "complete", "--limit", "5"], b"Q . . .\n. . . .\n. . . .\n. . . .\n"),
];

/// `gridsolve ladders`.
#[rustfmt::skip] // one case per line: easy to scan, and to merge
const LADDERS: &[Case] = &[
    case("ladders-simulate-negative-games", &["ladders", "simulate", "--games=-5"], b"[[-1,-1],[-1,-1]]"),
    case("ladders-stats-players-above-range", &["ladders", "stats", "--players", "101"], b"[[-1,-1],[-1,-1]]"),
    // --- ladders solve: the board (stats and simulate read it alike)
    case("ladders-empty", &["ladders", "solve"], b""),
    case("ladders-whitespace", &["ladders", "solve"], b" \n \n"),
    case("ladders-not-square", &["ladders", "solve"], b"[[-1,-1,-1],[-1,-1,-1]]"),
    case("ladders-ragged", &["ladders", "solve"], b"-1 -1\n-1\n"),
    case("ladders-blank-line-between-rows", &["ladders", "solve"], b"-1 -1 -1 -1\n-1 -1 -1 -1\n\n-1 -1 -1 -1\n-1 -1 -1 -1\n"),
    case("ladders-ragged-json", &["ladders", "solve"], b"[[-1,-1],[-1]]"),
    case("ladders-float-json", &["ladders", "solve"], b"[[-1,-1],[-1,1e3]]"),
    case("ladders-non-numeric", &["ladders", "solve"], b"-1 -1\n-1 ladder\n"),
    case("ladders-value-out-of-range", &["ladders", "solve"], b"[[-1,-1],[-1,9]]"),
    case("ladders-enormous-value", &["ladders", "solve"], b"[[-1,-1],[-1,99999999999999999999999]]"),
    // A jump on square 1 (LeetCode leaves them out; the physical game has them): never
    // taken from LeetCode's start on square 1, which a note says.
    case("ladders-jump-from-square-1", &["ladders", "solve"], b"[[-1,-1],[3,-1]]"),
    // Two bare [from, to] pairs read as a 2 x 2 matrix: the error names --squares.
    case("ladders-two-pairs-as-matrix", &["ladders", "solve"], b"[[3,22],[5,8]]"),
    case("ladders-truncated-json", &["ladders", "solve"], b"[[-1,-1],[-1,"),
    case("ladders-deeply-nested-json", &["ladders", "solve"], b"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["),
    case("ladders-invalid-utf8", &["ladders", "solve"], b"-1 -1\n-1 \xff\n"),
    case("ladders-nul-byte", &["ladders", "solve"], b"-1 -1\n-1 \0\n"),
    // Past the limits: more text than a board may take (64 MiB), a control byte, a
    // board of more squares than supported, a long token quoted in part.
    repeated("ladders-text-too-large", &["ladders", "stats"], b"-1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n", 3 * MIB),
    case("ladders-control-byte", &["ladders", "solve"], b"-1 -1\n-1 \x07\n"),
    case("ladders-too-many-squares", &["ladders", "solve"], b"squares 25000001\n1 38\n"),
    repeated("ladders-long-token", &["ladders", "solve"], b"x", 5000),
    case("ladders-two-jumps-one-square", &["ladders", "solve"], b"squares 100\n4 14\n4 20\n"),
    case("ladders-jump-from-last", &["ladders", "solve"], b"{\"squares\": 100, \"jumps\": [[100, 3]]}"),
    case("ladders-jump-not-a-pair", &["ladders", "solve"], b"{\"squares\": 10,\n \"jumps\": [[1, 5], [2]]}"),
    case("ladders-billion-squares", &["ladders", "solve"], b"{\"squares\": 1000000000000, \"jumps\": []}"),
    case("ladders-json-unknown-field", &["ladders", "solve"], b"{\"squares\": 100,\n \"jumps\": [[4, 14]],\n \"snakes\": []}"),
    case("ladders-json-not-an-object", &["ladders", "solve", "--input-format", "jumps-json"], b"[[4, 14]]"),
    case("ladders-json-enormous-jump", &["ladders", "solve"], b"{\"squares\": 100, \"jumps\": [[4, 99999999999999999999999]]}"),
    case("ladders-text-enormous-squares", &["ladders", "solve"], b"squares 99999999999999999999999\n4 14\n"),
    // A square beyond an i64 is told against the header's squares, not the i64 range.
    case("ladders-text-enormous-jump", &["ladders", "solve"], b"squares 100\n3 99999999999999999999\n"),
    case("ladders-chain-loop-text", &["ladders", "solve", "--chain"], b"squares 30\n5 20\n20 5\n"),
    // A text jump list without its `squares N` header (after a comment line): named as
    // such, not as a 3 x 2 matrix; forced to a matrix, it is read as one.
    case("ladders-jumps-without-header", &["ladders", "solve"], b"# snakes and ladders\n4 14\n9 31\n17 7\n"),
    case("ladders-jumps-without-header-as-matrix", &["ladders", "solve", "--input-format", "matrix"], b"4 14\n9 31\n17 7\n"),
    case("ladders-chain-loop-json", &["ladders", "stats", "--chain"], b"{\"squares\": 30, \"jumps\": [[20, 5], [5, 20]]}"),
    case("ladders-chain-loop-matrix", &["ladders", "simulate", "--chain"], b"[[-1,2],[-1,3]]"),
    // A batch of JSON boards (one a line): each bad board is one record at its place in
    // the file, the good ones around it answered; a loop under --chain names its jumps
    // where the file has them.
    case("ladders-batch-bad-boards", &["ladders", "solve"], b"[[-1,-1],[-1,3]]\n[[-1,-1],[-1,\n[[-1,-1],[-1,9]]\n[[-1,-1,-1]]\n[[-1,-1],[-1,4]]\n"),
    case("ladders-batch-chain-loop-json", &["--format", "json", "ladders", "solve", "--chain"], b"[[-1,-1],[-1,3]]\n  {\"squares\": 30, \"jumps\": [[20, 5],\n [5, 20]]}\n"),
    case("ladders-batch-unclosed-last", &["ladders", "solve"], b"[[-1,-1],[-1,3]]\n[[-1,-1],[-1,3]]\n[[-1,-1],\n [-1,3]\n"),
    // --- ladders solve: flags
    case("ladders-zero-faces", &["ladders", "solve", "--faces", "0"], b"[[-1,-1],[-1,-1]]"),
    // --- ladders stats
    case("ladders-stats-not-square", &["ladders", "stats"], b"[[-1,-1,-1],[-1,-1,-1]]"),
    case("ladders-zero-players", &["ladders", "stats", "--players", "0"], b"[[-1,-1],[-1,-1]]"),
    // --- ladders simulate
    case("ladders-simulate-empty", &["ladders", "simulate"], b""),
    case("ladders-negative-games", &["ladders", "simulate", "--games", "-5"], b"[[-1,-1],[-1,-1]]"),
];

/// `gridsolve maze`.
#[rustfmt::skip] // one case per line: easy to scan, and to merge
const MAZE: &[Case] = &[
    // Numbers on the command line: negative (as a separate word, after `=`, in a cell),
    // and beyond any integer type.
    // A goal written as a letter the reader does not know, alone in its cell: refused
    // (it had been read as open and the path taken to the bottom-right corner).
    case("maze-goal-written-as-a-letter", &["maze", "shortest"], b"S..#.\n.#.#.\n.#F..\n.###.\n.....\n"),
    case("maze-generate-negative-rows", &["maze", "generate", "--rows", "-1", "--cols", "3"], b""),
    case("maze-generate-negative-rows-equals", &["maze", "generate", "--rows=-3", "--cols", "3"], b""),
    case("maze-generate-huge-rows", &["maze", "generate", "--rows", "99999999999999999999", "--cols", "3"], b""),
    case("maze-generate-loops-above-1", &["maze", "generate", "--rows", "3", "--cols", "3", "--loops", "2"], b""),
    case("maze-generate-loops-negative", &["maze", "generate", "--rows", "3", "--cols", "3", "--loops", "-0.5"], b""),
    case("maze-start-negative", &["maze", "shortest", "--start", "-1,0"], b"1 1\n1 1\n"),
    // --- maze exists / solve / paths / shortest / count: the maze (every question reads it alike)
    case("maze-empty", &["maze", "solve"], b""),
    case("maze-whitespace", &["maze", "shortest"], b"\n  \n"),
    case("maze-ragged", &["maze", "solve"], b"1 1 0\n1 1\n0 1 1\n"),
    case("maze-ragged-json", &["maze", "shortest"], b"[[1,0,1],[1,1]]"),
    // Two mazes one after the other are not one taller maze.
    case("maze-blank-line-between-rows", &["maze", "shortest"], b"1 0\n1 1\n\n1 1\n1 1\n"),
    case("maze-blank-line-between-compact-rows", &["maze", "shortest"], b"10\n11\n\n11\n"),
    // Rows with commas (CSV): a value that is no integer, an empty field.
    case("maze-comma-row-word", &["maze", "shortest"], b"1,0\n1, x\n"),
    case("maze-comma-row-empty-field", &["maze", "shortest"], b"1,0,1\n1,,1\n"),
    // Under --open 0 art takes any character: a typo in a matrix is still the matrix's.
    case("maze-open-0-comma-row-typo", &["maze", "shortest", "--open", "0", "--moves", "king"], b"0,0,0\n1,1,0\n1,1,O\n"),
    // The brace form: a word for a value, a word and a string where a row belongs.
    case("maze-brace-word-value", &["maze", "shortest"], b"{{1, 0}, {1, x}}"),
    case("maze-brace-word-row", &["maze", "shortest"], b"{abc{1, 1}, {1, 1}}"),
    case("maze-brace-string-row", &["maze", "shortest"], b"{\"a\" {1, 1}, {1, 1}}"),
    case("maze-brace-object", &["maze", "shortest"], b"{\"maze\":[[1]]}"),
    // In JSON the place has keys of its own, the message none: line and column, or the cell.
    case("maze-json-output-bad-token", &["--format", "json", "maze", "shortest"], b"1 1\n1 x\n"),
    case("maze-json-output-bad-value", &["--format", "json", "maze", "shortest"], b"1 1\n1 2\n"),
    case("maze-non-numeric", &["maze", "solve"], b"[[1,0],[1,x]]"),
    case("maze-value-2", &["maze", "solve"], b"1 2\n1 1\n"),
    case("maze-negative-value", &["maze", "paths"], b"1 -1\n1 1\n"),
    case("maze-truncated-json", &["maze", "paths"], b"[[1,0,0,0],[1,1,0,1],[1,1"),
    case("maze-deeply-nested-json", &["maze", "exists"], b"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["),
    case("maze-invalid-utf8", &["maze", "solve"], b"1 1\n\xff 1\n"),
    case("maze-nul-byte", &["maze", "solve"], b"1 1\n\0 1\n"),
    // Past the limits: a line longer than 32 MiB, a JSON matrix of more than 64 MiB
    // (the largest maze read whole), a control byte, a long token quoted in part.
    repeated("maze-line-too-long", &["maze", "shortest"], b"10", 16 * MIB + 1),
    repeated("maze-json-too-large", &["maze", "shortest"], JSON_ROW, 65),
    case("maze-control-byte", &["maze", "solve"], b"1 1\n1 \x0e\n"),
    repeated("maze-long-token", &["maze", "count"], b"y", 5000),
    case("maze-blocked-start", &["maze", "solve"], b"0 1\n1 1\n"),
    case("maze-ascii-unknown-char", &["maze", "solve", "--input-format", "ascii"], b"S.%.\n...#\n...G\n"),
    case("maze-micromouse-truncated", &["maze", "shortest", "--input-format", "micromouse"], b"o---o---o\n|   |   |\no   o\n"),
    case("maze-micromouse-stray-line", &["maze", "shortest"], b"o---o---o\nX   |   |\no   o---o\n| S     |\no---o---o\n"),
    case("maze-micromouse-stray-post", &["maze", "shortest"], b"o---o---o\n|   |   |\n#   o---o\n| S     |\no---o---o\n"),
    case("maze-micromouse-open-east-wall", &["maze", "shortest"], b"o---o---o\n|   |\no   o---o\n| S     |\no---o---o\n"),
    case("maze-micromouse-open-north-wall", &["maze", "shortest"], b"o   o---o\n|   |   |\no   o---o\n| S     |\no---o---o\n"),
    case("maze-micromouse-broken-wall", &["maze", "shortest"], b"o---o---o\n|   |   |\no---o-x-o\n| S     |\no---o---o\n"),
    case("maze-micromouse-two-starts", &["maze", "shortest"], b"o---o---o\n| S   S |\no---o---o\n"),
    // ASCII art with one marker: the other defaults to a corner, here blocked, and a note says so.
    case("maze-ascii-no-goal-blocked-corner", &["maze", "solve"], b"S..#\n.#.#\n...#\n"),
    case("maze-ascii-no-start-blocked-corner", &["maze", "shortest"], b"#..\n...\n..G\n"),
    case("maze-ascii-two-starts", &["maze", "solve"], b"S.S\n"),
    case("maze-count-non-numeric", &["maze", "count"], b"1 1\n1 y\n"),
    case("maze-count-limit-zero", &["maze", "count", "--limit", "0"], b"1 1\n1 1\n"),
    case("maze-paths-limit-zero", &["maze", "paths", "--limit", "0"], b"1 1\n1 1\n"),
    case("maze-no-format-fits", &["maze", "solve"], b"####\n1 1\n1 y\n"),
    case("maze-ascii-ragged", &["maze", "solve"], b"S..#\n.#\n...G\n"),
    case("maze-ascii-blank-line-inside", &["maze", "solve"], b"S..#\n.#..\n\n...G\n"),
    case("maze-brace-unclosed", &["maze", "solve"], b"{{1, 0}, {1, 1}"),
    // LeetCode 1926's grid of one-character strings is ASCII art: `+` is no default
    // symbol, and the error names --wall. Its other errors are placed at the string.
    case("maze-json-strings", &["maze", "solve"], br#"[["+","+","."],[".",".","."]]"#),
    case("maze-json-string-cell-too-long", &["maze", "solve"], b"[[\"S\",\".\"],\n [\".\",\"..\"]]"),
    case("maze-json-string-cell-not-string", &["maze", "solve"], b"[[\"S\",\".\"],\n [\".\", 1]]"),
    case("maze-json-string-rows-bad-char", &["maze", "solve"], b"[\"S..\",\n \".%G\"]"),
    case("maze-json-string-rows-ragged", &["maze", "solve"], b"[\"S..\",\n \"..\"]"),
    case("maze-json-mixed-cells", &["maze", "solve"], b"[[1,\".\"],[1,1]]"),
    // Booleans say neither open nor blocked: refused, saying what to write.
    case("maze-json-booleans", &["maze", "solve"], b"[[true,false],\n [true,true]]"),
    // --- maze exists / solve / paths / shortest / count: flags
    case("maze-start-off-grid", &["maze", "solve", "--start", "9,9"], b"1 1\n1 1\n"),
    case("maze-start-malformed", &["maze", "solve", "--start", "1"], b"1 1\n1 1\n"),
    case("maze-negative-limit", &["maze", "paths", "--limit", "-3"], b"1 1\n1 1\n"),
    // --- maze generate
    case("maze-generate-zero-rows", &["maze", "generate", "--rows", "0", "--cols", "5", "--seed", "1"], b""),
    case("maze-generate-too-large", &["maze", "generate", "--rows", "100000", "--cols", "100000"], b""),
    case("maze-generate-enormous", &["maze", "generate", "--rows", "1000000000", "--cols", "1000000000", "--seed", "1"], b""),
];
/// The golden fixtures that exit 2, as `<puzzle>/<case>` for `fixtures/<puzzle>/<case>.args`,
/// by puzzle and verb. A trailing `~` comment names a catalogue case that pins the same
/// message for the same input read from a file, or by another verb. A golden fixture that
/// would only repeat a catalogue case (same command, same input, same message) is not kept.
const GOLDEN: &[&str] = &[
    // --- gridsolve
    "cli/unknown-subcommand",
    "cli/csv-demo", // the demo's four answers make no one table
    // --- sudoku solve
    "sudoku/bad_batch",
    "sudoku/bad_batch_json",
    "sudoku/csv-batch",          // bad records are rows of the table too
    "sudoku/grade-ungraded",     // no solution, multiple and invalid rows of the grade table
    "sudoku/grade-serate-bad",   // the same batch as serate's lines
    "sudoku/grade-pencil-grids", // pencil marks: SE rates givens
    "sudoku/canon-4x4",          // canonical forms are 9 x 9 only
    "sudoku/lines-range",        // a bad record inside the range
    "sudoku/line-past-end",
    "sudoku/lines-backwards",
    "sudoku/block_wrong_box",
    "sudoku/clashing_givens",
    "sudoku/formats_sixteen_rows_detected", // detection guesses a 4 x 4 line; --input-format block reads it
    "sudoku/variant-x-clash",               // an X puzzle, a clash on each diagonal
    "sudoku/variant-x-clash-json",
    "sudoku/variant-jigsaw-bad", // a region clash; maps of 80 and 82 characters, a region of 10 (and one of 8), a cut region, ten regions, no map
    "sudoku/variant-jigsaw-bad-json",
    "sudoku/variant-jigsaw-as-classic", // jigsaw lines read under classic rules: a map left as a comment (noted), givens clashing in a box (the error points at --variant jigsaw)
    "sudoku/dedupe-bad-json", // bad records keep their line and text in JSON; the kept puzzles stay in input order
    // --- sudoku hint (a 6 x 6 puzzle and bad pencil marks in a batch)
    "sudoku/hint-mixed",
    "sudoku/hint-mixed-json",
    "sudoku/hint-pencil-grid-bad", // a letter, a short row, a repeated digit, eight rows; then a good grid
    "sudoku/solve-pencil-grid",    // a grid of candidates given to solve: pointed to hint
    // --- sudoku generate (settings no puzzle can meet)
    "sudoku/generate-count-zero",
    "sudoku/generate-givens-too-many",
    "sudoku/generate-givens-below-minimum",
    "sudoku/generate-givens-below-minimum-4x4",
    "sudoku/generate-givens-above-6x6",
    // --- queens count
    "queens/count-0", // ~ queens-all-0
    "queens/count-33",
    // --- queens all
    "queens/all-65",
    // --- queens complete
    "queens/complete-attacking",
    "queens/complete-attacking-columns",
    "queens/complete-bad-char",
    "queens/complete-bad-char-json",
    "queens/complete-bad-column",
    "queens/complete-missing",
    "queens/complete-ragged", // ~ queens-complete-ragged
    "queens/complete-count-too-large",
    "queens/count-shard-out-of-range", // ~ queens-count-shard-zero
    "queens/merge-bad-json",
    "queens/merge-duplicate",
    "queens/merge-missing",
    "queens/merge-missing-json",
    "queens/merge-mixed",
    "queens/merge-mixed-split",
    "queens/merge-edited",
    "queens/merge-edited-json",
    "queens/count-shard-too-many",
    "queens/merge-not-a-shard",
    "queens/merge-list-missing-mixed",
    // --- ladders solve
    "ladders/bad-json-jump-from-last",
    "ladders/bad-json-out-of-range",
    "ladders/bad-json-out-of-range-json",
    "ladders/bad-json-truncated",
    "ladders/bad-jump-from-last",
    "ladders/bad-missing-file",
    "ladders/bad-not-square", // ~ ladders-not-square
    "ladders/bad-not-square-json",
    "ladders/bad-out-of-range",
    "ladders/bad-token",
    "ladders/bad-two-jumps",
    // A batch with a bad board among good ones (~ ladders-batch-bad-boards), in each form.
    "ladders/batch-solve",
    "ladders/batch-solve-csv",
    "ladders/batch-solve-json",
    "ladders/chain-loop", // ~ ladders-chain-loop-text (stats; a loop reached from outside it)
    "ladders/jump-pairs-as-matrix", // a bare jump list forced as a matrix: points at jump-pairs
    "ladders/optional-ladders-snakes", // --optional-ladders on a board with snakes
    "ladders/too-large",
    // --- ladders stats
    "ladders/too-large-for-stats",
    // --- maze exists / solve / paths / shortest / count
    "maze/bad-mouse",
    "maze/bad-start-arg",
    "maze/bad-value",
    "maze/batch",
    "maze/batch-json",
    "maze/csv-batch",
    "maze/empty-stdin", // ~ maze-empty
    "maze/forced-format",
    "maze/gfg-count-ways-no-open", // -1/0 grid without --open: the hint names --open 0
    "maze/missing-file",
    "maze/ragged",          // ~ maze-ragged
    "maze/ragged-art",      // ~ maze-ascii-ragged
    "maze/symbols-unknown", // another symbol before any `#`: the hint names --wall/--open
    "maze/start-off-maze",
    "maze/truncated",
];

/// Every case, puzzle by puzzle.
fn all_cases() -> impl Iterator<Item = &'static Case> {
    [SUDOKU, QUEENS, LADDERS, MAZE].into_iter().flatten()
}

#[test]
fn catalogue() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(repo_root().join("fixtures/bad-input/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    let _guard = settings.bind_to_scope();
    for case in all_cases() {
        let input = case.stdin.repeat(case.times);
        let run = gridsolve(case.args, &input);
        let code = run
            .code
            .unwrap_or_else(|| panic!("{}: killed by a signal", case.name));
        assert!(
            matches!(code, 0..=2),
            "{}: exit code {code} is not 0, 1 or 2",
            case.name
        );
        assert!(
            !run.stderr.contains("panicked"),
            "{}: gridsolve panicked:\n{}",
            case.name,
            run.stderr
        );
        let stdin = String::from_utf8_lossy(&input[..input.len().min(240)]);
        let shown = if input.len() > 120 {
            format!(
                "{:?}... ({} bytes)",
                &stdin[..stdin.floor_char_boundary(120)],
                input.len()
            )
        } else {
            format!("{stdin:?}")
        };
        insta::assert_snapshot!(
            case.name,
            format!("stdin: {shown}\n{}", run.transcript(case.args))
        );
    }
}

#[test]
fn case_names_are_unique() {
    let mut seen = BTreeSet::new();
    for case in all_cases() {
        assert!(seen.insert(case.name), "two cases are named {}", case.name);
    }
}

/// [`GOLDEN`] lists exactly the golden fixtures whose snapshot exits 2. (A fixture whose
/// snapshot does not exist yet is left to `fixtures.rs`, which reports it missing.)
#[test]
fn golden_bad_input_is_indexed() {
    let fixtures = repo_root().join("fixtures");
    let mut exit_2 = BTreeSet::new();
    for dir in std::fs::read_dir(&fixtures).expect("fixtures/ lists") {
        let dir = dir.expect("fixtures/ lists").path();
        let puzzle = dir.file_name().expect("a folder name").to_string_lossy();
        let Ok(files) = std::fs::read_dir(&dir) else {
            continue;
        };
        for file in files {
            let file = file.expect("a fixture folder lists").path();
            if file.extension().is_none_or(|e| e != "args") {
                continue;
            }
            let case = file.file_stem().expect("a file name").to_string_lossy();
            let snapshot = dir.join(format!("snapshots/golden@{puzzle}__{case}.args.snap"));
            if let Ok(text) = std::fs::read_to_string(&snapshot)
                && text.lines().any(|line| line == "exit: 2")
            {
                exit_2.insert(format!("{puzzle}/{case}"));
            }
        }
    }
    let listed: BTreeSet<String> = GOLDEN.iter().map(|&name| name.to_owned()).collect();
    let unlisted: Vec<&String> = exit_2.difference(&listed).collect();
    let stale: Vec<&String> = listed.difference(&exit_2).collect();
    assert!(
        unlisted.is_empty(),
        "golden fixtures that exit 2 but are not in GOLDEN (add them, by puzzle and verb): {unlisted:?}"
    );
    assert!(
        stale.is_empty(),
        "GOLDEN lists fixtures that do not exist or no longer exit 2: {stale:?}"
    );
}
