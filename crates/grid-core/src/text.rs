//! The one reader of puzzle text that every gridsolve crate uses: byte-order mark,
//! line endings, blank and comment lines, and whitespace-separated tokens with their
//! columns.
//!
//! Conventions, the same in every crate:
//! - a leading UTF-8 byte-order mark (`U+FEFF`) is ignored;
//! - lines end in `\n` or `\r\n`;
//! - a **comment line** is one whose first non-blank character is `#`; comment lines
//!   and blank lines carry no puzzle data;
//! - lines and columns are **1-based**, and columns count characters, not bytes.
//!
//! Text is read line by line through one protocol: a reader implements [`LineReader`]
//! (it is given numbered [`TextLine`]s and told when the input ends), and
//! [`LineSource`] feeds it from any [`std::io::BufRead`] (a file, standard input),
//! or [`read_str`] from text in memory. The byte-order mark, line endings, UTF-8 and
//! line numbers are dealt with there, once.

use crate::TextPosition;

mod source;

pub use source::{
    DEFAULT_MAX_LINE, LineError, LineReader, LineSource, MAX_LEADING_BLANK_BYTES, ReadError,
    read_str,
};

/// At most this many characters of the input are quoted in a message ([`quote`]).
pub const QUOTED_CHARS: usize = 40;

/// `text` as a message quotes it: between backticks, at most [`QUOTED_CHARS`]
/// characters with control characters escaped (`\0`, `\t`, `\u{1b}`), and when it is
/// longer an ellipsis and its length in bytes, so that no message echoes a whole line
/// of input back; the empty text is `nothing` (an empty field of a row). Every error that
/// quotes input writes it through this.
///
/// ```
/// use grid_core::text::quote;
/// assert_eq!(quote("x4").to_string(), "`x4`");
/// assert_eq!(quote("").to_string(), "nothing");
/// assert_eq!(quote("a\tb\u{1}").to_string(), "`a\\tb\\u{1}`");
/// let nuls = "\0".repeat(20_000_000);
/// assert_eq!(
///     quote(&nuls).to_string(),
///     format!("`{}…` (20000000 bytes)", "\\0".repeat(40))
/// );
/// ```
pub fn quote(text: &str) -> Quoted<'_> {
    Quoted(text)
}

/// A short quotation of input for a message; see [`quote`].
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(&'a str);

impl std::fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use std::fmt::Write;
        if self.0.is_empty() {
            return f.write_str("nothing");
        }
        f.write_char('`')?;
        let mut cut = false;
        for (i, c) in self.0.chars().enumerate() {
            if i == QUOTED_CHARS {
                cut = true;
                f.write_char('…')?;
                break;
            }
            if c.is_control() {
                write!(f, "{}", c.escape_debug())?;
            } else {
                f.write_char(c)?;
            }
        }
        f.write_char('`')?;
        if cut {
            write!(f, " ({} bytes)", self.0.len())?;
        }
        Ok(())
    }
}

/// `text` without a leading byte-order mark.
///
/// ```
/// assert_eq!(grid_core::text::strip_bom("\u{feff}1 0"), "1 0");
/// ```
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Whether `line` carries no data: empty, only blanks, or a comment (first non-blank
/// character `#`).
///
/// ```
/// use grid_core::text::is_blank_or_comment;
/// assert!(is_blank_or_comment("  # a title"));
/// assert!(is_blank_or_comment(" \t"));
/// assert!(!is_blank_or_comment("1 0 #"));
/// ```
pub fn is_blank_or_comment(line: &str) -> bool {
    let trimmed = line.trim_start();
    trimmed.is_empty() || trimmed.starts_with('#')
}

/// One line of input text, without its line ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextLine<'a> {
    /// 1-based line number.
    pub number: usize,
    /// The line's text without `\n` / `\r\n` (and without the byte-order mark on line 1).
    pub text: &'a str,
}

