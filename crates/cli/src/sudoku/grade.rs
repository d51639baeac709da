//! `gridsolve sudoku grade`: Sudoku Explainer's ratings (ER, EP, ED) of every 9 x 9
//! puzzle, by the native engine `sudoku::se`, with a summary table per hardest SE
//! step on standard error.
//!
//! SE's scale is the one rating `grade` prints. Our own techniques' grade (the
//! "SE-style" number of `sudoku::logic` that `grade` printed before) is gone from it:
//! it equalled SE's ER on about half of the puzzles, and two numbers on one scale
//! would invite the wrong one; `explain` and `hint` keep those techniques for people.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use clap::Args;
use grid_core::text::count_of;
use grid_core::{Positioned, TextPosition};
use serde::{Serialize, Serializer};
use sudoku::logic::Rating;
use sudoku::se::{Hint, SeOutcome, SePartial};
use sudoku::{Record, RecordForm, Variant};

use super::record_batch::{self, Counted, Noted, RecordVerb};
use super::records::InputArgs;
use crate::batch;
use crate::report::{Answer, Format, Invalid, Outcome};

/// `gridsolve sudoku grade`.
#[derive(Debug, Args)]
pub(super) struct GradeArgs {
    /// The puzzle input (9 x 9 puzzles; pencil marks are refused: SE rates givens).
    #[command(flatten)]
    pub input: InputArgs,
    /// `--variant`, refused: classic puzzles only.
    #[command(flatten)]
    pub classic: super::puzzles::ClassicOnly,
    /// Give up on a puzzle once its rating has taken this long (`500ms`, `1.5s`, `2m`, `1h`)
    /// or this many of SE's steps (`40steps`): it is answered `budget` with the
    /// rating so far as a lower bound (`er_at_least`), and the exit status is 3.
    /// Checked before every step of SE's path and inside its chaining steps (every
    /// 1,024 implications), so a nested step of seconds ends promptly. A time is
    /// wall-clock time per puzzle: what it reaches depends on the machine, its load
    /// and --jobs (a number of steps does not). Unlimited by default.
    #[arg(long, value_name = "TIME|Nsteps", value_parser = Budget::parse, allow_hyphen_values = true)]
    pub budget: Option<Budget>,
}

/// `--budget`: per puzzle, a time or a number of SE steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Budget {
    /// Wall time spent rating the puzzle.
    Time(Duration),
    /// Steps of SE's path.
    Steps(usize),
}

impl Budget {
    /// A time, `500ms`, `5s`, `1.5s`, `2m` or `1h` (a positive number, whole or with a
    /// decimal fraction, and its unit), or a number of SE steps, `40steps` (whole).
    pub(super) fn parse(text: &str) -> Result<Budget, String> {
        const EXPECTED: &str = "a time (500ms, 5s, 1.5s, 2m, 1h) or a number of steps (40steps)";
        let text = text.trim();
        let split = text
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(text.len());
        let (number, unit) = text.split_at(split);
        let wrong = || {
            format!(
                "expected {EXPECTED}, found {}",
                grid_core::text::quote(text)
            )
        };
        let seconds_per_unit = match unit.trim() {
            "ms" => 0.001,
            "s" => 1.0,
            "m" | "min" => 60.0,
            "h" => 3600.0,
            "steps" | "step" => {
                let n: usize = number.parse().map_err(|_| {
                    format!(
                        "a number of steps is a whole number (40steps), found {}",
                        grid_core::text::quote(text)
                    )
                })?;
                return match n {
                    0 => Err(format!(
                        "a budget of 0 rates nothing: give {EXPECTED} above 0"
                    )),
                    n => Ok(Budget::Steps(n)),
                };
            }
            // A bare number: which unit was meant is not ours to guess.
            "" if number.parse::<f64>().is_ok_and(|n| n == 0.0) => {
                return Err(format!(
                    "a budget of 0 rates nothing: give {EXPECTED} above 0"
                ));
            }
            "" if number.parse::<f64>().is_ok() => {
                return Err(format!(
                    "a budget needs its unit: `{number}s` for seconds, `{number}steps` for SE steps \
                     (found {})",
                    grid_core::text::quote(text)
                ));
            }
            _ => return Err(wrong()),
        };
        // Digits and at most one point, with a digit somewhere: `f64` would also take
        // `inf`, `1e3` and `.`, which no unit above follows anyway.
        if number.matches('.').count() > 1 || !number.contains(|c: char| c.is_ascii_digit()) {
            return Err(wrong());
        }
        let value: f64 = number.parse().map_err(|_| wrong())?;
        let time = Duration::try_from_secs_f64(value * seconds_per_unit).map_err(|_| wrong())?;
        if time.is_zero() {
            return Err(format!(
                "a budget of 0 rates nothing: give {EXPECTED} above 0"
            ));
        }
        Ok(Budget::Time(time))
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Time(d) if d.subsec_millis() == 0 => write!(f, "{}s", d.as_secs()),
            Budget::Time(d) => write!(f, "{}ms", d.as_millis()),
            Budget::Steps(n) => write!(f, "{n}steps"),
        }
    }
}

