//! `gridsolve sudoku count`: the number of solutions of every puzzle, up to `--limit`.

use std::io::{self, Write};
use std::time::Instant;

use clap::Args;
use serde::Serialize;
use sudoku::Record;

use super::puzzles::{self, Found, PuzzleTally, Reading, Search};
use super::record_batch::{self, Counted, Noted, RecordVerb};
use super::records::InputArgs;
use crate::report::{Answer, Format, Invalid, Outcome};

/// `gridsolve sudoku count`.
#[derive(Debug, Args)]
pub(super) struct CountArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    variant: super::puzzles::VariantArg,
    /// Stop counting at K solutions (the empty 9x9 grid has about 6.7e21).
    #[arg(long, value_name = "K", default_value_t = 100_000,
          value_parser = crate::args::whole_number::<u64>(1, u64::MAX))]
    limit: u64,
}

/// Runs `count` over its input.
pub(super) fn run(
    args: &CountArgs,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let count = Count {
        reading: Reading::new(&args.input, "count")?.with_variant(args.variant),
        limit: args.limit,
    };
    record_batch::run(&count, &args.input, format, out)
}

/// `count` at work.
struct Count {
    reading: Reading,
    limit: u64,
}

/// The answer of `count` to one puzzle. JSON: `{"line": L, "puzzle": P, "status": "multiple",
/// "count": N, "exact": false, "givens": G, "guesses": K}`, the status `solved` (one
/// solution), `no_solution`, `multiple`, or `at_least_one` (`--limit 1` stopped at the
/// first solution: one or several); `exact` is false when the count stopped at the
/// limit.
/// `"puzzle"` is the puzzle as written (its lines joined by `\n`), so that a
/// line can be matched to its input without counting lines.
#[derive(Debug, Serialize)]
pub(super) struct CountAnswer {
    /// 1-based line of the record.
    line: usize,
    /// The puzzle as written ([`sudoku::Record::puzzle_as_written`]: its lines joined by
    /// `\n`, without the fields its line holds around it).
    puzzle: String,
    /// Its id and rating as the input gives them.
    #[serde(flatten)]
    given: super::records::Given,
    #[serde(rename = "status", serialize_with = "count_status")]
    found: Counted1,
    #[serde(flatten)]
    search: Search,
}

/// The verdict of a count: the search's, or at `--limit 1` a solution found with no
/// look for a second (the library reports it as unique; the count is `1+`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Counted1 {
    Found(Found),
    AtLeastOne,
}

impl Counted1 {
    /// The verdict of a search that counted `count`.
    fn of(found: Found, count: &grid_core::BoundedCount) -> Counted1 {
        match found {
            Found::Unique if !count.exact => Counted1::AtLeastOne,
            found => Counted1::Found(found),
        }
    }
}

/// `puzzles::solved_status`, and `at_least_one` for [`Counted1::AtLeastOne`].
fn count_status<S: serde::Serializer>(found: &Counted1, serializer: S) -> Result<S::Ok, S::Error> {
    match found {
        Counted1::Found(found) => puzzles::solved_status(found, serializer),
        Counted1::AtLeastOne => serializer.serialize_str("at_least_one"),
    }
}

impl RecordVerb for Count {
    type Answer = CountAnswer;
    type Tally = PuzzleTally;

    fn variant(&self) -> Option<&'static str> {
        self.reading.variant_name()
    }

    fn answer(&self, record: &Record, source: &str) -> Result<Noted<CountAnswer>, Invalid> {
        let searched = self.reading.search(record, source, self.limit)?;
        let answer = CountAnswer {
            line: searched.line,
            puzzle: record.puzzle_as_written().to_owned(),
            given: super::records::Given::of(record),
            found: Counted1::of(Found::of(&searched.verdict), &searched.search.count),
            search: searched.search,
        };
        Ok(Noted {
            answer,
            note: searched.note,
        })
    }

    fn count(&self, answer: &CountAnswer, tally: &mut PuzzleTally) {
        match answer.found {
            Counted1::Found(found) => tally.count(found),
            Counted1::AtLeastOne => tally.at_least_one += 1,
        }
        tally.differs += u64::from(answer.search.given_solution_differs());
    }

    fn summary(&self, source: &str, tally: &Counted<PuzzleTally>, started: Instant) -> Vec<String> {
        vec![puzzles::summary_line(source, tally, "solved", started)]
    }
}

impl Answer for CountAnswer {
    /// Every key of its JSON lines, a bad record's `error` last.
    fn csv_columns() -> Vec<&'static str> {
        puzzles::SEARCH_COLUMNS.to_vec()
    }

    /// Answered when the puzzle has a solution (however many).
    fn outcome(&self) -> Outcome {
        Outcome::found(self.found != Counted1::Found(Found::NoSolution))
    }

    fn status(&self) -> Option<&'static str> {
        None
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let count = &self.search.count;
        if count.exact {
            writeln!(out, "{count}")
        } else {
            writeln!(out, "{count} (--limit reached)")
        }
    }
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;
    use crate::report::emit;

    fn multiple() -> CountAnswer {
        let puzzle: sudoku::Sudoku = "1...\n....\n....\n...4".parse().expect("parses");
        let analysis = puzzle.analyse(2);
        CountAnswer {
            line: 3,
            puzzle: "1...\n....\n....\n...4".to_owned(),
            given: super::super::records::Given::default(),
            found: Counted1::Found(Found::Multiple),
            search: Search {
                count: analysis.count,
                givens: puzzle.givens(),
                guesses: analysis.stats.guesses,
                variant: None,
                given_solution: None,
            },
        }
    }

    #[test]
    fn json_has_the_status_and_the_bounded_count() {
        let mut out = Vec::new();
        emit(&mut out, Format::Json, &multiple()).expect("writes");
        let text = String::from_utf8(out).expect("utf-8");
        assert!(
            text.starts_with(r#"{"line":3,"puzzle":"1...\n....\n....\n...4","status":"multiple","count":2,"exact":false,"givens":2"#),
            "{text}"
        );
    }

    #[test]
    fn text_says_when_a_count_stopped_at_the_limit() {
        let mut out = Vec::new();
        emit(&mut out, Format::Text, &multiple()).expect("writes");
        assert_eq!(out, b"2+ (--limit reached)\n");
    }
}
