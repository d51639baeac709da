//! JSON input (feature `json`): integer matrices in the JSON and brace forms, and the
//! words and positions of serde_json's errors, shared by every puzzle that reads JSON.

use crate::parse::ParseError;
use crate::text::{self, strip_bom};
use crate::{Grid, Positioned, TextPosition};

/// Parses the JSON form `[[a, b, ...], [c, d, ...], ...]` of the LeetCode and
/// GeeksforGeeks statements: an array of rows, each an array of integers, all rows
/// the same length. `[]` is a 0 x 0 matrix.
///
/// # Errors
///
/// - [`ParseError::Json`] with the parser's line, column and message for malformed
///   JSON, a value that is not an integer, or a top level that is not an array of arrays.
/// - [`ParseError::Ragged`] when a row's length differs from the first row's.
pub fn parse_json_matrix(text: &str) -> Result<Grid<i64>, ParseError> {
    parse_matrix(strip_bom(text), Brackets::Square)
}

/// Parses the brace form `{{a, b, ...}, {c, d, ...}, ...}` in which GeeksforGeeks and
/// C, C++ and Java code print a matrix: the JSON form with `{` and `}` for brackets, on
/// one line or many. `{}` is a 0 x 0 matrix. The text is read in place (its braces
/// taken for brackets as the parser reads them), never copied.
///
/// # Errors
///
/// As [`parse_json_matrix`], with `}` named where the JSON form would name `]`; a
/// square bracket in the brace form is an error.
///
/// # Examples
///
/// ```
/// let maze = grid_core::parse_brace_matrix("{{1, 0, 0, 0}, {1, 1, 0, 1}}")?;
/// assert_eq!((maze.rows(), maze.cols()), (2, 4));
/// assert_eq!(maze.cells()[4..], [1, 1, 0, 1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_brace_matrix(text: &str) -> Result<Grid<i64>, ParseError> {
    let text = strip_bom(text);
    let err = match parse_matrix(text, Brackets::Curly) {
        Ok(grid) => return Ok(grid),
        Err(err) => err,
    };
    if let Some((index, bracket)) = text.char_indices().find(|&(_, c)| c == '[' || c == ']') {
        let before = &text[..index];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = text::column_of(&text[line_start..], index - line_start);
        let earlier = err
            .text_position()
            .is_some_and(|at| (at.line, at.column.unwrap_or(1)) < (line, column));
        if !earlier {
            return Err(ParseError::Json {
                line,
                column,
                message: format!(
                    "expected `{{`, `}}`, `,` or an integer, found `{bracket}` in a brace-form matrix"
                ),
            });
        }
    }
    Err(match err {
        ParseError::Json {
            line,
            column,
            message,
        } => ParseError::Json {
            line,
            column,
            message: message.replace("`]`", "`}`").replace("`[`", "`{`"),
        },
        other => other,
    })
}

/// Which brackets a matrix's text uses: `[` `]` (JSON) or `{` `}` (the brace form).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Brackets {
    Square,
    Curly,
}

impl Brackets {
    /// The bracket that opens a row in this form.
    fn open(self) -> u8 {
        match self {
            Brackets::Square => b'[',
            Brackets::Curly => b'{',
        }
    }

    /// The bracket that closes a row in this form.
    fn close(self) -> u8 {
        match self {
            Brackets::Square => b']',
            Brackets::Curly => b'}',
        }
    }
}

/// The brace form's bytes as JSON, mapped as serde_json reads them: `{` `}` become
/// `[` `]`, and a square bracket becomes `#`, a byte JSON refuses, so that the first
/// error in reading order is reported (the bracket or one before it). Every byte keeps
/// its place, so every position the parser reports stays true of the text.
struct BraceAsJson<'a> {
    rest: &'a [u8],
}

impl std::io::Read for BraceAsJson<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.rest.len());
        let (head, tail) = self.rest.split_at(n);
        for (to, &from) in buf.iter_mut().zip(head) {
            *to = match from {
                b'{' => b'[',
                b'}' => b']',
                b'[' | b']' => b'#',
                other => other,
            };
        }
        self.rest = tail;
        Ok(n)
    }
}

/// A matrix read row by row into one flat vector of cells (no vector per row), with
/// the first row whose length differs from the first row's.
#[derive(Default)]
struct FlatRows {
    cells: Vec<i64>,
    rows: usize,
    cols: usize,
    /// The first ragged row: its 0-based index and its length.
    ragged: Option<(usize, usize)>,
}

impl<'de> serde::de::DeserializeSeed<'de> for &mut FlatRows {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> serde::de::Visitor<'de> for &mut FlatRows {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(Row(&mut *self))?.is_some() {}
        Ok(())
    }
}

