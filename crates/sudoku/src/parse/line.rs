//! The one-line form: n² cell symbols (or n² numbers) on one line, what follows being a
//! comment. Every public data set uses it, so its token scan and cell reading have
//! byte-level fast paths; the `_slow` functions are their references (and the paths
//! that build the exact errors).

use grid_core::text;

use super::{
    cell_tokens, err, expected_symbols, is_blank, is_number_token, number_cell, resolve_shape,
    square_root, symbol_cell, symbol_value,
};
use crate::error::{Error, ParseErrorKind};
use crate::shape::{BoxShape, MAX_SIZE};

/// The first token of a one-line puzzle: the cells before any whitespace, `,`, `;` or `:`
/// (what follows is a comment). Returns (1-based column of its start, the token).
///
/// Fast path over bytes while they are ASCII (columns are then byte offsets, and an
/// ASCII byte is whitespace exactly when it is as a `char`); any other byte before the
/// token's end sends the line to [`line_token_slow`], the reference.
pub(super) fn line_token(line: &str) -> (usize, &str) {
    let bytes = line.as_bytes();
    let start = ascii_indent(bytes);
    let end = bytes[start..]
        .iter()
        .position(|&b| TOKEN_STOPS[usize::from(b)])
        .map_or(bytes.len(), |i| start + i);
    if end < bytes.len() && !bytes[end].is_ascii() {
        return line_token_slow(line);
    }
    // `start` and `end` sit on ASCII bytes (or the end), so both are char boundaries.
    (start + 1, &line[start..end])
}

/// Whether the first token of `line` (see [`line_token`]) has more than
/// [`MAX_SIZE`] characters, looking at no more of the line than it must: the
/// common case, an 81-character puzzle, is settled by its first 33 bytes.
pub(super) fn first_token_is_longer_than_a_row(line: &str) -> bool {
    let bytes = line.as_bytes();
    let start = ascii_indent(bytes);
    if bytes.get(start) == Some(&b'|') && is_framed_row(line) {
        return false;
    }
    // MAX_SIZE + 1 ASCII bytes that do not end a token: the token is at least that
    // long, whatever follows.
    if let Some(head) = bytes.get(start..=start + MAX_SIZE)
        && !head.iter().any(|&b| TOKEN_STOPS[usize::from(b)])
    {
        return true;
    }
    let token = line_token(line).1;
    token.len() > MAX_SIZE && (token.is_ascii() || token.chars().count() > MAX_SIZE)
}

/// Whether `line` is a framed row of a supported size, written without spaces or not
/// (`|F|.|3|...|`, a bar around every cell of a 16 x 16 row: 33 characters in one
/// token, which is a row and no line puzzle).
fn is_framed_row(line: &str) -> bool {
    line.trim_start().starts_with('|')
        && super::framed::framed_cells(line)
            .is_some_and(|cells| (2..=MAX_SIZE).contains(&cells.len()))
}

/// The length of the leading ASCII whitespace of `bytes`.
fn ascii_indent(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .position(|&b| !is_ascii_space(b))
        .unwrap_or(bytes.len())
}

/// The ASCII characters for which `char::is_whitespace` holds.
const fn is_ascii_space(b: u8) -> bool {
    matches!(b, b'\t'..=b'\r' | b' ')
}

/// The bytes that end [`line_token`]'s scan: the ASCII ones that end a token
/// (whitespace, `,`, `;`, `:`) and every non-ASCII byte (the slow path's business).
const TOKEN_STOPS: [bool; 256] = {
    let mut stops = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        stops[b] = !byte.is_ascii() || is_ascii_space(byte) || matches!(byte, b',' | b';' | b':');
        b += 1;
    }
    stops
};

/// [`line_token`] by `char`s: the reference, and the path for non-ASCII lines.
fn line_token_slow(line: &str) -> (usize, &str) {
    let lead = line.len() - line.trim_start().len();
    let rest = &line[lead..];
    let end = rest
        .find(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':'))
        .unwrap_or(rest.len());
    (text::column_of(line, lead), &rest[..end])
}

