//! The answer every verb that finds one solution shares (`solve`, `complete`, and `all`
//! when there is none), and the two ways a solution is written: its 1-based columns on
//! one line, or a drawn board.
//!
//! Text counts columns from 1 (`2 4 1 3`), as chess problem books do; JSON keeps the
//! library's 0-based columns (`{"columns": [1, 3, 0, 2]}`).

use std::io::{self, Write};

use grid_core::Coord;
use grid_core::text::count_of;
use serde::Serialize;

use crate::args::DrawArg;
use crate::picture;
use crate::report::{Answer, Outcome, Picture};

/// Which question a missing solution answers, for the words that say so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Question {
    /// `solve` and `all`: `no solution for n = 3`.
    Solution,
    /// `complete`: `no completion`.
    Completion,
}

/// One solution, or the news that there is none: `solve`, `complete`, and `all` when it
/// finds nothing. JSON `{"n":4,"columns":[1,3,0,2]}` (0-based), or `"columns":null`;
/// with `--draw`, `"drawing"` is the drawn board (`". Q . .\n..."`, `x` on a square
/// `complete`'s board blocks, written row by row as it is made, never held whole).
#[derive(Debug)]
pub(super) struct SolutionAnswer {
    n: usize,
    columns: Option<Vec<usize>>,
    /// Set when the search gave up: the steps it spent.
    gave_up_after_steps: Option<u64>,
    /// Why there is no answer, when known: the obstruction that proves a board has no
    /// completion, or why a search gave up (text and JSON `"reason"`).
    reason: Option<String>,
    draw: bool,
    /// The squares no queen may use (`complete`'s `x`), row by row, drawn as `x`.
    blocked: Vec<Coord>,
    question: Question,
    /// `--draw svg`: the board as an SVG picture.
    picture: Option<Picture>,
}

impl Serialize for SolutionAnswer {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("n", &self.n)?;
        map.serialize_entry("columns", &self.columns)?;
        if let Some(steps) = self.gave_up_after_steps {
            map.serialize_entry("gave_up_after_steps", &steps)?;
        }
        if let Some(reason) = &self.reason {
            map.serialize_entry("reason", reason)?;
        }
        if let (true, Some(columns)) = (self.draw, &self.columns) {
            map.serialize_entry("drawing", &Drawn(columns, &self.blocked))?;
        }
        map.end()
    }
}

/// The drawn board as one JSON string (`--draw`'s `"drawing"`), escaped row by row as it
/// is made: the solution's 0-based columns, then the blocked squares (row by row).
#[derive(Debug)]
pub(super) struct Drawn<'a>(pub &'a [usize], pub &'a [Coord]);

impl Serialize for Drawn<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl std::fmt::Display for Drawn<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut out = FmtWriter(f);
        write_board(&mut out, self.0, self.1).map_err(|_| std::fmt::Error)
    }
}

/// An `io::Write` onto a formatter, for [`write_board`] (it writes ASCII).
struct FmtWriter<'a, 'b>(&'a mut std::fmt::Formatter<'b>);

impl Write for FmtWriter<'_, '_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let text = std::str::from_utf8(buf).map_err(io::Error::other)?;
        self.0.write_str(text).map_err(io::Error::other)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl SolutionAnswer {
    /// The answer for an `n x n` board: `columns` (0-based), drawn as a board when `draw`.
    pub fn new(n: usize, columns: Option<Vec<usize>>, draw: bool, question: Question) -> Self {
        SolutionAnswer {
            n,
            columns,
            gave_up_after_steps: None,
            reason: None,
            draw,
            blocked: Vec::new(),
            question,
            picture: None,
        }
    }

    /// `self` with the squares no queen may use (row by row), drawn as `x`.
    pub fn with_blocked(mut self, blocked: Vec<Coord>) -> Self {
        self.blocked = blocked;
        self
    }

    /// `self` with the board's SVG picture when `draw` asks for one, named `name` under
    /// `--output-dir`.
    pub fn with_picture(mut self, draw: &DrawArg, name: &str) -> Self {
        if let Some(columns) = &self.columns {
            let blocked = &self.blocked;
            self.picture = draw.picture(name, || picture::queens::board(columns, blocked));
        }
        self
    }

    /// `self` (an answer without a solution) with the reason there is none.
    pub fn because(mut self, reason: String) -> Self {
        self.reason = Some(reason);
        self
    }

    /// A completion search of an `n x n` board that gave up after `steps` steps of its
    /// `budget` (`--budget`); `exhaustive` when the exhaustive search took part (boards
    /// up to 64 rows) and did not finish, else the board is too large for it.
    pub fn gave_up(n: usize, steps: u64, budget: u64, exhaustive: bool) -> Self {
        let reason = if exhaustive {
            format!(
                "--budget {budget} ran out before the exhaustive search finished, half of it \
                 going to the local search; try a larger one (`--budget {}`: the local \
                 search often finds a completion the exhaustive one is slow to reach), or, \
                 to settle whether there is any, `--count --limit 1`, which searches \
                 exhaustively without a budget and can take long",
                budget.saturating_mul(10)
            )
        } else {
            format!(
                "not proven impossible: a board of {n} rows is too large for the exhaustive \
                 search (up to {} rows), and the local search cannot prove it; try another \
                 --seed or a larger --budget",
                queens::MAX_ENUMERATE_N
            )
        };
        SolutionAnswer {
            gave_up_after_steps: Some(steps),
            reason: Some(reason),
            ..SolutionAnswer::new(n, None, false, Question::Completion)
        }
    }
}