/// One row of a [`FlatRows`]: its integers appended to the cells.
struct Row<'a>(&'a mut FlatRows);

impl<'de> serde::de::DeserializeSeed<'de> for Row<'_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Row<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let matrix = self.0;
        let before = matrix.cells.len();
        while let Some(cell) = seq.next_element::<i64>()? {
            matrix.cells.push(cell);
        }
        let len = matrix.cells.len() - before;
        if matrix.rows == 0 {
            matrix.cols = len;
        } else if len != matrix.cols && matrix.ragged.is_none() {
            matrix.ragged = Some((matrix.rows, len));
        }
        matrix.rows += 1;
        Ok(())
    }
}

/// The JSON or brace form of `text` (no byte-order mark) as one grid, read in place.
fn parse_matrix(text: &str, brackets: Brackets) -> Result<Grid<i64>, ParseError> {
    use serde::de::DeserializeSeed;

    if text.trim().is_empty() {
        return Err(ParseError::Empty);
    }
    let mut matrix = FlatRows::default();
    let read = match brackets {
        Brackets::Square => {
            let mut de = serde_json::Deserializer::from_str(text);
            (&mut matrix).deserialize(&mut de).and_then(|()| de.end())
        }
        Brackets::Curly => {
            let mut de = serde_json::Deserializer::from_reader(BraceAsJson {
                rest: text.as_bytes(),
            });
            (&mut matrix).deserialize(&mut de).and_then(|()| de.end())
        }
    };
    read.map_err(|e| {
        let i64_bounds = (i128::from(i64::MIN), i128::from(i64::MAX));
        let out_of_range = integer_out_of_range(text, &e, i64_bounds);
        match out_of_range {
            Some((at, err)) => ParseError::InvalidNumber {
                line: at.line,
                column: at.column.unwrap_or(1),
                token: match err {
                    text::IntegerError::TooLarge { token, .. }
                    | text::IntegerError::TooSmall { token, .. }
                    | text::IntegerError::NotAnInteger { token } => token,
                },
            },
            None => bad_token(text, &e, brackets).unwrap_or_else(|| ParseError::Json {
                line: e.line(),
                // serde_json says column 0 for the end of the input just after a line
                // break; our columns are 1-based.
                column: e.column().max(1),
                message: json_error_message(&e),
            }),
        }
    })?;
    if let Some((bad, found)) = matrix.ragged {
        let at = row_opening(text, brackets, bad).unwrap_or(TextPosition::at(1, 1));
        let (line, column) = (at.line, at.column.unwrap_or(1));
        return Err(ParseError::Ragged {
            line,
            column,
            row: bad + 1,
            expected: matrix.cols,
            found,
        });
    }
    let grid = Grid::from_vec(matrix.rows, matrix.cols, matrix.cells);
    Ok(grid.expect("rows checked to be equal length")) // invariant: every row has `cols` cells
}

/// Where row `index` (0-based) of a matrix that parsed opens: its bracket's line and
/// column. The text holds no strings (it parsed as integers), so brackets are counted
/// by depth alone.
fn row_opening(text: &str, brackets: Brackets, index: usize) -> Option<TextPosition> {
    let (open, close) = (brackets.open(), brackets.close());
    let mut depth = 0usize;
    let mut rows = 0usize;
    for (i, &b) in text.as_bytes().iter().enumerate() {
        if b == open {
            depth += 1;
            if depth == 2 {
                if rows == index {
                    let before = &text[..i];
                    let line = before.matches('\n').count() + 1;
                    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
                    let column = text::column_of(&text[line_start..], i - line_start);
                    return Some(TextPosition::at(line, column));
                }
                rows += 1;
            }
        } else if b == close {
            depth = depth.saturating_sub(1);
        }
    }
    None
}

/// A JSON error's message for people, without its position (the error that carries
/// it has line and column fields): serde_json's text, with an early end of the input
/// and its Rust type names (`i64`) put in the terms of the other messages.
///
/// ```
/// let e = serde_json::from_str::<Vec<i64>>("[1, 2.5]").unwrap_err();
/// assert_eq!(
///     grid_core::json_error_message(&e),
///     "invalid type: floating point `2.5`, expected an integer"
/// );
/// let e = serde_json::from_str::<Vec<i64>>("[1, 2").unwrap_err();
/// assert_eq!(
///     grid_core::json_error_message(&e),
///     "the input ends inside the JSON (a value or a closing bracket is missing)"
/// );
/// ```
pub fn json_error_message(e: &serde_json::Error) -> String {
    if e.classify() == serde_json::error::Category::Eof {
        return "the input ends inside the JSON (a value or a closing bracket is missing)"
            .to_owned();
    }
    let full = e.to_string();
    let message = match full.rfind(" at line ") {
        Some(cut) => &full[..cut],
        None => &full,
    };
    let message = message
        .replace("expected i64", "expected an integer")
        .replace(
            "trailing characters",
            "unexpected text after the JSON value",
        );
    shorten_quotes(&message)
}