/// Runs `grade` over its input.
pub(super) fn run(
    args: &GradeArgs,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let grade = Grade {
        input: &args.input,
        budget: args.budget,
    };
    record_batch::run(&grade, &args.input, format, out)
}

/// Runs `explain --se` over `input`: SE's rating of every puzzle with the path that
/// reached it.
pub(super) fn run_path(
    input: &InputArgs,
    budget: Option<Budget>,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let grade = Grade { input, budget };
    record_batch::run(&SePath { grade }, input, format, out)
}

/// `grade` at work.
struct Grade<'a> {
    input: &'a InputArgs,
    budget: Option<Budget>,
}

/// What became of a puzzle; `status` in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum GradeStatus {
    /// Rated: `er`, `ep`, `ed` are Sudoku Explainer's.
    Rated,
    /// SE's path needs a technique the engine does not have yet (`se_needs`): ER is
    /// at least `er_at_least`.
    Beyond,
    /// `--budget` ran out: ER is at least `er_at_least`.
    Budget,
    /// No solution: SE rates only puzzles with exactly one.
    NoSolution,
    /// Several solutions: SE rates only puzzles with exactly one.
    Multiple,
    /// No SE technique applies (an engine fault on a proper puzzle; serate prints 20.0).
    Stuck,
    /// Ctrl-C stopped the rating: ER is at least `er_at_least` (exit 130).
    Interrupted,
}

/// The answer of `grade` to one record. JSON: `{"line": L, "puzzle": P, "status":
/// "rated", "er": 7.1, "ep": 1.2, "ed": 1.2, "se_step": "Forcing Chain",
/// "step_count": N, "er_at_least": null, "se_needs": null}`; every key on every line,
/// `null` where the status has no value (see [`GradeStatus`]): `er` is a number only
/// when rated, `ep` and `ed` whenever SE's path had fixed them.
#[derive(Debug, Serialize)]
pub(super) struct GradeAnswer {
    /// 1-based line of the record.
    line: usize,
    /// The puzzle as written ([`sudoku::Record::puzzle_as_written`]: its lines joined by
    /// `\n`, without the fields its line holds around it).
    puzzle: String,
    /// Its id and rating as the input gives them.
    #[serde(flatten)]
    given: super::records::Given,
    status: GradeStatus,
    /// ER: the rating of the hardest step.
    #[serde(serialize_with = "tenths")]
    er: Option<Rating>,
    /// EP: the largest rating up to the first step that places a value.
    #[serde(serialize_with = "tenths")]
    ep: Option<Rating>,
    /// ED: the rating of the first step.
    #[serde(serialize_with = "tenths")]
    ed: Option<Rating>,
    /// SE's name of the hardest step (so far).
    se_step: Option<&'static str>,
    /// Steps of SE's path (so far).
    step_count: Option<usize>,
    /// A lower bound of ER when it is not known (beyond, budget).
    #[serde(serialize_with = "tenths")]
    er_at_least: Option<Rating>,
    /// The first SE technique the engine lacks (beyond).
    se_needs: Option<&'static str>,
    /// The budget spent (text only).
    #[serde(skip)]
    budget: Option<Budget>,
    /// The puzzle as serate's `%g` prints it: the line as read, or the 81 cells of a
    /// puzzle written over several lines or with a rating or an id.
    #[serde(skip)]
    serate_puzzle: String,
}

/// A rating as a number with one decimal (`null` for none).
fn tenths<S: Serializer>(rating: &Option<Rating>, s: S) -> Result<S::Ok, S::Error> {
    match rating {
        Some(r) => s.serialize_f64(r.value()),
        None => s.serialize_none(),
    }
}

/// A record SE does not rate (pencil marks, a grid other than 9 x 9): why, at its line.
#[derive(Debug)]
struct Unrated {
    line: usize,
    why: String,
}

impl Positioned for Unrated {
    fn text_position(&self) -> Option<TextPosition> {
        Some(TextPosition::line(self.line))
    }
}

impl fmt::Display for Unrated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.why)
    }
}

