//! Adding up the partial counts of a split count ([`merge`], [`Merge`]): the line a
//! shard's count is written as ([`PartialCount`], text or JSON), the rules a partial
//! count of a split must follow, and the check that every shard is there exactly once.
//!
//! The text form is `PartialCount`'s `Display`: `n = 18, shard 2/7 of the
//! constellations-1 split: 123 solutions, 45 fundamental`; anything after it on the line
//! (the CLI's `(a partial count: ...)`) is ignored. The JSON form (feature `json`) is
//! `{"n":18,"shard":2,"shards":7,"split":"constellations-1","count":123,"fundamental":45}`
//! (other keys ignored). The CSV form is a header row naming the columns (`n,shard,
//! shards,split,count,fundamental,status`, any order, other columns ignored) and then
//! rows, read by the last header of the same text. A count that Ctrl-C stopped
//! (`"status":"interrupted"`, or `interrupted` after the text form's colon) is never
//! added: its shard stays missing. Partial counts written before the split had a name (Takaki's
//! prefix split) have no `of the ... split` and no `"split"`: their split is
//! [`PartialCount::UNNAMED_SPLIT`], so they are never added to the shards of another.

use std::collections::HashMap;
use std::fmt;

use grid_core::text::count_of;
use grid_core::{Positioned, TextPosition};

use crate::{Counts, QueensError, Shard};

/// The partial count of one shard of a split count, as `count_with` with a
/// [`crate::CountOptions::shard`] finds it and a shard's output writes it.
///
/// # Examples
///
/// ```
/// use queens::{Counts, PartialCount, Shard};
///
/// let part = PartialCount::new(10, Shard::new(2, 3)?, Counts { total: 224, fundamental: 28 });
/// let line = part.to_string();
/// assert_eq!(line, "n = 10, shard 2/3 of the constellations-1 split: 224 solutions, 28 fundamental");
/// assert_eq!(line.parse::<PartialCount>()?, part);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialCount {
    /// The board size.
    pub n: usize,
    /// Which shard of how many.
    pub shard: Shard,
    /// The name of the split ([`Shard::SPLIT`] for this version's).
    pub split: String,
    /// The shard's counts.
    pub counts: Counts,
}

impl PartialCount {
    /// The split of partial counts that name none: Takaki's prefix split, the only one
    /// before the name was written.
    pub const UNNAMED_SPLIT: &'static str = "prefix";

    /// The partial count `counts` of `shard` of the `n`-queens count, in this version's
    /// split ([`Shard::SPLIT`]).
    pub fn new(n: usize, shard: Shard, counts: Counts) -> PartialCount {
        PartialCount {
            n,
            shard,
            split: Shard::SPLIT.to_owned(),
            counts,
        }
    }

    /// Reads line `number` (1-based) of the text `source`: `Ok(None)` for a line that
    /// holds no partial count (blank, a `#` comment, or a `gridsolve:` note); with the
    /// count, whether it was interrupted (its counts partial).
    fn read_line(
        line: &str,
        number: usize,
        source: &str,
    ) -> Result<Option<(PartialCount, bool)>, MergeError> {
        let source_name = source.to_owned();
        let at = |column: Option<usize>| match column {
            Some(column) => TextPosition::at(number, column),
            None => TextPosition::line(number),
        };
        let trimmed = line.trim();
        if grid_core::text::is_blank_or_comment(line) || trimmed.starts_with("gridsolve:") {
            return Ok(None);
        }
        let raw = if trimmed.starts_with('{') {
            let indent = line.len() - line.trim_start().len();
            json::read(trimmed).map_err(|(column, message)| MergeError::BadJson {
                source_name,
                position: at(column.map(|c| indent + c)),
                message,
            })?
        } else {
            RawPart::read_text(trimmed).ok_or_else(|| MergeError::NotAPartialCount {
                source_name: source.to_owned(),
                line: number,
                found: trimmed.to_owned(),
            })?
        };
        raw.into_part(number, source).map(Some)
    }

    /// Reads the CSV row on line `number` of the text `source` by the header's
    /// `columns` (`count --shard I/K --format csv`: `n,shard,shards,split,count,
    /// fundamental,status`, in any order; other columns ignored); with the count, whether
    /// it was interrupted.
    fn read_csv_row(
        line: &str,
        number: usize,
        source: &str,
        columns: &[String],
    ) -> Result<(PartialCount, bool), MergeError> {
        // The CLI quotes no field of a partial count; a spreadsheet may quote them all.
        let fields: Vec<&str> = line
            .split(',')
            .map(|f| f.trim().trim_matches('"'))
            .collect();
        let field = |name: &str| {
            let i = columns.iter().position(|c| c == name)?;
            fields.get(i).copied()
        };
        let number_of = |name: &str| field(name)?.parse::<u128>().ok();
        let bad = || MergeError::NotAPartialCount {
            source_name: source.to_owned(),
            line: number,
            found: line.to_owned(),
        };
        let small = |value: Option<u128>| value.and_then(|v| usize::try_from(v).ok());
        let raw = RawPart {
            n: small(number_of("n")).ok_or_else(bad)?,
            shard: small(number_of("shard")).ok_or_else(bad)?,
            shards: small(number_of("shards")).ok_or_else(bad)?,
            split: field("split")
                .filter(|split| !split.is_empty())
                .unwrap_or(PartialCount::UNNAMED_SPLIT)
                .to_owned(),
            count: number_of("count").ok_or_else(bad)?,
            fundamental: number_of("fundamental").ok_or_else(bad)?,
            status: field("status").map(str::to_owned),
        };
        if fields.len() != columns.len() {
            return Err(bad());
        }
        raw.into_part(number, source)
    }

