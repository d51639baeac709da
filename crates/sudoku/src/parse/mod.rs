//! Reading puzzles from text: cell symbols and numbers (here), the one-line form
//! ([`line`]), the block form ([`block`]), record splitting for files that hold many
//! puzzles ([`records`]), and the pencil marks (candidates) that [`crate::logic`] reads
//! ([`pencil`]): every reader of text is here.
//!
//! Lines, the byte-order mark, comment lines and whitespace tokens are read with
//! [`grid_core::text`], the one reader of every gridsolve crate; only the one-line
//! form keeps a byte-level fast path (checked against that reader by property tests),
//! as it is the form of every large data set.

mod block;
mod drawing;
mod framed;
#[cfg(feature = "json")]
mod json;
mod line;
mod opensudoku;
pub(crate) mod pencil;
mod rated;
mod records;
mod symbols;
mod titles;

use grid_core::text::{self, Token};

use crate::error::{Error, ParseError, ParseErrorKind};
use crate::shape::{BoxShape, MAX_SIZE, MIN_SIZE};

pub use opensudoku::{XmlContext, XmlElement};
pub use records::{Layout, Record, RecordForm, RecordSplitter};
pub use symbols::{Alphabet, AlphabetError, Detected};

/// The value of a cell symbol: `1`-`9` are 1-9, `A`-`Z` (or `a`-`z`) are 10-35.
/// Blanks (`.`, `0`, `_`) are not symbols.
pub(crate) fn symbol_value(c: char) -> Option<u32> {
    match c {
        '1'..='9' => c.to_digit(10),
        'A'..='Z' | 'a'..='z' => c.to_digit(36),
        _ => None,
    }
}

/// The symbol for a value 1..=35 (`1`-`9`, then `A`-`Z`); `.` for 0.
pub(crate) fn value_symbol(v: u8) -> char {
    char::from(value_byte(v))
}

/// [`value_symbol`] as an ASCII byte.
pub(crate) fn value_byte(v: u8) -> u8 {
    match v {
        0 => b'.',
        1..=9 => b'0' + v,
        _ => b'A' + (v - 10),
    }
}

fn is_blank(c: char) -> bool {
    matches!(c, '.' | '0' | '_')
}

/// Characters between cells of a block row: box bars and borders, `,` and `;` between
/// cells (`.,2,3,4,.,.,8,.,.`), and whitespace.
fn is_separator(c: char) -> bool {
    matches!(c, '|' | '-' | '+' | '=' | '*' | ',' | ';') || c.is_whitespace()
}

/// Between cells of a block row: box bars, `,` and `;`.
fn is_cell_break(c: char) -> bool {
    matches!(c, '|' | ',' | ';')
}

/// Lines that carry no cells: blank, `#` comments, and borders such as `------+------`
/// (but not a framed row of blanks, `|       |       |       |`, nor a spreadsheet's row
/// of blanks, `,,,,,,,,`), and Markdown code fences (```` ``` ````, `~~~`).
fn is_filler(line: &str) -> bool {
    text::is_blank_or_comment(line)
        // A Markdown code fence around a grid pasted from a chat or a README.
        || line.trim_start().starts_with("```")
        || line.trim_start().starts_with("~~~")
        || (line.chars().all(is_separator)
            && framed::framed_cells(line).is_none()
            && separated_fields(line).is_none())
        || pencil::is_border(line)
}

fn expected_symbols(n: usize) -> String {
    if n <= 9 {
        format!("a digit 1-{n}, or `.`, `0` or `_` for a blank")
    } else {
        let last = value_symbol(n.min(35) as u8);
        // One letter past the digits (n = 10) is no range.
        let letters = if last == 'A' {
            "A".to_owned()
        } else {
            format!("A-{last}")
        };
        format!("a symbol 1-9 or {letters}, or `.`, `0` or `_` for a blank")
    }
}

fn err(line: usize, column: usize, kind: ParseErrorKind) -> Error {
    Error::Parse(ParseError { line, column, kind })
}