impl RecordVerb for Grade<'_> {
    type Answer = GradeAnswer;
    type Tally = GradeTally;

    fn answer(&self, record: &Record, source: &str) -> Result<Noted<GradeAnswer>, Invalid> {
        let answer = self.grade(record, source, &mut |_| {})?;
        // A record naming other rules (a JSON record's `variant`, as `generate
        // --variant x --format json` writes it): graded under the classic ones.
        let note = record
            .named_variant()
            .filter(|v| !v.eq_ignore_ascii_case("classic"))
            .map(|v| {
                format!(
                    "{source}:{}: the record names the {v} rules; grade rates under the classic \
                     ones only (Sudoku Explainer's)",
                    record.first_line
                )
            });
        Ok(Noted { answer, note })
    }

    /// A rating takes from microseconds to seconds: a few records at a time.
    fn pace(&self, threads: usize) -> batch::Pace {
        batch::Pace::slow_records(threads)
    }

    fn count(&self, answer: &GradeAnswer, tally: &mut GradeTally) {
        self.tally(answer, tally);
    }

    fn summary(&self, source: &str, tally: &Counted<GradeTally>, _: Instant) -> Vec<String> {
        grade_summary(source, tally)
    }
}

impl Grade<'_> {
    /// The grade of one record, handing every step of SE's path to `step`.
    fn grade(
        &self,
        record: &Record,
        source: &str,
        step: &mut dyn FnMut(&Hint),
    ) -> Result<GradeAnswer, Invalid> {
        if record.form == RecordForm::Candidates {
            // (`grade` and `explain --se` both come here.)
            let why = "pencil marks: Sudoku Explainer rates a puzzle, and finds its solution path, \
                       from its givens (`sudoku hint`, and `explain` without --se, read pencil \
                       marks)";
            return Err(Invalid::new(
                source,
                &Unrated {
                    line: record.first_line,
                    why: why.to_owned(),
                },
            ));
        }
        let input = self.input;
        let puzzle = super::puzzles::parse_in_alphabet(
            record,
            source,
            input.box_shape,
            input.symbols.as_ref(),
            &Variant::Classic,
        )
        .puzzle
        .map_err(|e| super::puzzles::record_invalid(source, &e))?;
        if puzzle.size() != 9 {
            let n = puzzle.size();
            return Err(Invalid::new(
                source,
                &Unrated {
                    line: record.first_line,
                    why: format!("Sudoku Explainer rates 9 x 9 puzzles only, found {n} x {n}"),
                },
            ));
        }
        let mut answer = GradeAnswer {
            line: record.first_line,
            puzzle: record.puzzle_as_written().to_owned(),
            given: super::records::Given::of(record),
            status: GradeStatus::Rated,
            er: None,
            ep: None,
            ed: None,
            se_step: None,
            step_count: None,
            er_at_least: None,
            se_needs: None,
            budget: None,
            // The cells alone when the line carries more (a rating, an id, an
            // OpenSudoku element, a CSV row's other fields): serate's own line as
            // input must not come out with two ratings. They are the line's own 81
            // characters where it has them as one field (a Sudoku Exchange line and an
            // OpenSudoku game keep their `0` blanks, as serate echoes them).
            serate_puzzle: if record.text.contains('\n') {
                puzzle.to_string()
            } else if record.id.is_some()
                || record.given_rating.is_some()
                || record.puzzle_text().1.len() < record.text.len()
            {
                record
                    .puzzle_text()
                    .1
                    .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
                    .find(|field| {
                        field.chars().count() == 81
                            && field.parse::<sudoku::Sudoku>().is_ok_and(|p| p == puzzle)
                    })
                    .map_or_else(|| puzzle.to_string(), str::to_owned)
            } else {
                record.text.clone()
            },
        };
        // SE rates only puzzles with exactly one solution (serate rates anything and
        // prints a number for it: see `sudoku::se`).
        match puzzle.count_solutions_up_to(2).count {
            0 => answer.status = GradeStatus::NoSolution,
            1 => self.rate(&puzzle, &mut answer, step),
            _ => answer.status = GradeStatus::Multiple,
        }
        Ok(answer)
    }

    /// Adds one answer to the summary's tally.
    fn tally(&self, answer: &GradeAnswer, tally: &mut GradeTally) {
        let bucket = match answer.status {
            GradeStatus::Rated => {
                let step = answer.se_step.unwrap_or("(none: already full)");
                tally.rated.entry(step).or_default()
            }
            GradeStatus::Beyond => &mut tally.beyond,
            // Stopped inside the first step: no bound to tabulate, counted apart.
            GradeStatus::Budget if answer.er_at_least.is_some() => &mut tally.budget,
            _ => {
                *tally.unrated.entry(answer.status).or_default() += 1;
                return;
            }
        };
        let rating = answer.er.or(answer.er_at_least).unwrap_or_default();
        *bucket.entry(rating).or_default() += 1;
        // A rating given with a rated puzzle: compared with SE's when it reads as one.
        let Some(text) = answer
            .given
            .rating()
            .filter(|_| answer.status == GradeStatus::Rated)
        else {
            return;
        };
        let Some(given) = given_ratings(text) else {
            tally.given_unread += 1;
            return;
        };
        let ours = [answer.er, answer.ep, answer.ed];
        tally.given_compared += 1;
        if given.iter().zip(ours).any(|(g, o)| Some(*g) != o) {
            tally.given_differ += 1;
            if tally
                .first_differ
                .as_ref()
                .is_none_or(|f| answer.line < f.0)
            {
                let shown = |r: Option<Rating>| r.map_or("?".to_owned(), |r| r.to_string());
                let se = format!(
                    "{}/{}/{}",
                    shown(answer.er),
                    shown(answer.ep),
                    shown(answer.ed)
                );
                tally.first_differ = Some((answer.line, text.to_owned(), se));
            }
        }
    }
}

