//! Boards from text: the form detection and the readers of the JSON and text jump
//! lists (the matrix reader is in `matrix.rs`). Byte-order marks, lines, comments and
//! token columns are read with [`grid_core::text`], as in every gridsolve crate.

use std::str::FromStr;

use grid_core::TextPosition;
use grid_core::text::{self, TextLine, Token};

use super::{Board, BoardError, JumpSource, MAX_SQUARES, checked_size};

/// The input forms a board can be read from. See [`Board::parse`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardFormat {
    /// The LeetCode 909 `n x n` matrix, JSON (`[[-1,-1],[-1,3]]`) or whitespace rows.
    Matrix,
    /// `{"squares": 100, "jumps": [[4, 14], [16, 6]]}`.
    JumpsJson,
    /// A `squares 100` header line (or `squares: 100`, `squares = 100`), then one
    /// `from to` pair per line (or `from -> to`); `#` starts a comment.
    JumpsText,
    /// A bare JSON list of jumps `[[3, 22], [5, 8]]`, the number of squares given
    /// apart or inferred ([`Board::parse_jump_pairs`]).
    JumpPairs,
    /// The Codeforces 1245E heights matrix: each cell the height of the ladder rising
    /// from it ([`Board::parse_heights`]).
    Heights,
}

impl BoardFormat {
    /// Guesses the form from the text: `{` first means [`BoardFormat::JumpsJson`] (but
    /// `{{` or `{ {`, a matrix in the brace form C, C++ and Java write), a first word
    /// `squares` (`squares:` and `squares=` too) means [`BoardFormat::JumpsText`],
    /// anything else a matrix.
    /// Blank lines and `#` comment lines are skipped; a leading byte-order mark is ignored.
    ///
    /// ```
    /// use ladders::BoardFormat;
    /// assert_eq!(BoardFormat::detect("# board\nsquares 9\n"), BoardFormat::JumpsText);
    /// assert_eq!(BoardFormat::detect("Squares: 9\n"), BoardFormat::JumpsText);
    /// assert_eq!(BoardFormat::detect("\u{feff}{\"squares\": 9}"), BoardFormat::JumpsJson);
    /// assert_eq!(BoardFormat::detect("-1 -1\n-1 -1\n"), BoardFormat::Matrix);
    /// assert_eq!(BoardFormat::detect("{{-1, -1}, {-1, 3}}"), BoardFormat::Matrix);
    /// ```
    pub fn detect(text: &str) -> BoardFormat {
        let Some(first) = text::data_lines(text).next() else {
            return BoardFormat::Matrix;
        };
        // `{` first, but not a matrix in the brace form (`{{`, or `{` then rows on the
        // lines after, `int board[2][2] = {`).
        let from = first.text.as_ptr() as usize - text.as_ptr() as usize;
        let rest = text.get(from..).unwrap_or(first.text);
        if rest.trim_start().starts_with('{') && !text::opens_brace_matrix(rest) {
            BoardFormat::JumpsJson
        } else if header_tokens(first.text)
            .first()
            .is_some_and(|w| w.text.eq_ignore_ascii_case("squares"))
        {
            BoardFormat::JumpsText
        } else {
            BoardFormat::Matrix
        }
    }
}

impl Board {
    /// Parses the plain-text jump list: a `squares N` header line (`squares: N` and
    /// `squares = N` too), then one jump per line as two integers `from to` (spaces or
    /// tabs; an arrow `->` or `→` between them is allowed, with or without spaces:
    /// `1 -> 38`, `1->38`). `#` starts a comment running to the end of the line; blank
    /// lines are skipped.
    ///
    /// ```text
    /// # Milton Bradley Chutes and Ladders
    /// squares 100
    /// 1 38
    /// 16 -> 6
    /// ```
    ///
    /// # Errors
    ///
    /// [`BoardError::Text`] (line and column) for a missing header or a line that is not
    /// two integers, else as [`Board::from_jumps`] with the jump named by its line
    /// ([`JumpSource::Text`] without a column).
    pub fn parse_jumps_text(text: &str) -> Result<Board, BoardError> {
        let mut squares: Option<u64> = None;
        let mut listed = Vec::new();
        for line in text::lines(text) {
            let content = line.text.split('#').next().unwrap_or("");
            if content.trim().is_empty() {
                continue;
            }
            match squares {
                None => squares = Some(read_header(&line, &header_tokens(content))?),
                Some(squares) => {
                    let (from, to) = read_jump(&line, &jump_tokens(content), squares)?;
                    listed.push((JumpSource::Text(line.position()), from, to));
                }
            }
        }
        let squares = squares.ok_or(BoardError::Text {
            at: TextPosition::at(1, 1),
            message: "no `squares N` header found: the input is empty".into(),
        })?;
        Board::build(squares, &listed)
    }