/// Parses one cell written as a single symbol.
fn symbol_cell(c: char, n: usize, line: usize, column: usize) -> Result<u8, Error> {
    if is_blank(c) {
        return Ok(0);
    }
    match symbol_value(c) {
        Some(v) if (v as usize) <= n => Ok(v as u8),
        Some(_) if c.is_ascii_digit() => Err(err(
            line,
            column,
            ParseErrorKind::ValueOutOfRange {
                value: c.to_string(),
                size: n,
            },
        )),
        _ => Err(err(
            line,
            column,
            ParseErrorKind::UnexpectedChar {
                found: c,
                expected: expected_symbols(n),
            },
        )),
    }
}

/// Parses one cell written as a number (`0`, `.` or `_` for a blank).
fn number_cell(token: &str, n: usize, line: usize, column: usize) -> Result<u8, Error> {
    if is_blank_token(token) {
        return Ok(0);
    }
    if let Some((i, c)) = token.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        let column = column + token[..i].chars().count();
        return Err(err(
            line,
            column,
            ParseErrorKind::UnexpectedChar {
                found: c,
                expected: format!("a number 0-{n} (0 or . for a blank)"),
            },
        ));
    }
    match token.parse::<usize>() {
        Ok(v) if v <= n => Ok(v as u8),
        _ => Err(err(
            line,
            column,
            ParseErrorKind::ValueOutOfRange {
                value: token.to_owned(),
                size: n,
            },
        )),
    }
}

/// The whitespace-separated tokens of `line` ([`grid_core::text::tokens`]), each cut
/// further at `|`, `,` and `;` when `bars` (block rows use `|` between boxes, and some
/// write `,` or `;` between cells), with their 1-based character columns.
///
/// A row of fields with empty ones for blanks (`4,,,,,,8,,5`, as spreadsheets export a
/// grid, or the same with `;` or tabs) is read field by field, each empty field a blank
/// (`.`); see [`separated_fields`].
fn cell_tokens(line: &str, bars: bool) -> Vec<Token<'_>> {
    let mut tokens = cell_tokens_as_written(line, bars);
    for token in &mut tokens {
        token.text = integral_prefix(token.text).unwrap_or(token.text);
    }
    tokens
}

/// The digits of a number written as a float with an integral value, as numpy and
/// pandas write numbers (`3.0`, `3.000000000000000000e+00`): the integer part, where
/// the fraction is zeros and the exponent, if any, is 0; `None` for any other token.
fn integral_prefix(token: &str) -> Option<&str> {
    let (whole, rest) = token.split_once('.')?;
    // (The cheap refusals first: a grid's line is no float.)
    if whole.is_empty() || !rest.starts_with('0') || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (fraction, exponent) = match rest.find(['e', 'E']) {
        Some(at) => (&rest[..at], Some(&rest[at + 1..])),
        None => (rest, None),
    };
    let zero_exponent = exponent.is_none_or(|e| {
        let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
        !digits.is_empty() && digits.bytes().all(|b| b == b'0')
    });
    (!whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && !fraction.is_empty()
        && fraction.bytes().all(|b| b == b'0')
        && zero_exponent)
        .then_some(whole)
}

/// [`cell_tokens`] before numbers written as floats are read.
fn cell_tokens_as_written(line: &str, bars: bool) -> Vec<Token<'_>> {
    if !bars {
        return text::tokens(line).collect();
    }
    if let Some(fields) = separated_fields(line) {
        return fields;
    }
    let mut out = Vec::new();
    for token in text::tokens(line) {
        let mut column = token.column;
        for piece in token.text.split(is_cell_break) {
            if !piece.is_empty() {
                out.push(Token {
                    column,
                    text: piece,
                });
            }
            column += piece.chars().count() + 1;
        }
    }
    out
}

