//! Boards from text: the form detection and the readers of the JSON and text jump
//! lists (the matrix reader is in `matrix.rs`). Byte-order marks, lines, comments and
//! token columns are read with [`grid_core::text`], as in every gridsolve crate.

use std::collections::HashMap;
use std::str::FromStr;

use grid_core::TextPosition;
use grid_core::text::{self, TextLine, Token};
use serde_json::value::RawValue;

use super::{Board, BoardError, JumpSource, MAX_SQUARES};

/// The input forms a board can be read from. See [`Board::parse`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardFormat {
    /// The LeetCode 909 `n x n` matrix, JSON (`[[-1,-1],[-1,3]]`) or whitespace rows.
    Matrix,
    /// `{"squares": 100, "jumps": [[4, 14], [16, 6]]}`.
    JumpsJson,
    /// A `squares 100` header line, then one `from to` pair per line; `#` starts a comment.
    JumpsText,
}

impl BoardFormat {
    /// Guesses the form from the text: `{` first means [`BoardFormat::JumpsJson`], a first
    /// word `squares` means [`BoardFormat::JumpsText`], anything else a matrix.
    /// Blank lines and `#` comment lines are skipped; a leading byte-order mark is ignored.
    ///
    /// ```
    /// use ladders::BoardFormat;
    /// assert_eq!(BoardFormat::detect("# board\nsquares 9\n"), BoardFormat::JumpsText);
    /// assert_eq!(BoardFormat::detect("\u{feff}{\"squares\": 9}"), BoardFormat::JumpsJson);
    /// assert_eq!(BoardFormat::detect("-1 -1\n-1 -1\n"), BoardFormat::Matrix);
    /// ```
    pub fn detect(text: &str) -> BoardFormat {
        let Some(first) = text::data_lines(text).next() else {
            return BoardFormat::Matrix;
        };
        if first.text.trim_start().starts_with('{') {
            BoardFormat::JumpsJson
        } else if first
            .tokens()
            .next()
            .is_some_and(|w| w.text.eq_ignore_ascii_case("squares"))
        {
            BoardFormat::JumpsText
        } else {
            BoardFormat::Matrix
        }
    }
}