impl Answer for SolutionAnswer {
    /// Answered when there is a solution, undecided (exit 3) when the search gave up,
    /// else no solution (exit 1).
    fn outcome(&self) -> Outcome {
        if self.gave_up_after_steps.is_some() {
            return Outcome::Undecided;
        }
        Outcome::found(self.columns.is_some())
    }

    fn picture(&self) -> Option<&Picture> {
        self.picture.as_ref()
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        match (&self.columns, self.question) {
            (Some(columns), _) if self.draw => write_board(out, columns, &self.blocked),
            (Some(columns), _) => write_columns(out, columns),
            (None, Question::Solution) => writeln!(out, "no solution for n = {}", self.n),
            (None, Question::Completion) => match (self.gave_up_after_steps, &self.reason) {
                (Some(steps), Some(reason)) => writeln!(
                    out,
                    "no completion found within {} ({reason})",
                    count_of(steps, "search step")
                ),
                (Some(steps), None) => {
                    writeln!(
                        out,
                        "no completion found within {}",
                        count_of(steps, "search step")
                    )
                }
                (None, Some(reason)) => writeln!(out, "no completion: {reason}"),
                (None, None) => writeln!(out, "no completion"),
            },
        }
    }
}

/// Writes the 1-based columns separated by spaces, one line.
pub(super) fn write_columns(out: &mut dyn Write, columns: &[usize]) -> io::Result<()> {
    // Built in one buffer (a listing writes hundreds of thousands of these lines) and
    // handed to the writer in pieces for huge boards.
    let mut line = Vec::with_capacity(columns.len().min(1 << 14) * 3 + 1);
    for (i, &col) in columns.iter().enumerate() {
        if i > 0 {
            line.push(b' ');
        }
        push_decimal(&mut line, col + 1);
        if line.len() >= 1 << 16 {
            out.write_all(&line)?;
            line.clear();
        }
    }
    line.push(b'\n');
    out.write_all(&line)
}

fn push_decimal(buf: &mut Vec<u8>, mut value: usize) {
    // Board columns are almost always one or two digits.
    if value < 10 {
        buf.push(b'0' + value as u8);
        return;
    }
    if value < 100 {
        buf.extend_from_slice(&[b'0' + (value / 10) as u8, b'0' + (value % 10) as u8]);
        return;
    }
    let mut digits = [0u8; 20];
    let mut len = 0;
    loop {
        digits[len] = b'0' + (value % 10) as u8;
        len += 1;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    buf.extend(digits[..len].iter().rev());
}

/// The largest board `--draw` draws as text: n lines of 2n bytes (2 MB at n = 1,000); an
/// SVG (`--draw svg`) scales to any size.
pub(super) const MAX_TEXT_DRAWN_N: usize = 1_000;

/// Refuses a text drawing of an `n x n` board past [`MAX_TEXT_DRAWN_N`], before any
/// work (`queens solve 100000000 --draw` would write 2 x 10^16 bytes).
pub(super) fn check_text_drawing(n: usize, draw: &DrawArg) -> anyhow::Result<()> {
    anyhow::ensure!(
        !draw.text() || n <= MAX_TEXT_DRAWN_N,
        "--draw draws boards up to n = {MAX_TEXT_DRAWN_N} as text (n = {n} would be about \
         {:.0e} bytes of text); --draw svg draws a board of any size, scaled",
        2.0 * (n as f64) * (n as f64)
    );
    Ok(())
}

/// Draws the board: `Q` for a queen, `x` for a square of `blocked` (row by row, as
/// `complete` reads them), `.` for an empty square, separated by spaces.
pub(super) fn write_board(
    out: &mut dyn Write,
    columns: &[usize],
    blocked: &[Coord],
) -> io::Result<()> {
    let n = columns.len();
    if n == 0 {
        return Ok(());
    }
    let mut line = vec![b' '; 2 * n];
    line[2 * n - 1] = b'\n';
    let mut blocked = blocked.iter().peekable();
    for (row, &col) in columns.iter().enumerate() {
        for square in 0..n {
            line[2 * square] = if square == col { b'Q' } else { b'.' };
        }
        while let Some(square) = blocked.next_if(|square| square.row <= row) {
            if square.row == row && square.col < n {
                line[2 * square.col] = b'x';
            }
        }
        out.write_all(&line)?;
    }
    Ok(())
}

#[cfg(test)]
pub(super) mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;
    use crate::report::{Format, emit};

    pub(crate) fn emitted(format: Format, answer: &impl Answer) -> String {
        let mut out = Vec::new();
        emit(&mut out, format, answer).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn columns_are_one_based_in_text_and_zero_based_in_json() {
        let columns: Vec<usize> = (0..120).collect();
        let mut text = Vec::new();
        write_columns(&mut text, &columns).unwrap();
        let expected: Vec<String> = (1..=120).map(|c| c.to_string()).collect();
        assert_eq!(
            String::from_utf8(text).unwrap(),
            format!("{}\n", expected.join(" "))
        );
        let answer = SolutionAnswer::new(4, Some(vec![1, 3, 0, 2]), true, Question::Solution);
        assert_eq!(
            emitted(Format::Json, &answer),
            "{\"n\":4,\"columns\":[1,3,0,2],\"drawing\":\". Q . .\\n. . . Q\\nQ . . .\\n. . Q .\\n\",\"status\":\"answered\"}\n"
        );
        assert_eq!(
            emitted(Format::Text, &answer),
            ". Q . .\n. . . Q\nQ . . .\n. . Q .\n"
        );
        let none = SolutionAnswer::new(3, None, false, Question::Completion);
        assert_eq!(emitted(Format::Text, &none), "no completion\n");
        assert_eq!(
            emitted(Format::Json, &none),
            "{\"n\":3,\"columns\":null,\"status\":\"no_solution\"}\n"
        );
    }
}