/// The cells of a row of fields with empty ones for blanks (`4,,,,,,8,,5`, `,3,,,,,,,`):
/// the line's one field separator (`,`, else `;`, else a tab; no `|`), an empty field
/// before the last one, or a last one in a row that writes no blank as `.` or `_`
/// (`4,2,1,`; a row of dots ending in a separator, `5,3,.,.,7,`, is read as before,
/// the separator ignored), or a field in quotes (`"0","3",...`), and every other field
/// one symbol or a number, in quotes or not (spaces around it aside), or a missing
/// value as data tools write one (`NA`, `NaN`, `nan`, `None`, `null`: a blank). Each empty field is a blank token (`.`) at the column
/// where it stands. `None` for any other line.
pub(super) fn separated_fields(line: &str) -> Option<Vec<Token<'_>>> {
    if line.contains('|') {
        return None;
    }
    let separator = [',', ';', '\t'].into_iter().find(|&c| line.contains(c))?;
    let mut fields = Vec::new();
    let mut column = 1;
    // Whether an empty field stands before the last: the empty fields are cells. So is
    // a last empty field (`4,2,1,`: the row's last cell blank) unless the row writes
    // its blanks as `.` or `_` (`5,3,.,.,7,`: a separator ending the row).
    let mut inner_empty = false;
    let mut blank_symbols = false;
    let mut last_empty = false;
    // A field in quotes, or a missing value: the row is a spreadsheet's, whatever its
    // blanks.
    let mut quoted = false;
    let count = line.split(separator).count();
    for (i, piece) in line.split(separator).enumerate() {
        let mut lead = piece.len() - piece.trim_start().len();
        let mut text = piece.trim();
        // A field in quotes, as spreadsheets may write every field (`"4"`, `""`).
        if text.len() >= 2 && text.starts_with('"') && text.ends_with('"') {
            let inner = &text[1..text.len() - 1];
            lead += 1 + inner.len() - inner.trim_start().len();
            text = inner.trim();
            quoted = true;
        }
        // A missing value as data tools write one (R's `NA`, pandas' `NaN`, Python's
        // `None`): a blank.
        if matches!(text, "NA" | "NaN" | "nan" | "None" | "null") {
            quoted = true;
            text = "";
        }
        let text = integral_prefix(text).unwrap_or(text);
        let width = text.chars().count();
        if width > 1 && !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        inner_empty |= text.is_empty() && i + 1 < count;
        blank_symbols |= is_blank_token(text) && text != "0";
        last_empty = text.is_empty();
        fields.push(Token {
            column: column + piece[..lead].chars().count(),
            text: if text.is_empty() { "." } else { text },
        });
        column += piece.chars().count() + 1;
    }
    ((inner_empty || (last_empty && !blank_symbols) || quoted) && fields.len() >= 2)
        .then_some(fields)
}

/// A cell written as a number: digits, a blank symbol, or two blank symbols (`..`,
/// the blank of a row whose numbers have two digits).
fn is_number_token(t: &str) -> bool {
    t.chars().all(|c| c.is_ascii_digit()) || is_blank_token(t)
}

/// One blank symbol (`.`, `0`, `_`), or `..` or `__`.
fn is_blank_token(t: &str) -> bool {
    matches!(t, "." | "0" | "_" | ".." | "__")
}

/// `line` as a title ([`titles`]), unless its first token may be a one-line puzzle
/// (n² characters for n ≥ 4, or more than a row holds): a malformed puzzle is reported,
/// never skipped.
fn as_title(line: &str) -> Option<titles::Title<'_>> {
    if line::first_token_is_longer_than_a_row(line) {
        return None;
    }
    let len = line::line_token(line).1.chars().count();
    if square_root(len).is_some_and(|n| n >= 4) {
        return None;
    }
    titles::title(line)
}

/// Whether `text` starts (after whitespace) a JSON board, `[` not opening a
/// `[Section]` title, or its brace form (`{{3, 0, ...}`, `{ {`, a lone `{`: see
/// [`grid_core::text::opens_brace_matrix`]).
pub(crate) fn is_json_board(text: &str) -> bool {
    let first = text.lines().next().unwrap_or("");
    (text.trim_start().starts_with('[') && as_title(first).is_none()) || is_brace_board(first)
}