impl Board {
    /// Parses the JSON jump list `{"squares": 100, "jumps": [[4, 14], [16, 6]]}`.
    /// Jumps are `[from, to]` pairs of 1-based squares; `"jumps"` may be empty.
    ///
    /// # Errors
    ///
    /// [`BoardError::Json`] for malformed JSON (with line and column),
    /// [`BoardError::JumpListShape`] for a missing or unknown field,
    /// [`BoardError::JumpShape`] for a jump that is not a pair of integers, else as
    /// [`Board::from_jumps`]. An error about a jump points at its `[` (1-based line and
    /// column, [`JumpSource::Text`]).
    pub fn parse_jumps_json(text: &str) -> Result<Board, BoardError> {
        let text = text::strip_bom(text);
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| BoardError::Json {
                // serde_json says column 0 for the end of the input just after a
                // line break; our columns are 1-based.
                at: TextPosition::at(e.line(), e.column().max(1)),
                message: grid_core::json_error_message(&e),
            })?;
        let shape = |m: &str| BoardError::JumpListShape(m.to_owned());
        let object = value.as_object().ok_or_else(|| {
            shape("expected an object {\"squares\": N, \"jumps\": [[from, to], ...]}")
        })?;
        if let Some(key) = object.keys().find(|k| *k != "squares" && *k != "jumps") {
            return Err(BoardError::JumpListShape(format!(
                "unknown field `{key}`, expected `squares` and `jumps`"
            )));
        }
        let squares = object
            .get("squares")
            .ok_or_else(|| shape("missing field `squares` (the number of the last square)"))?
            .as_u64()
            .ok_or_else(|| shape("`squares` must be a positive integer"))?;
        let jumps = match object.get("jumps") {
            None => &Vec::new(),
            Some(j) => j
                .as_array()
                .ok_or_else(|| shape("`jumps` must be an array of [from, to] pairs"))?,
        };
        let mut listed = Vec::with_capacity(jumps.len());
        for (i, jump) in jumps.iter().enumerate() {
            let at = JumpSource::Item(i + 1);
            let pair = jump.as_array().filter(|a| a.len() == 2);
            let pair = pair.and_then(|a| Some((a[0].as_i64()?, a[1].as_i64()?)));
            let Some((from, to)) = pair else {
                let err = BoardError::JumpShape {
                    at,
                    found: jump.to_string(),
                };
                return Err(locate_json_jumps(err, text));
            };
            listed.push((at, from, to));
        }
        // The jumps' places in the text are found only for an error, so a good list
        // is read once.
        Board::build(squares, &listed).map_err(|err| locate_json_jumps(err, text))
    }

    /// Parses the plain-text jump list: a `squares N` header line, then one jump per
    /// line as two integers `from to` (spaces or tabs; `->` between them is allowed).
    /// `#` starts a comment running to the end of the line; blank lines are skipped.
    ///
    /// ```text
    /// # Milton Bradley Chutes and Ladders
    /// squares 100
    /// 1 38
    /// 16 6
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
            let tokens: Vec<Token<'_>> = text::tokens(content).filter(|t| t.text != "->").collect();
            if tokens.is_empty() {
                continue;
            }
            if squares.is_none() {
                squares = Some(read_header(&line, &tokens)?);
            } else {
                let (from, to) = read_jump(&line, &tokens)?;
                listed.push((JumpSource::Text(line.position()), from, to));
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
    /// [`BoardError::Empty`] for blank input, else as the parser of that form.
    pub fn parse_as(text: &str, format: Option<BoardFormat>) -> Result<Board, BoardError> {
        if text::data_lines(text).next().is_none() {
            return Err(BoardError::Empty);
        }
        match format.unwrap_or_else(|| BoardFormat::detect(text)) {
            BoardFormat::Matrix => Board::parse_matrix(text),
            BoardFormat::JumpsJson => Board::parse_jumps_json(text),
            BoardFormat::JumpsText => Board::parse_jumps_text(text),
        }
    }

    /// Parses a board in any of the three forms, detected by [`BoardFormat::detect`].
    ///
    /// # Errors
    ///
    /// As the parser of the detected form.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        Board::parse_as(text, None)
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// Same as [`Board::parse`].
    fn from_str(text: &str) -> Result<Board, BoardError> {
        Board::parse(text)
    }
}

/// The integer `token` of `line`, or an error pointing at it.
fn integer(line: &TextLine<'_>, token: Token<'_>) -> Result<i64, BoardError> {
    token.text.parse::<i64>().map_err(|_| BoardError::Text {
        at: line.at(token.column),
        message: format!("expected an integer, found `{}`", token.text),
    })
}

/// The `squares N` header of the text form (`tokens` is not empty).
fn read_header(line: &TextLine<'_>, tokens: &[Token<'_>]) -> Result<u64, BoardError> {
    if tokens.len() != 2 || !tokens[0].text.eq_ignore_ascii_case("squares") {
        return Err(BoardError::Text {
            at: line.at(tokens[0].column),
            message: "expected the header `squares N` before any jump".into(),
        });
    }
    let n = integer(line, tokens[1])?;
    if n < 1 {
        return Err(BoardError::BadSize {
            squares: 0,
            max: MAX_SQUARES,
        });
    }
    Ok(n as u64)
}

/// A `from to` line of the text form (`tokens` is not empty, `->` removed).
fn read_jump(line: &TextLine<'_>, tokens: &[Token<'_>]) -> Result<(i64, i64), BoardError> {
    if tokens.len() != 2 {
        let column = tokens.get(2).map_or(tokens[0].column, |t| t.column);
        return Err(BoardError::Text {
            at: line.at(column),
            message: format!(
                "expected two squares `from to`, found {} value{}",
                tokens.len(),
                if tokens.len() == 1 { "" } else { "s" }
            ),
        });
    }
    Ok((integer(line, tokens[0])?, integer(line, tokens[1])?))
}

