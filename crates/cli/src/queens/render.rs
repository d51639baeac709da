//! The answers of `gridsolve queens`, each written as text ([`report::Render`]) or as
//! one line of JSON (`serde`); [`report::write_answer`] picks the form.
//!
//! Text counts columns from 1 (`2 4 1 3`), as chess problem books do; JSON keeps the
//! library's 0-based columns (`{"columns": [1, 3, 0, 2]}`).

use grid_core::text::count_of;
use std::io::{self, Write};

use grid_core::BoundedCount;
use serde::Serialize;

use crate::report::{self, Outcome};

/// Which question a missing solution answers, for the words that say so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Question {
    /// `solve` and `all`: `no solution for n = 3`.
    Solution,
    /// `complete`: `no completion`.
    Completion,
}

/// One solution, or the news that there is none: `solve`, `complete`, and `all` when it
/// finds nothing. JSON `{"n":4,"columns":[1,3,0,2]}` (0-based), or `"columns":null`.
#[derive(Debug, Serialize)]
pub(super) struct SolutionAnswer {
    n: usize,
    columns: Option<Vec<usize>>,
    /// Set when the search gave up: the steps it spent.
    #[serde(skip_serializing_if = "Option::is_none")]
    gave_up_after_steps: Option<u64>,
    #[serde(skip)]
    draw: bool,
    #[serde(skip)]
    question: Question,
}

impl SolutionAnswer {
    /// The answer for an `n x n` board: `columns` (0-based), drawn as a board when `draw`.
    pub fn new(n: usize, columns: Option<Vec<usize>>, draw: bool, question: Question) -> Self {
        SolutionAnswer {
            n,
            columns,
            gave_up_after_steps: None,
            draw,
            question,
        }
    }

    /// A completion search of an `n x n` board that gave up after `steps` steps.
    pub fn gave_up(n: usize, steps: u64) -> Self {
        SolutionAnswer {
            gave_up_after_steps: Some(steps),
            ..SolutionAnswer::new(n, None, false, Question::Completion)
        }
    }

    /// Answered when there is a solution, undecided (exit 3) when the search gave up,
    /// else no solution (exit 1).
    pub fn outcome(&self) -> Outcome {
        if self.gave_up_after_steps.is_some() {
            return Outcome::Undecided;
        }
        Outcome::found(self.columns.is_some())
    }
}

impl report::Render for SolutionAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        match (&self.columns, self.question) {
            (Some(columns), _) if self.draw => write_board(out, columns),
            (Some(columns), _) => write_columns(out, columns),
            (None, Question::Solution) => writeln!(out, "no solution for n = {}", self.n),
            (None, Question::Completion) => match self.gave_up_after_steps {
                Some(steps) => writeln!(
                    out,
                    "no completion found within {steps} search steps (not proven impossible: \
                     a board of {} rows is too large for the exhaustive search); try another \
                     --seed or a larger --budget",
                    self.n
                ),
                None => writeln!(out, "no completion"),
            },
        }
    }
}

/// One solution of the `all` listing: JSON `{"columns": [0-based]}`; text the 1-based
/// columns on one line, or a drawn board with a blank line before every board but the
/// first.
#[derive(Debug, Serialize)]
pub(super) struct ColumnsAnswer<'a> {
    columns: &'a [usize],
    #[serde(skip)]
    draw: bool,
    #[serde(skip)]
    first: bool,
}

impl<'a> ColumnsAnswer<'a> {
    /// The `index`-th (0-based) solution of a listing.
    pub fn new(columns: &'a [usize], draw: bool, index: u64) -> Self {
        ColumnsAnswer {
            columns,
            draw,
            first: index == 0,
        }
    }
}

impl report::Render for ColumnsAnswer<'_> {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        if !self.draw {
            return write_columns(out, self.columns);
        }
        if !self.first {
            writeln!(out)?;
        }
        write_board(out, self.columns)
    }
}

/// The answer of `queens count`: `n = 8: 92 solutions, 12 fundamental`, JSON
/// `{"n":8,"count":92,"fundamental":12}`; a shard adds `, shard 2/3 of the
/// constellations-1 split` (JSON `"shard":2,"shards":3,"split":"constellations-1"`; the
/// name is [`queens::Shard::SPLIT`]).
#[derive(Debug, Serialize)]
pub(super) struct CountAnswer {
    n: usize,
    /// With `--shard I/K`: I (1-based).
    #[serde(skip_serializing_if = "Option::is_none")]
    shard: Option<usize>,
    /// With `--shard I/K`: K.
    #[serde(skip_serializing_if = "Option::is_none")]
    shards: Option<usize>,
    /// With `--shard I/K`: the name of the split ([`queens::Shard::SPLIT`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    split: Option<&'static str>,
    count: u128,
    fundamental: u128,
}

impl CountAnswer {
    /// The counts for an `n x n` board.
    pub fn new(n: usize, counts: queens::Counts) -> Self {
        CountAnswer {
            n,
            shard: None,
            shards: None,
            split: None,
            count: counts.total,
            fundamental: counts.fundamental,
        }
    }