/// `message` with every quotation of input in it (serde_json quotes a string `"..."`
/// and a field name `` `...` ``) cut to [`text::quote`]'s excerpt, so that a message
/// never echoes a long value back.
///
/// ```
/// let long = format!("[\"{}\"]", "x".repeat(5000));
/// let e = serde_json::from_str::<Vec<i64>>(&long).unwrap_err();
/// assert_eq!(
///     grid_core::json_error_message(&e),
///     format!("invalid type: string `{}…` (5000 bytes), expected an integer", "x".repeat(40))
/// );
/// ```
fn shorten_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(400));
    let mut rest = message;
    while let Some(open) = rest.find(['"', '`']) {
        out.push_str(&rest[..open]);
        let mark = rest[open..].chars().next().unwrap_or('"');
        let body = &rest[open + 1..];
        // A string's Debug form escapes its quotes; a field name is raw.
        let mut escaped = false;
        let close = body.char_indices().find(|&(_, c)| {
            let found = c == mark && !escaped;
            escaped = mark == '"' && c == '\\' && !escaped;
            found
        });
        let Some((close, _)) = close else {
            out.push_str(&rest[open..]);
            rest = "";
            break;
        };
        let quoted = &body[..close];
        if quoted.chars().count() > text::QUOTED_CHARS {
            out.push_str(&text::quote(quoted).to_string());
        } else {
            out.push(mark);
            out.push_str(quoted);
            out.push(mark);
        }
        rest = &body[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Where a JSON error of serde_json stopped in `text` and what it says, in the words of
/// every gridsolve message: [`json_error_message`], or, for an integer beyond what
/// serde_json reads as one (`u64` and `i64`; it reads a longer one as a float and
/// names that), `integer 99999999999999999999 is too large (at most
/// 18446744073709551615)` at the integer's first character.
///
/// ```
/// use grid_core::TextPosition;
/// let text = r#"{"n": 99999999999999999999}"#;
/// let e = serde_json::from_str::<std::collections::HashMap<String, u64>>(text).unwrap_err();
/// let (at, message) = grid_core::json_error_at(text, &e);
/// assert_eq!(at, TextPosition::at(1, 7));
/// assert_eq!(message, "integer 99999999999999999999 is too large (at most 18446744073709551615)");
/// ```
pub fn json_error_at(text: &str, e: &serde_json::Error) -> (TextPosition, String) {
    // serde_json's words for an integer beyond `u128` or `i128`, the widest it reads.
    if e.to_string().starts_with("number out of range")
        && let Some((at, token)) = integer_at_error(text, e)
    {
        let message = if token.starts_with('-') {
            format!("integer {token} is too small (at least {})", i128::MIN)
        } else {
            format!("integer {token} is too large (at most {})", u128::MAX)
        };
        return (at, message);
    }
    let bounds = (i128::from(i64::MIN), i128::from(u64::MAX));
    match integer_out_of_range(text, e, bounds) {
        Some((at, err)) => (at, err.to_string()),
        // serde_json says column 0 for the end of the input just after a line break;
        // our columns are 1-based.
        None => (
            TextPosition::at(e.line(), e.column().max(1)),
            json_error_message(e),
        ),
    }
}

/// The integer the JSON error `e` is about, with its position (its first character),
/// when it is an integer outside `min..=max` (serde_json reads one beyond `u64` or
/// `i64` as a float, and one beyond the type asked for as an `invalid value`, and
/// names the converted value; this names it as written).
fn integer_out_of_range(
    text: &str,
    e: &serde_json::Error,
    (min, max): (i128, i128),
) -> Option<(TextPosition, text::IntegerError)> {
    if e.classify() != serde_json::error::Category::Data {
        return None;
    }
    let (at, token) = integer_at_error(text, e)?;
    let err = text::parse_integer(token, min, max).err()?;
    Some((at, err))
}

/// The integer literal that ends where serde_json's error `e` stopped in `text` (it
/// stops on a number's last character), with the position of its first character.
fn integer_at_error<'a>(text: &'a str, e: &serde_json::Error) -> Option<(TextPosition, &'a str)> {
    if e.column() == 0 {
        return None;
    }
    let line = text::lines(text).nth(e.line().checked_sub(1)?)?;
    let end = line
        .text
        .char_indices()
        .nth(e.column() - 1)
        .map(|(i, c)| i + c.len_utf8())?;
    let head = &line.text[..end];
    // Read from a stream (the brace form), the parser has taken one character past
    // the number when it stops.
    let head = head
        .strip_suffix(|c: char| !(c.is_ascii_digit() || c == '-'))
        .unwrap_or(head);
    let start = head
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_ascii_digit() || c == '-'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let token = &head[start..];
    text::is_integer_literal(token).then(|| (line.at(text::column_of(line.text, start)), token))
}

/// The error for a token where a row or an integer belongs (`x`, `1e3`, `2.5`, `"a"`),
/// named as written at its first character, when serde_json's error `e` is about one:
/// [`ParseError::InvalidNumber`] inside a row, `expected `[` to open a row` outside.
fn bad_token(text: &str, e: &serde_json::Error, brackets: Brackets) -> Option<ParseError> {
    let message = e.to_string();
    if e.column() == 0
        || !(message.starts_with("invalid type") || message.starts_with("expected value"))
    {
        return None;
    }
    let line = text::lines(text).nth(e.line().checked_sub(1)?)?;
    // serde_json stops on the first character of an unexpected token, on the last
    // character of a value of the wrong type.
    let at = line.text.char_indices().nth(e.column() - 1)?.0;
    let is_break = |c: char| c.is_whitespace() || ",:[]{}#".contains(c);
    let start = line.text[..at]
        .char_indices()
        .rev()
        .find(|&(_, c)| is_break(c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let end = line.text[at..]
        .find(is_break)
        .map_or(line.text.len(), |i| at + i);
    let token = &line.text[start..end];
    if token.is_empty() {
        return None;
    }
    let column = text::column_of(line.text, start);
    let before = &text[..line.text.as_ptr() as usize - text.as_ptr() as usize + start];
    let (open, close) = (char::from(brackets.open()), char::from(brackets.close()));
    let depth = before
        .matches(open)
        .count()
        .saturating_sub(before.matches(close).count());
    Some(if depth >= 2 {
        ParseError::InvalidNumber {
            line: line.number,
            column,
            token: token.to_owned(),
        }
    } else {
        ParseError::Json {
            line: line.number,
            column,
            message: format!(
                "expected `[` to open {}, found {}",
                if depth == 0 { "the matrix" } else { "a row" },
                crate::text::quote(token)
            ),
        }
    })
}

/// JSON text whose values know where they are: the one JSON reader of the puzzles.
///
/// serde reads the text ([`JsonText::parse`]) into any `Deserialize` type; a value
/// whose place matters is read as a borrowed [`serde_json::value::RawValue`] (a slice
/// of the text), and [`JsonText::position_of`] turns it into a line and column. Errors
/// carry their position and the words of every gridsolve message ([`json_error_at`]).
/// A leading byte-order mark is ignored.
///
/// # Examples
///
/// ```
/// use grid_core::{JsonText, TextPosition};
/// use serde_json::value::RawValue;
///
/// let json = JsonText::new("{\"jumps\": [[4, 14],\n  [16, 6]]}");
/// let list: std::collections::BTreeMap<String, Vec<&RawValue>> = json.parse()?;
/// let at: Vec<_> = json.positions_of(list["jumps"].iter().map(|j| j.get()));
/// assert_eq!(at, [TextPosition::at(1, 12), TextPosition::at(2, 3)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct JsonText<'a> {
    text: &'a str,
}

/// Why JSON text could not be read: serde_json's error in gridsolve's words, at its
/// place (see [`json_error_at`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct JsonError {
    /// Where the reader stopped (1-based line and character column).
    pub at: TextPosition,
    /// What was expected there.
    pub message: String,
}

impl Positioned for JsonError {
    fn text_position(&self) -> Option<TextPosition> {
        Some(self.at)
    }
}

impl<'a> JsonText<'a> {
    /// The JSON text `text` (a leading byte-order mark is dropped).
    pub fn new(text: &'a str) -> JsonText<'a> {
        JsonText {
            text: strip_bom(text),
        }
    }

    /// The text, without its byte-order mark.
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// Reads the whole text as a `T`, which may borrow from it (`&'a RawValue`).
    ///
    /// # Errors
    ///
    /// [`JsonError`] where serde_json stopped, in the words of [`json_error_at`].
    pub fn parse<T: serde::Deserialize<'a>>(&self) -> Result<T, JsonError> {
        serde_json::from_str(self.text).map_err(|e| {
            let (at, message) = json_error_at(self.text, &e);
            JsonError { at, message }
        })
    }

    /// Where `part`, a slice of this text (a `RawValue`'s `get()`), starts; `None` when
    /// it is not a slice of it.
    pub fn position_of(&self, part: &str) -> Option<TextPosition> {
        let byte = self.offset_of(part)?;
        Some(LineCursor::default().advance(self.text, byte))
    }

    /// Where each of `parts`, slices of this text in increasing order, starts: reads
    /// the text once however many there are. Stops at the first part that is not a
    /// slice of the text after the one before it.
    pub fn positions_of<'p>(&self, parts: impl IntoIterator<Item = &'p str>) -> Vec<TextPosition> {
        let mut cursor = LineCursor::default();
        let mut positions = Vec::new();
        for part in parts {
            match self.offset_of(part).filter(|&b| b >= cursor.at) {
                Some(byte) => positions.push(cursor.advance(self.text, byte)),
                None => break,
            }
        }
        positions
    }

    /// Where the name of the field `key` whose value is `value` (a slice of this text)
    /// starts: its opening quote. `None` when it is not found (a name written with
    /// escapes).
    pub fn key_position(&self, key: &str, value: &str) -> Option<TextPosition> {
        let before = &self.text[..self.offset_of(value)?];
        // `"key"`, blanks, `:`, blanks, then the value.
        let name = before.trim_end().strip_suffix(':')?.trim_end();
        let quoted = format!("\"{key}\"");
        name.ends_with(&quoted)
            .then(|| LineCursor::default().advance(self.text, name.len() - quoted.len()))
    }

    /// Where the JSON value starts: the first character that is not blank.
    pub fn start(&self) -> TextPosition {
        let byte = self.text.len() - self.text.trim_start().len();
        LineCursor::default().advance(self.text, byte)
    }

    /// The byte offset of `part`, a slice of this text.
    fn offset_of(&self, part: &str) -> Option<usize> {
        let byte = (part.as_ptr() as usize).checked_sub(self.text.as_ptr() as usize)?;
        (byte + part.len() <= self.text.len() && self.text.is_char_boundary(byte)).then_some(byte)
    }
}