/// `err` with the jumps it names by index in the JSON jump list `text`
/// ([`JumpSource::Item`]) named by their place in the text instead.
fn locate_json_jumps(err: BoardError, text: &str) -> BoardError {
    let positions = json_jump_positions(text);
    let locate = |at: JumpSource| match at {
        JumpSource::Item(i) => positions
            .get(i - 1)
            .map_or(at, |&position| JumpSource::Text(position)),
        other => other,
    };
    match err {
        BoardError::JumpFromFirst { at, jump } => BoardError::JumpFromFirst {
            at: locate(at),
            jump,
        },
        BoardError::JumpFromLast { at, jump, squares } => BoardError::JumpFromLast {
            at: locate(at),
            jump,
            squares,
        },
        BoardError::OutOfRange {
            at,
            from,
            to,
            squares,
        } => BoardError::OutOfRange {
            at: locate(at),
            from,
            to,
            squares,
        },
        BoardError::TwoJumpsFrom {
            at,
            jump,
            first,
            first_at,
        } => BoardError::TwoJumpsFrom {
            at: locate(at),
            jump,
            first,
            first_at: locate(first_at),
        },
        BoardError::JumpToItself { at, square } => BoardError::JumpToItself {
            at: locate(at),
            square,
        },
        BoardError::JumpShape { at, found } => BoardError::JumpShape {
            at: locate(at),
            found,
        },
        BoardError::JumpLoop { cycle, sources } => BoardError::JumpLoop {
            cycle,
            sources: sources.into_iter().map(locate).collect(),
        },
        other => other,
    }
}

impl BoardError {
    /// This error about a board read from the JSON jump list `text` (by
    /// [`Board::parse`] or [`Board::parse_as`]), with each jump named by its index in
    /// the list ([`JumpSource::Item`]) pointed at its `[from, to]` pair in `text`
    /// instead (line and column). Reading a JSON board does this itself; use it for
    /// the errors of a later step, such as [`Board::chained`]. Other errors are
    /// returned unchanged.
    ///
    /// ```
    /// use grid_core::{Positioned, TextPosition};
    /// let text = "{\"squares\": 30,\n \"jumps\": [[5, 20],\n   [20, 5]]}";
    /// let err = ladders::Board::parse(text)?.chained().unwrap_err().located_in_json(text);
    /// assert_eq!(err.text_position(), Some(TextPosition::at(2, 12)));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "jumps 5 -> 20 -> 5 form a loop (5 -> 20 at line 2, column 12, 20 -> 5 at line 3, column 4)"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn located_in_json(self, text: &str) -> BoardError {
        locate_json_jumps(self, text)
    }
}

/// The 1-based line and column of the `[` of each item of the `"jumps"` array of the
/// (well-formed) JSON jump list `text`, in order; empty when they cannot be found.
///
/// serde_json borrows each item as a [`RawValue`], a slice of `text`, so the item's
/// byte offset is where that slice starts. The offsets increase, so one pass over the
/// text numbers all the lines.
fn json_jump_positions(text: &str) -> Vec<TextPosition> {
    let Ok(object) = serde_json::from_str::<HashMap<String, &RawValue>>(text) else {
        return Vec::new();
    };
    let Some(jumps) = object.get("jumps") else {
        return Vec::new();
    };
    let Ok(items) = serde_json::from_str::<Vec<&RawValue>>(jumps.get()) else {
        return Vec::new();
    };
    let base = text.as_ptr() as usize;
    let mut cursor = LineCursor::default();
    let mut positions = Vec::with_capacity(items.len());
    for item in items {
        let byte = (item.get().as_ptr() as usize).checked_sub(base);
        // invariant: every item borrows from `text`; should one not, no positions at all.
        match byte.filter(|&b| b >= cursor.at && b <= text.len() && text.is_char_boundary(b)) {
            Some(byte) => positions.push(cursor.advance(text, byte)),
            None => return Vec::new(),
        }
    }
    positions
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
