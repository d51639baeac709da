//! Every input format, as a property: a random puzzle rendered in the format (by the
//! renderers here, written from the formats' descriptions) reads back, through the
//! record splitter as the CLI reads a file, to the same grid.

use proptest::prelude::*;
use sudoku::{Alphabet, Layout, Record, RecordSplitter, Sudoku};

use crate::properties::puzzles;

/// The records of `text`, cut as the CLI cuts a file.
fn records(text: &str, layout: Layout) -> Vec<Record> {
    let mut splitter = RecordSplitter::with_layout(None, layout);
    let mut done = Vec::new();
    for (i, line) in text.lines().enumerate() {
        splitter.push_line_into(i + 1, line, &mut done);
    }
    done.extend(splitter.finish());
    done
}

fn symbol(v: u8, blank: char) -> char {
    match v {
        0 => blank,
        1..=9 => char::from(b'0' + v),
        _ => char::from(b'A' + v - 10),
    }
}

/// The rows of `p`, each as its symbols (`blank` for a blank).
fn rows(p: &Sudoku, blank: char) -> Vec<Vec<char>> {
    p.cells()
        .chunks(p.size())
        .map(|r| r.iter().map(|&v| symbol(v, blank)).collect())
        .collect()
}

fn joined(p: &Sudoku, blank: char, sep: &str) -> String {
    rows(p, blank)
        .iter()
        .map(|r| r.iter().map(char::to_string).collect::<Vec<_>>().join(sep))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A framed board: `+---+` borders, `|` between boxes; `padded` writes cells one space
/// apart with a space for a blank (other solvers), else together with `.` (Simple
/// Sudoku, `*---*` borders).
fn framed(p: &Sudoku, padded: bool) -> String {
    let (br, bc) = (p.shape().rows(), p.shape().cols());
    let width = if padded { 2 * bc + 1 } else { bc };
    let border = if padded {
        format!("+{}+", vec!["-".repeat(width); p.size() / bc].join("+"))
    } else {
        format!("*{}*", "-".repeat(p.size() + p.size() / bc - 1))
    };
    let mut out = vec![border.clone()];
    for (r, row) in rows(p, if padded { ' ' } else { '.' }).iter().enumerate() {
        if r > 0 && r % br == 0 {
            out.push(border.replace('*', "|"));
        }
        let boxes: Vec<String> = row
            .chunks(bc)
            .map(|b| {
                let cells: String = b.iter().collect();
                if padded {
                    format!(
                        " {} ",
                        b.iter().map(char::to_string).collect::<Vec<_>>().join(" ")
                    )
                } else {
                    cells
                }
            })
            .collect();
        out.push(format!("|{}|", boxes.join("|")));
    }
    out.push(border);
    out.join("\n")
}

fn json(p: &Sudoku, pretty: bool) -> String {
    let rows: Vec<String> = rows(p, '.')
        .iter()
        .map(|r| {
            let cells: Vec<String> = r.iter().map(|c| format!("\"{c}\"")).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    if pretty {
        format!("[\n  {}\n]", rows.join(",\n  "))
    } else {
        format!("[{}]", rows.join(","))
    }
}

/// Whether the first row of `p`, written alone, is a one-line puzzle of a smaller grid
/// (`1...2...3...4...` is a 4 x 4 puzzle): detection then reads each bare row as a
/// record of its own, the ambiguity that `Layout::Block` is for.
fn first_row_reads_as_a_puzzle(p: &Sudoku) -> bool {
    let rows = joined(p, '.', "");
    let found = records(rows.lines().next().unwrap_or_default(), Layout::Detect);
    found.len() == 1 && found[0].parse(None).is_ok()
}

/// The puzzle rendered in every format, by name.
fn renderings(p: &Sudoku) -> Vec<(&'static str, String, Layout)> {
    let line = p.to_string();
    let zero_rows = joined(p, '0', "");
    vec![
        ("line", line.clone(), Layout::Detect),
        (
            "csv",
            format!("quizzes,solutions\n{line},{line}"),
            Layout::Detect,
        ),
        (
            "csv forced",
            format!("puzzle,solution\n{line},{line}"),
            Layout::Line,
        ),
        ("block", joined(p, '.', ""), Layout::Detect),
        ("block forced", joined(p, '.', ""), Layout::Block),
        ("spaced", joined(p, '.', " "), Layout::Detect),
        ("commas", joined(p, '.', ","), Layout::Detect),
        ("semicolons", joined(p, '.', ";"), Layout::Detect),
        ("framed", framed(p, true), Layout::Detect),
        (
            "simple sudoku",
            format!("{}\n\nSimple Sudoku\nVersion 4.2.1.0", framed(p, false)),
            Layout::Detect,
        ),
        ("euler", format!("Grid 01\n{zero_rows}"), Layout::Detect),
        (
            "sdk",
            format!("#A author\n[Puzzle]\n{zero_rows}\n[Solution]\n{zero_rows}"),
            Layout::Detect,
        ),
        ("json", json(p, false), Layout::Detect),
        ("json pretty", json(p, true), Layout::Detect),
        ("json forced", json(p, true), Layout::Json),
    ]
}

/// Pieces of OpenSudoku files, well-formed or not, for the splitter to cut anywhere.
fn xml_pieces() -> impl Strategy<Value = String> {
    let game = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    prop::collection::vec(
        prop::sample::select(vec![
            "<?xml version=\"1.0\"?>".to_owned(),
            "<opensudoku>".to_owned(),
            "<opensudoku version=\"2\">".to_owned(),
            "</opensudoku>".to_owned(),
            "<folder name=\"a>b\"".to_owned(),
            " created=\"1\">".to_owned(),
            "</folder>".to_owned(),
            format!("<game data=\"{game}\"/>"),
            format!("<game id='x&amp;' data=\"{game}\" note=\"5/>6\"/>"),
            format!("<game data=\"{}", &game[..40]),
            "<game".to_owned(),
            "</game>".to_owned(),
            "<!--".to_owned(),
            "-->".to_owned(),
            "<name>é</name>".to_owned(),
            "<description>".to_owned(),
            "text".to_owned(),
            "&#x1F600;".to_owned(),
            "\n".to_owned(),
            " ".to_owned(),
        ]),
        0..40,
    )
    .prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// OpenSudoku-like text cut anywhere into lines never makes the splitter panic,
    /// parsing each record gives an answer, and every game's element is in its text.
    #[test]
    fn opensudoku_pieces_are_cut_without_panicking(text in xml_pieces()) {
        for record in records(&text, Layout::Detect) {
            let _ = record.parse(None);
            if let Some((context, element)) = record.xml_context() {
                prop_assert!(element.starts_with("<game"), "{:?}", element);
                prop_assert!(context.open.iter().all(|e| e.start_tag.starts_with('<')));
            }
        }
    }

    #[test]
    fn every_format_reads_back_to_the_same_grid(p in puzzles(16)) {
        for (name, text, layout) in renderings(&p) {
            if matches!(name, "block" | "euler" | "sdk") && first_row_reads_as_a_puzzle(&p) {
                // The documented ambiguity of `Layout`: detection reads each bare row as
                // a one-line puzzle of its own ("block forced" covers this grid).
                continue;
            }
            let found = records(&text, layout);
            prop_assert_eq!(found.len(), 1, "{}: {:?}\n{}", name, found, text);
            let read = found[0].parse(Some(p.shape()));
            prop_assert_eq!(read.as_ref().ok(), Some(&p), "{}: {:?}\n{}", name, read, text);
        }
    }

    #[test]
    fn every_alphabet_reads_back_to_the_same_grid(
        p in puzzles(16),
        pick in any::<prop::sample::Index>(),
    ) {
        let n = p.size();
        let choices: Vec<String> = match n {
            16 => vec!["0-F".into(), "A-P".into(), "1-9A-G".into(), "GFEDCBA987654321".into()],
            _ => vec![format!("A-{}", char::from(b'A' + n as u8 - 1)), Alphabet::standard(n).to_string()],
        };
        let alphabet: Alphabet = pick.get(&choices).parse().expect("a valid alphabet");
        for text in [alphabet.line(&p), alphabet.block(&p)] {
            let found = records(&text, Layout::Detect);
            prop_assert_eq!(found.len(), 1, "{}", text);
            let read = alphabet.parse_record(&found[0], Some(p.shape()));
            prop_assert_eq!(read.as_ref().ok(), Some(&p), "{}: {:?}\n{}", alphabet, read, text);
        }
    }
}

/// A line that is no puzzle says what a puzzle is and counts what the line holds:
/// the numbers of a line of numbers, the characters of a token; a word is no cells.
#[test]
fn a_line_that_is_no_puzzle_says_what_was_expected() {
    use grid_core::{Positioned, TextPosition};
    let expected = "expected a puzzle: 81 cells on one line (digits 1-9, `.`, `0` or `_` for a blank), \
                    or n x n cells for an n x n grid (16, 36, 64, 144, 256, ...); found";
    for (text, found) in [
        ("1 2 3", 3),
        ("1,2,3,4,5", 5),
        ("12345", 5),
        (&".".repeat(80), 80),
    ] {
        let err = Sudoku::parse(text, None).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("{expected} {found} cells"),
            "{text:?}"
        );
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 1)));
    }
    let err = Sudoku::parse("  hello", None).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unexpected 'h', expected a digit 1-9, or `.`, `0` or `_` for a blank"
    );
    assert_eq!(err.text_position(), Some(TextPosition::at(1, 3)));
}