    /// The rule a partial count of its split must follow, or why it breaks it (a
    /// hand-edited or damaged file): no more fundamental solutions than solutions, and in
    /// the constellations split, a shard other than the first has exactly 8 solutions
    /// per fundamental one (only the first shard holds symmetric solutions), and the
    /// first, whose classes under rotation and reflection have 8, 4 or 2 members (n >= 2;
    /// Rivin, Vardi and Zimmermann, "The n-Queens Problem", Amer. Math. Monthly 101,
    /// 1994), has an even total from 2 to 8 times its fundamental count. An edit that
    /// keeps these rules is not caught.
    fn implausible(&self) -> Option<Implausible> {
        let (total, fundamental) = (self.counts.total, self.counts.fundamental);
        if fundamental > total {
            return Some(Implausible::MoreFundamental);
        }
        if self.split != Shard::SPLIT {
            return None;
        }
        if self.shard.index() != 1 {
            if Some(total) != fundamental.checked_mul(8) {
                return Some(Implausible::NotEightfold);
            }
        } else if self.n >= 2
            && (total % 2 != 0
                || Some(total) < fundamental.checked_mul(2)
                || fundamental.checked_mul(8).is_some_and(|most| total > most))
        {
            return Some(Implausible::NotClasses);
        }
        None
    }
}

impl fmt::Display for PartialCount {
    /// `n = 18, shard 2/7 of the constellations-1 split: 123 solutions, 45 fundamental`
    /// (no `of the ... split` for [`PartialCount::UNNAMED_SPLIT`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n = {}, shard {}", self.n, self.shard)?;
        if self.split != PartialCount::UNNAMED_SPLIT {
            write!(f, " of the {} split", self.split)?;
        }
        write!(
            f,
            ": {}, {} fundamental",
            count_of(self.counts.total, "solution"),
            self.counts.fundamental
        )
    }
}

impl std::str::FromStr for PartialCount {
    type Err = MergeError;

    /// Reads one partial count, text or (feature `json`) JSON, as line 1 of a text with
    /// an empty name.
    ///
    /// # Errors
    ///
    /// As for [`Merge::add_text`], [`MergeError::Empty`] for a line with none, and
    /// [`MergeError::Interrupted`] for the line of a count that Ctrl-C stopped.
    fn from_str(line: &str) -> Result<PartialCount, MergeError> {
        match PartialCount::read_line(line, 1, "")? {
            Some((part, false)) => Ok(part),
            Some((part, true)) => Err(MergeError::Interrupted {
                at: Place {
                    source: String::new(),
                    line: 1,
                },
                shard: part.shard,
                n: part.n,
            }),
            None => Err(MergeError::Empty {
                source_name: String::new(),
            }),
        }
    }
}

/// The columns of a CSV header row of partial counts (`n,shard,shards,...`: it names
/// `n`, `shard`, `shards`, `count` and `fundamental`, in any order), or `None` for any
/// other line.
fn csv_header(line: &str) -> Option<Vec<String>> {
    let columns: Vec<String> = line
        .split(',')
        .map(|c| c.trim().trim_matches('"').to_owned())
        .collect();
    let has = |name: &str| columns.iter().any(|c| c == name);
    ["n", "shard", "shards", "count", "fundamental"]
        .iter()
        .all(|c| has(c))
        .then_some(columns)
}

/// A partial count's numbers as written, before its shard is checked.
#[derive(Debug)]
#[cfg_attr(feature = "json", derive(serde::Deserialize))]
struct RawPart {
    n: usize,
    shard: usize,
    shards: usize,
    #[cfg_attr(feature = "json", serde(default = "unnamed_split"))]
    split: String,
    count: u128,
    fundamental: u128,
    /// `interrupted` for a count that Ctrl-C stopped (its counts are partial); the
    /// CLI writes `answered` for a finished one.
    #[cfg_attr(feature = "json", serde(default))]
    status: Option<String>,
}

impl RawPart {
    /// Whether the count was stopped before it finished.
    fn interrupted(&self) -> bool {
        self.status.as_deref() == Some(INTERRUPTED)
    }

    /// The partial count, read on line `number` of the text `source`, with whether it
    /// was interrupted; [`MergeError::NoSuchShard`] for a shard outside `1..=K`.
    fn into_part(self, number: usize, source: &str) -> Result<(PartialCount, bool), MergeError> {
        let shard =
            Shard::new(self.shard, self.shards).map_err(|error| MergeError::NoSuchShard {
                source_name: source.to_owned(),
                line: number,
                error,
            })?;
        let interrupted = self.interrupted();
        let part = PartialCount {
            n: self.n,
            shard,
            split: self.split,
            counts: Counts {
                total: self.count,
                fundamental: self.fundamental,
            },
        };
        Ok((part, interrupted))
    }
}

/// The status of a count that Ctrl-C stopped, as the CLI writes it.
const INTERRUPTED: &str = "interrupted";

#[cfg(feature = "json")]
fn unnamed_split() -> String {
    PartialCount::UNNAMED_SPLIT.to_owned()
}