impl TextLine<'_> {
    /// The position of the 1-based character `column` on this line.
    pub fn at(&self, column: usize) -> TextPosition {
        TextPosition::at(self.number, column)
    }

    /// The position of the whole line.
    pub fn position(&self) -> TextPosition {
        TextPosition::line(self.number)
    }

    /// The whitespace-separated tokens of this line; see [`tokens`].
    pub fn tokens(&self) -> impl Iterator<Item = Token<'_>> + '_ {
        tokens(self.text)
    }
}

/// Every line of `text`, numbered from 1, with the byte-order mark removed and `\n` or
/// `\r\n` endings accepted. A final line ending does not start another line.
///
/// ```
/// use grid_core::text::lines;
/// let numbered: Vec<_> = lines("\u{feff}a\r\n\nb\n").map(|l| (l.number, l.text)).collect();
/// assert_eq!(numbered, [(1, "a"), (2, ""), (3, "b")]);
/// ```
pub fn lines(text: &str) -> impl Iterator<Item = TextLine<'_>> {
    strip_bom(text)
        .lines()
        .enumerate()
        .map(|(index, text)| TextLine {
            number: index + 1,
            text,
        })
}

/// The lines of `text` that carry data: [`lines`] without blank and comment lines
/// (see [`is_blank_or_comment`]), keeping their original numbers.
///
/// ```
/// use grid_core::text::data_lines;
/// let rows: Vec<_> = data_lines("# maze\n1 0\n\n0 1\n").map(|l| l.number).collect();
/// assert_eq!(rows, [2, 4]);
/// ```
pub fn data_lines(text: &str) -> impl Iterator<Item = TextLine<'_>> {
    lines(text).filter(|line| !is_blank_or_comment(line.text))
}

/// A whitespace-separated token and the 1-based character column where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// 1-based column (in characters) of the token's first character.
    pub column: usize,
    /// The token as written.
    pub text: &'a str,
}

/// The tokens of `line` separated by spaces or tabs (any Unicode whitespace), each
/// with its 1-based character column.
///
/// ```
/// use grid_core::text::{tokens, Token};
/// let found: Vec<_> = tokens(" 1\té 22").collect();
/// assert_eq!(
///     found,
///     [
///         Token { column: 2, text: "1" },
///         Token { column: 4, text: "é" },
///         Token { column: 6, text: "22" },
///     ]
/// );
/// ```
pub fn tokens(line: &str) -> impl Iterator<Item = Token<'_>> {
    let mut rest = line;
    let mut consumed_chars = 0;
    std::iter::from_fn(move || {
        let skipped = rest.len() - rest.trim_start().len();
        consumed_chars += rest[..skipped].chars().count();
        rest = &rest[skipped..];
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (token, tail) = rest.split_at(end);
        let column = consumed_chars + 1;
        consumed_chars += token.chars().count();
        rest = tail;
        Some(Token {
            column,
            text: token,
        })
    })
}

/// The 1-based character column of byte offset `byte` in `line` (a byte offset inside
/// a character counts as that character).
///
/// ```
/// assert_eq!(grid_core::text::column_of("é x", 3), 3);
/// ```
pub fn column_of(line: &str, byte: usize) -> usize {
    let byte = byte.min(line.len());
    line.char_indices().take_while(|&(i, _)| i < byte).count() + 1
}

