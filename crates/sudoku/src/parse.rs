//! Reading puzzles from text: the one-line form, the block form, and record splitting
//! for files that hold many puzzles.

use crate::error::{Error, ParseError, ParseErrorKind};
use crate::shape::{BoxShape, MAX_SIZE};

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

fn is_separator(c: char) -> bool {
    matches!(c, '|' | '-' | '+' | '=' | '*') || c.is_whitespace()
}

/// Lines that carry no cells: blank, `#` comments, and borders such as `------+------`.
fn is_filler(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('#') || t.chars().all(is_separator)
}

fn expected_symbols(n: usize) -> String {
    if n <= 9 {
        format!("a digit 1-{n}, or . 0 _ for a blank")
    } else {
        let last = value_symbol(n.min(35) as u8);
        format!("a symbol 1-9 or A-{last}, or . 0 _ for a blank")
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
    if token.chars().count() == 1
        && let Some(c) = token.chars().next()
        && is_blank(c)
    {
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

/// Whitespace-separated tokens with their 1-based character columns.
fn tokens(line: &str, extra_separator: impl Fn(char) -> bool) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    let mut column = 0;
    for (i, c) in line.char_indices() {
        column += 1;
        let sep = c.is_whitespace() || extra_separator(c);
        match (sep, start) {
            (true, Some((b, col))) => {
                out.push((col, &line[b..i]));
                start = None;
            }
            (false, None) => start = Some((i, column)),
            _ => {}
        }
    }
    if let Some((b, col)) = start {
        out.push((col, &line[b..]));
    }
    out
}

fn is_number_token(t: &str) -> bool {
    t.chars().all(|c| c.is_ascii_digit()) || (t.chars().count() == 1 && t.chars().all(is_blank))
}

fn square_root(count: usize) -> Option<usize> {
    (2..=MAX_SIZE).find(|n| n * n == count)
}

/// The first token of a one-line puzzle: the cells before any whitespace, `,`, `;` or `:`
/// (what follows is a comment). Returns (1-based column of its start, the token).
///
/// Fast path over bytes while they are ASCII (columns are then byte offsets, and an
/// ASCII byte is whitespace exactly when it is as a `char`); any other byte before the
/// token's end sends the line to [`line_token_slow`], the reference.
fn line_token(line: &str) -> (usize, &str) {
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
fn first_token_is_longer_than_a_row(line: &str) -> bool {
    let bytes = line.as_bytes();
    let start = ascii_indent(bytes);
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
    (line[..lead].chars().count() + 1, &rest[..end])
}

/// Whether `line` holds a whole puzzle by itself (rather than one row of a block).
pub(crate) fn is_line_puzzle(line: &str, shape: Option<BoxShape>) -> bool {
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
    let toks = tokens(line, |_| false);
    if let Some(n) = square_root(toks.len())
        && n >= 6
        && fits(n)
        && toks.iter().all(|(_, t)| is_number_token(t))
    {
        return true;
    }
    // Too long to be a row of any supported block: a (malformed) one-line puzzle.
    len > MAX_SIZE
}

/// Parses `text` as one puzzle in any supported form (see the crate docs), with the
/// box shape given or detected.
pub(crate) fn parse_cells(
    text: &str,
    shape: Option<BoxShape>,
) -> Result<(BoxShape, Vec<u8>), Error> {
    // One line (no `\n`): what `lines()` below would give, without collecting it.
    if !text.contains('\n') {
        return if is_filler(text) {
            Err(err(1, 1, ParseErrorKind::Empty))
        } else {
            parse_line(1, text, shape)
        };
    }
    let content: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !is_filler(l))
        .collect();
    match content.as_slice() {
        [] => Err(err(1, 1, ParseErrorKind::Empty)),
        [(number, line)] => parse_line(*number, line, shape),
        rows => parse_block(rows, shape, text.lines().count()),
    }
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
        None => BoxShape::for_size(n)
            .ok_or_else(|| err(line, column, ParseErrorKind::NoBoxShape { size: n })),
    }
}

fn parse_line(
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
    let toks = tokens(line, |_| false);
    if let Some(n) = square_root(toks.len())
        && toks.len() > 1
        && shape.is_none_or(|s| s.size() == n)
        && toks.iter().all(|(_, t)| is_number_token(t))
    {
        let shape = resolve_shape(n, shape, number, start)?;
        let cells = toks
            .iter()
            .map(|&(col, t)| number_cell(t, n, number, col))
            .collect::<Result<Vec<u8>, Error>>()?;
        return Ok((shape, cells));
    }
    // n² tokens, nearly all numbers: a line of numbers with a bad one. Name it.
    if let Some(n) = square_root(toks.len())
        && n >= 4
        && shape.is_none_or(|s| s.size() == n)
        && toks.iter().filter(|(_, t)| is_number_token(t)).count() * 2 > toks.len()
        && let Some(&(col, bad)) = toks.iter().find(|(_, t)| !is_number_token(t))
    {
        number_cell(bad, n, number, col)?;
    }
    if let Some(s) = shape
        && let Some(n) = square_root(len)
    {
        return Err(err(
            number,
            start,
            ParseErrorKind::ShapeMismatch {
                size: n,
                shape: s,
                expected: s.size(),
            },
        ));
    }
    // Name the first character that cannot be a cell, if any, before the length.
    if let Some((i, c)) = token
        .chars()
        .enumerate()
        .find(|&(_, c)| !is_blank(c) && symbol_value(c).is_none())
    {
        return Err(err(
            number,
            start + i,
            ParseErrorKind::UnexpectedChar {
                found: c,
                expected: expected_symbols(9),
            },
        ));
    }
    // n² cells for an n past the largest size: say so rather than list sizes.
    if let Some(n) = (MAX_SIZE + 1..=4 * MAX_SIZE).find(|n| n * n == len) {
        return Err(err(number, start, ParseErrorKind::TooLarge { size: n }));
    }
    Err(err(
        number,
        start,
        ParseErrorKind::LineLength { found: len },
    ))
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
fn block_row(number: usize, line: &str, n: usize, row: usize) -> Result<Vec<u8>, Error> {
    let toks = tokens(line, |c| c == '|');
    if toks.len() == n && toks.iter().all(|(_, t)| is_number_token(t)) {
        return toks
            .iter()
            .map(|&(col, t)| number_cell(t, n, number, col))
            .collect();
    }
    let chars: Vec<(usize, char)> = toks
        .iter()
        .flat_map(|&(col, t)| t.chars().enumerate().map(move |(i, c)| (col + i, c)))
        .collect();
    if chars.len() == n {
        return chars
            .iter()
            .map(|&(col, c)| symbol_cell(c, n, number, col))
            .collect();
    }
    let found = if toks.iter().all(|(_, t)| t.chars().count() == 1) || toks.len() < 2 {
        chars.len()
    } else {
        toks.len()
    };
    Err(err(
        number,
        1,
        ParseErrorKind::RowLength {
            row,
            found,
            expected: n,
        },
    ))
}

fn parse_block(
    rows: &[(usize, &str)],
    shape: Option<BoxShape>,
    total_lines: usize,
) -> Result<(BoxShape, Vec<u8>), Error> {
    let n = rows.len();
    let (first_number, first) = rows[0];
    let toks = tokens(first, |c| c == '|');
    let chars: usize = toks.iter().map(|(_, t)| t.chars().count()).sum();
    if toks.len() != n && chars != n {
        let width = row_width(first);
        let (line, kind) = if n > width {
            (
                rows[width.min(n - 1)].0,
                ParseErrorKind::RowCount {
                    found: n,
                    expected: width,
                },
            )
        } else {
            (
                total_lines.max(first_number),
                ParseErrorKind::RowCount {
                    found: n,
                    expected: width,
                },
            )
        };
        return Err(err(line, 1, kind));
    }
    let shape = resolve_shape(n, shape, first_number, 1)?;
    let mut cells = Vec::with_capacity(n * n);
    for (row, &(number, line)) in rows.iter().enumerate() {
        cells.extend(block_row(number, line, n, row + 1)?);
    }
    Ok((shape, cells))
}

/// The number of cells a block row shows: its numbers when it is written as numbers
/// with some of two digits (`10 . 3 16`), else its symbols (`5 3 . | . 7 .`,
/// `53..7....`).
fn row_width(line: &str) -> usize {
    let toks = tokens(line, |c| c == '|');
    if toks.len() >= 2
        && toks.iter().all(|(_, t)| is_number_token(t) && t.len() <= 2)
        && toks.iter().any(|(_, t)| t.len() == 2)
    {
        toks.len()
    } else {
        toks.iter().map(|(_, t)| t.chars().count()).sum()
    }
}

/// The number of cells when `line` can be a row of a block: only cell symbols, blanks,
/// separators and whitespace, with 2 to 32 cells. It is the width the row shows, even
/// when a box shape is given: a block whose rows do not fit the shape stays one record,
/// and parsing it names the mismatch.
fn block_width(line: &str) -> Option<usize> {
    if !line
        .chars()
        .all(|c| is_blank(c) || symbol_value(c).is_some() || is_separator(c))
    {
        return None;
    }
    let width = row_width(line);
    (2..=MAX_SIZE).contains(&width).then_some(width)
}

/// One puzzle's text cut from a larger input by [`RecordSplitter`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// 1-based line number, in the whole input, of the record's first line. Line numbers
    /// in a [`ParseError`] from parsing `text` count from this line.
    pub first_line: usize,
    /// The record's lines, joined with `\n`.
    pub text: String,
}

/// Cuts a stream of lines into puzzle records: one line per puzzle for the line form,
/// n rows (plus any border lines) for the block form. Blank lines, `#` comment lines and
/// border lines between records are skipped; a blank line ends an unfinished block.
///
/// It does no I/O: feed it lines with [`RecordSplitter::push_line`] and call
/// [`RecordSplitter::finish`] at the end of the input.
///
/// # Examples
///
/// ```
/// use sudoku::RecordSplitter;
///
/// let mut splitter = RecordSplitter::new(None);
/// let mut records = Vec::new();
/// for (i, line) in ["# two puzzles", &".".repeat(81), "", &"1".repeat(81)].iter().enumerate() {
///     records.extend(splitter.push_line(i + 1, line));
/// }
/// records.extend(splitter.finish());
/// assert_eq!(records.iter().map(|r| r.first_line).collect::<Vec<_>>(), [2, 4]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct RecordSplitter {
    shape: Option<BoxShape>,
    first_line: usize,
    lines: Vec<String>,
    rows: usize,
    expected_rows: usize,
}