/// [`grid_core::text::opens_brace_matrix`], which a build without JSON, unable to
/// read the board, takes for no board.
fn is_brace_board(line: &str) -> bool {
    cfg!(feature = "json") && grid_core::text::opens_brace_matrix(line)
}

fn is_title(line: &str) -> bool {
    as_title(line).is_some()
}

fn square_root(count: usize) -> Option<usize> {
    (2..=MAX_SIZE).find(|n| n * n == count)
}
/// The cells of a puzzle text read by itself: its form is detected (a JSON board, one
/// line, or rows), then read by [`parse_as`].
pub(crate) fn parse_cells(
    text: &str,
    shape: Option<BoxShape>,
) -> Result<(BoxShape, Vec<u8>), Error> {
    let text = text::strip_bom(text);
    let form = if is_json_board(text) {
        RecordForm::Json
    } else {
        RecordForm::Line
    };
    parse_as(form, text, shape)
}

/// The cells of a puzzle text in the form `form` (a record's, found by its splitter):
/// a JSON board, else one line or rows, by the text's lines (a block cut short after
/// one row, or pencil marks, are read as what their lines hold).
pub(crate) fn parse_as(
    form: RecordForm,
    text: &str,
    shape: Option<BoxShape>,
) -> Result<(BoxShape, Vec<u8>), Error> {
    let text = drawing::ascii_drawing(text::strip_bom(text));
    let text = text.as_ref();
    if form == RecordForm::Json {
        if !is_json_board(text) {
            return Err(not_a_json_board(text));
        }
        #[cfg(feature = "json")]
        return json::parse_board(text, shape);
        #[cfg(not(feature = "json"))]
        return Err(err(
            1,
            1,
            ParseErrorKind::Json {
                message: "a JSON board needs the `json` feature of sudoku".into(),
            },
        ));
    }
    // One line (no `\n`): what `lines()` below would give, without collecting it.
    if !text.contains('\n') {
        let trimmed = text.trim_start();
        if trimmed.starts_with('<') {
            let lead = text.len() - trimmed.len();
            if let Some(quote) = rated::unclosed_attribute(text, "data") {
                return Err(err(
                    1,
                    text::column_of(text, quote),
                    ParseErrorKind::UnclosedAttribute {
                        attribute: "data".to_owned(),
                    },
                ));
            }
            return Err(err(
                1,
                text::column_of(text, lead),
                ParseErrorKind::NotOpenSudoku {
                    element: rated::element_name(trimmed).to_owned(),
                },
            ));
        }
        return if is_filler(text) {
            Err(err(1, 1, ParseErrorKind::Empty))
        } else {
            line::parse_line(1, text, shape)
        };
    }
    let mut content: Vec<text::TextLine<'_>> = text::lines(text)
        .filter(|l| !is_filler(l.text) && !is_title(l.text))
        .collect();
    if content.is_empty() {
        // Only titles: read them as cells, so that the error names what is wrong.
        content = text::lines(text).filter(|l| !is_filler(l.text)).collect();
    }
    match content.as_slice() {
        [] => Err(err(1, 1, ParseErrorKind::Empty)),
        [only] => line::parse_line(only.number, only.text, shape),
        rows => {
            // After which rows a border line (`------+------`) stands, and its line
            // number: the box height the block draws.
            let lines: Vec<text::TextLine<'_>> = text::lines(text).collect();
            let borders: Vec<Option<usize>> = rows
                .windows(2)
                .map(|pair| {
                    lines
                        .get(pair[0].number..pair[1].number.saturating_sub(1))
                        .unwrap_or_default()
                        .iter()
                        .find(|line| !text::is_blank_or_comment(line.text) && is_filler(line.text))
                        .map(|line| line.number)
                })
                .collect();
            block::parse_block(rows, shape, &borders, lines.len())
        }
    }
}