/// `1 cell`, `3 cells`: a count and a noun that takes a plain `s` in the plural, the
/// one way every gridsolve message counts things.
///
/// ```
/// use grid_core::text::count_of;
/// assert_eq!(count_of(1usize, "square"), "1 square");
/// assert_eq!(count_of(0u64, "solution"), "0 solutions");
/// ```
pub fn count_of<T: std::fmt::Display + PartialEq + From<u8>>(count: T, noun: &str) -> String {
    if count == T::from(1) {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// `line` with its first `end` bytes (a prefix ending on a character boundary) turned
/// into spaces, one for each character, so that every column after them stays where
/// it was.
///
/// ```
/// assert_eq!(grid_core::text::blank_prefix("grid = [[1]]", 7), "       [[1]]");
/// ```
pub fn blank_prefix(line: &str, end: usize) -> String {
    format!(
        "{}{}",
        " ".repeat(line[..end].chars().count()),
        &line[end..]
    )
}

/// Where the value starts on `line` when an assignment comes before it, as problem
/// statements and programs write a grid: `board = [[...`, `Input: grid = [[...`,
/// `int[][] grid = {{...`, `let maze = [` (the rows on the lines after): the byte
/// offset of the `[` or `{` that opens an array of arrays (or ends the line), after
/// words ending in `=` or `:`. `None` for a line without such a prefix.
///
/// ```
/// use grid_core::text::assignment_end;
/// assert_eq!(assignment_end("grid = [[0,1],[1,0]]"), Some(7));
/// assert_eq!(assignment_end(r#"Input: board = [["5","."]]"#), Some(15));
/// assert_eq!(assignment_end("int[][] grid = {{1, 0}, {0, 1}};"), Some(15));
/// assert_eq!(assignment_end("let maze = ["), Some(11));
/// assert_eq!(assignment_end("int grid[9][9] = {  // the puzzle"), Some(17));
/// assert_eq!(assignment_end("board = [  # by rows"), Some(8));
/// // Go writes the array's type before its value.
/// assert_eq!(assignment_end("grid := [][]int{{1, 0}, {0, 1}}"), Some(15));
/// assert_eq!(assignment_end("var board = [9][9]byte{"), Some(22));
/// // Java and C# may write a `new` expression.
/// assert_eq!(assignment_end("int[][] g = new int[][]{{1, 0}, {0, 1}};"), Some(23));
/// assert_eq!(assignment_end("var g = new int[2, 2] {"), Some(22));
/// assert_eq!(assignment_end("int[,] g = new[,] {"), Some(18));
/// assert_eq!(assignment_end("[[0,1],[1,0]]"), None);
/// assert_eq!(assignment_end(r#"{"jumps": [[4, 14]]}"#), None);
/// ```
pub fn assignment_end(line: &str) -> Option<usize> {
    // Every assignment starts with a word (`board`, `Input`, `int`, `let`): a line of
    // cells, which does not, is refused at once.
    if !line
        .trim_start()
        .starts_with(|c: char| c.is_ascii_alphabetic())
    {
        return None;
    }
    let mut from = 0;
    while let Some(offset) = line[from..].find(['[', '{']) {
        let at = from + offset;
        let rest = line[at + 1..].trim_start();
        // A comment may follow a bracket that ends the line (`= {  // the grid`).
        let ends = rest.is_empty() || rest.starts_with("//") || rest.starts_with('#');
        if ends || rest.starts_with(['[', '{']) {
            let prefix = without_go_type(line[..at].trim());
            let ends = prefix.ends_with(['=', ':']);
            let words = prefix.bytes().any(|b| b.is_ascii_alphabetic())
                && !prefix.contains(['"', '\'', '#'])
                && prefix.len() <= 80;
            return (ends && words).then_some(at);
        }
        from = at + 1;
    }
    None
}

/// `prefix` without the array type that ends it, so that what is left ends with the
/// assignment's `=`: Go's (`grid := [][]int`, `[9][9]byte`: two or more bracket pairs,
/// empty or holding a length, then a type name) or a Java or C# `new` expression's
/// (`int[][] grid = new int[][]`, `new int[9, 9]`, `new[,]`); `prefix` itself otherwise.
fn without_go_type(prefix: &str) -> &str {
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_';
    // Bracket pairs at the end of `text`, each empty or holding lengths: what is
    // before them, and how many.
    fn pairs(text: &str) -> (&str, usize) {
        let (mut rest, mut pairs) = (text, 0);
        while let Some(inside) = rest.strip_suffix(']') {
            let Some(open) = inside.rfind('[') else {
                break;
            };
            let lengths = &inside[open + 1..];
            if !lengths
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b',' || b == b' ')
            {
                break;
            }
            rest = &inside[..open];
            pairs += 1;
        }
        (rest, pairs)
    }
    // Java and C#: `new`, a type name or none, then the brackets.
    let (before, java) = pairs(prefix);
    if java > 0 {
        let typed = before.trim_end_matches(is_name).trim_end();
        for head in [typed, before.trim_end()] {
            if let Some(rest) = head.strip_suffix("new")
                && !rest.ends_with(is_name)
            {
                return rest.trim_end();
            }
        }
    }
    // Go: the brackets, then a type name.
    let name = prefix.trim_end_matches(is_name);
    if name.len() == prefix.len() {
        return prefix;
    }
    match pairs(name) {
        (rest, go) if go >= 2 => rest.trim_end(),
        _ => prefix,
    }
}

/// `text` with the assignment before its value on its first line that is not blank
/// ([`assignment_end`]), and the `;` after the value's closing bracket that ends a
/// statement, turned into spaces, one for each character, so that every place in it
/// stays where it was; `text` itself when it has neither.
///
/// ```
/// let text = grid_core::text::without_assignment("grid = [[0,1],\n [1,0]]");
/// assert_eq!(text, "       [[0,1],\n [1,0]]");
/// let text = grid_core::text::without_assignment("int g[2][2] = {{0,1},{1,0}};");
/// assert_eq!(text, "              {{0,1},{1,0}} ");
/// // A comment after the statement's `;` (blanked later, with the value's own).
/// let text = grid_core::text::without_assignment("int g[1][1] = {{1}}; // one\n// end");
/// assert_eq!(text, "              {{1}}  // one\n// end");
/// let text = grid_core::text::without_assignment("\n\nb = [[1]]");
/// assert_eq!(text, "\n\n    [[1]]");
/// // NumPy's repr, as the Python prompt and Jupyter show an array.
/// let text = grid_core::text::without_assignment("array([[0, 1],\n       [1, 0]], dtype=int8)");
/// assert_eq!(text, "      [[0, 1],\n       [1, 0]]             ");
/// ```
pub fn without_assignment(text: &str) -> std::borrow::Cow<'_, str> {
    let start = text.len() - text.trim_start().len();
    // Neither an assignment (a word first) nor a value (a bracket first): a line of
    // cells, returned at once.
    if !text[start..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '[' || c == '{') {
        return std::borrow::Cow::Borrowed(text);
    }
    let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let repr = text[start..]
        .strip_prefix("array(")
        .is_some_and(|rest| rest.trim_start().starts_with('['));
    let end = match repr {
        true => Some("array(".len()),
        false => assignment_end(&text[start..line_end]),
    };
    // The `;` that ends the statement, after the value's closing bracket and before
    // any comment that ends the text (`}; // the board`, a `// end` line).
    let body = before_closing_comments(text);
    let semicolon = (end.is_some() || text[start..].starts_with(['[', '{']))
        && (body.ends_with("];") || body.ends_with("};"));
    // NumPy's repr's end (`)`, `, dtype=int8)`), after the value's last `]`.
    let repr_end = (repr || text[start..].starts_with('['))
        .then(|| numpy_repr_end(body))
        .flatten();
    if end.is_none() && !semicolon && repr_end.is_none() {
        return std::borrow::Cow::Borrowed(text);
    }
    // The blank lines before the value's line stay as they are.
    let mut out = format!(
        "{}{}",
        &text[..start],
        blank_prefix(&text[start..], end.unwrap_or(0))
    );
    if semicolon {
        // One byte for one: `;` is ASCII. The text after the assignment is as it was,
        // so the `;` is as far from the end of `out` as from the end of `text`.
        let at = out.len() - (text.len() - body.len()) - 1;
        out.replace_range(at..=at, " ");
    }
    if let Some(tail) = repr_end {
        // ASCII, as `numpy_repr_end` found it.
        let spaces = " ".repeat(tail.len());
        out.replace_range(tail, &spaces);
    }
    std::borrow::Cow::Owned(out)
}