/// A JSON array of rows, each an array of values kept as written with their places:
/// the grid form the puzzles share (`[[1,0],[0,1]]`, `[["5","."],...]`), read by
/// [`JsonText::rows`]. The rows' lengths are the caller's to judge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonRows<'a> {
    /// The rows, in order.
    pub rows: Vec<JsonRow<'a>>,
    /// Where the closing `]` of the whole array is.
    pub end: TextPosition,
}

/// One row of [`JsonRows`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonRow<'a> {
    /// Where the row's `[` is.
    pub at: TextPosition,
    /// Its values.
    pub cells: Vec<JsonCell<'a>>,
}

/// One value of a [`JsonRow`], as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JsonCell<'a> {
    /// Where the value starts (a string's opening quote).
    pub at: TextPosition,
    /// The value as written: `5`, `"5"`, `null`, `[1]`.
    pub raw: &'a str,
}

impl<'a> JsonCell<'a> {
    /// The characters between the quotes of a string value, as written (escapes are
    /// not decoded); `None` for any other value.
    ///
    /// ```
    /// let rows = grid_core::JsonText::new(r#"[["5", 7]]"#).rows()?;
    /// assert_eq!(rows.rows[0].cells[0].unquoted(), Some("5"));
    /// assert_eq!(rows.rows[0].cells[1].unquoted(), None);
    /// # Ok::<(), grid_core::JsonError>(())
    /// ```
    pub fn unquoted(&self) -> Option<&'a str> {
        self.raw.strip_prefix('"')?.strip_suffix('"')
    }

    /// The string a string value holds, its escapes decoded (`"1\\n2"` is `1`, a line
    /// break, `2`); `None` for any other value.
    ///
    /// ```
    /// let rows = grid_core::JsonText::new(r#"[["1\n2", 7]]"#).rows()?;
    /// assert_eq!(rows.rows[0].cells[0].string().as_deref(), Some("1\n2"));
    /// assert_eq!(rows.rows[0].cells[1].string(), None);
    /// # Ok::<(), grid_core::JsonError>(())
    /// ```
    pub fn string(&self) -> Option<String> {
        serde_json::from_str(self.raw).ok()
    }
}

