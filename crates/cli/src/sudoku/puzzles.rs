//! What `solve`, `count` and `check` share: reading a record as a puzzle in its
//! alphabet ([`Reading`]), the search and its verdict ([`Searched`], from
//! [`sudoku::Analysis::verdict`]), what they add up ([`PuzzleTally`]) and their summary.

use std::fmt::Display;
use std::io::IsTerminal;
use std::time::Instant;

use grid_core::BoundedCount;
use grid_core::text::count_of;
use grid_core::{Positioned, TextPosition};
use serde::Serialize;
use sudoku::{
    Alphabet, BoxShape, Record, RecordError, RecordForm, RegionError, Regions, Sudoku, Variant,
    VariantKind, Verdict,
};

use super::record_batch::Counted;
use super::records::{InputArgs, InputFormat};
use crate::batch;
use crate::report::Invalid;

/// The CSV columns of a bad record's place and error, last in every record verb's
/// rows: `file`, `column`, `cell` (0-based row and column) and `error`.
pub(super) const PLACE_COLUMNS: [&str; 4] = ["file", "column", "cell", "error"];

/// The CSV columns of `count` and `check`: every key of their JSON lines,
/// [`PLACE_COLUMNS`] last (written out: a constant cannot join two arrays); `solve`
/// adds `"solution"` after `"status"`.
pub(super) const SEARCH_COLUMNS: [&str; 15] = [
    "line",
    "puzzle",
    "status",
    "count",
    "exact",
    "givens",
    "guesses",
    "variant",
    "given_solution",
    "id",
    "given_rating",
    "file",
    "column",
    "cell",
    "error",
];

/// How records are read as puzzles: the box shape and the alphabet asked for.
#[derive(Debug)]
pub(super) struct Reading {
    shape: Option<BoxShape>,
    /// The alphabet of `--symbols`; detected per record when `None`.
    symbols: Option<Alphabet>,
    /// The rules of `--variant` (classic unless a verb sets it).
    variant: VariantKind,
}

/// The `--variant` flag of solve, count, check and bench.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub(super) struct VariantArg {
    /// The rules (9x9 only): classic, x (both long diagonals), windoku or its alias
    /// hyper (four extra 3x3 regions at rows/columns 2-4 and 6-8), disjoint (the cells at one place in every
    /// box), jigsaw (irregular regions: each line is the 81 cells, whitespace, and an
    /// 81-character region map, one symbol per cell, same symbol = same region).
    #[arg(long, value_name = "RULES", default_value_t = VariantKind::Classic,
          value_parser = variant_parser(), ignore_case = true, hide_possible_values = true)]
    pub variant: VariantKind,
}

/// `--variant`'s parser: the rules' names as clap's possible values, so that shell
/// completions offer them (the help lists them in its own words), `hyper` a hidden
/// alias of windoku; any case.
fn variant_parser() -> impl clap::builder::TypedValueParser<Value = VariantKind> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let names = VariantKind::ALL
        .into_iter()
        .map(|kind| PossibleValue::new(kind.name()))
        .chain([PossibleValue::new("hyper").hide(true)]);
    PossibleValuesParser::new(names).try_map(|name| name.parse::<VariantKind>())
}

/// `--variant` on a verb that reads classic puzzles only (hint, explain, grade, canon,
/// dedupe): hidden from its help, and refused with the reason and the verbs that take
/// it, rather than clap's "unexpected argument".
#[derive(Debug, Clone, Default, clap::Args)]
pub(super) struct ClassicOnly {
    #[arg(long, value_name = "RULES", hide = true, allow_hyphen_values = true,
          value_hint = clap::ValueHint::Other)]
    variant: Option<String>,
}

impl ClassicOnly {
    /// Refuses any `--variant` but classic for `verb`, which reads classic puzzles
    /// because `why`.
    ///
    /// # Errors
    ///
    /// `--variant` given with rules other than classic.
    pub fn refuse(&self, verb: &str, why: &str) -> anyhow::Result<()> {
        match self.variant.as_deref() {
            None | Some("classic") => Ok(()),
            Some(rules) => anyhow::bail!(
                "--variant {rules}: `sudoku {verb}` reads classic puzzles only ({why}); \
                 --variant is taken by solve, count, check, generate and bench"
            ),
        }
    }
}