/// `text` up to the end of its last line that holds anything but a comment, less that
/// line's own comment and trailing whitespace. Only the lines at the end are read, each
/// alone ([`without_program_syntax`]; a comment never spans lines).
fn before_closing_comments(text: &str) -> &str {
    let mut end = text.len();
    loop {
        let start = text[..end].rfind('\n').map_or(0, |i| i + 1);
        let kept = without_program_syntax(&text[start..end]).trim_end().len();
        if kept > 0 || start == 0 {
            return &text[..start + kept];
        }
        end = start - 1;
    }
}

/// Where NumPy's repr of an array ends after the value's last `]` in `body`: `)`, or
/// `, dtype=int8)` (a type name of letters, digits, `_` or `.`), with spaces; `None`
/// when `body` does not end so.
fn numpy_repr_end(body: &str) -> Option<std::ops::Range<usize>> {
    let last = body.rfind(']')?;
    let tail = body[last + 1..].trim();
    let inner = tail.strip_suffix(')')?.trim();
    let typed = inner
        .strip_prefix(',')
        .map(str::trim_start)
        .and_then(|t| t.strip_prefix("dtype"))
        .map(str::trim_start)
        .and_then(|t| t.strip_prefix('='))
        .map(str::trim)
        .is_some_and(|name| {
            !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'\'' | b'"'))
        });
    (inner.is_empty() || typed).then(|| last + 1..body.len())
}