/// One field of a JSON object read by [`JsonText::fields`]: its name (escapes
/// decoded) and its value as written, with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonField<'a> {
    /// The field's name.
    pub key: String,
    /// The field's value as written (`"..."`, `7`, `null`, `[1]`), where it starts.
    pub value: JsonCell<'a>,
}

impl<'a> JsonText<'a> {
    /// Reads the text as a JSON object, keeping each field's value as written and
    /// where it starts, in the order the names sort (a name written twice keeps its
    /// last value, as serde_json reads it).
    ///
    /// # Errors
    ///
    /// [`JsonError`] for malformed JSON or a value that is not an object.
    ///
    /// # Examples
    ///
    /// ```
    /// use grid_core::{JsonText, TextPosition};
    /// let fields = JsonText::new(r#"{"puzzle": "1.3", "id": 7}"#).fields()?;
    /// assert_eq!(fields[0].key, "id");
    /// assert_eq!(fields[0].value.raw, "7");
    /// assert_eq!(fields[1].value.unquoted(), Some("1.3"));
    /// assert_eq!(fields[1].value.at, TextPosition::at(1, 12));
    /// # Ok::<(), grid_core::JsonError>(())
    /// ```
    pub fn fields(&self) -> Result<Vec<JsonField<'a>>, JsonError> {
        use serde_json::value::RawValue;
        let object: std::collections::BTreeMap<String, &'a RawValue> = self.parse()?;
        Ok(object
            .into_iter()
            .map(|(key, raw)| JsonField {
                key,
                value: JsonCell {
                    at: self.position_of(raw.get()).unwrap_or_else(|| self.start()),
                    raw: raw.get(),
                },
            })
            .collect())
    }
}