/// Whether `line` holds a whole puzzle by itself (rather than one row of a block).
pub(crate) fn is_line_puzzle(line: &str, shape: Option<BoxShape>) -> bool {
    if is_framed_row(line) {
        return false;
    }
    let (_, token) = line_token(line);
    let len = token.chars().count();
    let fits = |n: usize| shape.is_none_or(|s| s.size() == n);
    if let Some(n) = square_root(len)
        && n >= 4
        && fits(n)
        && (len > MAX_SIZE
            || token
                .chars()
                .all(|c| is_blank(c) || symbol_value(c).is_some_and(|v| v as usize <= n)))
    {
        return true;
    }
    let toks = cell_tokens(line, false);
    if let Some(n) = square_root(toks.len())
        && n >= 6
        && fits(n)
        && toks.iter().all(|t| is_number_token(t.text))
    {
        return true;
    }
    // Too long to be a row of any supported block: a (malformed) one-line puzzle.
    len > MAX_SIZE
}

/// Parses `text` as one puzzle in any supported form (see the crate docs), with the
/// box shape given or detected.
pub(super) fn parse_line(
    number: usize,
    line: &str,
    shape: Option<BoxShape>,
) -> Result<(BoxShape, Vec<u8>), Error> {
    let (start, token) = line_token(line);
    let len = if token.is_ascii() {
        token.len()
    } else {
        token.chars().count()
    };
    if let Some(n) = square_root(len)
        && shape.is_none_or(|s| s.size() == n)
        && (n >= 4 || shape.is_some())
    {
        let shape = resolve_shape(n, shape, number, start)?;
        let cells = symbol_cells(token, n, number, start)?;
        return Ok((shape, cells));
    }
    let mut toks = cell_tokens(line, false);
    // n² fields between `,`, `;` or tabs (`0,0,3,0,2,...`, a grid flattened into one
    // spreadsheet row), where the line holds no n² cells between spaces.
    if square_root(toks.len()).is_none_or(|n| n < 4) && line.contains([',', ';', '\t']) {
        let fields = cell_tokens(line, true);
        if square_root(fields.len()).is_some_and(|n| n >= 4) {
            toks = fields;
        }
    }
    if let Some(n) = square_root(toks.len())
        && toks.len() > 1
        && shape.is_none_or(|s| s.size() == n)
        && toks.iter().all(|t| is_number_token(t.text))
    {
        let shape = resolve_shape(n, shape, number, start)?;
        let cells = toks
            .iter()
            .map(|t| number_cell(t.text, n, number, t.column))
            .collect::<Result<Vec<u8>, Error>>()?;
        return Ok((shape, cells));
    }
    // n² tokens, nearly all numbers: a line of numbers with a bad one. Name it.
    if let Some(n) = square_root(toks.len())
        && n >= 4
        && shape.is_none_or(|s| s.size() == n)
        && toks.iter().filter(|t| is_number_token(t.text)).count() * 2 > toks.len()
        && let Some(bad) = toks.iter().find(|t| !is_number_token(t.text))
    {
        number_cell(bad.text, n, number, bad.column)?;
    }
    Err(token_error(
        number,
        start,
        token,
        cells_found(line, len),
        shape,
    ))
}

/// Why the first token of a line (`start` is its 1-based column, `len` its length in
/// characters) is not a one-line puzzle, once no form fits: a shape mismatch, then the
/// first character that cannot be a cell, then the length (the cells of the box shape
/// asked for, if any).
fn token_error(
    number: usize,
    start: usize,
    token: &str,
    len: usize,
    shape: Option<BoxShape>,
) -> Error {
    if let Some(s) = shape
        && let Some(n) = square_root(len)
    {
        return err(
            number,
            start,
            ParseErrorKind::ShapeMismatch {
                size: n,
                shape: s,
                expected: s.size(),
            },
        );
    }
    // Name the first character that cannot be a cell, if any, before the length. A
    // letter is a cell only of a grid of 10 x 10 or more, so not in a shorter token
    // (`hello` is no puzzle of 5 cells).
    let could_be_letters = len >= 100;
    if let Some((i, c)) = token.chars().enumerate().find(|&(_, c)| {
        !is_blank(c) && (symbol_value(c).is_none() || (c.is_alphabetic() && !could_be_letters))
    }) {
        // The symbols of the grid the line is read as: the box shape's, else a square
        // line's, else (letters possible) every symbol, else 1-9.
        let size = match shape {
            Some(s) => s.size(),
            None if could_be_letters => square_root(len).unwrap_or(35),
            None => 9,
        };
        return err(
            number,
            start + i,
            ParseErrorKind::UnexpectedChar {
                found: c,
                expected: expected_symbols(size),
            },
        );
    }
    // With a box shape asked for, its cell count is the one expected.
    if let Some(s) = shape {
        return err(
            number,
            start,
            ParseErrorKind::ShapeLineLength {
                found: len,
                shape: s,
            },
        );
    }
    // n² cells for an n past the largest size: say so rather than list sizes.
    if let Some(n) = (MAX_SIZE + 1..=4 * MAX_SIZE).find(|n| n * n == len) {
        return err(number, start, ParseErrorKind::TooLarge { size: n });
    }
    err(number, start, ParseErrorKind::LineLength { found: len })
}