/// The ratings written with a puzzle, in SE's order: `7.1` (ER alone), `7.1/1.2/1.2`
/// or `ED=7.1/1.2/1.2` (ER, EP, ED, as serate prints them), with a decimal point or
/// comma (`7,1`); `None` for anything else (a word such as `hard`, a number off SE's
/// scale of 0.0-20.0).
fn given_ratings(text: &str) -> Option<Vec<Rating>> {
    let text = text.trim();
    let text = text.strip_prefix("ED=").unwrap_or(text);
    let parts: Vec<&str> = text.split('/').collect();
    if parts.len() != 1 && parts.len() != 3 {
        return None;
    }
    parts
        .iter()
        .map(|part| {
            // A decimal comma (`2,5`) as spreadsheets in many locales write it.
            let value: f64 = part.trim().replace(',', ".").parse().ok()?;
            // A tenth is SE's unit; the cast is exact on 0.0-20.0.
            (0.0..=20.0)
                .contains(&value)
                .then(|| Rating((value * 10.0).round() as u16))
        })
        .collect()
}

/// The summary lines of a run of `grade` (or `explain --se`).
fn grade_summary(source: &str, tally: &Counted<GradeTally>) -> Vec<String> {
    let of = &tally.of;
    let total = |counts: &BTreeMap<Rating, u64>| counts.values().sum::<u64>();
    let unrated = |status| of.unrated.get(&status).copied().unwrap_or(0);
    // The engine has every SE technique, so `beyond` is only shown should one appear.
    let beyond = match total(&of.beyond) {
        0 => String::new(),
        n => format!(" {n} beyond the engine,"),
    };
    let mut lines = vec![format!(
        "{source}: {}: {} rated,{beyond} {} over budget, {} no solution, {} multiple, {} invalid",
        count_of(tally.records, "puzzle"),
        of.rated.values().map(total).sum::<u64>(),
        total(&of.budget) + unrated(GradeStatus::Budget),
        unrated(GradeStatus::NoSolution),
        unrated(GradeStatus::Multiple),
        tally.invalid,
    )];
    if tally.records > tally.invalid {
        lines.extend(grade_table(of, tally.invalid));
    }
    if of.given_compared > 0 {
        let mut line = format!(
            "{source}: {} given with the puzzle compared with SE's: {} {}",
            count_of(of.given_compared, "rating"),
            of.given_differ,
            if of.given_differ == 1 {
                "differs"
            } else {
                "differ"
            }
        );
        if let Some((first, given, se)) = &of.first_differ {
            line.push_str(&format!(
                ", the first at line {first} (given {given}, SE's {se})"
            ));
        }
        lines.push(line);
    }
    if of.given_unread > 0 {
        lines.push(format!(
            "{source}: {} given with the puzzle not on SE's scale (ER, or ER/EP/ED, 0.0-20.0), kept as written and not compared",
            count_of(of.given_unread, "rating"),
        ));
    }
    lines
}