/// Why a token is not an integer of the range asked for (see [`parse_integer`]). The
/// message names the token and what was expected; its place is the caller's to give.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IntegerError {
    /// The token is not an integer at all.
    #[error("expected an integer, found {}", quote(token))]
    NotAnInteger {
        /// The token as written (shown escaped, so control characters stay visible).
        token: String,
    },
    /// An integer above the range.
    #[error("integer {} is too large (at most {max})", Digits(token))]
    TooLarge {
        /// The integer as written.
        token: String,
        /// The largest value accepted.
        max: i128,
    },
    /// An integer below the range.
    #[error("integer {} is too small (at least {min})", Digits(token))]
    TooSmall {
        /// The integer as written.
        token: String,
        /// The smallest value accepted.
        min: i128,
    },
}

/// An integer as a message writes it: whole up to [`QUOTED_CHARS`] characters, else
/// its first digits, an ellipsis and how many digits it has.
struct Digits<'a>(&'a str);

impl std::fmt::Display for Digits<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0.get(..QUOTED_CHARS) {
            Some(head) if head.len() < self.0.len() => {
                write!(f, "{head}… ({} characters)", self.0.len())
            }
            _ => f.write_str(self.0),
        }
    }
}

/// The caller knows where the token is: it wraps this error with its place.
impl crate::Positioned for IntegerError {}

/// `text`, an array of rows written without commas as NumPy prints one (`[[1 0 0]`,
/// then ` [0 1 0]` a line, the last row closing `]]`), with a comma in place of the
/// last space of each run of whitespace between two values, or between a row's `]` and
/// the next row's `[`: one byte for one, so every place in it stays where it was. No
/// line break is replaced (rows on lines of their own with no indent keep no comma
/// between them, and a JSON reader says where it is missing). `text` itself when it
/// holds a comma or does not open with `[`.
///
/// ```
/// use grid_core::text::with_numpy_commas;
/// assert_eq!(with_numpy_commas("[[1 0 0]\n [0 1 0]]"), "[[1,0,0]\n,[0,1,0]]");
/// assert_eq!(with_numpy_commas("[[ 1  0] [ 0  1]]"), "[[ 1 ,0],[ 0 ,1]]");
/// assert_eq!(with_numpy_commas("[[1, 0], [0, 1]]"), "[[1, 0], [0, 1]]");
/// ```
pub fn with_numpy_commas(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains(',') || !text.trim_start().starts_with('[') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut bytes = text.as_bytes().to_vec();
    let ends_value = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'\'' | b'"');
    let starts_value =
        |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'+' | b'\'' | b'"');
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let pair = match (start.checked_sub(1).map(|b| bytes[b]), bytes.get(i)) {
            (Some(b']'), Some(&after)) => after == b'[',
            (Some(before), Some(&after)) => ends_value(before) && starts_value(after),
            _ => false,
        };
        let space = (start..i)
            .rev()
            .find(|&j| !matches!(bytes[j], b'\n' | b'\r'));
        if let Some(space) = space
            && pair
        {
            bytes[space] = b',';
        }
    }
    // Only ASCII whitespace was replaced by an ASCII comma: still UTF-8.
    String::from_utf8(bytes).map_or(std::borrow::Cow::Borrowed(text), std::borrow::Cow::Owned)
}