/// The cells a line that is no puzzle holds, for its error: the numbers of a line of
/// short numbers separated by blanks, `,` or `;` (`1 2 3`, `1,2,3`), else the length
/// of its first token (what follows a blank is a comment in the one-line form).
fn cells_found(line: &str, token_len: usize) -> usize {
    let pieces = cell_tokens(line, true);
    let numbers = pieces.len() > 1
        && pieces
            .iter()
            .all(|p| is_number_token(p.text) && p.text.len() <= 2);
    if numbers { pieces.len() } else { token_len }
}

/// The cells of a one-line token of single symbols (`start` is its 1-based column).
///
/// Fast path: bytes that are blanks or symbols of values up to `n`, matched directly.
/// Any other byte (a bad symbol, an out-of-range value, a non-ASCII character) sends
/// the whole token to [`symbol_cells_slow`], which builds the exact error.
fn symbol_cells(token: &str, n: usize, number: usize, start: usize) -> Result<Vec<u8>, Error> {
    let mut cells = Vec::with_capacity(token.len());
    for &b in token.as_bytes() {
        let v = match b {
            b'.' | b'0' | b'_' => 0,
            b'1'..=b'9' => b - b'0',
            b'A'..=b'Z' => b - b'A' + 10,
            b'a'..=b'z' => b - b'a' + 10,
            _ => return symbol_cells_slow(token, n, number, start),
        };
        if usize::from(v) > n {
            return symbol_cells_slow(token, n, number, start);
        }
        cells.push(v);
    }
    Ok(cells)
}

/// [`symbol_cells`] by `char`s: the reference, and the path that reports errors.
fn symbol_cells_slow(token: &str, n: usize, number: usize, start: usize) -> Result<Vec<u8>, Error> {
    token
        .chars()
        .enumerate()
        .map(|(i, c)| symbol_cell(c, n, number, start + i))
        .collect()
}