/// A region map that is no region map, at its place in the input.
#[derive(Debug)]
struct BadMap {
    line: usize,
    column: Option<usize>,
    err: RegionError,
}

impl Positioned for BadMap {
    fn text_position(&self) -> Option<TextPosition> {
        Some(match self.column {
            Some(c) => TextPosition::at(self.line, c),
            None => TextPosition::line(self.line),
        })
    }
}

impl Display for BadMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.err)
    }
}

/// The jigsaw region map of a one-line record: the first whitespace-separated token
/// after the cells that has 81 characters (what follows it is a comment), else the
/// last token, so that a map of the wrong length is reported where it is. A CSV
/// row's map is in its puzzle field (`cells map`, as `generate --format csv` writes
/// it): the tokens are those of [`Record::puzzle_text`].
fn region_map(record: &Record) -> Result<Regions, BadMap> {
    let (offset, text) = record.puzzle_text();
    let text = text.trim_end();
    let missing = RegionError::missing();
    // Tokens after the first (the cells), with their byte offsets.
    let mut tokens = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                tokens.push((s, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    let map = tokens
        .iter()
        .skip(1)
        .find(|(_, token)| token.chars().count() == 81)
        .or_else(|| tokens.iter().skip(1).last())
        .filter(|_| record.form == RecordForm::Line);
    let Some(&(start, map)) = map else {
        // One token longer than the cells (`cells,map`, or the two run together): the
        // whitespace is missing at column 82, where the map should be set apart.
        let length = text.chars().count();
        let lead = record.text[..offset].chars().count();
        let column = lead
            + if tokens.len() == 1 && length > 81 {
                82
            } else {
                length + 1
            };
        return Err(BadMap {
            line: record.first_line,
            column: Some(column),
            err: missing,
        });
    };
    let col0 = record.text[..offset + start].chars().count();
    Regions::parse(map).map_err(|err| BadMap {
        line: record.first_line,
        column: err.column.map(|c| col0 + c),
        err,
    })
}

/// Whether a one-line record holds a valid jigsaw region map after its cells.
pub(super) fn has_region_map(record: &Record) -> bool {
    record.form == RecordForm::Line
        && record.puzzle_text().1.len() > 2 * 81
        && region_map(record).is_ok()
}

/// A note for a record read under classic rules whose text after the cells reads as
/// a jigsaw region map (the line form of `--variant jigsaw`): classic rules leave it
/// as a comment, which is seldom what was meant.
fn unused_region_map_note(record: &Record, source: &str) -> Option<String> {
    has_region_map(record).then(|| {
        format!(
            "{source}:{}: what follows the cells reads as a jigsaw region map, a comment under classic rules; give --variant jigsaw to use it",
            record.first_line
        )
    })
}

/// A note for a record that names rules (a JSON record's `variant`, as gridsolve's own
/// JSON answers write it) other than the `rules` it is read under: the answer may not
/// be the one its maker meant.
fn named_variant_note(record: &Record, source: &str, rules: VariantKind) -> Option<String> {
    let named = record.named_variant()?;
    let line = record.first_line;
    match named.parse::<VariantKind>() {
        Ok(kind) if kind == rules => None,
        Ok(kind) => Some(format!(
            "{source}:{line}: the record names the {kind} rules, read under the {rules} \
             ones; give --variant {kind} to use them"
        )),
        Err(_) => Some(format!(
            "{source}:{line}: the record names rules gridsolve does not know ({named:?}), \
             read under the {rules} ones"
        )),
    }
}

/// The variant of `record` under `--variant kind`: the fixed rules, or a jigsaw
/// record's region map (bad input when it has none, or a bad one).
pub(super) fn record_variant(
    kind: VariantKind,
    record: &Record,
    source: &str,
) -> Result<Variant, Invalid> {
    match Variant::fixed(kind) {
        Some(v) => Ok(v),
        None => region_map(record)
            .map(Variant::Jigsaw)
            .map_err(|e| Invalid::new(source, &e)),
    }
}

/// A record read as a puzzle: the puzzle (or why it is none), its alphabet when not the
/// standard one, and a note for standard error when the alphabet was a choice.
pub(super) struct Parsed {
    pub puzzle: Result<Sudoku, RecordError>,
    pub alphabet: Option<Alphabet>,
    pub note: Option<String>,
}

/// Parses `record` of `source` in `symbols` (the alphabet of `--symbols`), or, when
/// none is given, in the alphabet it is written in ([`Alphabet::detect`]: `0-F`,
/// `A-P`, `A-Y` and the like), with the givens checked against `variant`'s units
/// alone: how every verb that reads puzzles reads them.
pub(super) fn parse_in_alphabet(
    record: &Record,
    source: &str,
    shape: Option<BoxShape>,
    symbols: Option<&Alphabet>,
    variant: &Variant,
) -> Parsed {
    if let Some(symbols) = symbols {
        let puzzle = symbols.parse_record_variant(record, shape, variant);
        return Parsed {
            alphabet: (!symbols.is_standard())
                .then(|| symbols.clone())
                .or_else(|| block_in_symbols(record, &puzzle)),
            puzzle,
            note: None,
        };
    }
    // The puzzle's own text: a CSV row's other fields (numbers, ids) would rule out
    // an alphabet such as A-P, and so would a JSON string's escapes (`\n`).
    let Some(detected) = Alphabet::detect(record.puzzle_as_written()) else {
        let puzzle = record.parse_variant(shape, variant);
        return Parsed {
            alphabet: block_in_symbols(record, &puzzle),
            puzzle,
            note: None,
        };
    };
    let puzzle = detected
        .alphabet
        .parse_record_variant(record, shape, variant);
    let note = (detected.had_choice && puzzle.is_ok()).then(|| {
        format!(
            "{source}:{}: symbols read as {} (the standard {} would read them too); give --symbols to choose",
            record.first_line,
            detected.alphabet,
            Alphabet::standard(detected.alphabet.len())
        )
    });
    Parsed {
        puzzle,
        alphabet: Some(detected.alphabet),
        note,
    }
}

/// The standard alphabet of a puzzle past 9 x 9 read from a block written in its
/// symbols (`A` for 10, as `1-9A-C` in a 12 x 12 block), so that its solution is
/// written back in them rather than in numbers (`10`), the block form's default; `None`
/// for a block of numbers (no letter in its rows), any other form, or a record that is
/// no puzzle.
fn block_in_symbols(record: &Record, puzzle: &Result<Sudoku, RecordError>) -> Option<Alphabet> {
    let n = puzzle.as_ref().ok()?.size();
    if n <= 9 || record.form != RecordForm::Block {
        return None;
    }
    let letters = record
        .text
        .lines()
        .filter(|line| !line.trim_start().starts_with('#'))
        .any(|line| line.bytes().any(|b| b.is_ascii_alphabetic()));
    letters.then(|| Alphabet::standard(n))
}

impl Reading {
    /// The reading `args` ask for, of the verb `verb` (`solve`, `canon`, ...: the
    /// error names it).
    ///
    /// # Errors
    ///
    /// `--input-format candidates`: pencil marks are not puzzles.
    pub fn new(args: &InputArgs, verb: &str) -> anyhow::Result<Reading> {
        anyhow::ensure!(
            args.input_format != Some(InputFormat::Candidates),
            "--input-format candidates (pencil marks) is read by `sudoku hint` and `explain`; \
             `sudoku {verb}` reads puzzles"
        );
        Ok(Reading {
            shape: args.box_shape,
            symbols: args.symbols.clone(),
            variant: VariantKind::Classic,
        })
    }

    /// This reading under the rules of `--variant`.
    pub fn with_variant(self, variant: VariantArg) -> Reading {
        Reading {
            variant: variant.variant,
            ..self
        }
    }

    /// The name of the rules of `--variant`, `None` for the classic ones (JSON and CSV
    /// `variant`).
    pub fn variant_name(&self) -> Option<&'static str> {
        (self.variant != VariantKind::Classic).then(|| self.variant.name())
    }

    /// Whether a jigsaw region map after a record's cells goes unused (the rules are
    /// not jigsaw's).
    pub fn map_unused(&self) -> bool {
        self.variant != VariantKind::Jigsaw
    }

    /// The variant of `record`: the fixed rules of `--variant`, or a jigsaw record's
    /// region map.
    pub fn variant_of(&self, record: &Record, source: &str) -> Result<Variant, Invalid> {
        record_variant(self.variant, record, source)
    }

    /// Parses `record` of `source` in the alphabet of `--symbols`, or the one it is
    /// written in.
    pub fn parse(&self, record: &Record, source: &str) -> Parsed {
        self.parse_variant(record, source, &Variant::Classic)
    }

    /// [`Reading::parse`] with the givens checked against `variant`'s units alone.
    pub fn parse_variant(&self, record: &Record, source: &str, variant: &Variant) -> Parsed {
        parse_in_alphabet(record, source, self.shape, self.symbols.as_ref(), variant)
    }

    /// Parses `record` and searches it for up to `limit` solutions; `Err` when the
    /// record is no puzzle.
    pub fn search(&self, record: &Record, source: &str, limit: u64) -> Result<Searched, Invalid> {
        let variant = self.variant_of(record, source)?;
        let parsed = self.parse_variant(record, source, &variant);
        let puzzle = parsed
            .puzzle
            .map_err(|e| rejected(record, source, &e, self.map_unused()))?;
        let givens = puzzle.givens();
        let analysis = puzzle.analyse_variant(limit, &variant);
        let (count, guesses) = (analysis.count, analysis.stats.guesses);
        let verdict = analysis.verdict();
        // A jigsaw line's region map is no given solution (under any rules): a jigsaw
        // record's solution is compared only where a CSV column or a JSON key names it.
        let map = variant.regions().is_some() || has_region_map(record);
        let compared = (!map || record.has_solution_column())
            .then(|| compare_given_solution(record, &puzzle, &verdict, parsed.alphabet.as_ref()))
            .flatten();
        let search = Search {
            count,
            givens,
            guesses,
            variant: self.variant_name(),
            given_solution: compared.as_ref().and_then(GivenSolution::word),
        };
        // Rules other than the record names first: they explain a differing or
        // uncompared given solution too.
        let note = parsed
            .note
            .or_else(|| named_variant_note(record, source, self.variant))
            .or_else(|| compared.and_then(|c| c.note(record, source)))
            .or_else(|| {
                (self.variant == VariantKind::Classic)
                    .then(|| unused_region_map_note(record, source))
                    .flatten()
            });
        Ok(Searched {
            puzzle,
            line: record.first_line,
            search,
            verdict,
            alphabet: parsed.alphabet,
            note,
            variant,
        })
    }
}

/// The bad input of a record of `source` that `err` says is no puzzle, marked as a
/// puzzle all the same when its givens clash or it is a damaged puzzle
/// ([`is_damaged_puzzle`]) ([`Invalid::of_a_puzzle`]: a batch then does not count it
/// among the bad records that make an input no puzzle file, so that a file whose
/// first puzzles are damaged is still answered whole).
pub(super) fn record_invalid(source: &str, err: &RecordError) -> Invalid {
    let invalid = Invalid::new(source, err);
    match &err.error {
        sudoku::Error::Clash(_) | sudoku::Error::VariantClash(_) => invalid.of_a_puzzle(),
        sudoku::Error::Parse(parse) if is_damaged_puzzle(parse) => invalid.of_a_puzzle(),
        _ => invalid,
    }
}

/// Whether `err` is the fault of a puzzle that lost or gained a cell or holds a bad
/// one, rather than a sign that the input holds no puzzle at all (`yes 1`, prose): a
/// line within one row of n² cells for a grid of 4 x 4 or more (80 or 82 cells for
/// 81), a grid of 4 x 4 or more a row short or long or a row with a cell too few or
/// too many, or a bad cell after the first 16 characters of a line or on a grid's
/// second row or later.
fn is_damaged_puzzle(err: &sudoku::ParseError) -> bool {
    use sudoku::ParseErrorKind as Kind;
    let near_square =
        |found: usize| (sudoku::MIN_SIZE..=sudoku::MAX_SIZE).any(|n| found.abs_diff(n * n) <= n);
    match &err.kind {
        Kind::LineLength { found }
        | Kind::AlphabetLineLength { found, .. }
        | Kind::ShapeLineLength { found, .. } => near_square(*found),
        Kind::RowLength { expected, .. } | Kind::RowCount { expected, .. } => {
            *expected >= sudoku::MIN_SIZE
        }
        Kind::UnexpectedChar { .. } | Kind::ValueOutOfRange { .. } => {
            err.line > 1 || err.column > 16
        }
        _ => false,
    }
}

/// The bad input of a record that is no puzzle, with a pointer to `sudoku hint` when
/// the record is pencil marks, which solve, count and check do not take, to `--box`
/// when its drawn boxes do not tile its grid or its bars and borders draw none, or to
/// `--variant jigsaw` when a jigsaw region map follows its cells and `map_unused` (the
/// rules read are not jigsaw's): its givens often clash in a classic box.
pub(super) fn rejected(
    record: &Record,
    source: &str,
    err: &RecordError,
    map_unused: bool,
) -> Invalid {
    let invalid = record_invalid(source, err);
    if record.form == RecordForm::Candidates
        && sudoku::logic::Candidates::parse(&record.text).is_ok()
    {
        invalid.with_hint(
            "; this reads as a grid of candidates (pencil marks), which \
             `sudoku hint` and `explain` take",
        )
    } else if let sudoku::Error::Parse(sudoku::ParseError {
        kind:
            sudoku::ParseErrorKind::DrawnShapeMismatch { .. }
            | sudoku::ParseErrorKind::DrawnOffBoundary { .. },
        ..
    }) = &err.error
    {
        invalid.with_hint(" (--box RxC)")
    } else if map_unused && has_region_map(record) {
        invalid.with_hint(
            "; what follows the cells reads as a jigsaw region map, a comment under classic \
             rules (solve, count and check take --variant jigsaw)",
        )
    } else {
        invalid
    }
}

/// How a solution the record gives (CSV `puzzle,solution`, a CSV table's solution
/// column, see [`Record::given_solution`]) compares with the unique one found.
#[derive(Debug)]
enum GivenSolution {
    /// The same grid.
    Matches,
    /// Another grid: the first cell (row-major) where they differ, with the given
    /// symbol and ours.
    Differs {
        at: grid_core::Coord,
        given: char,
        ours: char,
    },
    /// The solution column a CSV header names (or a JSON record's solution key) holds
    /// no solution of the puzzle's size: what it holds instead (`holds 80 characters,
    /// not 81`). Not compared.
    NotASolution(String),
    /// A solution is given, but the puzzle has none or more than one: why it is not
    /// compared.
    NotCompared(&'static str),
}

impl GivenSolution {
    /// The JSON and CSV word: `matches` or `differs`; none for a field that is no
    /// solution (the key is left out, as when none is given).
    fn word(&self) -> Option<&'static str> {
        match self {
            GivenSolution::Matches => Some("matches"),
            GivenSolution::Differs { .. } => Some("differs"),
            GivenSolution::NotASolution(_) | GivenSolution::NotCompared(_) => None,
        }
    }

    /// The note for standard error when the given solution differs, naming the cell
    /// (1-based `rNcM`), or when the solution column holds no solution.
    fn note(&self, record: &Record, source: &str) -> Option<String> {
        let line = record.first_line;
        match self {
            GivenSolution::Matches => None,
            GivenSolution::Differs { at, given, ours } => Some(format!(
                "{source}:{line}: the given solution differs from ours at {} (given {given}, \
                 ours {ours})",
                sudoku::CellName(*at),
            )),
            GivenSolution::NotASolution(what) => Some(format!(
                "{source}:{line}: the {} {what}: not compared",
                match record.table_header() {
                    Some(_) => "solution column",
                    None => "given solution",
                }
            )),
            GivenSolution::NotCompared(why) => Some(format!(
                "{source}:{line}: {why}: the given solution is not compared"
            )),
        }
    }
}

/// How the solution `record` gives compares with the unique solution of `verdict`,
/// written in `alphabet` (the standard one when `None`), symbols compared without
/// case; `None` when the record gives none, [`GivenSolution::NotCompared`] when the
/// puzzle has no unique solution. A
/// field of the solution column a CSV header names is first checked to be a solution
/// of `puzzle`'s size, whatever the verdict: when it is not, what it holds instead.
fn compare_given_solution(
    record: &Record,
    puzzle: &Sudoku,
    verdict: &Verdict,
    alphabet: Option<&Alphabet>,
) -> Option<GivenSolution> {
    if record.has_solution_column() {
        let given = record.given_solution()?;
        if let Some(what) = not_a_solution(given, puzzle.size(), alphabet) {
            return Some(GivenSolution::NotASolution(what));
        }
    } else if record.text.len() <= puzzle.cells().len() {
        return None;
    }
    let Verdict::Unique(ours) = verdict else {
        // Nothing to compare with: said, not passed over.
        record.given_solution()?;
        return Some(GivenSolution::NotCompared(match verdict {
            Verdict::NoSolution => "the puzzle has no solution",
            _ => "the puzzle has more than one solution",
        }));
    };
    let given = record.given_solution()?;
    let n = ours.size();
    let line = match alphabet {
        Some(a) => a.line(ours),
        None => ours.to_string(),
    };
    Some(
        given
            .chars()
            .zip(line.chars())
            .enumerate()
            .find(|(_, (g, o))| !g.eq_ignore_ascii_case(o))
            .map_or(GivenSolution::Matches, |(cell, (given, ours))| {
                GivenSolution::Differs {
                    at: grid_core::Coord::new(cell / n, cell % n),
                    given,
                    ours,
                }
            }),
    )
}

/// What `given`, a field of a solution column, holds when it is no solution of an
/// `n` x `n` grid in `alphabet` (the standard one when `None`): its length when it is
/// not n² characters, else its first blank or character that is no symbol of the
/// grid, by cell; `None` for a solution (which may still break the rules).
fn not_a_solution(given: &str, n: usize, alphabet: Option<&Alphabet>) -> Option<String> {
    let cells = n * n;
    let found = given.chars().count();
    if found != cells {
        return Some(format!(
            "holds {}, not {cells}",
            count_of(found, "character")
        ));
    }
    let standard;
    let alphabet = match alphabet {
        Some(alphabet) => alphabet,
        None => {
            standard = Alphabet::standard(n);
            &standard
        }
    };
    let (cell, c) = given
        .chars()
        .enumerate()
        .find(|&(_, c)| alphabet.value(c).is_none_or(|v| usize::from(v) > n))?;
    let at = sudoku::CellName(grid_core::Coord::new(cell / n, cell % n));
    Some(
        if matches!(c, '.' | '_') || (c == '0' && alphabet.value('0').is_none()) {
            format!("has a blank at {at}")
        } else {
            format!("holds {c:?} at {at}, no symbol of a {n} x {n} grid")
        },
    )
}

/// A puzzle searched: its record's line, what the search found and its verdict.
pub(super) struct Searched {
    /// The puzzle as read (its givens).
    pub puzzle: Sudoku,
    /// 1-based line of the record.
    pub line: usize,
    /// The count and the work (JSON keys `count`, `exact`, `givens`, `guesses`).
    pub search: Search,
    /// The verdict of the search ([`sudoku::Analysis::verdict`]).
    pub verdict: Verdict,
    /// The record's alphabet, when not the standard one.
    pub alphabet: Option<Alphabet>,
    /// A note for standard error.
    pub note: Option<String>,
    /// The rules it was searched under.
    pub variant: Variant,
}

/// What a search found, as every search answer shows it in JSON: `"count": N,
/// "exact": true, "givens": G, "guesses": K`, and `"variant": "x"` under other rules
/// than the classic ones.
#[derive(Debug, Serialize)]
pub(super) struct Search {
    /// Solutions found up to the search's limit (`count`, `exact`).
    #[serde(flatten)]
    pub count: BoundedCount,
    /// Filled cells of the puzzle.
    pub givens: usize,
    /// Values tried at branch points.
    pub guesses: u64,
    /// The rules searched under (`--variant`), left out for the classic ones.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<&'static str>,
    /// How the solution the record gives compares with the unique one found:
    /// `matches` or `differs`; left out when the record gives none or the puzzle has
    /// no unique solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub given_solution: Option<&'static str>,
}

impl Search {
    /// Whether the record's given solution differs from the unique one found.
    pub fn given_solution_differs(&self) -> bool {
        self.given_solution == Some("differs")
    }
}

/// Which verdict a search came to, without what goes with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Found {
    /// No solution.
    NoSolution,
    /// Exactly one solution (with `solve --first`, one found).
    Unique,
    /// More than one solution.
    Multiple,
}

