//! The JSON jump list `{"squares": 100, "jumps": [[4, 14], [16, 6]]}` (feature `json`).

use std::collections::HashMap;

use grid_core::TextPosition;
use grid_core::text;
use serde_json::value::RawValue;

use super::{Board, BoardError, JumpSource, MAX_SQUARES, checked_size};

impl Board {
    /// Parses the JSON jump list `{"squares": 100, "jumps": [[4, 14], [16, 6]]}`.
    /// Jumps are `[from, to]` pairs of 1-based squares; `"jumps"` may be empty.
    ///
    /// # Errors
    ///
    /// [`BoardError::Json`] for malformed JSON (with line and column),
    /// [`BoardError::JumpListShape`] for a missing or unknown field or a field of the
    /// wrong type, [`BoardError::BadSize`] for a number of squares outside
    /// `1..=`[`MAX_SQUARES`], [`BoardError::JumpShape`] for a jump that is not a pair
    /// of integers (an integer beyond an `i64` is a [`BoardError::Json`] that says
    /// so), else as [`Board::from_jumps`]. Each points at its place in the text. An error about a jump points at its `[` (1-based line and
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
        // Where a field's value (or, for `None`, the object) starts: looked up only
        // for an error, so a good list is read once.
        let shape = |field: Option<&str>, message: String| BoardError::JumpListShape {
            at: field
                .and_then(|f| json_field(text, f))
                .map_or_else(|| json_start(text), |(at, _)| at),
            message,
        };
        let object = value.as_object().ok_or_else(|| {
            shape(
                None,
                "expected an object {\"squares\": N, \"jumps\": [[from, to], ...]}".into(),
            )
        })?;
        if let Some(key) = object.keys().find(|k| *k != "squares" && *k != "jumps") {
            return Err(BoardError::JumpListShape {
                at: json_key(text, key).unwrap_or_else(|| json_start(text)),
                message: format!("unknown field `{key}`, expected `squares` and `jumps`"),
            });
        }
        let Some(squares_value) = object.get("squares") else {
            return Err(shape(
                None,
                "missing field `squares` (the number of the last square)".into(),
            ));
        };
        let squares = match squares_value.as_i64() {
            Some(n) => n,
            None => return Err(json_squares_error(text, squares_value, &shape)),
        };
        let at_squares = || json_field(text, "squares").map(|(at, _)| at);
        if checked_size(squares, None).is_err() {
            return Err(BoardError::BadSize {
                squares,
                max: MAX_SQUARES,
                at: at_squares(),
            });
        }
        let jumps = match object.get("jumps") {
            None => &Vec::new(),
            Some(j) => j.as_array().ok_or_else(|| {
                shape(
                    Some("jumps"),
                    "`jumps` must be an array of [from, to] pairs".into(),
                )
            })?,
        };
        let mut listed = Vec::with_capacity(jumps.len());
        for (i, jump) in jumps.iter().enumerate() {
            let at = JumpSource::Item(i + 1);
            let pair = jump.as_array().filter(|a| a.len() == 2);
            let pair = pair.and_then(|a| Some((a[0].as_i64()?, a[1].as_i64()?)));
            let Some((from, to)) = pair else {
                if let Some(err) = json_integer_out_of_range(text, i) {
                    return Err(err);
                }
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
        Board::build(squares as u64, &listed).map_err(|err| locate_json_jumps(err, text))
    }
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

/// The error for a `"squares"` value that is not an `i64` (`value`, as read):
/// an integer beyond an `i64` says so, anything else is the wrong type. Both point
/// at the value.
fn json_squares_error(
    text: &str,
    value: &serde_json::Value,
    shape: &dyn Fn(Option<&str>, String) -> BoardError,
) -> BoardError {
    if let Some((at, raw)) = json_field(text, "squares")
        && let Err(err) = text::parse_integer(raw, 1, MAX_SQUARES)
        && text::is_integer_literal(raw)
    {
        return BoardError::Json {
            at,
            message: err.to_string(),
        };
    }
    shape(
        Some("squares"),
        format!("`squares` must be a positive integer, found {value}"),
    )
}

/// The error for a number of jump `index` (0-based) of the JSON jump list `text`
/// that is an integer beyond an `i64` (serde_json reads it as a float): it says so
/// and points at the number. `None` when the jump has no such number.
fn json_integer_out_of_range(text: &str, index: usize) -> Option<BoardError> {
    let (_, jumps) = json_field(text, "jumps")?;
    let items = serde_json::from_str::<Vec<&RawValue>>(jumps).ok()?;
    let numbers = serde_json::from_str::<Vec<&RawValue>>(items.get(index)?.get()).ok()?;
    numbers.iter().find_map(|number| {
        let raw = number.get();
        let err = text::parse_integer(raw, i64::MIN, i64::MAX).err()?;
        text::is_integer_literal(raw).then(|| BoardError::Json {
            at: position_in(text, raw).unwrap_or_else(|| json_start(text)),
            message: err.to_string(),
        })
    })
}

/// The position of the top-level field `key` of the JSON object `text`: where its
/// value starts, and the value as written.
fn json_field<'a>(text: &'a str, key: &str) -> Option<(TextPosition, &'a str)> {
    let object = serde_json::from_str::<HashMap<String, &RawValue>>(text).ok()?;
    let raw = object.get(key)?.get();
    Some((position_in(text, raw)?, raw))
}

/// The position of the name of the top-level field `key` of the JSON object `text`
/// (its opening quote), found back from where its value starts.
fn json_key(text: &str, key: &str) -> Option<TextPosition> {
    let object = serde_json::from_str::<HashMap<String, &RawValue>>(text).ok()?;
    let value = object.get(key)?.get();
    let before = &text[..offset_in(text, value)?];
    // `"key"`, blanks, `:`, blanks, then the value; a name written with escapes is
    // not found, and the caller points at the object instead.
    let name = before.trim_end().strip_suffix(':')?.trim_end();
    let quoted = format!("\"{key}\"");
    name.ends_with(&quoted)
        .then(|| LineCursor::default().advance(text, name.len() - quoted.len()))
}

/// The position of the first non-blank character of `text` (the JSON value's start).
fn json_start(text: &str) -> TextPosition {
    let byte = text.len() - text.trim_start().len();
    LineCursor::default().advance(text, byte)
}

/// The byte offset of `part`, a slice of `text`, in `text`.
fn offset_in(text: &str, part: &str) -> Option<usize> {
    let byte = (part.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    (byte <= text.len() && text.is_char_boundary(byte)).then_some(byte)
}

/// The 1-based line and column where `part`, a slice of `text`, starts.
fn position_in(text: &str, part: &str) -> Option<TextPosition> {
    Some(LineCursor::default().advance(text, offset_in(text, part)?))
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