/// The error of a record that must be a JSON board ([`Layout::Json`]) and does not open
/// with `[`: at its first character that is not blank.
fn not_a_json_board(text: &str) -> Error {
    let Some(line) = text::data_lines(text).next() else {
        return err(1, 1, ParseErrorKind::Empty);
    };
    let lead = line.text.len() - line.text.trim_start().len();
    let found = line.text[lead..].chars().next().unwrap_or(' ');
    err(
        line.number,
        text::column_of(line.text, lead),
        ParseErrorKind::UnexpectedChar {
            found,
            expected: "a JSON board opening with `[`, as [[\"5\",\"3\",\".\",...],...]".to_owned(),
        },
    )
}

fn resolve_shape(
    n: usize,
    shape: Option<BoxShape>,
    line: usize,
    column: usize,
) -> Result<BoxShape, Error> {
    match shape {
        Some(s) if s.size() == n => Ok(s),
        Some(s) => Err(err(
            line,
            column,
            ParseErrorKind::ShapeMismatch {
                size: n,
                shape: s,
                expected: s.size(),
            },
        )),
        None if n < MIN_SIZE => Err(err(line, column, ParseErrorKind::TooSmall { size: n })),
        None => BoxShape::for_size(n)
            .ok_or_else(|| err(line, column, ParseErrorKind::NoBoxShape { size: n })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_cut_tokens_and_columns_count_characters() {
        let found: Vec<(usize, &str)> = cell_tokens("é 5 3|. |7 ..", true)
            .iter()
            .map(|t| (t.column, t.text))
            .collect();
        assert_eq!(
            found,
            [
                (1, "é"),
                (3, "5"),
                (5, "3"),
                (7, "."),
                (10, "7"),
                (12, "..")
            ]
        );
    }

    #[test]
    fn a_byte_order_mark_is_not_a_cell() {
        let line = format!("\u{feff}{}", ".".repeat(81));
        assert_eq!(parse_cells(&line, None), parse_cells(&line[3..], None));
        let block = "\u{feff}1234\n3412\n2143\n4321\n";
        assert!(parse_cells(block, BoxShape::new(2, 2).ok()).is_ok());
    }

    #[test]
    fn numbers_written_as_floats_are_those_numbers() {
        for (token, read) in [
            ("3.0", Some("3")),
            ("12.00", Some("12")),
            ("3.000000000000000000e+00", Some("3")),
            ("0.0E-0", Some("0")),
            ("3.5", None),
            ("1.2e+01", None),
            ("3.", None),
            (".0", None),
            ("..", None),
            ("5.0.", None),
        ] {
            assert_eq!(integral_prefix(token), read, "{token}");
        }
        let texts = |line| {
            cell_tokens(line, true)
                .iter()
                .map(|t| t.text)
                .collect::<Vec<_>>()
        };
        assert_eq!(texts("3.0 0.0 1.0 2.0"), ["3", "0", "1", "2"]);
        assert_eq!(texts("NA,4.0,\"1\",NaN"), [".", "4", "1", "."]);
        assert_eq!(texts("\"0\",\"3\",\".\",\"4\""), ["0", "3", ".", "4"]);
    }

    #[test]
    fn the_symbols_expected_name_the_letters_of_the_size() {
        let letters = |n| expected_symbols(n).split(',').next().map(str::to_owned);
        assert_eq!(letters(9).as_deref(), Some("a digit 1-9"));
        assert_eq!(letters(10).as_deref(), Some("a symbol 1-9 or A"));
        assert_eq!(letters(16).as_deref(), Some("a symbol 1-9 or A-G"));
        // A 10 x 10 grid (2x5 boxes) with a letter past its values.
        let line = format!("B{}", ".".repeat(99));
        let error = parse_cells(&line, BoxShape::new(2, 5).ok()).unwrap_err();
        assert!(error.to_string().contains("a symbol 1-9 or A,"), "{error}");
    }
}