impl RawPart {
    /// `n = 18, shard 2/7 of the constellations-1 split: 123 solutions, 45 fundamental
    /// (...)` (`of the ... split` optional), or `n = 18, shard 2/7 of the ... split:
    /// interrupted ...` for a count that Ctrl-C stopped.
    fn read_text(line: &str) -> Option<RawPart> {
        let rest = line.strip_prefix("n = ")?;
        let (n, rest) = rest.split_once(", shard ")?;
        let (shard, rest) = rest.split_once('/')?;
        let (shards, rest) = rest.split_once(": ")?;
        let (shards, split) = match shards.split_once(" of the ") {
            Some((shards, split)) => (shards, split.strip_suffix(" split")?.to_owned()),
            None => (shards, PartialCount::UNNAMED_SPLIT.to_owned()),
        };
        if rest.starts_with(INTERRUPTED) {
            // `n = 18, shard 2/7 of the ... split: interrupted (Ctrl-C) after ...`.
            return Some(RawPart {
                n: n.parse().ok()?,
                shard: shard.parse().ok()?,
                shards: shards.parse().ok()?,
                split,
                count: 0,
                fundamental: 0,
                status: Some(INTERRUPTED.to_owned()),
            });
        }
        let (count, rest) = rest.split_once(" solution")?;
        let rest = rest.trim_start_matches('s').strip_prefix(", ")?;
        let (fundamental, _) = rest.split_once(" fundamental")?;
        Some(RawPart {
            n: n.parse().ok()?,
            shard: shard.parse().ok()?,
            shards: shards.parse().ok()?,
            split,
            count: count.parse().ok()?,
            fundamental: fundamental.parse().ok()?,
            status: None,
        })
    }
}

#[cfg(feature = "json")]
mod json {
    use super::RawPart;

    /// Reads a JSON partial count, or the 1-based column and the message of its error.
    pub(super) fn read(line: &str) -> Result<RawPart, (Option<usize>, String)> {
        serde_json::from_str(line).map_err(|e| {
            let (at, message) = grid_core::json_error_at(line, &e);
            (Some(at.column.unwrap_or(1)), message)
        })
    }
}

#[cfg(not(feature = "json"))]
mod json {
    use super::RawPart;

    /// Without the feature `json`, a JSON line is an error.
    pub(super) fn read(_: &str) -> Result<RawPart, (Option<usize>, String)> {
        Err((
            Some(1),
            "a partial count in JSON needs the feature `json` of the queens crate".to_owned(),
        ))
    }
}

/// Why a partial count cannot come from its split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Implausible {
    /// More fundamental solutions than solutions.
    MoreFundamental,
    /// In the constellations split, a shard but the first whose total is not 8 times its
    /// fundamental count.
    NotEightfold,
    /// In the constellations split, a first shard (n >= 2) whose total is odd or not
    /// from 2 to 8 times its fundamental count: its classes have 2, 4 or 8 members.
    NotClasses,
}

/// Where a partial count was read: the name of its text (a file name, `<stdin>`) and its
/// 1-based line. `Display`: `name:line`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// The name the text was given to [`Merge::add_text`] with.
    pub source: String,
    /// The 1-based line.
    pub line: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.source, self.line)
    }
}

/// The text that says what a partial count looks like, ending every syntax error.
fn expected() -> String {
    format!(
        "expected the output of `queens count N --shard I/K` (`n = 18, shard 2/7 of the {} \
         split: 123 solutions, 45 fundamental ...`, its JSON, or its CSV under a header row)",
        Shard::SPLIT
    )
}