impl Found {
    /// The kind of `verdict`.
    pub fn of(verdict: &Verdict) -> Found {
        match verdict {
            Verdict::NoSolution => Found::NoSolution,
            Verdict::Unique(_) => Found::Unique,
            Verdict::Multiple { .. } => Found::Multiple,
        }
    }
}

/// Serializes a [`Found`] as the `"status"` of solve and count: `solved`,
/// `no_solution` or `multiple`.
pub(super) fn solved_status<S: serde::Serializer>(
    found: &Found,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(match found {
        Found::NoSolution => "no_solution",
        Found::Unique => "solved",
        Found::Multiple => "multiple",
    })
}

/// A solution, written in the input's alphabet (the standard one when `alphabet` is
/// `None`).
#[derive(Debug)]
pub(super) struct Solution {
    /// The solved grid.
    pub grid: Sudoku,
    /// The input's alphabet, when it is not the standard one.
    pub alphabet: Option<Alphabet>,
}

impl Solution {
    /// The block form, in the input's alphabet.
    pub fn block(&self) -> String {
        match &self.alphabet {
            Some(a) => a.block(&self.grid),
            None => self.grid.block().to_string(),
        }
    }
}

impl Display for Solution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.alphabet {
            Some(a) => f.write_str(&a.line(&self.grid)),
            None => self.grid.fmt(f),
        }
    }
}