impl Grade<'_> {
    /// Rates a puzzle with one solution into `answer`, within `--budget`, handing
    /// every step of SE's path to `step`.
    fn rate(&self, puzzle: &sudoku::Sudoku, answer: &mut GradeAnswer, step: &mut dyn FnMut(&Hint)) {
        let started = Instant::now();
        let budget = self.budget;
        // Ctrl-C stops a rating as the budget does (the hook is polled inside chaining
        // steps too), so a nested step of minutes does not hold the batch.
        let go_on = |steps: usize| match budget {
            _ if crate::interrupt::requested() => ControlFlow::Break(()),
            Some(Budget::Steps(n)) if steps >= n => ControlFlow::Break(()),
            Some(Budget::Time(limit)) if started.elapsed() >= limit => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        };
        // invariant: a 9 x 9 puzzle (checked by the caller), the only error of rate.
        let Ok(outcome) = sudoku::se::rate_each_step(puzzle, go_on, step) else {
            answer.status = GradeStatus::Stuck;
            return;
        };
        answer.er_at_least = outcome.er_at_least();
        if matches!(&outcome, SeOutcome::Stopped(p) if p.steps == 0) {
            // Stopped inside the first step: nothing is known of ER.
            answer.er_at_least = None;
        }
        let partial = |answer: &mut GradeAnswer, p: &SePartial| {
            answer.ep = p.ep;
            answer.ed = p.ed;
            answer.se_step = (!p.hardest.is_empty()).then_some(p.hardest);
            answer.step_count = Some(p.steps);
        };
        match outcome {
            SeOutcome::Rated(r) => {
                answer.er = Some(r.er);
                answer.ep = Some(r.ep);
                answer.ed = Some(r.ed);
                answer.se_step = (!r.hardest.is_empty()).then_some(r.hardest);
                answer.step_count = Some(r.steps);
            }
            SeOutcome::Beyond { needs, partial: p } => {
                answer.status = GradeStatus::Beyond;
                answer.se_needs = Some(needs);
                partial(answer, &p);
            }
            SeOutcome::Stopped(p) if crate::interrupt::requested() => {
                answer.status = GradeStatus::Interrupted;
                partial(answer, &p);
            }
            SeOutcome::Stopped(p) => {
                answer.status = GradeStatus::Budget;
                answer.budget = budget;
                partial(answer, &p);
            }
            SeOutcome::Stuck => answer.status = GradeStatus::Stuck,
        }
    }
}

/// What `grade` adds up: ER per hardest SE step of the rated puzzles, the lower
/// bounds of the others, and the puzzles SE does not rate.
#[derive(Debug, Default)]
pub(super) struct GradeTally {
    rated: BTreeMap<&'static str, BTreeMap<Rating, u64>>,
    beyond: BTreeMap<Rating, u64>,
    budget: BTreeMap<Rating, u64>,
    unrated: BTreeMap<GradeStatus, u64>,
    /// Rated puzzles given with a rating on SE's scale (`given_rating`).
    given_compared: u64,
    /// Those whose given rating is not SE's (ER, or ER/EP/ED when all three are given).
    given_differ: u64,
    /// Rated puzzles given with a rating that is not on SE's scale (a word such as
    /// `hard`, `ED=` with no value, two numbers): kept as written, not compared.
    given_unread: u64,
    /// The first line of one that differs, its given rating and SE's.
    first_differ: Option<(usize, String, String)>,
}

impl batch::Tally for GradeTally {
    fn add(&mut self, other: &GradeTally) {
        let merge = |mine: &mut BTreeMap<Rating, u64>, theirs: &BTreeMap<Rating, u64>| {
            for (rating, n) in theirs {
                *mine.entry(*rating).or_default() += n;
            }
        };
        for (step, counts) in &other.rated {
            merge(self.rated.entry(step).or_default(), counts);
        }
        merge(&mut self.beyond, &other.beyond);
        merge(&mut self.budget, &other.budget);
        for (status, n) in &other.unrated {
            *self.unrated.entry(*status).or_default() += n;
        }
        self.given_compared += other.given_compared;
        self.given_differ += other.given_differ;
        self.given_unread += other.given_unread;
        if let Some(theirs) = &other.first_differ
            && self
                .first_differ
                .as_ref()
                .is_none_or(|mine| theirs.0 < mine.0)
        {
            self.first_differ = Some(theirs.clone());
        }
    }
}