/// Everything that stops a merge. The place of the partial count at fault is data: its
/// line is [`Positioned::text_position`] and the text it is in is [`MergeError::source_name`]
/// (`None` for the errors about the whole set: [`MergeError::MissingShards`],
/// [`MergeError::NoShards`]); `Display` is the message alone. Messages about a second
/// partial count name its place (`file:line`).
///
/// # Examples
///
/// ```
/// use grid_core::{Positioned, TextPosition};
/// use queens::{Merge, MergeError};
///
/// let mut merge = Merge::new();
/// let err = merge.add_text("part.txt", "# shard 1\nn = 8: 92 solutions").unwrap_err();
/// assert!(matches!(err, MergeError::NotAPartialCount { line: 2, .. }));
/// assert_eq!(err.text_position(), Some(TextPosition::line(2)));
/// assert_eq!(err.source_name(), Some("part.txt"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// A line that is no partial count (in its text form).
    #[error("{}, found {}", expected(), grid_core::text::quote(found))]
    NotAPartialCount {
        /// The text's name.
        source_name: String,
        /// The 1-based line.
        line: usize,
        /// The line, trimmed.
        found: String,
    },
    /// A JSON line that is no partial count.
    #[error("{message}; {}", expected())]
    BadJson {
        /// The text's name.
        source_name: String,
        /// Where: 1-based line and character column.
        position: TextPosition,
        /// What the JSON reader found.
        message: String,
    },
    /// A text that holds no partial count (empty, or comments only).
    #[error("empty; {}", expected())]
    Empty {
        /// The text's name.
        source_name: String,
    },
    /// A partial count of a shard that does not exist (`shard 4/3`).
    #[error("{error}")]
    NoSuchShard {
        /// The text's name.
        source_name: String,
        /// The 1-based line.
        line: usize,
        /// [`QueensError::InvalidShard`] or [`QueensError::TooManyShards`].
        error: QueensError,
    },
    /// A partial count its split cannot give (a hand-edited or damaged file).
    #[error("{}", implausible_message(part, *why))]
    Implausible {
        /// Where the partial count is.
        at: Place,
        /// The partial count.
        part: Box<PartialCount>,
        /// The rule it breaks.
        why: Implausible,
    },
    /// A partial count of another count (another `n` or `K`) than the first one read.
    #[error(
        "shard {} of n = {}, but {first_at} holds shard {} of n = {}; every part must come \
         from one count (the same N and K)",
        part.shard, part.n, first.shard, first.n
    )]
    OtherCount {
        /// Where the partial count is.
        at: Place,
        /// The partial count.
        part: Box<PartialCount>,
        /// Where the first partial count is.
        first_at: Place,
        /// The first partial count.
        first: Box<PartialCount>,
    },
    /// A partial count of another split than the first one read (from another version).
    #[error(
        "a shard of the {} split, but {first_at} holds one of the {} split; shards of \
         different splits (from different gridsolve versions) do not add up: count every \
         shard with one version",
        part.split, first.split
    )]
    OtherSplit {
        /// Where the partial count is.
        at: Place,
        /// The partial count.
        part: Box<PartialCount>,
        /// Where the first partial count is.
        first_at: Place,
        /// The first partial count.
        first: Box<PartialCount>,
    },
    /// The same line of the same text read twice (a file given twice).
    #[error(
        "shard {shard} again, from this same line read before: the file is named twice \
         (each shard must be given once)"
    )]
    GivenTwice {
        /// Where the partial count is.
        at: Place,
        /// The shard.
        shard: Shard,
    },
    /// A second partial count of a shard already read.
    #[error("shard {shard} again (it is in {other} already); each shard must be given once")]
    Repeated {
        /// Where the second one is.
        at: Place,
        /// The shard.
        shard: Shard,
        /// Where the first one is.
        other: Place,
    },
    /// The sum of the counts exceeds `u128`.
    #[error("the sum of the counts exceeds u128")]
    Overflow {
        /// Where the partial count that made it overflow is.
        at: Place,
    },
    /// Shards of the count that no text held finished (a shard whose only line is that
    /// of a count Ctrl-C stopped is missing).
    #[error("{}", missing_message(*n, *shards, missing, interrupted))]
    MissingShards {
        /// The board size.
        n: usize,
        /// K, the number of shards.
        shards: usize,
        /// The missing shards, 1-based, in increasing order.
        missing: Vec<usize>,
        /// Of the missing shards, those whose count was found interrupted, with where
        /// (the first such line of each), in increasing order of shard.
        interrupted: Vec<(usize, Place)>,
    },
    /// A single partial count ([`PartialCount::from_str`](std::str::FromStr)) that is
    /// the line of a count Ctrl-C stopped: its counts are partial.
    #[error(
        "shard {shard} of n = {n} was interrupted (Ctrl-C) before it finished: its counts are partial"
    )]
    Interrupted {
        /// Where it was read.
        at: Place,
        /// The shard.
        shard: Shard,
        /// The board size.
        n: usize,
    },
    /// No partial count at all (no text given).
    #[error("no shards to merge")]
    NoShards,
    /// The parts add up to other counts than the published ones (n up to 27, see
    /// [`PUBLISHED`]): a part was edited or damaged in a way each part's own rules
    /// cannot see.
    #[error(
        "the parts add up to {} and {} fundamental for n = {n}, but the published counts \
         are {} and {} fundamental (OEIS A000170 and A002562); was a file edited?",
        count_of(merged.total, "solution"),
        merged.fundamental,
        count_of(published.total, "solution"),
        published.fundamental
    )]
    Published {
        /// The board size.
        n: usize,
        /// What the parts add up to.
        merged: Counts,
        /// The published counts.
        published: Counts,
    },
}

/// The published counts of every solution and of the fundamental ones, `(total,
/// fundamental)` for n = 1 to 27 (index n - 1): OEIS A000170 and A002562 (n = 27: the
/// Q27 project, Preußer and Engelhardt, 2016). [`Merge::finish`] checks a merged count
/// against them.
pub const PUBLISHED: [(u128, u128); 27] = [
    (1, 1),
    (0, 0),
    (0, 0),
    (2, 1),
    (10, 2),
    (4, 1),
    (40, 6),
    (92, 12),
    (352, 46),
    (724, 92),
    (2_680, 341),
    (14_200, 1_787),
    (73_712, 9_233),
    (365_596, 45_752),
    (2_279_184, 285_053),
    (14_772_512, 1_846_955),
    (95_815_104, 11_977_939),
    (666_090_624, 83_263_591),
    (4_968_057_848, 621_012_754),
    (39_029_188_884, 4_878_666_808),
    (314_666_222_712, 39_333_324_973),
    (2_691_008_701_644, 336_376_244_042),
    (24_233_937_684_440, 3_029_242_658_210),
    (227_514_171_973_736, 28_439_272_956_934),
    (2_207_893_435_808_352, 275_986_683_743_434),
    (22_317_699_616_364_044, 2_789_712_466_510_289),
    (234_907_967_154_122_528, 29_363_495_934_315_694),
];