/// Whether `text` (after whitespace) opens an array of arrays in the brace form of C,
/// C++, Java and C# (`{{3, 0, ...}, ...}`, `{ {`), or a `{` that opens one on the lines
/// after it: after the first `{`, past whitespace and `//` or `#` comments, the text
/// ends or another `{` comes. Not a JSON object (`{"squares": 9, ...}`), whose key
/// comes next.
///
/// ```
/// use grid_core::text::opens_brace_matrix;
/// assert!(opens_brace_matrix("  { {1, 0},"));
/// assert!(opens_brace_matrix("{"));
/// assert!(opens_brace_matrix("{  // the board\n  {-1, 3},"));
/// assert!(!opens_brace_matrix(r#"{"puzzle": "1..."}"#));
/// assert!(!opens_brace_matrix("{\n  \"jumps\": [[2, 8]]\n}"));
/// ```
pub fn opens_brace_matrix(text: &str) -> bool {
    let Some(mut rest) = text.trim_start().strip_prefix('{') else {
        return false;
    };
    loop {
        rest = rest.trim_start();
        if !(rest.starts_with("//") || rest.starts_with('#')) {
            return rest.is_empty() || rest.starts_with('{');
        }
        rest = rest.split_once('\n').map_or("", |(_, after)| after);
    }
}

/// `text`, an array literal, without what programs may write in one and JSON may not,
/// each turned into spaces, one for each byte, so that every place stays where it
/// was: comments to the end of their line (`// row 1` in C, C++, Java, C# and Go,
/// `# row 1` in Python) and a comma before a closing bracket or brace (`{1, 2, 3,}`,
/// `[1, 2],\n]`, as Go requires over lines), outside quotes. `text` itself when it
/// holds neither.
///
/// ```
/// use grid_core::text::without_program_syntax;
/// assert_eq!(without_program_syntax("{{1, 0}, // top\n {0, 1},\n}"), "{{1, 0},       \n {0, 1} \n}");
/// assert_eq!(without_program_syntax("[[\"#\", \".\"]]"), "[[\"#\", \".\"]]");
/// assert_eq!(without_program_syntax("{1}, // last\n}"), "{1}         \n}");
/// ```
pub fn without_program_syntax(text: &str) -> std::borrow::Cow<'_, str> {
    let mut out = text.as_bytes().to_vec();
    let mut changed = false;
    // Two passes outside quotes: the comments, then the commas before a closing
    // bracket, which a comment may stand between (`{1, 2}, // last row` then `}`).
    for commas in [false, true] {
        let mut quote = None;
        let mut i = 0;
        while i < out.len() {
            let b = out[i];
            match quote {
                Some(q) if b == q => quote = None,
                Some(_) => {}
                None if matches!(b, b'"' | b'\'') => quote = Some(b),
                None if !commas && (b == b'#' || (b == b'/' && out.get(i + 1) == Some(&b'/'))) => {
                    while i < out.len() && out[i] != b'\n' {
                        // A comment's multi-byte characters become spaces byte by
                        // byte: still UTF-8, and a column counted in characters moves
                        // only past the comment.
                        out[i] = b' ';
                        i += 1;
                    }
                    changed = true;
                    continue;
                }
                None if commas && b == b',' => {
                    let next = out[i + 1..].iter().find(|c| !c.is_ascii_whitespace());
                    if matches!(next, Some(b']' | b'}')) {
                        out[i] = b' ';
                        changed = true;
                    }
                }
                None => {}
            }
            i += 1;
        }
    }
    match changed {
        true => {
            String::from_utf8(out).map_or(std::borrow::Cow::Borrowed(text), std::borrow::Cow::Owned)
        }
        false => std::borrow::Cow::Borrowed(text),
    }
}