impl<'a> JsonText<'a> {
    /// Reads the text as an array of rows, each an array of any values, keeping where
    /// each row and each value is (one pass over the text for all the places).
    ///
    /// # Errors
    ///
    /// [`JsonError`] for malformed JSON or a value that is not an array of arrays.
    ///
    /// # Examples
    ///
    /// ```
    /// use grid_core::{JsonText, TextPosition};
    /// let rows = JsonText::new("[[\"5\", \".\"],\n [0, 3]]").rows()?;
    /// assert_eq!(rows.rows[1].at, TextPosition::at(2, 2));
    /// assert_eq!(rows.rows[1].cells[1].at, TextPosition::at(2, 6));
    /// assert_eq!(rows.rows[0].cells[0].raw, "\"5\"");
    /// assert_eq!(rows.end, TextPosition::at(2, 8));
    /// # Ok::<(), grid_core::JsonError>(())
    /// ```
    pub fn rows(&self) -> Result<JsonRows<'a>, JsonError> {
        use serde_json::value::RawValue;
        // The shape (and the error's place, in the whole text) first; then the rows
        // again as slices of the text, which cannot fail, for their places.
        let cells: Vec<Vec<&'a RawValue>> = self.parse()?;
        let rows: Vec<&'a RawValue> = self.parse()?;
        let mut parts =
            Vec::with_capacity(rows.len() + cells.iter().map(Vec::len).sum::<usize>() + 1);
        for (row, cells) in rows.iter().zip(&cells) {
            parts.push(row.get());
            parts.extend(cells.iter().map(|c| c.get()));
        }
        let trimmed = self.text.trim_end();
        parts.push(&trimmed[trimmed.len().saturating_sub(1)..]);
        let mut places = self.positions_of(parts.iter().copied()).into_iter();
        let mut next = || places.next().unwrap_or_else(|| self.start());
        let rows = cells
            .iter()
            .map(|cells| JsonRow {
                at: next(),
                cells: cells
                    .iter()
                    .map(|c| JsonCell {
                        at: next(),
                        raw: c.get(),
                    })
                    .collect(),
            })
            .collect();
        Ok(JsonRows { rows, end: next() })
    }
}

/// Walks forward through a text, keeping the line and the column reached, so that
/// numbering many increasing offsets reads the text once.
#[derive(Default)]
struct LineCursor {
    /// Byte offset reached.
    at: usize,
    /// 0-based line of `at`.
    line: usize,
    /// Characters between the start of that line and `at`.
    chars: usize,
}

impl LineCursor {
    /// The 1-based line and character column of byte offset `byte` (not before the
    /// offset reached, on a character boundary) of `text`, moving the cursor there.
    fn advance(&mut self, text: &str, byte: usize) -> TextPosition {
        let segment = &text[self.at..byte];
        match segment.rfind('\n') {
            Some(last) => {
                self.line += segment.matches('\n').count();
                self.chars = segment[last + 1..].chars().count();
            }
            None => self.chars += segment.chars().count(),
        }
        self.at = byte;
        TextPosition::at(self.line + 1, self.chars + 1)
    }
}

/// One row of a JSON grid of strings, as [`JsonText::string_rows`] hands it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StringRow<'r> {
    /// A row written as an array of strings, one a cell (`["+", "+", "."]`, as LeetCode
    /// 1926 writes its maze): the strings, escapes decoded.
    Cells(&'r [String]),
    /// A row written as one string (`"#.S"`), escapes decoded.
    Text(&'r str),
}

/// Why [`JsonText::string_rows`] stopped: the text is no grid of strings (malformed
/// JSON, or a value where a row or a string belongs, placed at that value), or the
/// caller's own stop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StringRowsError<S> {
    /// The text is not an array of rows of strings.
    Json(JsonError),
    /// The caller stopped at a row with this.
    Stopped(S),
}