impl MergeError {
    /// The name of the text the error is in (as given to [`Merge::add_text`]), or `None`
    /// for an error about the whole set of partial counts.
    pub fn source_name(&self) -> Option<&str> {
        match self {
            MergeError::NotAPartialCount { source_name, .. }
            | MergeError::BadJson { source_name, .. }
            | MergeError::Empty { source_name }
            | MergeError::NoSuchShard { source_name, .. } => Some(source_name),
            MergeError::Implausible { at, .. }
            | MergeError::OtherCount { at, .. }
            | MergeError::OtherSplit { at, .. }
            | MergeError::GivenTwice { at, .. }
            | MergeError::Repeated { at, .. }
            | MergeError::Interrupted { at, .. }
            | MergeError::Overflow { at } => Some(&at.source),
            MergeError::MissingShards { .. }
            | MergeError::NoShards
            | MergeError::Published { .. } => None,
        }
    }
}

impl Positioned for MergeError {
    fn text_position(&self) -> Option<TextPosition> {
        match self {
            MergeError::NotAPartialCount { line, .. } | MergeError::NoSuchShard { line, .. } => {
                Some(TextPosition::line(*line))
            }
            MergeError::BadJson { position, .. } => Some(*position),
            MergeError::Implausible { at, .. }
            | MergeError::OtherCount { at, .. }
            | MergeError::OtherSplit { at, .. }
            | MergeError::GivenTwice { at, .. }
            | MergeError::Repeated { at, .. }
            | MergeError::Interrupted { at, .. }
            | MergeError::Overflow { at } => Some(TextPosition::line(at.line)),
            MergeError::Empty { .. }
            | MergeError::MissingShards { .. }
            | MergeError::NoShards
            | MergeError::Published { .. } => None,
        }
    }
}

fn implausible_message(part: &PartialCount, why: Implausible) -> String {
    let says = format!(
        "shard {} of n = {} says {} and {} fundamental",
        part.shard,
        part.n,
        count_of(part.counts.total, "solution"),
        part.counts.fundamental
    );
    match why {
        Implausible::MoreFundamental => {
            format!("{says}, more fundamental solutions than solutions; was the file edited?")
        }
        Implausible::NotEightfold => format!(
            "{says}, but in the {} split every shard but the first has exactly 8 solutions per \
             fundamental one; was the file edited?",
            part.split
        ),
        Implausible::NotClasses => format!(
            "{says}, but the first shard's solutions come in symmetry classes of 2, 4 or 8, \
             an even total from 2 to 8 times the fundamental count; was the file edited?"
        ),
    }
}

/// The most missing shards an error lists by number.
const MISSING_LISTED: usize = 10;

fn missing_message(
    n: usize,
    shards: usize,
    missing: &[usize],
    interrupted: &[(usize, Place)],
) -> String {
    let stopped = match interrupted {
        [] => String::new(),
        [(one, at)] => format!(" (shard {one} at {at} was interrupted: its count is partial)"),
        [(one, at), rest @ ..] => format!(
            " (shard {one} at {at} and {} more were interrupted: their counts are partial)",
            rest.len()
        ),
    };
    if let [one] = missing {
        return format!(
            "missing shard {one} of {shards} for n = {n}{stopped}: merge needs every shard \
             1..={shards} (count it with `gridsolve queens count {n} --shard {one}/{shards}`)"
        );
    }
    let mut listed: Vec<String> = missing
        .iter()
        .take(MISSING_LISTED)
        .map(ToString::to_string)
        .collect();
    if missing.len() > MISSING_LISTED {
        listed.push(format!("and {} more", missing.len() - MISSING_LISTED));
    }
    format!(
        "missing {} shards of {shards} for n = {n}: {}{stopped}; merge needs every shard \
         1..={shards} (count each with `gridsolve queens count {n} --shard I/{shards}`)",
        missing.len(),
        listed.join(", ")
    )
}

/// The sum of every shard of one count: the count of `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MergedCount {
    /// The board size.
    pub n: usize,
    /// The counts, equal to [`crate::count`]'s.
    pub counts: Counts,
}

/// Adds up partial counts text by text ([`Merge::add_text`]), checking each as it comes,
/// and then that every shard is there ([`Merge::finish`]). [`merge`] does it for a list
/// of texts.
#[derive(Debug, Default)]
pub struct Merge {
    /// The first partial count read, which every other must match.
    first: Option<(Place, PartialCount)>,
    /// Where each shard (by its 1-based number) was found.
    seen: HashMap<usize, Place>,
    /// Where each shard was first found interrupted (its counts partial, not added).
    interrupted: HashMap<usize, Place>,
    /// The columns of the last CSV header row read, and the text it was in: the rows
    /// after it in that text are read by them.
    csv_header: Option<(String, Vec<String>)>,
    total: u128,
    fundamental: u128,
}

impl Merge {
    /// Nothing added yet.
    pub fn new() -> Merge {
        Merge::default()
    }