/// The cells of one block row, given the expected count `n` (the number of rows).
#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::super::{parse_cells, value_symbol};
    use super::*;
    use grid_core::{Positioned, TextPosition};
    use proptest::prelude::*;

    /// Lines of one-line puzzles and their near misses: cells, blanks, comment
    /// separators, block separators, letters beyond any grid, and non-ASCII characters
    /// (including whitespace that only `char::is_whitespace` knows).
    fn line_chars() -> impl Strategy<Value = char> {
        prop::sample::select(
            ".0_123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcz a,;|x#\t\u{b}\u{a0}\u{3000}é-"
                .chars()
                .collect::<Vec<char>>(),
        )
    }

    /// Mostly valid cells, so that whole lines often take the fast path.
    fn mostly_cells() -> impl Strategy<Value = char> {
        prop_oneof![
            8 => prop::sample::select(".0_123456789".chars().collect::<Vec<char>>()),
            1 => line_chars(),
        ]
    }

    fn line_of(len: usize, chars: impl Strategy<Value = char>) -> impl Strategy<Value = String> {
        prop::collection::vec(chars, len).prop_map(|v| v.into_iter().collect())
    }

    /// Lines whose first token is of any length, often near [`MAX_SIZE`], with
    /// Unicode whitespace and non-ASCII characters around it.
    fn token_lines() -> impl Strategy<Value = String> {
        prop_oneof![
            line_of(81, line_chars()),
            line_of(81, mostly_cells()),
            "[ \t\u{a0}]{0,3}[.1-9é]{0,90}[ ,;\u{3000}]?[^\n]{0,10}",
            "[ \t\u{a0}]{0,3}[.1-9é]{28,40}[ ,;\u{3000}]?[^\n]{0,10}",
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn line_token_fast_path_matches_the_reference(line in token_lines()) {
            prop_assert_eq!(line_token(&line), line_token_slow(&line));
        }

        #[test]
        fn symbol_cells_fast_path_matches_the_reference(
            n in prop::sample::select(vec![4usize, 6, 9, 12, 16, 25]),
            rare in prop_oneof![Just(0.0f64), Just(0.003), 0.0f64..0.05],
            seed in prop::collection::vec((0.0f64..1.0, line_chars(), 0usize..36, 0usize..3), 625),
        ) {
            // n² symbols, mostly in range for n (every blank and letter case), a few of
            // anything.
            let token: String = seed
                .iter()
                .take(n * n)
                .map(|&(p, any_char, v, form)| match v % (n + 1) {
                    _ if p < rare => any_char,
                    0 => ['.', '0', '_'][form],
                    v if form == 0 => value_symbol(v as u8).to_ascii_lowercase(),
                    v => value_symbol(v as u8),
                })
                .collect();
            for start in [1, 4] {
                prop_assert_eq!(
                    symbol_cells(&token, n, 3, start),
                    symbol_cells_slow(&token, n, 3, start)
                );
            }
        }

        #[test]
        fn whole_lines_parse_as_by_the_reference_parts(line in line_of(81, mostly_cells())) {
            // parse_line's fast paths are line_token and symbol_cells; check both on
            // the token of the line, as parse_line uses them.
            let (start, token) = line_token(&line);
            prop_assert_eq!((start, token), line_token_slow(&line));
            if let Some(n) = square_root(token.chars().count()) {
                prop_assert_eq!(
                    symbol_cells(token, n, 1, start),
                    symbol_cells_slow(token, n, 1, start)
                );
            }
        }

        #[test]
        fn one_line_texts_parse_as_through_lines(
            text in prop_oneof![
                line_of(81, mostly_cells()),
                line_of(16, mostly_cells()),
                "[ #\\-+|\r]{0,4}[.1-9 ]{0,40}\r?",
            ]
        ) {
            // With a `\n` added, the text goes through the general path (`lines()`
            // drops a final line ending), which the one-line shortcut must match.
            prop_assert_eq!(parse_cells(&text, None), parse_cells(&format!("{text}\n"), None));
        }

        #[test]
        fn tokens_longer_than_a_row_are_line_puzzles(
            line in prop_oneof![
                line_of(81, line_chars()),
                "[ \t]{0,2}[^ \t\n,;]{33,90}[ ,;][^\n]{0,40}",
            ],
            shape in prop::sample::select(vec![None, Some((3, 3)), Some((2, 3)), Some((4, 4))]),
        ) {
            // The premise of RecordSplitter::push_line's shortcut.
            let shape = shape.map(|(r, c)| BoxShape::new(r, c).expect("valid shape"));
            if line_token(&line).1.chars().count() > MAX_SIZE {
                prop_assert!(is_line_puzzle(&line, shape));
            }
        }

        #[test]
        fn the_early_token_length_check_counts_as_the_reference(line in token_lines()) {
            let (_, token) = line_token_slow(&line);
            prop_assert_eq!(
                first_token_is_longer_than_a_row(&line),
                token.chars().count() > MAX_SIZE
            );
        }
    }

    #[test]
    fn a_grid_flattened_into_one_row_of_fields_reads() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let expected = parse_cells(line, None).unwrap();
        let zeros: Vec<String> = line
            .chars()
            .map(|c| if c == '.' { "0".into() } else { c.to_string() })
            .collect();
        let empty: Vec<String> = line
            .chars()
            .map(|c| {
                if c == '.' {
                    String::new()
                } else {
                    c.to_string()
                }
            })
            .collect();
        for flat in [
            zeros.join(","),
            zeros.join(";"),
            zeros.join("\t"),
            empty.join(","),
        ] {
            assert_eq!(
                parse_cells(&flat, None).ok(),
                Some(expected.clone()),
                "{flat}"
            );
        }
        // A bad field is named at its column.
        let bad = zeros.join(",").replacen('8', "x", 1);
        let err = parse_cells(&bad, None).unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 13)), "{err}");
    }

    #[test]
    fn fast_paths_name_the_same_bad_cell() {
        let expected = "unexpected 'x', expected a digit 1-9, or `.`, `0` or `_` for a blank";
        let mut line = ".".repeat(81);
        line.replace_range(40..41, "x");
        let err = parse_cells(&format!("  {line} # comment"), None).unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 43)));
        assert_eq!(err.to_string(), expected);
        let mut line = ".".repeat(81);
        line.replace_range(80..81, "A");
        let err = parse_cells(&line, None).unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 81)));
        assert_eq!(err.to_string(), expected.replace("'x'", "'A'"));
    }
}