impl Answer for GradeAnswer {
    /// Every key of its JSON lines, a bad record's `error` last.
    fn csv_columns() -> Vec<&'static str> {
        [
            "line",
            "puzzle",
            "status",
            "er",
            "ep",
            "ed",
            "se_step",
            "step_count",
            "er_at_least",
            "se_needs",
            "id",
            "given_rating",
        ]
        .into_iter()
        .chain(super::puzzles::PLACE_COLUMNS)
        .collect()
    }

    /// Rated: answered; no or several solutions: no solution (1); a rating not known
    /// (beyond the engine, over budget): undecided (3).
    fn outcome(&self) -> Outcome {
        match self.status {
            GradeStatus::Rated => Outcome::Answered,
            GradeStatus::NoSolution | GradeStatus::Multiple => Outcome::NoSolution,
            GradeStatus::Beyond | GradeStatus::Budget | GradeStatus::Stuck => Outcome::Undecided,
            GradeStatus::Interrupted => Outcome::Interrupted,
        }
    }

    fn status(&self) -> Option<&'static str> {
        None
    }

    /// `ER 7.1  EP 1.2  ED 1.2  Forcing Chain (62 steps)`; `ER >= 9.0` and `?` for a
    /// rating not known, then why.
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let known = |r: Option<Rating>| r.map_or("?".to_owned(), |r| r.to_string());
        let er = match (self.er, self.er_at_least) {
            (Some(er), _) => er.to_string(),
            (None, Some(bound)) => format!(">= {bound}"),
            (None, None) => "?".to_owned(),
        };
        let ratings = format!("ER {er}  EP {}  ED {}", known(self.ep), known(self.ed));
        let step = self.se_step.unwrap_or("-");
        let steps = count_of(self.step_count.unwrap_or(0), "step");
        match self.status {
            GradeStatus::Rated if self.se_step.is_none() => {
                writeln!(out, "{ratings}  - (already full)")
            }
            GradeStatus::Rated => writeln!(out, "{ratings}  {step} ({steps})"),
            GradeStatus::Beyond => writeln!(
                out,
                "{ratings}  beyond this engine: needs {} after {steps} (hardest so far: {step})",
                self.se_needs.unwrap_or("?")
            ),
            GradeStatus::Budget => writeln!(
                out,
                "{ratings}  gave up: --budget {} spent after {steps} (hardest so far: {step})",
                self.budget.map_or("?".to_owned(), |b| b.to_string())
            ),
            GradeStatus::NoSolution => writeln!(
                out,
                "no solution: Sudoku Explainer rates only puzzles with exactly one"
            ),
            GradeStatus::Multiple => writeln!(
                out,
                "multiple solutions: Sudoku Explainer rates only puzzles with exactly one"
            ),
            GradeStatus::Stuck => writeln!(out, "stuck: no Sudoku Explainer technique applies"),
            GradeStatus::Interrupted => writeln!(
                out,
                "{ratings}  interrupted (Ctrl-C) after {steps} (hardest so far: {step})"
            ),
        }
    }

    /// serate's own line, `PUZZLE ED=ER/EP/ED`, when rated; otherwise the same shape
    /// with `?` for every rating not known and why in parentheses (`PUZZLE
    /// ED=?/1.2/1.2 (budget: ER >= 9.0)`, or `(budget: no step taken)`
    /// when no step gave a bound), never a guessed number.
    fn write_serate(&self, out: &mut dyn Write) -> io::Result<()> {
        let known = |r: Option<Rating>| r.map_or("?".to_owned(), |r| r.to_string());
        let line = format!(
            "{} ED={}/{}/{}",
            self.serate_puzzle,
            known(self.er),
            known(self.ep),
            known(self.ed)
        );
        // ER's lower bound, or that no step was taken to give one.
        let bound = self
            .er_at_least
            .map_or("no step taken".to_owned(), |r| format!("ER >= {r}"));
        match self.status {
            GradeStatus::Rated => writeln!(out, "{line}"),
            GradeStatus::Beyond => writeln!(
                out,
                "{line} (beyond: {bound}, needs {})",
                self.se_needs.unwrap_or("?")
            ),
            GradeStatus::Budget => writeln!(out, "{line} (budget: {bound})"),
            GradeStatus::Interrupted => writeln!(out, "{line} (interrupted: {bound})"),
            GradeStatus::NoSolution => writeln!(out, "{line} (no solution)"),
            GradeStatus::Multiple => writeln!(out, "{line} (multiple solutions)"),
            GradeStatus::Stuck => writeln!(out, "{line} (stuck)"),
        }
    }
}