    /// Parses a board in the given form, or detects it ([`BoardFormat::detect`]).
    ///
    /// # Errors
    ///
    /// [`BoardError::Empty`] for blank input, else as the parser of that form. When the
    /// form is detected as a matrix that cannot be read as one, but every line is a
    /// `from to` pair of squares, the error is the missing `squares N` header of a text
    /// jump list ([`BoardError::Text`] at the first pair).
    ///
    /// ```
    /// let err = ladders::Board::parse("4 14\n9 31\n17 7\n").unwrap_err();
    /// assert!(err.to_string().starts_with("expected the header `squares N`"));
    /// ```
    pub fn parse_as(text: &str, format: Option<BoardFormat>) -> Result<Board, BoardError> {
        if text::data_lines(text).next().is_none() {
            return Err(BoardError::Empty);
        }
        match format.unwrap_or_else(|| BoardFormat::detect(text)) {
            BoardFormat::Matrix => {
                Board::parse_matrix(text).map_err(|err| match missing_header(text) {
                    Some(missing) if format.is_none() => missing,
                    _ => err,
                })
            }
            #[cfg(feature = "json")]
            BoardFormat::JumpsJson => Board::parse_jumps_json(text),
            #[cfg(not(feature = "json"))]
            BoardFormat::JumpsJson => Err(BoardError::Json {
                at: text::data_lines(text)
                    .next()
                    .map_or(TextPosition::at(1, 1), |l| {
                        l.at(text::column_of(
                            l.text,
                            l.text.len() - l.text.trim_start().len(),
                        ))
                    }),
                message: "a JSON jump list needs the `json` feature of ladders".into(),
            }),
            BoardFormat::JumpsText => Board::parse_jumps_text(text),
            BoardFormat::JumpPairs => Board::parse_jump_pairs(text, None).map(|(board, _)| board),
            BoardFormat::Heights => Board::parse_heights(text),
        }
    }

    /// Parses a board in any form, detected as [`Board::read`] does (the three classic
    /// forms, a bare jump list, a heights matrix).
    ///
    /// # Errors
    ///
    /// As the parser of the detected form.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        Board::read(text, None, None).map(|(board, _)| board)
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// Same as [`Board::parse`].
    fn from_str(text: &str) -> Result<Board, BoardError> {
        Board::parse(text)
    }
}

/// The square `token` of `line` on a board of `squares` squares, or an error pointing at
/// it that says what it is: not an integer, or one beyond an `i64`, which is told as a
/// square outside `1..=squares` (a square within an `i64` but outside is told by
/// [`Board::build`], naming the jump).
fn integer(line: &TextLine<'_>, token: Token<'_>, squares: u64) -> Result<i64, BoardError> {
    text::parse_integer(token.text, i64::MIN, i64::MAX).map_err(|err| BoardError::Text {
        at: line.at(token.column),
        message: match err {
            text::IntegerError::NotAnInteger { .. } => err.to_string(),
            _ => square_outside(token.text, squares),
        },
    })
}

/// The message for a square written `written`, an integer beyond an `i64`, on a board
/// of `squares` squares (a square within an `i64` is told by [`Board::build`]).
pub(super) fn square_outside(written: &str, squares: impl std::fmt::Display) -> String {
    format!("square {} is outside 1..={squares}", text::quote(written))
}