/// With a box shape given, a line of the wrong length is measured against that shape's
/// n² cells, not against the 9 x 9 default.
#[test]
fn a_line_too_short_for_the_box_shape_given_names_its_cell_count() {
    use grid_core::{Positioned, TextPosition};
    let shape = sudoku::BoxShape::new(3, 4).expect("a 12 x 12 shape");
    for (text, found) in [
        (".".repeat(143), "143 cells"),
        ("1 2 3".to_owned(), "3 cells"),
    ] {
        let err = Sudoku::parse(&text, Some(shape)).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("expected 144 cells on one line for 3x4 boxes (a 12 x 12 grid); found {found}"),
            "{text:?}"
        );
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 1)));
    }
}

/// A stray character in a line of a grid larger than 9 x 9 is told with that grid's
/// symbols (the box shape's, else the square line's), not 1-9 alone.
#[test]
fn a_stray_character_in_a_big_grid_names_its_symbols() {
    use grid_core::{Positioned, TextPosition};
    let line = format!("{}!{}", "1".repeat(100), ".".repeat(155));
    let shape = sudoku::BoxShape::new(4, 4).expect("a 16 x 16 shape");
    for given in [Some(shape), None] {
        let err = Sudoku::parse(&line, given).unwrap_err();
        assert_eq!(
            err.to_string(),
            "unexpected '!', expected a symbol 1-9 or A-G, or `.`, `0` or `_` for a blank",
            "{given:?}"
        );
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 101)));
    }
}