/// The grade summary: per hardest SE step (by their smallest ER) the number of rated
/// puzzles and their min / median / max ER, then all of them (`all rated`), then the
/// puzzles beyond the engine and over budget with their lower bounds of ER (`ER >=`),
/// then a row without ratings for each kind of puzzle SE does not rate (rows of none
/// are left out).
fn grade_table(tally: &GradeTally, invalid: u64) -> Vec<String> {
    // The first column as wide as its longest name (SE's nested chains have long ones).
    let width = tally
        .rated
        .keys()
        .map(|name| name.chars().count())
        .chain([36])
        .max()
        .unwrap_or(36);
    let mut lines = vec![format!(
        "{:<width$} {:>7} {:>5} {:>6} {:>5}",
        "hardest SE step", "puzzles", "min", "median", "max"
    )];
    let row = |name: &str, counts: &BTreeMap<Rating, u64>, prefix: &str| {
        let total: u64 = counts.values().sum();
        let min = counts.keys().next().copied().unwrap_or_default();
        let max = counts.keys().next_back().copied().unwrap_or_default();
        // The lower median: the rating of the ((total + 1) / 2)-th puzzle in order.
        let mut seen = 0;
        let median = counts
            .iter()
            .find(|(_, n)| {
                seen += **n;
                seen >= total.div_ceil(2)
            })
            .map_or(min, |(r, _)| *r);
        format!(
            "{name:<width$} {total:>7} {:>5} {:>6} {:>5}",
            format!("{prefix}{min}"),
            format!("{prefix}{median}"),
            format!("{prefix}{max}")
        )
    };
    let mut steps: Vec<_> = tally.rated.iter().collect();
    steps.sort_by_key(|(name, counts)| (counts.keys().next().copied(), **name));
    let mut all: BTreeMap<Rating, u64> = BTreeMap::new();
    for (name, counts) in steps {
        lines.push(row(name, counts, ""));
        for (rating, n) in counts {
            *all.entry(*rating).or_default() += n;
        }
    }
    if !all.is_empty() {
        lines.push(row("all rated", &all, ""));
    }
    if !tally.beyond.is_empty() {
        lines.push(row("beyond the engine (ER at least)", &tally.beyond, ">="));
    }
    if !tally.budget.is_empty() {
        lines.push(row("over budget (ER at least)", &tally.budget, ">="));
    }
    let count = |status| tally.unrated.get(&status).copied().unwrap_or(0);
    let unrated = [
        ("no solution", count(GradeStatus::NoSolution)),
        ("multiple solutions", count(GradeStatus::Multiple)),
        ("over budget (ER unknown)", count(GradeStatus::Budget)),
        ("stuck", count(GradeStatus::Stuck)),
        ("interrupted (Ctrl-C)", count(GradeStatus::Interrupted)),
        ("invalid", invalid),
    ];
    for (name, n) in unrated.iter().filter(|(_, n)| *n > 0) {
        lines.push(format!(
            "{name:<width$} {n:>7} {:>5} {:>6} {:>5}",
            "-", "-", "-"
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[test]
    fn given_ratings_read_serate_and_bank_forms() {
        let tenths = |text| given_ratings(text).map(|r| r.iter().map(|r| r.0).collect::<Vec<_>>());
        assert_eq!(tenths("ED=7.1/1.2/1.2"), Some(vec![71, 12, 12]));
        assert_eq!(tenths("11.9/11.9/3.4"), Some(vec![119, 119, 34]));
        assert_eq!(tenths(" 2.3 "), Some(vec![23]));
        assert_eq!(tenths("2,3"), Some(vec![23]));
        assert_eq!(tenths("7,1/1,2/1,2"), Some(vec![71, 12, 12]));
        for other in [
            "hard",
            "7.1/1.2",
            "",
            "-1",
            "25.0",
            "7.1/x/1.2",
            "NaN",
            "1,2,3",
            "2,5.1",
        ] {
            assert_eq!(tenths(other), None, "{other}");
        }
    }

    #[test]
    fn budgets_read_times_and_steps() {
        for (text, millis) in [
            ("500ms", 500),
            ("5s", 5_000),
            ("2m", 120_000),
            ("1.5s", 1_500),
            ("2h", 7_200_000),
            ("0.5m", 30_000),
        ] {
            let time = Budget::Time(Duration::from_millis(millis));
            assert_eq!(Budget::parse(text), Ok(time), "{text}");
        }
        assert_eq!(Budget::parse("40steps"), Ok(Budget::Steps(40)));
        let bare = Budget::parse("10").unwrap_err();
        assert!(bare.contains("`10s` for seconds, `10steps`"), "{bare}");
        let zero = Budget::parse("0").unwrap_err();
        assert!(zero.starts_with("a budget of 0 rates nothing"), "{zero}");
        for bad in [
            "", "5", "0s", "0.0s", "5d", "-1s", "s", ".s", "1..5s", "1.2.3s", "1.5steps", "0steps",
            "infs", "1e3s",
        ] {
            assert!(Budget::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Budget::Time(Duration::from_secs(5)).to_string(), "5s");
        assert_eq!(
            Budget::Time(Duration::from_millis(250)).to_string(),
            "250ms"
        );
        assert_eq!(Budget::Steps(40).to_string(), "40steps");
    }
}

/// `explain --se` at work: [`Grade`] keeping SE's path.
struct SePath<'a> {
    grade: Grade<'a>,
}

/// One step of SE's path. JSON: `{"step": 1, "technique": "Hidden Single", "rating":
/// 1.2, "placed": "r3c5=7", "removed": []}`, or `"placed": null` and the candidates
/// removed as `"r1c2<>4"` (rows and columns 1-based).
#[derive(Debug, Serialize)]
pub(super) struct SeStepAnswer {
    /// 1-based number of the step.
    step: usize,
    /// SE's name of the technique.
    technique: &'static str,
    /// Its rating on SE's scale.
    #[serde(serialize_with = "tenth")]
    rating: Rating,
    /// The value placed, as `r3c5=7`.
    placed: Option<String>,
    /// The candidates removed, as `r1c2<>4`, by cell then value.
    removed: Vec<String>,
}

/// A rating as a number with one decimal.
fn tenth<S: Serializer>(rating: &Rating, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(rating.value())
}

impl SeStepAnswer {
    fn new(step: usize, hint: &Hint) -> SeStepAnswer {
        let cell = |c: u8| format!("r{}c{}", c / 9 + 1, c % 9 + 1);
        let mut removed = Vec::new();
        for &(c, mask) in &hint.removals {
            for digit in 1..=9u8 {
                if mask & (1 << (digit - 1)) != 0 {
                    removed.push(format!("{}<>{digit}", cell(c)));
                }
            }
        }
        SeStepAnswer {
            step,
            technique: hint.name,
            rating: hint.rating,
            placed: hint
                .placement
                .map(|(c, digit)| format!("{}={digit}", cell(c))),
            removed,
        }
    }
}

/// The answer of `explain --se` to one record: its [`GradeAnswer`] (every key of
/// grade's JSON line) and `"path"`, SE's steps in order ([`SeStepAnswer`]; as far as
/// the path went for `beyond`, empty when SE does not rate the puzzle).
#[derive(Debug, Serialize)]
pub(super) struct SePathAnswer {
    #[serde(flatten)]
    grade: GradeAnswer,
    path: Vec<SeStepAnswer>,
}

impl RecordVerb for SePath<'_> {
    type Answer = SePathAnswer;
    type Tally = GradeTally;

    fn answer(&self, record: &Record, source: &str) -> Result<Noted<SePathAnswer>, Invalid> {
        let mut path = Vec::new();
        let grade = self.grade.grade(record, source, &mut |hint| {
            path.push(SeStepAnswer::new(path.len() + 1, hint));
        })?;
        Ok(Noted::plain(SePathAnswer { grade, path }))
    }

    fn pace(&self, threads: usize) -> batch::Pace {
        batch::Pace::slow_records(threads)
    }

    fn count(&self, answer: &SePathAnswer, tally: &mut GradeTally) {
        self.grade.tally(&answer.grade, tally);
    }

    fn summary(&self, source: &str, tally: &Counted<GradeTally>, _: Instant) -> Vec<String> {
        grade_summary(source, tally)
    }
}

impl Answer for SePathAnswer {
    /// Grade's columns, then `path` (each step as its compact JSON), a bad record's
    /// place and `error` last.
    fn csv_columns() -> Vec<&'static str> {
        let mut columns = GradeAnswer::csv_columns();
        columns.insert(columns.len() - super::puzzles::PLACE_COLUMNS.len(), "path");
        columns
    }

    fn outcome(&self) -> Outcome {
        self.grade.outcome()
    }

    /// The grade's own `status` key stands.
    fn status(&self) -> Option<&'static str> {
        None
    }

    /// `Puzzle at line L:`, the numbered steps, right-aligned as `explain` numbers them
    /// (`  3. Pointing (2.6): r1c2<>4 r1c3<>4`),
    /// then grade's line.
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "Puzzle at line {}:", self.grade.line)?;
        for step in &self.path {
            let what: Vec<&str> = step
                .placed
                .iter()
                .chain(&step.removed)
                .map(String::as_str)
                .collect();
            writeln!(
                out,
                "{:>3}. {} ({}): {}",
                step.step,
                step.technique,
                step.rating,
                what.join(" ")
            )?;
        }
        self.grade.write_text(out)
    }
}