impl RecordSplitter {
    /// A splitter for puzzles of the given box shape, or of any detected shape.
    pub fn new(shape: Option<BoxShape>) -> RecordSplitter {
        RecordSplitter {
            shape,
            ..RecordSplitter::default()
        }
    }

    /// Feeds the next line (`number` is its 1-based line number, `line` has no line
    /// ending) and returns the records it completes: usually none or one; two when a
    /// line that cannot be a block row ends an unfinished block and is a record itself.
    pub fn push_line(&mut self, number: usize, line: &str) -> Vec<Record> {
        let mut done = Vec::new();
        self.push_line_into(number, line, &mut done);
        done
    }

    /// [`RecordSplitter::push_line`] appending the records it completes to `done`, so a
    /// long stream needs no new vector per line.
    ///
    /// ```
    /// use sudoku::RecordSplitter;
    ///
    /// let mut splitter = RecordSplitter::new(None);
    /// let mut done = Vec::new();
    /// for (i, line) in ["12", "21", &".".repeat(81)].iter().enumerate() {
    ///     splitter.push_line_into(i + 1, line, &mut done);
    /// }
    /// // A 2 x 2 block, then a line.
    /// assert_eq!(done.iter().map(|r| r.text.len()).collect::<Vec<_>>(), [5, 81]);
    /// ```
    pub fn push_line_into(&mut self, number: usize, line: &str, done: &mut Vec<Record>) {
        if !self.lines.is_empty() {
            if line.trim().is_empty() {
                done.extend(self.finish());
                return;
            }
            if is_filler(line) {
                self.lines.push(line.to_owned());
                return;
            }
            if block_width(line).is_some() {
                self.lines.push(line.to_owned());
                self.rows += 1;
                if self.rows == self.expected_rows {
                    done.extend(self.finish());
                }
                return;
            }
            // Not a row: the block ends unfinished and this line stands alone.
            done.extend(self.finish());
        }
        if is_filler(line) {
            return;
        }
        // Shortcut for one-line files: a first token longer than any block row makes
        // `is_line_puzzle` true (its last line returns `len > MAX_SIZE`, and its earlier
        // returns are all `true`), so the match below would take its `_` arm whatever
        // `block_width` says. Skip `block_width`, the costly part.
        if first_token_is_longer_than_a_row(line) {
            done.push(Record {
                first_line: number,
                text: line.to_owned(),
            });
            return;
        }
        match block_width(line) {
            Some(width) if !is_line_puzzle(line, self.shape) => {
                self.first_line = number;
                self.expected_rows = width;
                self.rows = 1;
                self.lines.push(line.to_owned());
            }
            _ => done.push(Record {
                first_line: number,
                text: line.to_owned(),
            }),
        }
    }

    /// Ends the input: returns the unfinished block, if any (parsing it reports what
    /// is missing).
    pub fn finish(&mut self) -> Option<Record> {
        if self.lines.is_empty() {
            return None;
        }
        let text = self.lines.join("\n");
        self.lines.clear();
        self.rows = 0;
        Some(Record {
            first_line: self.first_line,
            text,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
    fn fast_paths_name_the_same_bad_cell() {
        let mut line = ".".repeat(81);
        line.replace_range(40..41, "x");
        let err = parse_cells(&format!("  {line} # comment"), None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 43: unexpected 'x', expected a digit 1-9, or . 0 _ for a blank"
        );
        let mut line = ".".repeat(81);
        line.replace_range(80..81, "A");
        let err = parse_cells(&line, None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 81: unexpected 'A', expected a digit 1-9, or . 0 _ for a blank"
        );
    }
}