/// Whether `token` is written as an integer: an optional sign, then ASCII digits only.
///
/// ```
/// use grid_core::text::is_integer_literal;
/// assert!(is_integer_literal("-99999999999999999999999"));
/// assert!(!is_integer_literal("1e3") && !is_integer_literal("2.5") && !is_integer_literal("-"));
/// ```
pub fn is_integer_literal(token: &str) -> bool {
    let digits = token.strip_prefix(['-', '+']).unwrap_or(token);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Reads `token` as an integer in `min..=max`, saying what it is when it is not: not
/// an integer, or an integer too large or too small (however many digits it has).
///
/// # Errors
///
/// [`IntegerError`], whose message names the token and the bound.
///
/// # Examples
///
/// ```
/// use grid_core::text::parse_integer;
/// assert_eq!(parse_integer("42", 0, u32::MAX), Ok(42u32));
/// let err = parse_integer("99999999999999999999", i64::MIN, i64::MAX).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "integer 99999999999999999999 is too large (at most 9223372036854775807)"
/// );
/// assert_eq!(
///     parse_integer("x4", 0, 9).unwrap_err().to_string(),
///     "expected an integer, found `x4`"
/// );
/// ```
pub fn parse_integer<T>(token: &str, min: T, max: T) -> Result<T, IntegerError>
where
    T: Copy + Into<i128> + TryFrom<i128>,
{
    let (min, max) = (min.into(), max.into());
    if !is_integer_literal(token) {
        return Err(IntegerError::NotAnInteger {
            token: token.to_owned(),
        });
    }
    let negative = token.starts_with('-');
    let value = token.parse::<i128>().ok();
    match value {
        Some(v) if v > max => Err(IntegerError::TooLarge {
            token: token.to_owned(),
            max,
        }),
        Some(v) if v < min => Err(IntegerError::TooSmall {
            token: token.to_owned(),
            min,
        }),
        // invariant: min <= v <= max, both values of T.
        Some(v) => T::try_from(v).map_err(|_| IntegerError::NotAnInteger {
            token: token.to_owned(),
        }),
        None if negative => Err(IntegerError::TooSmall {
            token: token.to_owned(),
            min,
        }),
        None => Err(IntegerError::TooLarge {
            token: token.to_owned(),
            max,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn crlf_and_bom_are_invisible() {
        let found: Vec<_> = data_lines("\u{feff}# t\r\n1 2\r\n  \r\n3\r\n")
            .map(|l| (l.number, l.text))
            .collect();
        assert_eq!(found, [(2, "1 2"), (4, "3")]);
    }

    #[test]
    fn integers_out_of_range_say_so() {
        let huge = "-".to_owned() + &"9".repeat(60);
        assert_eq!(
            parse_integer(&huge, i64::MIN, i64::MAX),
            Err(IntegerError::TooSmall {
                token: huge.clone(),
                min: i128::from(i64::MIN)
            })
        );
        assert_eq!(
            parse_integer("-1", 0u64, 10).unwrap_err().to_string(),
            "integer -1 is too small (at least 0)"
        );
        assert_eq!(parse_integer("+7", 0u64, 10), Ok(7));
        assert_eq!(
            parse_integer("\0", 0u64, 10).unwrap_err().to_string(),
            "expected an integer, found `\\0`"
        );
    }

    proptest! {
        #[test]
        fn tokens_rejoin_to_the_line_without_whitespace(line in "[ a-zé\t0-9]{0,40}") {
            let joined: String = tokens(&line).map(|t| t.text).collect();
            let expected: String = line.chars().filter(|c| !c.is_whitespace()).collect();
            prop_assert_eq!(joined, expected);
            for token in tokens(&line) {
                let chars: Vec<char> = line.chars().collect();
                let at: String = chars[token.column - 1..][..token.text.chars().count()].iter().collect();
                prop_assert_eq!(at, token.text);
            }
        }
    }
}