/// The tokens of a jump line `content` (its comment cut), the arrows between the two
/// squares dropped, written apart or not (`1 -> 38`, `1->38`, `1 → 38`); each keeps
/// its column.
fn jump_tokens(content: &str) -> Vec<Token<'_>> {
    split_tokens(content, &["->", "→"])
}

/// The tokens of a header line `content`, a `:` or `=` after `squares` dropped, written
/// apart or not (`squares: 100`, `squares = 100`, `squares=100`); each keeps its
/// column.
fn header_tokens(content: &str) -> Vec<Token<'_>> {
    split_tokens(content, &[":", "="])
}

/// The whitespace tokens of `content`, each split at the separators `separators`,
/// which are dropped (empty pieces too); every piece keeps its own column.
fn split_tokens<'a>(content: &'a str, separators: &[&str]) -> Vec<Token<'a>> {
    let mut pieces = Vec::new();
    for token in text::tokens(content) {
        let mut rest = token.text;
        let mut column = token.column;
        while !rest.is_empty() {
            let next = separators
                .iter()
                .filter_map(|s| rest.find(s).map(|at| (at, s.len())))
                .min();
            let (at, width) = next.unwrap_or((rest.len(), 0));
            if at > 0 {
                pieces.push(Token {
                    column,
                    text: &rest[..at],
                });
            }
            column += rest[..at + width].chars().count();
            rest = &rest[at + width..];
        }
    }
    pieces
}

/// The `squares N` header of the text form (`tokens` as [`header_tokens`] gives them).
fn read_header(line: &TextLine<'_>, tokens: &[Token<'_>]) -> Result<u64, BoardError> {
    if tokens.len() != 2 || !tokens[0].text.eq_ignore_ascii_case("squares") {
        return Err(BoardError::Text {
            at: line.at(tokens.first().map_or(1, |t| t.column)),
            message: "expected the header `squares N` before any jump".into(),
        });
    }
    let at = line.at(tokens[1].column);
    // Beyond an `i64` it is too large (or small) for a board, in the words of the
    // JSON form's `"squares"`.
    let n = tokens[1]
        .text
        .parse::<i64>()
        .map_err(|_| BoardError::Text {
            at,
            message: text::parse_integer(tokens[1].text, 1, MAX_SQUARES)
                .err()
                .map_or_else(String::new, |err| err.to_string()),
        })?;
    Ok(u64::from(checked_size(n, Some(at))?))
}

/// The error for a text jump list without its `squares N` header, when every data line
/// is two squares `from to` (integers of 1 or more, `->` allowed between them, `#`
/// comments): a jump list's lines, not a LeetCode matrix's rows, which hold `-1` on
/// plain squares. `None` otherwise.
fn missing_header(text: &str) -> Option<BoardError> {
    let mut first = None;
    for line in text::data_lines(text) {
        let content = line.text.split('#').next().unwrap_or("");
        let tokens = jump_tokens(content);
        let is_square = |t: &Token<'_>| t.text.parse::<u64>().is_ok_and(|v| v >= 1);
        if tokens.len() != 2 || !tokens.iter().all(is_square) {
            return None;
        }
        first.get_or_insert(line.at(tokens[0].column));
    }
    Some(BoardError::Text {
        at: first?,
        message: "expected the header `squares N` (N the last square) before the jumps: \
                  these lines are `from to` pairs of a jump list, not the rows of an n x n matrix"
            .into(),
    })
}

/// A `from to` line of the text form (`tokens` as [`jump_tokens`] gives them).
fn read_jump(
    line: &TextLine<'_>,
    tokens: &[Token<'_>],
    squares: u64,
) -> Result<(i64, i64), BoardError> {
    if tokens.len() != 2 {
        let first = tokens.first().map_or(1, |t| t.column);
        let column = tokens.get(2).map_or(first, |t| t.column);
        return Err(BoardError::Text {
            at: line.at(column),
            message: format!(
                "expected two squares `from to`, found {}",
                text::count_of(tokens.len(), "value")
            ),
        });
    }
    Ok((
        integer(line, tokens[0], squares)?,
        integer(line, tokens[1], squares)?,
    ))
}