    /// Adds every partial count of `text`, one per line (blank lines, `#` comment lines
    /// and `gridsolve:` notes are skipped). `source` names the text in errors (a file
    /// name, `<stdin>`).
    ///
    /// # Errors
    ///
    /// The first partial count that does not read ([`MergeError::NotAPartialCount`],
    /// [`MergeError::BadJson`], [`MergeError::NoSuchShard`]), that its split cannot give
    /// ([`MergeError::Implausible`]), that belongs to another count or split than the
    /// first one added ([`MergeError::OtherCount`], [`MergeError::OtherSplit`]), that
    /// repeats a shard ([`MergeError::GivenTwice`], [`MergeError::Repeated`]) or makes the
    /// sum overflow; [`MergeError::Empty`] for a text without any.
    pub fn add_text(&mut self, source: &str, text: &str) -> Result<(), MergeError> {
        let mut added = false;
        for line in grid_core::text::lines(text) {
            added |= self.add_line(source, line)?;
        }
        if !added {
            return Err(MergeError::Empty {
                source_name: source.to_owned(),
            });
        }
        Ok(())
    }

    /// Adds the partial count on `line` of the text named `source`, as
    /// [`Merge::add_text`] does for each of its lines: `true` when the line held one,
    /// `false` for a blank or `#` comment line. A file read a line at a time (one
    /// line in memory) comes through here; a file with no partial count at all is
    /// then the caller's to report ([`MergeError::Empty`]).
    ///
    /// # Errors
    ///
    /// As for [`Merge::add_text`], but for [`MergeError::Empty`].
    pub fn add_line(
        &mut self,
        source: &str,
        line: grid_core::text::TextLine<'_>,
    ) -> Result<bool, MergeError> {
        let trimmed = line.text.trim();
        if let Some(columns) = csv_header(trimmed) {
            self.csv_header = Some((source.to_owned(), columns));
            return Ok(false);
        }
        let read = match &self.csv_header {
            // After a header of this text, a line with a comma that is neither JSON nor
            // the text form is a row.
            Some((text, columns))
                if text == source
                    && trimmed.contains(',')
                    && !trimmed.starts_with(['{', '#'])
                    && !trimmed.starts_with("n =") =>
            {
                Some(PartialCount::read_csv_row(
                    trimmed,
                    line.number,
                    source,
                    columns,
                )?)
            }
            _ => PartialCount::read_line(line.text, line.number, source)?,
        };
        let Some((part, interrupted)) = read else {
            return Ok(false);
        };
        let at = Place {
            source: source.to_owned(),
            line: line.number,
        };
        if interrupted {
            self.add_interrupted(at, part)?;
        } else {
            self.add(at, part)?;
        }
        Ok(true)
    }

    /// Notes the line of a count that Ctrl-C stopped, read at `at`: it must belong to
    /// the same count as the others, but its counts are not added, and its shard stays
    /// missing unless a finished count of it comes too.
    fn add_interrupted(&mut self, at: Place, part: PartialCount) -> Result<(), MergeError> {
        self.check_same_count(&at, &part)?;
        if self.first.is_none() {
            self.first = Some((at.clone(), part.clone()));
        }
        self.interrupted.entry(part.shard.index()).or_insert(at);
        Ok(())
    }

    /// That `part` (read at `at`) is of the count and split of the first added.
    fn check_same_count(&self, at: &Place, part: &PartialCount) -> Result<(), MergeError> {
        if let Some((first_at, first)) = &self.first {
            let other_count = (part.n, part.shard.of()) != (first.n, first.shard.of());
            if other_count || part.split != first.split {
                let (at, part, first_at, first) = (
                    at.clone(),
                    Box::new(part.clone()),
                    first_at.clone(),
                    Box::new(first.clone()),
                );
                return Err(if other_count {
                    MergeError::OtherCount {
                        at,
                        part,
                        first_at,
                        first,
                    }
                } else {
                    MergeError::OtherSplit {
                        at,
                        part,
                        first_at,
                        first,
                    }
                });
            }
        }
        Ok(())
    }

    /// Adds one partial count read at `at`.
    fn add(&mut self, at: Place, part: PartialCount) -> Result<(), MergeError> {
        if let Some(why) = part.implausible() {
            return Err(MergeError::Implausible {
                at,
                part: Box::new(part),
                why,
            });
        }
        self.check_same_count(&at, &part)?;
        if let Some(other) = self.seen.get(&part.shard.index()) {
            if *other == at {
                return Err(MergeError::GivenTwice {
                    at,
                    shard: part.shard,
                });
            }
            let other = other.clone();
            return Err(MergeError::Repeated {
                at,
                shard: part.shard,
                other,
            });
        }
        let sum = |sum: u128, more: u128| sum.checked_add(more);
        let (Some(total), Some(fundamental)) = (
            sum(self.total, part.counts.total),
            sum(self.fundamental, part.counts.fundamental),
        ) else {
            return Err(MergeError::Overflow { at });
        };
        (self.total, self.fundamental) = (total, fundamental);
        self.seen.insert(part.shard.index(), at.clone());
        if self.first.is_none() {
            self.first = Some((at, part));
        }
        Ok(())
    }