    /// The partial counts of one shard of a split count.
    pub fn shard(n: usize, shard: queens::Shard, counts: queens::Counts) -> Self {
        CountAnswer {
            shard: Some(shard.index()),
            shards: Some(shard.of()),
            split: Some(queens::Shard::SPLIT),
            ..CountAnswer::new(n, counts)
        }
    }

    /// Answered when there is a solution, else no solution (exit 1); a shard is
    /// answered even when it holds none.
    pub fn outcome(&self) -> Outcome {
        Outcome::found(self.count > 0 || self.shard.is_some())
    }
}

impl report::Render for CountAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        write!(out, "n = {}", self.n)?;
        if let (Some(shard), Some(shards)) = (self.shard, self.shards) {
            write!(out, ", shard {shard}/{shards}")?;
        }
        if let Some(split) = self.split {
            write!(out, " of the {split} split")?;
        }
        write!(
            out,
            ": {}, {} fundamental",
            count_of(self.count, "solution"),
            self.fundamental
        )?;
        if let Some(shards) = self.shards {
            write!(
                out,
                " (a partial count: `gridsolve queens merge` adds up all {shards} shards)"
            )?;
        }
        writeln!(out)
    }
}

/// The answer of `queens complete --count`: JSON `{"count": 14, "exact": true}`; text
/// `14 completions`, or `at least 1000 completions (stopped at --limit 1000)` when the
/// count stopped at the limit with more completions left.
#[derive(Debug, Serialize)]
pub(super) struct CompletionCountAnswer {
    #[serde(flatten)]
    count: BoundedCount,
    #[serde(skip)]
    limit: u64,
}

impl CompletionCountAnswer {
    /// `count`, counted up to `limit`.
    pub fn new(count: BoundedCount, limit: u64) -> Self {
        CompletionCountAnswer { count, limit }
    }

    /// Answered when there is a completion, else no solution (exit 1).
    pub fn outcome(&self) -> Outcome {
        Outcome::found(self.count.count > 0)
    }
}

impl report::Render for CompletionCountAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let completions = count_of(self.count.count, "completion");
        if self.count.exact {
            writeln!(out, "{completions}")
        } else {
            writeln!(
                out,
                "at least {completions} (stopped at --limit {})",
                self.limit
            )
        }
    }
}

/// Writes the 1-based columns separated by spaces, one line.
fn write_columns(out: &mut dyn Write, columns: &[usize]) -> io::Result<()> {
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

/// Draws the board: `Q` for a queen, `.` for an empty square, separated by spaces.
fn write_board(out: &mut dyn Write, columns: &[usize]) -> io::Result<()> {
    let n = columns.len();
    if n == 0 {
        return Ok(());
    }
    let mut line = vec![b' '; 2 * n];
    line[2 * n - 1] = b'\n';
    for &col in columns {
        for square in 0..n {
            line[2 * square] = if square == col { b'Q' } else { b'.' };
        }
        out.write_all(&line)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;
    use crate::report::{Format, write_answer};

    fn written(format: Format, answer: &impl report::Render) -> String {
        let mut out = Vec::new();
        write_answer(&mut out, format, answer).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn completion_counts_say_whether_they_are_exact() {
        let exact = CompletionCountAnswer::new(BoundedCount::exact(1), 10);
        assert_eq!(written(Format::Text, &exact), "1 completion\n");
        assert_eq!(
            written(Format::Json, &exact),
            "{\"count\":1,\"exact\":true}\n"
        );
        let cut = CompletionCountAnswer::new(BoundedCount::at_least(10), 10);
        assert_eq!(
            written(Format::Text, &cut),
            "at least 10 completions (stopped at --limit 10)\n"
        );
        assert_eq!(
            written(Format::Json, &cut),
            "{\"count\":10,\"exact\":false}\n"
        );
    }

    #[test]
    fn columns_are_one_based_in_text_and_zero_based_in_json() {
        let columns: Vec<usize> = (0..120).collect();
        let text = written(Format::Text, &ColumnsAnswer::new(&columns, false, 0));
        let expected: Vec<String> = (1..=120).map(|c| c.to_string()).collect();
        assert_eq!(text, format!("{}\n", expected.join(" ")));
        let answer = SolutionAnswer::new(4, Some(vec![1, 3, 0, 2]), true, Question::Solution);
        assert_eq!(
            written(Format::Json, &answer),
            "{\"n\":4,\"columns\":[1,3,0,2]}\n"
        );
        assert_eq!(
            written(Format::Text, &answer),
            ". Q . .\n. . . Q\nQ . . .\n. . Q .\n"
        );
        let none = SolutionAnswer::new(3, None, false, Question::Completion);
        assert_eq!(written(Format::Text, &none), "no completion\n");
        assert_eq!(written(Format::Json, &none), "{\"n\":3,\"columns\":null}\n");
    }
}