/// What `solve`, `count` and `check` add up for their summary.
#[derive(Debug, Default)]
pub(super) struct PuzzleTally {
    pub solved: u64,
    pub no_solution: u64,
    pub multiple: u64,
    /// `count --limit 1`: a solution found, one or several.
    pub at_least_one: u64,
    /// JSON boards checked as LeetCode 36 boards.
    pub valid: u64,
    pub not_valid: u64,
    /// Puzzles whose given solution (a CSV or JSON solution field) differs from the
    /// unique one found.
    pub differs: u64,
}

impl PuzzleTally {
    /// Counts a verdict.
    pub fn count(&mut self, found: Found) {
        match found {
            Found::NoSolution => self.no_solution += 1,
            Found::Unique => self.solved += 1,
            Found::Multiple => self.multiple += 1,
        }
    }
}

impl batch::Tally for PuzzleTally {
    fn add(&mut self, other: &PuzzleTally) {
        self.solved += other.solved;
        self.no_solution += other.no_solution;
        self.multiple += other.multiple;
        self.at_least_one += other.at_least_one;
        self.valid += other.valid;
        self.not_valid += other.not_valid;
        self.differs += other.differs;
    }
}

/// `source: 10 puzzles: 5 solved, 1 no solution, 1 multiple, 3 invalid` (and the rate
/// on a terminal); `solved` is the verb's word for a unique solution.
pub(super) fn summary_line(
    source: &str,
    tally: &Counted<PuzzleTally>,
    solved: &str,
    started: Instant,
) -> String {
    let of = &tally.of;
    let mut summary = format!(
        "{source}: {}: {} {solved}, {} no solution, {} multiple, {} invalid",
        count_of(tally.records, "puzzle"),
        of.solved,
        of.no_solution,
        of.multiple,
        tally.invalid
    );
    if of.at_least_one > 0 {
        summary.push_str(&format!(
            ", {} at least one (--limit 1 stops at the first solution: one or several)",
            of.at_least_one
        ));
    }
    if of.differs > 0 {
        let verb = if of.differs == 1 { "differs" } else { "differ" };
        summary.push_str(&format!(
            ", {} {verb} from ours",
            count_of(of.differs, "given solution")
        ));
    }
    if of.valid + of.not_valid > 0 {
        summary.push_str(&format!(
            " ({} checked for clashing givens: {} valid, {} not valid)",
            count_of(of.valid + of.not_valid, "board"),
            of.valid,
            of.not_valid
        ));
    }
    if std::io::stderr().is_terminal() {
        let secs = started.elapsed().as_secs_f64();
        summary.push_str(&format!(
            ", {:.0} puzzles/s",
            tally.records as f64 / secs.max(1e-9)
        ));
    }
    summary
}