    /// The merged count, once every shard `1..=K` has been added.
    ///
    /// # Errors
    ///
    /// [`MergeError::MissingShards`] when some are missing; [`MergeError::NoShards`] when
    /// nothing was added; [`MergeError::Published`] when n is at most 27 and the sum is
    /// not the published count ([`PUBLISHED`]).
    pub fn finish(self) -> Result<MergedCount, MergeError> {
        let (_, first) = self.first.ok_or(MergeError::NoShards)?;
        let shards = first.shard.of();
        let missing: Vec<usize> = (1..=shards)
            .filter(|i| !self.seen.contains_key(i))
            .collect();
        if !missing.is_empty() {
            let interrupted: Vec<(usize, Place)> = missing
                .iter()
                .filter_map(|i| Some((*i, self.interrupted.get(i)?.clone())))
                .collect();
            return Err(MergeError::MissingShards {
                n: first.n,
                shards,
                missing,
                interrupted,
            });
        }
        let merged = Counts {
            total: self.total,
            fundamental: self.fundamental,
        };
        if let Some(&(total, fundamental)) = first.n.checked_sub(1).and_then(|i| PUBLISHED.get(i))
            && (total, fundamental) != (merged.total, merged.fundamental)
        {
            return Err(MergeError::Published {
                n: first.n,
                merged,
                published: Counts { total, fundamental },
            });
        }
        Ok(MergedCount {
            n: first.n,
            counts: merged,
        })
    }
}

/// Adds up the partial counts of `texts`, each a (name, text) pair (the name says where
/// an error is: a file name, `<stdin>`): every shard `1..=K` of one count (the same `n`,
/// `K` and split) exactly once, each plausible for its split. The sum equals
/// [`crate::count`].
///
/// # Errors
///
/// As for [`Merge::add_text`] and [`Merge::finish`].
///
/// # Examples
///
/// ```
/// use queens::{CountOptions, PartialCount, Shard, count, count_with, merge};
///
/// let mut texts = Vec::new();
/// for i in 1..=3 {
///     let shard = Shard::new(i, 3)?;
///     let counts = count_with(10, &CountOptions::new().shard(shard))?;
///     texts.push((format!("part-{i}.txt"), PartialCount::new(10, shard, counts).to_string()));
/// }
/// let merged = merge(texts.iter().map(|(name, text)| (name.as_str(), text.as_str())))?;
/// assert_eq!((merged.n, merged.counts), (10, count(10)?));
///
/// let err = merge([("a", texts[0].1.as_str()), ("b", texts[2].1.as_str())]).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "missing shard 2 of 3 for n = 10: merge needs every shard 1..=3 \
///      (count it with `gridsolve queens count 10 --shard 2/3`)"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn merge<'a>(
    texts: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Result<MergedCount, MergeError> {
    let mut merge = Merge::new();
    for (source, text) in texts {
        merge.add_text(source, text)?;
    }
    merge.finish()
}

