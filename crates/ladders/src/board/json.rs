//! The JSON jump list `{"squares": 100, "jumps": [[4, 14], [16, 6]]}` (feature `json`),
//! read with grid-core's [`JsonText`] so that every jump keeps its place in the text.

use std::collections::BTreeMap;

use grid_core::text;
use grid_core::{JsonText, TextPosition};
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
    /// column, [`JumpSource::Text`]), and so do the board's errors about its jumps later
    /// ([`Board::chained`]): the board keeps where each jump was written.
    ///
    /// # Examples
    ///
    /// ```
    /// use grid_core::{Positioned, TextPosition};
    /// let text = "{\"squares\": 30,\n \"jumps\": [[5, 20],\n   [20, 5]]}";
    /// let board = ladders::Board::parse(text)?;
    /// assert_eq!(board.jump_source(20).and_then(|s| s.text_position()), Some(TextPosition::at(3, 4)));
    /// let err = board.chained().unwrap_err();
    /// assert_eq!(err.text_position(), Some(TextPosition::at(2, 12)));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "jumps 5 -> 20 -> 5 form a loop (5 -> 20 at line 2, column 12, 20 -> 5 at line 3, column 4)"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_jumps_json(text: &str) -> Result<Board, BoardError> {
        let json = JsonText::new(text);
        let not_json = |err: grid_core::JsonError| BoardError::Json {
            at: err.at,
            message: err.message,
        };
        // The syntax of the whole text first: a malformed text is a JSON error
        // whatever its shape.
        let _: &RawValue = json.parse().map_err(not_json)?;
        // The fields by name, each value a slice of the text (so it has a place).
        let Ok(object) = json.parse::<BTreeMap<String, &RawValue>>() else {
            return Err(BoardError::JumpListShape {
                at: json.start(),
                message: "expected an object {\"squares\": N, \"jumps\": [[from, to], ...]}".into(),
            });
        };
        if let Some((key, value)) = object
            .iter()
            .find(|(k, _)| *k != "squares" && *k != "jumps")
        {
            return Err(BoardError::JumpListShape {
                at: json
                    .key_position(key, value.get())
                    .unwrap_or_else(|| json.start()),
                message: format!("unknown field `{key}`, expected `squares` and `jumps`"),
            });
        }
        let at_value = |raw: &RawValue| json.position_of(raw.get()).unwrap_or_else(|| json.start());
        let Some(&squares_raw) = object.get("squares") else {
            return Err(BoardError::JumpListShape {
                at: json.start(),
                message: "missing field `squares` (the number of the last square)".into(),
            });
        };
        let squares = squares_of(squares_raw, at_value(squares_raw))?;
        if checked_size(squares, None).is_err() {
            return Err(BoardError::BadSize {
                squares,
                max: MAX_SQUARES,
                at: Some(at_value(squares_raw)),
            });
        }
        let jumps: Vec<&RawValue> = match object.get("jumps") {
            None => Vec::new(),
            Some(&raw) => {
                serde_json::from_str(raw.get()).map_err(|_| BoardError::JumpListShape {
                    at: at_value(raw),
                    message: "`jumps` must be an array of [from, to] pairs".into(),
                })?
            }
        };
        let places = json.positions_of(jumps.iter().map(|j| j.get()));
        let mut listed = Vec::with_capacity(jumps.len());
        for (i, jump) in jumps.iter().enumerate() {
            // invariant: every item borrows from the text, in order; should one not,
            // it is named by its index.
            let at = places
                .get(i)
                .map_or(JumpSource::Item(i + 1), |&p| JumpSource::Text(p));
            let (from, to) = pair_of(&json, jump, at, squares)?;
            listed.push((at, from, to));
        }
        Board::build(squares as u64, &listed)
    }
}

/// The number of squares written as `raw` (at `at`): an `i64`, or an error that says
/// what it is instead (an integer beyond an `i64`, or a value of another type).
fn squares_of(raw: &RawValue, at: TextPosition) -> Result<i64, BoardError> {
    if let Ok(n) = serde_json::from_str::<i64>(raw.get()) {
        return Ok(n);
    }
    let written = raw.get();
    if let Err(err) = text::parse_integer(written, 1, MAX_SQUARES)
        && text::is_integer_literal(written)
    {
        return Err(BoardError::Json {
            at,
            message: err.to_string(),
        });
    }
    Err(BoardError::JumpListShape {
        at,
        message: format!(
            "`squares` must be a positive integer, found {}",
            compact(raw)
        ),
    })
}

/// The `[from, to]` pair written as `jump` (named `at`) on a board of `squares` squares:
/// two `i64`s, or an error that says what it is instead (an integer beyond an `i64`, a
/// square outside `1..=squares`, at that number; or not a pair of integers, at the jump).
fn pair_of(
    json: &JsonText<'_>,
    jump: &RawValue,
    at: JumpSource,
    squares: i64,
) -> Result<(i64, i64), BoardError> {
    if let Ok((from, to)) = serde_json::from_str::<(i64, i64)>(jump.get()) {
        return Ok((from, to));
    }
    if let Ok(numbers) = serde_json::from_str::<Vec<&RawValue>>(jump.get()) {
        for number in numbers {
            let written = number.get();
            if text::parse_integer(written, i64::MIN, i64::MAX).is_err()
                && text::is_integer_literal(written)
            {
                return Err(BoardError::Json {
                    at: json.position_of(written).unwrap_or_else(|| json.start()),
                    message: super::read::square_outside(written, squares),
                });
            }
        }
    }
    Err(BoardError::JumpShape {
        at,
        found: compact(jump),
    })
}

/// `raw` as serde_json writes a value: compact, one space-free line.
fn compact(raw: &RawValue) -> String {
    serde_json::from_str::<serde_json::Value>(raw.get())
        .map_or_else(|_| raw.get().to_owned(), |value| value.to_string())
}