impl<'a> JsonText<'a> {
    /// Reads the text as a JSON array of rows, each an array of strings or one string,
    /// handing each row to `each` (with its 0-based index) as it is read: the grid is
    /// never held whole. `each` returns `Err` to stop.
    ///
    /// # Errors
    ///
    /// [`StringRowsError::Json`] for malformed JSON, or for a value where a row or a
    /// string belongs (at the value's first character: `invalid type: integer `1`,
    /// expected a string`); [`StringRowsError::Stopped`] with what `each` returned.
    ///
    /// # Examples
    ///
    /// ```
    /// use grid_core::{JsonText, StringRow};
    /// let mut rows = Vec::new();
    /// JsonText::new(r#"[["+", "."], ".+"]"#).string_rows(|index, row| {
    ///     rows.push(match row {
    ///         StringRow::Cells(cells) => cells.concat(),
    ///         StringRow::Text(text) => text.to_owned(),
    ///     });
    ///     Ok::<(), ()>(())
    /// })?;
    /// assert_eq!(rows, ["+.", ".+"]);
    /// # Ok::<(), grid_core::StringRowsError<()>>(())
    /// ```
    pub fn string_rows<S>(
        &self,
        each: impl FnMut(usize, StringRow<'_>) -> Result<(), S>,
    ) -> Result<(), StringRowsError<S>> {
        use serde::de::DeserializeSeed;
        let mut reader = StringGrid {
            each,
            row: 0,
            cell: None,
            cells: Vec::new(),
            stopped: None,
        };
        let mut de = serde_json::Deserializer::from_str(self.text);
        let read = (&mut reader).deserialize(&mut de).and_then(|()| de.end());
        let Err(e) = read else {
            return Ok(());
        };
        if let Some(stopped) = reader.stopped {
            return Err(StringRowsError::Stopped(stopped));
        }
        let (mut at, message) = json_error_at(self.text, &e);
        // A value of the wrong type: named at its first character, not where the
        // parser stopped (its last one).
        if e.classify() == serde_json::error::Category::Data {
            let path = [reader.row, reader.cell.unwrap_or(0)];
            let depth = if reader.cell.is_some() { 2 } else { 1 };
            at = self.value_position(&path[..depth]).unwrap_or(at);
        }
        Err(StringRowsError::Json(JsonError { at, message }))
    }

    /// Where the value at `path` starts, the indices of the arrays that hold it from
    /// the outermost (`[2, 0]`: the first value of the third row); `None` when there is
    /// no such value. One pass over the text, for an error's place.
    ///
    /// ```
    /// use grid_core::{JsonText, TextPosition};
    /// let json = JsonText::new("[[\"#\", \".\"],\n [\"S\", \"]\"], \"x\"]");
    /// assert_eq!(json.value_position(&[1, 1]), Some(TextPosition::at(2, 8)));
    /// assert_eq!(json.value_position(&[2]), Some(TextPosition::at(2, 14)));
    /// assert_eq!(json.value_position(&[3]), None);
    /// ```
    pub fn value_position(&self, path: &[usize]) -> Option<TextPosition> {
        // `seen[d]`: values begun so far in the innermost array open at depth d + 1.
        let mut seen: Vec<usize> = Vec::new();
        // Whether the open arrays so far are the ones on `path`.
        let mut on_path = 0usize;
        let (mut in_string, mut escaped, mut expect_value) = (false, false, false);
        for (i, b) in self.text.bytes().enumerate() {
            if in_string {
                match (escaped, b) {
                    (true, _) => escaped = false,
                    (false, b'\\') => escaped = true,
                    (false, b'"') => in_string = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b' ' | b'\t' | b'\n' | b'\r' => continue,
                b',' => {
                    expect_value = true;
                    continue;
                }
                b']' | b'}' => {
                    if seen.len() == on_path {
                        on_path = on_path.saturating_sub(1);
                    }
                    seen.pop();
                    expect_value = false;
                    continue;
                }
                _ => {}
            }
            if expect_value || seen.is_empty() {
                expect_value = false;
                let depth = seen.len();
                // A value begins at `depth` (0: the whole text's value).
                if depth > 0 {
                    let index = seen[depth - 1];
                    seen[depth - 1] += 1;
                    if on_path == depth && path.get(depth - 1) == Some(&index) {
                        if depth == path.len() {
                            return Some(LineCursor::default().advance(self.text, i));
                        }
                        on_path = depth + 1;
                    }
                } else if !path.is_empty() {
                    on_path = 1;
                }
            }
            match b {
                b'[' | b'{' => {
                    seen.push(0);
                    expect_value = true;
                }
                b'"' => in_string = true,
                _ => {}
            }
        }
        None
    }

    /// Where the character `index` (0-based, counted as decoded: an escape is one
    /// character) of the string at `path` ([`JsonText::value_position`]) is; `None`
    /// when there is no such string or character.
    ///
    /// ```
    /// use grid_core::{JsonText, TextPosition};
    /// let json = JsonText::new(r##"["#.", "\u0023.x"]"##);
    /// assert_eq!(json.string_char_position(&[1], 2), Some(TextPosition::at(1, 16)));
    /// ```
    pub fn string_char_position(&self, path: &[usize], index: usize) -> Option<TextPosition> {
        let at = self.value_position(path)?;
        let line = text::lines(self.text).nth(at.line.checked_sub(1)?)?;
        let quote = line.text.char_indices().nth(at.column? - 1)?.0;
        let mut chars = line.text[quote..].chars();
        if chars.next() != Some('"') {
            return None;
        }
        // Characters of the text passed, from the opening quote.
        let mut column = at.column? + 1;
        for _ in 0..index {
            let width = match chars.next()? {
                '"' => return None,
                '\\' => match chars.next()? {
                    'u' => {
                        let hex: String = chars.by_ref().take(4).collect();
                        let high = u32::from_str_radix(&hex, 16)
                            .is_ok_and(|u| (0xD800..0xDC00).contains(&u));
                        // A surrogate pair is one character, written as two escapes.
                        if high && chars.as_str().starts_with("\\u") {
                            chars.by_ref().take(6).for_each(drop);
                            12
                        } else {
                            6
                        }
                    }
                    _ => 2,
                },
                _ => 1,
            };
            column += width;
        }
        Some(TextPosition::at(at.line, column))
    }
}

/// The reader behind [`JsonText::string_rows`]: the rows of a grid of strings handed
/// to `each` one at a time, with the indices of the value being read (for an error's
/// place).
struct StringGrid<F, S> {
    each: F,
    /// The row being read (0-based).
    row: usize,
    /// The cell being read in an array row, `None` between cells or in a string row.
    cell: Option<usize>,
    /// The strings of the array row being read (kept to reuse its allocation).
    cells: Vec<String>,
    /// What `each` stopped with.
    stopped: Option<S>,
}

impl<'de, F, S> serde::de::DeserializeSeed<'de> for &mut StringGrid<F, S>
where
    F: FnMut(usize, StringRow<'_>) -> Result<(), S>,
{
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, F, S> serde::de::Visitor<'de> for &mut StringGrid<F, S>
where
    F: FnMut(usize, StringRow<'_>) -> Result<(), S>,
{
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an array of rows")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(StringGridRow(&mut *self))?.is_some() {
            self.row += 1;
        }
        Ok(())
    }
}

/// One row of a [`StringGrid`]: an array of strings or one string.
struct StringGridRow<'g, F, S>(&'g mut StringGrid<F, S>);

impl<'de, F, S> serde::de::DeserializeSeed<'de> for StringGridRow<'_, F, S>
where
    F: FnMut(usize, StringRow<'_>) -> Result<(), S>,
{
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de, F, S> serde::de::Visitor<'de> for StringGridRow<'_, F, S>
where
    F: FnMut(usize, StringRow<'_>) -> Result<(), S>,
{
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a row: an array of strings or one string")
    }

    fn visit_str<E: serde::de::Error>(self, row: &str) -> Result<(), E> {
        let grid = self.0;
        (grid.each)(grid.row, StringRow::Text(row)).map_err(|stop| {
            grid.stopped = Some(stop);
            E::custom("stopped")
        })
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        use serde::de::Error;
        let grid = self.0;
        grid.cells.clear();
        loop {
            grid.cell = Some(grid.cells.len());
            match seq.next_element_seed(CellString)? {
                Some(cell) => grid.cells.push(cell),
                None => break,
            }
        }
        grid.cell = None;
        (grid.each)(grid.row, StringRow::Cells(&grid.cells)).map_err(|stop| {
            grid.stopped = Some(stop);
            A::Error::custom("stopped")
        })
    }
}

/// One cell of an array row of a [`StringGrid`]: a string.
struct CellString;

impl<'de> serde::de::DeserializeSeed<'de> for CellString {
    type Value = String;

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<String, D::Error> {
        deserializer.deserialize_string(self)
    }
}

impl serde::de::Visitor<'_> for CellString {
    type Value = String;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a string (one cell)")
    }

    fn visit_str<E: serde::de::Error>(self, cell: &str) -> Result<String, E> {
        Ok(cell.to_owned())
    }
}