#[cfg(test)]
mod tests {
    // unwrap in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    fn raw(line: &str) -> Option<(usize, usize, usize, String, u128, u128)> {
        RawPart::read_text(line).map(|p| (p.n, p.shard, p.shards, p.split, p.count, p.fundamental))
    }

    #[test]
    fn the_text_form_reads_back() {
        assert_eq!(
            raw("n = 18, shard 2/7: 1 solution, 0 fundamental (partial)"),
            Some((18, 2, 7, "prefix".to_owned(), 1, 0))
        );
        assert_eq!(
            raw("n = 18, shard 2/7 of the constellations-1 split: 3 solutions, 1 fundamental (..)"),
            Some((18, 2, 7, "constellations-1".to_owned(), 3, 1))
        );
        assert!(raw("n = 8: 92 solutions, 12 fundamental").is_none());
    }

    /// The CSV form: a header row, then rows read by it (columns in any order, quoted
    /// or not); an interrupted row is not added; a row that does not fit its header is
    /// an error at its line.
    #[test]
    fn csv_rows_are_read_by_their_header() {
        let mut merge = Merge::new();
        let text = "n,shard,shards,split,count,fundamental,status\n\
                    8,1,2,constellations-1,68,9,answered\n\
                    \"fundamental\",\"count\",\"n\",\"shards\",\"shard\",\"split\"\n\
                    \"3\",\"24\",\"8\",\"2\",\"2\",\"constellations-1\"\n";
        merge.add_text("parts.csv", text).unwrap();
        let merged = merge.finish().unwrap();
        assert_eq!((merged.counts.total, merged.counts.fundamental), (92, 12));
        let mut merge = Merge::new();
        let text = "n,shard,shards,split,count,fundamental,searches_done,searches,status\n\
                    8,1,2,constellations-1,4,1,3,10,interrupted\n";
        merge.add_text("a.csv", text).unwrap();
        assert!(matches!(
            merge.finish(),
            Err(MergeError::MissingShards { interrupted, .. }) if interrupted.len() == 1
        ));
        let mut merge = Merge::new();
        let err = merge
            .add_text(
                "b.csv",
                "n,shard,shards,split,count,fundamental\n8,1,2,x,68\n",
            )
            .unwrap_err();
        assert!(
            matches!(err, MergeError::NotAPartialCount { line: 2, .. }),
            "{err}"
        );
    }

    /// The line of a shard's count that Ctrl-C stopped, text or JSON, is no partial
    /// count to add: alone it is an error saying so; in a merge its shard stays missing.
    #[test]
    fn an_interrupted_shard_is_not_added() {
        let text = "n = 8, shard 1/2 of the constellations-1 split: interrupted (Ctrl-C) after 3 \
                    of 10 searches: at least 4 solutions and 1 fundamental so far";
        let json = r#"{"n":8,"shard":1,"shards":2,"split":"constellations-1","count":4,"fundamental":1,"searches_done":3,"searches":10,"status":"interrupted"}"#;
        let lines: &[&str] = if cfg!(feature = "json") {
            &[text, json]
        } else {
            &[text]
        };
        for line in lines {
            let err = line.parse::<PartialCount>().unwrap_err();
            assert!(
                matches!(err, MergeError::Interrupted { n: 8, shard, .. } if shard.index() == 1),
                "{err}"
            );
            let mut merge = Merge::new();
            merge.add_text("a", line).unwrap();
            let err = merge.finish().unwrap_err();
            assert!(
                matches!(&err, MergeError::MissingShards { missing, interrupted, .. }
                    if missing == &[1, 2] && interrupted.len() == 1),
                "{err}"
            );
        }
    }

    /// The published table agrees with the counter where the counter is quick (n up to
    /// 16, 14.8 million solutions), so a typo in it would be caught there; beyond, it is
    /// OEIS's (A000170, A002562, checked by hand against the entries).
    #[test]
    fn the_published_counts_are_the_counters() {
        for n in 1..=16 {
            let counts = crate::count(n).unwrap();
            assert_eq!(
                PUBLISHED[n - 1],
                (counts.total, counts.fundamental),
                "n = {n}"
            );
        }
        // Each total is 2 to 8 times its fundamental count (n >= 2), as for the parts.
        for (i, &(total, fundamental)) in PUBLISHED.iter().enumerate().skip(1) {
            assert!(
                2 * fundamental <= total && total <= 8 * fundamental,
                "n = {}",
                i + 1
            );
        }
    }

    /// An edit that keeps each part's own rules is caught by the published sum.
    #[test]
    fn a_sum_other_than_the_published_one_is_refused() {
        let parts: Vec<String> = (1..=3)
            .map(|i| {
                let shard = Shard::new(i, 3).unwrap();
                let counts =
                    crate::count_with(12, &crate::CountOptions::new().shard(shard)).unwrap();
                PartialCount::new(12, shard, counts).to_string()
            })
            .collect();
        let mut merge = Merge::new();
        for (i, part) in parts.iter().enumerate() {
            merge.add_text(&format!("part{i}"), part).unwrap();
        }
        assert_eq!(merge.finish().unwrap().counts.total, 14_200);
        // Shard 1's fundamental count plus one: still plausible for the part.
        let edited = parts[0].replace("563 fundamental", "564 fundamental");
        assert_ne!(edited, parts[0]);
        let mut merge = Merge::new();
        merge.add_text("part0", &edited).unwrap();
        for (i, part) in parts.iter().enumerate().skip(1) {
            merge.add_text(&format!("part{i}"), part).unwrap();
        }
        let err = merge.finish().unwrap_err();
        assert!(
            matches!(err, MergeError::Published { n: 12, .. }),
            "{err:?}"
        );
        assert!(
            err.to_string()
                .contains("published counts are 14200 solutions and 1787")
        );
    }

    /// Every genuine partial count keeps the rules `implausible` checks (the first
    /// shard's included), for every split of small boards.
    #[test]
    fn genuine_shards_are_plausible() {
        for n in 2..=12 {
            for k in 1..=6 {
                for i in 1..=k {
                    let shard = Shard::new(i, k).unwrap();
                    let counts =
                        crate::count_with(n, &crate::CountOptions::new().shard(shard)).unwrap();
                    let part = PartialCount::new(n, shard, counts);
                    assert_eq!(part.implausible(), None, "n = {n}, shard {i}/{k}: {part}");
                }
            }
        }
    }

    #[test]
    fn errors_name_their_places() {
        let one =
            "n = 10, shard 1/3 of the constellations-1 split: 4408 solutions, 563 fundamental";
        let mut merge = Merge::new();
        merge.add_text("a", one).unwrap();
        let err = merge.add_text("a", one).unwrap_err();
        assert_eq!(
            err.to_string(),
            "shard 1/3 again, from this same line read before: the file is named twice (each \
             shard must be given once)"
        );
        let err = merge.add_text("b", &format!("\n{one}")).unwrap_err();
        assert_eq!(
            (err.source_name(), err.text_position(), err.to_string()),
            (
                Some("b"),
                Some(TextPosition::line(2)),
                "shard 1/3 again (it is in a:1 already); each shard must be given once".to_owned()
            )
        );
        let err = merge.add_text("c", "# nothing\n").unwrap_err();
        assert!(matches!(err, MergeError::Empty { .. }));
        let edited =
            "n = 10, shard 2/3 of the constellations-1 split: 225 solutions, 28 fundamental";
        let err = merge.add_text("d", edited).unwrap_err();
        assert!(err.to_string().ends_with(
            "every shard but the first has exactly 8 solutions per fundamental one; was the file edited?"
        ));
        // The first shard: an odd total, or one outside 2 to 8 times the fundamental
        // count, is no sum of symmetry classes.
        for (total, fundamental) in [(4409, 563), (1124, 563), (4512, 563)] {
            let edited = format!(
                "n = 10, shard 1/3 of the constellations-1 split: {total} solutions, \
                 {fundamental} fundamental"
            );
            let err = Merge::new().add_text("d", &edited).unwrap_err();
            assert!(
                err.to_string().ends_with(
                    "symmetry classes of 2, 4 or 8, an even total from 2 to 8 times the \
                     fundamental count; was the file edited?"
                ),
                "{err}"
            );
        }
        let err = merge
            .add_text("e", "n = 10, shard 4/3: 8 solutions, 1 fundamental")
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "shard 4/3 does not exist: shards are numbered from 1 to 3"
        );
    }
}
