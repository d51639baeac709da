//! Cutting a stream of lines into puzzle records.

use std::convert::Infallible;
use std::ops::Range;
use std::sync::Arc;

use grid_core::text::{LineReader, TextLine};

use super::block::block_width;
use super::is_filler;
use super::line::{first_token_is_longer_than_a_row, is_line_puzzle};
use super::opensudoku::{XmlContext, XmlTracker};
use super::rated::{self, CsvColumns, Markup, Rated, Xml};
use super::titles::{Title, column_header, has_symbol_past, is_label_of, is_lone_label};
use super::{as_title, is_json_board, is_title, square_root};
use crate::Sudoku;
use crate::error::{Error, ParseError, ParseErrorKind, RecordError};
use crate::shape::{BoxShape, MIN_SIZE};
use crate::variant::Variant;

/// One puzzle's text cut from a larger input by [`RecordSplitter`], with the form the
/// splitter found it in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// 1-based line number, in the whole input, of the record's first line. Line numbers
    /// in a [`crate::ParseError`] from parsing `text` count from this line
    /// ([`Record::parse`] adds it).
    pub first_line: usize,
    /// The record's lines, joined with `\n`.
    pub text: String,
    /// How the record is written, as the splitter found it (or the [`Layout`] forced):
    /// [`Record::parse`] reads it in that form, without detecting it again.
    pub form: RecordForm,
    /// The puzzle's id, as written: a Sudoku Exchange hash, an OpenSudoku `id`
    /// attribute, a CSV `id` column.
    pub id: Option<String>,
    /// The rating written with the puzzle, as written: a Sudoku Exchange rating
    /// (`1.2`), serate's `ED=` ratings (`7.1/1.2/1.2`), a CSV difficulty column.
    pub given_rating: Option<String>,
    /// Byte range of the cells in `text` when the line holds more than the puzzle and
    /// its comment (a hash before it, XML or CSV fields around it): parsing reads the
    /// cells alone, at their columns.
    cells: Option<Range<usize>>,
    /// Byte range in `text` of the field of the solution column a CSV header names
    /// (empty when the row has none); `None` when no header names one.
    solution: Option<Range<usize>>,
    /// The rules the record names (a JSON record's `variant`), as written.
    variant: Option<String>,
    /// A JSON record's puzzle written with escapes (a grid's rows joined by `\n`, as
    /// gridsolve's own JSON answers write a block's puzzle), decoded: what parsing
    /// reads, in [`Record::form`]; its errors point at the puzzle's string on the line.
    decoded: Option<Box<str>>,
    /// What the splitter saw wrong with the line's layout (a CSV row without the
    /// field its header puts the puzzle in), at a byte offset of `text`: the error
    /// parsing gives when the text, read as it is, is no puzzle either.
    /// (Boxed: few records have one, and a record's size counts in every batch.)
    fault: Option<Box<(usize, ParseErrorKind)>>,
    /// The header line of the CSV table the record is a row of, as read.
    table_header: Option<Arc<str>>,
    /// Whether [`Record::fault`] is the record's error even when its text, read as it
    /// is, is a puzzle: a line the block layout does not read (a one-line puzzle), a
    /// block of one row, a row of a table whose first column is the solution (which
    /// read as a line is that solution). Other faults only replace a parse error.
    fault_always: bool,
    /// How many bytes at the start of [`Record::text`] are blanks standing for what
    /// came before the record on its line (a second OpenSudoku game on a line), so
    /// that columns stay those of the line; [`Record::echo`] leaves them out.
    lead: usize,
    /// For an OpenSudoku game: where it stands in its document, and the byte range
    /// of its element in `text` (see [`Record::xml_context`]).
    /// (Boxed: most records are none, and a record's size counts in every batch.)
    xml: Option<Box<(Arc<XmlContext>, Range<usize>)>>,
}

/// The form of a [`Record`], found by the [`RecordSplitter`] that cut it (detected line
/// by line, or forced by a [`Layout`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordForm {
    /// One line: a puzzle's n² cells (a CSV or tdoku line too: what follows the cells
    /// is a comment or a given solution).
    Line,
    /// Rows of cells (block or framed), with their border lines.
    Block,
    /// A LeetCode 36/37 JSON board (`[["5","3",".",...],...]`), on one line or several;
    /// its `check` has LeetCode 36's meaning: do the givens clash? Under
    /// [`Layout::Json`] every record has this form, whatever it opens with (parsing
    /// one that does not open with `[` says so).
    Json,
    /// Pencil marks ([`crate::logic::Candidates::parse`]): a grid of candidate lists (its
    /// first row has a list of two digits or more, or [`Layout::Candidates`] says so), or
    /// a line whose first token is 729 characters, nine per cell. [`Record::parse`]
    /// reads such a line as the 27 x 27 puzzle it may also be.
    Candidates,
}

impl RecordForm {
    /// The form of a text read by itself (no splitter): a JSON board, one line, or
    /// rows.
    fn of(text: &str) -> RecordForm {
        if super::is_json_board(text) {
            RecordForm::Json
        } else if text.contains('\n') {
            RecordForm::Block
        } else {
            RecordForm::Line
        }
    }
}

impl Record {
    /// A record of `text` (its lines joined with `\n`) whose first line is line
    /// `first_line` of a larger input, its form detected as for a text read by itself
    /// (a JSON board, one line, or rows); a [`RecordSplitter`] gives records the form
    /// it found instead.
    ///
    /// ```
    /// use sudoku::{Record, RecordForm};
    /// assert_eq!(Record::new(1, r#"[["1","."],[".","."]]"#).form, RecordForm::Json);
    /// assert_eq!(Record::new(1, "12\n21").form, RecordForm::Block);
    /// ```
    pub fn new(first_line: usize, text: impl Into<String>) -> Record {
        let text = text.into();
        Record {
            first_line,
            form: RecordForm::of(&text),
            text,
            id: None,
            given_rating: None,
            cells: None,
            solution: None,
            fault: None,
            table_header: None,
            fault_always: false,
            lead: 0,
            xml: None,
            variant: None,
            decoded: None,
        }
    }

    /// This record with its text, and its decoded puzzle when it has one (a JSON
    /// record's escaped grid), each mapped by `map`, whose characters stand where those
    /// of the text stood (the record's alphabet made standard): the same places, read
    /// by the same forms.
    pub(crate) fn with_mapped_text(&self, map: impl Fn(&str) -> String) -> Record {
        Record {
            text: map(&self.text),
            decoded: self.decoded.as_deref().map(|d| map(d).into_boxed_str()),
            ..self.clone()
        }
    }

    /// Parses the record in its [`RecordForm`] as [`Sudoku::parse`] reads that form,
    /// with the error placed in the whole input (see [`RecordError`]).
    ///
    /// # Errors
    ///
    /// A [`RecordError`] whose [`grid_core::Positioned::text_position`] is the line and
    /// column in the whole input (1-based), and whose message is that of the
    /// [`crate::Error`].
    pub fn parse(&self, shape: Option<BoxShape>) -> Result<Sudoku, RecordError> {
        self.parse_variant(shape, &Variant::Classic)
    }

    /// [`Record::parse`] with the givens checked against a variant's units alone (for
    /// a jigsaw, its regions in place of the boxes): the puzzle to analyse with
    /// [`Sudoku::analyse_variant`]. The region map of a jigsaw line is not read here
    /// (it follows the cells, where a comment may stand).
    ///
    /// # Errors
    ///
    /// As [`Record::parse`]; givens that share a value in a unit of the variant are an
    /// [`Error::VariantClash`](crate::Error::VariantClash), a grid other than 9 x 9
    /// under a variant other than classic an
    /// [`Error::VariantSize`](crate::Error::VariantSize).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku::{Record, Variant};
    ///
    /// // r1c1 and r9c9 are both 5: fine in classic rules, a clash on the X diagonal.
    /// let record = Record::new(4, format!("5{}5", ".".repeat(79)));
    /// assert!(record.parse(None).is_ok());
    /// let err = record.parse_variant(None, &Variant::X).unwrap_err();
    /// assert_eq!(err.to_string(), "invalid givens: r1c1 and r9c9 are both 5 in the main diagonal");
    /// ```
    pub fn parse_variant(
        &self,
        shape: Option<BoxShape>,
        variant: &Variant,
    ) -> Result<Sudoku, RecordError> {
        self.parse_text(shape, variant)
    }

    /// The record as the input wrote it, for an answer to echo: [`Record::text`]
    /// less the blanks that stand in it for what came before the record on its line
    /// (each OpenSudoku game of a line holding several is a record of its own, its
    /// text blanked up to the game so that error columns are those of the line).
    /// Every other record's echo is its text.
    ///
    /// ```
    /// let mut splitter = sudoku::RecordSplitter::new(None);
    /// let game = format!(r#"<game data="{}" id="b"/>"#, "0".repeat(81));
    /// let records = splitter.push_line(1, &format!(r#"<game data="{}"/> {game}"#, "0".repeat(81)));
    /// assert_eq!(records.len(), 2);
    /// assert!(records[1].text.ends_with(&format!(" {game}")));
    /// assert_eq!(records[1].echo(), game);
    /// ```
    pub fn echo(&self) -> &str {
        &self.text[self.lead..]
    }

    /// Whether the record is a LeetCode 36/37 board (a JSON board of strings or
    /// numbers, or one as Python's `print` or Java's `Arrays.deepToString` writes it),
    /// where LeetCode 36 asks only whether the givens clash; not the same grid written
    /// as a C-family array (`{{3, 0, 6, ...}}`) or printed by NumPy (no commas),
    /// which are grids like any other.
    ///
    /// ```
    /// use sudoku::Record;
    /// assert!(Record::new(1, r#"[["1","."],[".","."]]"#).is_leetcode_board());
    /// assert!(!Record::new(1, "{{1, 0}, {0, 0}}").is_leetcode_board());
    /// assert!(!Record::new(1, "[[1 0]\n [0 0]]").is_leetcode_board());
    /// ```
    pub fn is_leetcode_board(&self) -> bool {
        self.form == RecordForm::Json
            && self.text.trim_start().starts_with('[')
            && self.text.contains(',')
    }

    /// The rules the record names, as written: a JSON Lines record's `variant` (`x`,
    /// `jigsaw`, as gridsolve's own JSON and CSV answers write it), a CSV row's
    /// `variant` field; `None` for any other record. Reading does not follow it (the
    /// caller chooses the rules).
    ///
    /// ```
    /// let mut splitter = sudoku::RecordSplitter::new(None);
    /// let line = format!(r#"{{"variant": "x", "puzzle": "{}"}}"#, ".".repeat(81));
    /// let records = splitter.push_line(1, &line);
    /// assert_eq!(records[0].named_variant(), Some("x"));
    /// assert_eq!(records[0].puzzle_as_written(), ".".repeat(81));
    ///
    /// assert!(splitter.push_line(2, "puzzle,variant").is_empty());
    /// let records = splitter.push_line(3, &format!("{},windoku", ".".repeat(81)));
    /// assert_eq!(records[0].named_variant(), Some("windoku"));
    /// ```
    pub fn named_variant(&self) -> Option<&str> {
        self.variant.as_deref()
    }

    /// The puzzle as written, without the fields its line holds around it: the puzzle's
    /// field of a CSV row whose header names its columns (a grid of rows, for a quoted
    /// field over several lines), a numbered list's or a Sudoku Exchange line's cells,
    /// an OpenSudoku element's `data`, a one-line puzzle's cells when a `,`, `;` or
    /// `:` sets its solution apart ([`Record::given_solution`]), a board from its first
    /// bracket (after an assignment, `board = [[...`); [`Record::echo`] for every other
    /// record (a jigsaw line's cells and region map). What an
    /// answer names as its `puzzle`, so that it reads back as that puzzle.
    ///
    /// ```
    /// let mut splitter = sudoku::RecordSplitter::new(None);
    /// let cells = ".".repeat(81);
    /// let records = splitter.push_line(1, &format!("12. {cells}"));
    /// assert_eq!(records[0].puzzle_as_written(), cells);
    /// assert_eq!(records[0].echo(), format!("12. {cells}"));
    ///
    /// // A one-line puzzle followed by its solution: the puzzle's cells alone.
    /// let record = sudoku::Record::new(1, "1.3.4...2...3...,1234341221434321");
    /// assert_eq!(record.puzzle_as_written(), "1.3.4...2...3...");
    /// ```
    pub fn puzzle_as_written(&self) -> &str {
        match (&self.decoded, &self.cells) {
            (Some(decoded), _) => decoded,
            (None, Some(cells)) => &self.text[cells.clone()],
            // A board after an assignment (`board = [[...`, `int grid[9][9] = {...`),
            // which the splitter turned into spaces: the board from its bracket.
            (None, None) if self.form == RecordForm::Json => self.echo().trim_start(),
            (None, None) => self.token_before_solution().unwrap_or(self.echo()),
        }
    }

    /// A one-line puzzle's cells when a `,`, `;` or `:` follows them and a solution
    /// ends the line (`puzzle,solution` without a header, tdoku's
    /// `puzzle:count:solution`). Not after whitespace: a jigsaw line's region map
    /// would read as a solution.
    fn token_before_solution(&self) -> Option<&str> {
        let token = super::line::line_token(&self.text).1;
        let end = token.as_ptr() as usize - self.text.as_ptr() as usize + token.len();
        let after = self.text[end..].chars().next();
        (matches!(after, Some(',' | ';' | ':')) && self.given_solution().is_some()).then_some(token)
    }

    /// The part of [`Record::text`] that holds the puzzle, with its byte offset in
    /// `text`: the puzzle's field of a CSV row whose header names its columns (what a
    /// jigsaw's `cells map` field is read from), an OpenSudoku element's `data`, a
    /// Sudoku Exchange line's puzzle; the whole text for every other record.
    ///
    /// ```
    /// use sudoku::RecordSplitter;
    ///
    /// let mut splitter = RecordSplitter::new(None);
    /// assert!(splitter.push_line(1, "id,puzzle,difficulty").is_empty());
    /// let records = splitter.push_line(2, &format!("7,{} {},1.2", ".".repeat(81), "1".repeat(81)));
    /// let (offset, puzzle) = records[0].puzzle_text();
    /// assert_eq!(offset, 2);
    /// assert_eq!(puzzle.len(), 81 + 1 + 81);
    /// ```
    pub fn puzzle_text(&self) -> (usize, &str) {
        match &self.cells {
            Some(cells) => (cells.start, &self.text[cells.clone()]),
            None => (0, &self.text),
        }
    }

    /// The record of line `number`, `line`, read as `form`, with the id and rating the
    /// line gives and its cells' place when `masked`; no fault.
    fn rated(number: usize, line: &str, form: RecordForm, rated: Rated, masked: bool) -> Record {
        Record {
            first_line: number,
            text: line.to_owned(),
            form,
            id: rated.id,
            given_rating: rated.rating,
            cells: masked.then_some(rated.cells),
            solution: rated.solution,
            variant: rated.variant,
            decoded: None,
            fault: None,
            table_header: None,
            fault_always: false,
            lead: 0,
            xml: None,
        }
    }

    /// The solution given with a one-line puzzle, as written (it may break the rules:
    /// the caller compares it with a solution).
    ///
    /// - In a row of a CSV table whose header names a solution column (`solution`,
    ///   `solutions`, see [`Record::has_solution_column`]), wherever it stands: that
    ///   column's field (without its quotes) whatever it holds, `None` when it is
    ///   empty or missing. It may be no solution at all (of another length, with
    ///   blanks or unknown symbols): the caller says so.
    /// - Else (CSV `puzzle,solution` without a header, tdoku
    ///   `puzzle:count:solution`): the last field after the puzzle, split at `,`,
    ///   `;`, `:` or whitespace (and without its double quotes), with as many
    ///   characters as the puzzle and no blank (`.`, `0`, `_`). A field of another
    ///   length is a comment, not a solution.
    ///
    /// `None` for other records, or when no such field is there.
    ///
    /// ```
    /// use sudoku::Record;
    /// let record = Record::new(1, "1.3.4...2...3...,1234341221434321");
    /// assert_eq!(record.given_solution(), Some("1234341221434321"));
    ///
    /// // A CSV table's row: its solution column's field, wherever it stands.
    /// let mut splitter = sudoku::RecordSplitter::new(None);
    /// assert!(splitter.push_line(1, "solution,id,puzzle").is_empty());
    /// let records = splitter.push_line(2, "\"1234341221434321\",7,1.3.4...2...3...");
    /// assert_eq!(records[0].given_solution(), Some("1234341221434321"));
    /// assert_eq!(records[0].id.as_deref(), Some("7"));
    /// let records = splitter.push_line(3, "123,8,1.3.4...2...3...");
    /// assert_eq!(records[0].given_solution(), Some("123"));
    /// ```
    pub fn given_solution(&self) -> Option<&str> {
        if let Some(field) = &self.solution {
            return (!field.is_empty()).then(|| &self.text[field.clone()]);
        }
        if self.text.contains('\n') {
            return None;
        }
        // After the cells: a rated list's puzzle field (a CSV row's later columns),
        // else the line's first token.
        let (offset, field) = self.puzzle_text();
        let (start, token) = super::line::line_token(field);
        let after = match &self.cells {
            Some(cells) => cells.end,
            None => offset + start - 1 + token.len(),
        };
        let rest = &self.text[after..];
        rest.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':'))
            .map(|field| {
                field
                    .strip_prefix('"')
                    .and_then(|f| f.strip_suffix('"'))
                    .unwrap_or(field)
            })
            .filter(|field| field.len() == token.len() && token.len() >= 16)
            .rfind(|field| field.chars().all(|c| super::symbol_value(c).is_some()))
    }

    /// Whether the record is a row of a CSV table whose header names a solution column
    /// (`solution` or `solutions`, in any case), or a JSON Lines record with a solution
    /// key (not `null`; a value that is no string as written): then [`Record::given_solution`] is
    /// that column's field as written, which the caller should check is a solution of
    /// the puzzle's size (the line form's rule takes only a field that looks like one).
    ///
    /// ```
    /// let mut splitter = sudoku::RecordSplitter::new(None);
    /// assert!(splitter.push_line(1, "puzzle,solution").is_empty());
    /// let records = splitter.push_line(2, &format!("{},abc", ".".repeat(81)));
    /// assert!(records[0].has_solution_column());
    /// assert_eq!(records[0].given_solution(), Some("abc"));
    /// ```
    pub fn has_solution_column(&self) -> bool {
        self.solution.is_some()
    }

    /// The header line, as read, of the CSV table whose header named its columns
    /// that this record is a row of; `None` for any other record. A tool that writes
    /// records as read (`sudoku dedupe`) writes it before them, so that its output is
    /// a table too.
    ///
    /// ```
    /// let mut splitter = sudoku::RecordSplitter::new(None);
    /// assert!(splitter.push_line(1, "id,puzzle").is_empty());
    /// let records = splitter.push_line(2, &format!("7,{}", ".".repeat(81)));
    /// assert_eq!(records[0].table_header(), Some("id,puzzle"));
    /// assert_eq!(sudoku::Record::new(1, ".".repeat(81)).table_header(), None);
    /// ```
    pub fn table_header(&self) -> Option<&str> {
        self.table_header.as_deref()
    }

    /// For an OpenSudoku game (`<game data="..."/>`), where it stands in its document
    /// (the XML declaration and the elements open around it: `<opensudoku>`, a
    /// version 2 export's `<folder>`, with a pack's details such as `<name>`), and its
    /// element alone, as read (the record's text may hold more of its line: other
    /// elements' tags). `None` for any other record. A tool that writes some games of
    /// a file (`sudoku dedupe`) writes each inside the elements of its context, so that
    /// its output is an OpenSudoku file too.
    ///
    /// ```
    /// let mut splitter = sudoku::RecordSplitter::new(None);
    /// let game = |id: u8| format!(r#"<game id="{id}" data="{}"/>"#, "0".repeat(81));
    /// let lines = [
    ///     "<?xml version=\"1.0\"?>".to_owned(),
    ///     "<opensudoku>".to_owned(),
    ///     "  <name>Easy</name>".to_owned(),
    ///     format!("  {}</opensudoku>", game(1)),
    /// ];
    /// let mut records = Vec::new();
    /// for (i, line) in lines.iter().enumerate() {
    ///     records.extend(splitter.push_line(i + 1, line));
    /// }
    /// let (context, element) = records[0].xml_context().expect("a game");
    /// assert_eq!(context.declaration.as_deref(), Some("<?xml version=\"1.0\"?>"));
    /// assert_eq!(context.open[0].start_tag, "<opensudoku>");
    /// assert_eq!(context.open[0].details, ["<name>Easy</name>"]);
    /// assert_eq!(element, game(1));
    /// ```
    pub fn xml_context(&self) -> Option<(&XmlContext, &str)> {
        let (context, element) = self.xml.as_deref()?;
        // (`get`: the text is a public field, which a caller may have changed.)
        Some((context.as_ref(), self.text.get(element.clone())?))
    }

    fn parse_text(
        &self,
        shape: Option<BoxShape>,
        variant: &Variant,
    ) -> Result<Sudoku, RecordError> {
        // A fault that stands whatever the text reads as (see `fault_always`).
        if let Some((at, kind)) = self.fault.as_deref()
            && self.fault_always
        {
            return Err(RecordError {
                first_line: self.first_line,
                error: Error::Parse(ParseError {
                    line: 1,
                    column: self.text[..*at].chars().count() + 1,
                    kind: kind.clone(),
                }),
            });
        }
        let masked;
        let text: &str = match (&self.decoded, &self.cells) {
            (Some(decoded), _) => decoded,
            (None, Some(cells)) => {
                masked = mask(&self.text, cells);
                &masked
            }
            (None, None) => &self.text,
        };
        super::parse_as(self.form, text, shape)
            .and_then(|(shape, cells)| {
                // As `Sudoku::parse` builds it (and `generate` does): the parsed cells
                // are in range, only the givens are left to check.
                let sudoku = Sudoku { shape, cells };
                sudoku.check_givens_under(variant)?;
                Ok(sudoku)
            })
            .map_err(|error| RecordError {
                first_line: self.first_line,
                error: match self.decoded {
                    Some(_) => self.at_decoded_string(error),
                    None => self.layout_error(error),
                },
            })
    }

    /// `error` from parsing a JSON record's decoded puzzle ([`Record::decoded`]): a
    /// parse error points at the first character of the puzzle's string on the line,
    /// as its place inside the decoded rows is no place in the file.
    fn at_decoded_string(&self, error: Error) -> Error {
        match error {
            Error::Parse(parse) => {
                let at = self.cells.as_ref().map_or(0, |c| c.start);
                Error::Parse(ParseError {
                    line: 1,
                    column: self.text[..at].chars().count() + 1,
                    kind: parse.kind,
                })
            }
            other => other,
        }
    }

    /// `error`, or in place of a parse error on a line whose layout is a near miss of
    /// a rated-list form, the error that says so: the splitter's [`Record::fault`] (a
    /// CSV row short of its puzzle's field), or a Sudoku Exchange line whose hash is
    /// not 12 hex digits (the line was read as a puzzle from its first token, the
    /// hash, so the parse error points into it).
    fn layout_error(&self, error: Error) -> Error {
        if !matches!(error, Error::Parse(_))
            || self.form != RecordForm::Line
            || self.cells.is_some()
        {
            return error;
        }
        let fault = self
            .fault
            .as_deref()
            .cloned()
            .or_else(|| super::rated::exchange_hash_near_miss(&self.text));
        match fault {
            Some((at, kind)) => Error::Parse(ParseError {
                line: 1,
                column: self.text[..at].chars().count() + 1,
                kind,
            }),
            None => error,
        }
    }
}

/// `text` with every character outside `cells` a space, so that the cells keep their
/// columns.
fn mask(text: &str, cells: &Range<usize>) -> String {
    text.char_indices()
        .map(|(i, c)| if cells.contains(&i) { c } else { ' ' })
        .collect()
}

/// Cuts a stream of lines into puzzle records: one line per puzzle for the line form,
/// n rows (plus any border lines) for the block form. Blank lines, `#` comment lines and
/// border lines between records are skipped; a blank line ends an unfinished block.
///
/// Titles are skipped too: a line that cannot be a grid row nor a puzzle and holds
/// words (`Grid 01`, a CSV header such as `quizzes,solutions`, a program's name and
/// version), or a `[Section]` line. The grids of a section other than `[Puzzle]`
/// (`[Solution]`, `[State]` in a SadMan `.sdk` file) are not puzzles and are skipped
/// up to the next section line.
///
/// It does no I/O: feed it lines with [`RecordSplitter::push_line`] and call
/// [`RecordSplitter::finish`] at the end of the input.
///
/// # Examples
///
/// ```
/// use sudoku::RecordSplitter;
///
/// let mut splitter = RecordSplitter::new(None);
/// let mut records = Vec::new();
/// for (i, line) in ["# two puzzles", &".".repeat(81), "", &"1".repeat(81)].iter().enumerate() {
///     records.extend(splitter.push_line(i + 1, line));
/// }
/// records.extend(splitter.finish());
/// assert_eq!(records.iter().map(|r| r.first_line).collect::<Vec<_>>(), [2, 4]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct RecordSplitter {
    shape: Option<BoxShape>,
    first_line: usize,
    lines: Vec<String>,
    rows: usize,
    expected_rows: usize,
    /// Inside a section whose grids are not puzzles (`[Solution]`).
    skipping: bool,
    /// Inside a JSON board: the depth of its open brackets.
    json_depth: Option<usize>,
    /// The layout forced on the input, if any.
    layout: Layout,
    /// The record being read is a grid of candidate lists.
    marks: bool,
    /// The form of the record being read.
    form: Option<RecordForm>,
    /// The rating written after the last row of the block being read.
    rating: Option<String>,
    /// The columns a CSV header named (see [`CsvColumns::from_header`]).
    csv: Option<CsvColumns>,
    /// The header line of [`RecordSplitter::csv`], as read.
    table_header: Option<Arc<str>>,
    /// For a line without the table's separator, read as any line is: what it would
    /// lack as a row (its line number, then the fault), said if it is a lone line
    /// that is no puzzle.
    row_fault: Option<(usize, usize, ParseErrorKind)>,
    /// The elements open in the OpenSudoku document being read: each game's
    /// [`Record::xml_context`].
    xml_tracker: XmlTracker,
    /// An XML tag begun on an earlier line and not yet ended: its first line's
    /// number, its lines so far (joined by spaces), and how many.
    xml_open_tag: Option<(usize, String, usize)>,
    /// Reading such a tag's lines as they are: no tag is left open again.
    flushing: bool,
    /// A row of the CSV table ([`RecordSplitter::csv`]) whose quoted field goes on
    /// over lines (a grid of rows in one field, as gridsolve's own CSV output and a
    /// spreadsheet write it): its first line's number and its lines so far.
    csv_open_row: Option<(usize, Vec<String>)>,
    /// The last title read that could name the grid after it (see [`grid_title`]):
    /// its line number and its text.
    title_above: Option<(usize, String)>,
    /// The title just above the block being read (or above its top border): the
    /// record's id (`Grid 01` in Project Euler 96, `Puzzle 3:`).
    block_title: Option<String>,
    /// The block's first line is a label (`HARD`, `Q1`) read before its rows: a line
    /// of fewer cells than the row after it, which set the block's width. It is left out
    /// of the record when the rows after it make a whole grid (see
    /// [`RecordSplitter::end_block`]).
    label: bool,
    /// The rows between the blank lines that set a block's bands apart (`...7.....`, a
    /// blank line, `.2.....6.`), once a blank line was read inside the block.
    band: Option<usize>,
    /// Where in [`RecordSplitter::lines`] the first of the blank lines just read inside
    /// a block stands: the block goes on only if a row of its width comes next.
    gap: Option<usize>,
    /// Where the block's first run of blank lines stands in its lines: should a later
    /// band end with no blank line after it, the block is cut there (see
    /// [`RecordSplitter::split_at_first_gap`]).
    first_gap: Option<usize>,
    /// The number of the last line of the last block that ended whole (its last row).
    completed_at: Option<usize>,
    /// The block opened with a spreadsheet's row of empty fields (`,,,,,,,,`) right
    /// after a whole block: a row of blanks, or the empty row a spreadsheet puts
    /// between two grids. Which one the line after its last row says (see
    /// [`RecordSplitter::end_deferred`]).
    empty_first: bool,
    /// The block has its rows, its first one of empty fields ([`Self::empty_first`]):
    /// it ends at the next line.
    deferred: bool,
    /// The bands the block's border lines draw (`------+-------+------` between
    /// them): the rows of its first band, and how many border lines came after rows
    /// so far (see [`RecordSplitter::border`]).
    drawn: Option<DrawnBands>,
    /// The block's first row came right after a border line (`+-------+-------+`):
    /// the block is framed, and ends at the border after its last band.
    framed: bool,
    /// The number of the last border line read outside a block (or ending one).
    border_at: Option<usize>,
    /// The block's first row came right after a blank line: grids set apart by blank
    /// lines, so that the block, where its borders drew its bands, ends at the blank
    /// line after its last band (or one row past it), as a framed one does.
    spaced: bool,
    /// The number of the last blank line read outside a block (or ending one).
    blank_at: Option<usize>,
    /// After a spreadsheet header with an index column first (`,0,1,...,8`): the
    /// columns it names. Each row with one field more, an integer first, is read
    /// with that field blanked (see [`RecordSplitter::unindexed`]).
    index_column: Option<usize>,
    /// The width and the rows of the first drawn band of the last block whose first
    /// border divided its rows evenly, for a block of that width whose own first band
    /// is short or long.
    last_band: Option<(usize, usize)>,
}

/// What the border lines inside a block have drawn so far: the height of its bands,
/// how many borders came after rows, and, once the last band began, at how many
/// rows the block ends.
#[derive(Clone, Copy, Debug, Default)]
struct DrawnBands {
    height: usize,
    borders: usize,
    end_at: Option<usize>,
}

/// The most lines an XML tag (or comment) is read over before it is taken as it is
/// (and parsing says what it lacks).
const MAX_TAG_LINES: usize = 256;

/// The most lines a quoted CSV field is read over (a 32 x 32 grid drawn with its
/// borders and blank lines between bands is fewer) before its row's lines are read
/// one by one, as lines that are no such row (a stray quote).
const MAX_FIELD_LINES: usize = 80;

/// How records are laid out in the input: detected line by line, or forced when
/// detection would guess wrong (a 16 x 16 row such as `1...2...3...4...` also reads as
/// a 4 x 4 one-line puzzle).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Layout {
    /// Each line tells what it is (the default).
    #[default]
    Detect,
    /// One puzzle per line (also CSV and tdoku lines, the rest being comments).
    Line,
    /// Puzzles of several rows (block or framed), never one-line puzzles.
    Block,
    /// JSON boards (LeetCode 36/37).
    Json,
    /// Pencil marks ([`crate::logic::Candidates::parse`]): a line of 729 characters is
    /// a record, and any other line starts a grid of nine rows of candidate lists
    /// (or of 81 characters), frame and comment lines within it kept, a blank line
    /// ending it early.
    Candidates,
}

/// Whether `line` opens a board of its own (`[[`, `{{`, `{ {`, NumPy's `array(`, or
/// an assignment before one, `int grid[N][N] = {`) or a JSON Lines record (`{"`),
/// which no line inside a board does (its rows open with one bracket).
fn opens_another_board(line: &str) -> bool {
    let start = line.trim_start();
    let mut brackets = start.chars().filter(|c| !c.is_whitespace());
    let nested = matches!(
        (brackets.next(), brackets.next()),
        (Some('['), Some('[')) | (Some('{'), Some('{'))
    );
    // A JSON Lines record (`{"board": [[...`) is a record of its own too.
    let object = start
        .strip_prefix('{')
        .is_some_and(|rest| rest.trim_start().starts_with('"'));
    nested
        || object
        || start.starts_with("array(")
        || grid_core::text::assignment_end(line).is_some()
}

/// The most lines a JSON board may take (one per cell, as some pretty-printers write,
/// one per bracket, and a few more): past it the board is cut, and parsing it says
/// what is missing.
const MAX_JSON_LINES: usize = crate::MAX_SIZE * crate::MAX_SIZE + 2 * crate::MAX_SIZE + 4;

impl RecordSplitter {
    /// A splitter for puzzles of the given box shape, or of any detected shape.
    pub fn new(shape: Option<BoxShape>) -> RecordSplitter {
        RecordSplitter {
            shape,
            ..RecordSplitter::default()
        }
    }

    /// A splitter that reads every record in `layout` rather than detecting it.
    ///
    /// ```
    /// use sudoku::{Layout, RecordSplitter};
    /// let mut splitter = RecordSplitter::with_layout(None, Layout::Block);
    /// let mut done = Vec::new();
    /// for (i, row) in ["1...2...3...4...".to_string()].iter().chain(&vec![".".repeat(16); 15]).enumerate() {
    ///     splitter.push_line_into(i + 1, row, &mut done);
    /// }
    /// assert_eq!(done.len(), 1);
    /// assert_eq!(done[0].parse(None)?.size(), 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_layout(shape: Option<BoxShape>, layout: Layout) -> RecordSplitter {
        RecordSplitter {
            shape,
            layout,
            ..RecordSplitter::default()
        }
    }

    /// Feeds the next line (`number` is its 1-based line number, `line` has no line
    /// ending) and returns the records it completes: usually none or one; two when a
    /// line that cannot be a block row ends an unfinished block and is a record itself.
    pub fn push_line(&mut self, number: usize, line: &str) -> Vec<Record> {
        let mut done = Vec::new();
        self.push_line_into(number, line, &mut done);
        done
    }

    /// [`RecordSplitter::push_line`] appending the records it completes to `done`, so a
    /// long stream needs no new vector per line.
    ///
    /// ```
    /// use sudoku::RecordSplitter;
    ///
    /// let mut splitter = RecordSplitter::new(None);
    /// let mut done = Vec::new();
    /// for (i, line) in ["12", "21", &".".repeat(81)].iter().enumerate() {
    ///     splitter.push_line_into(i + 1, line, &mut done);
    /// }
    /// // A 2 x 2 block, then a line.
    /// assert_eq!(done.iter().map(|r| r.text.len()).collect::<Vec<_>>(), [5, 81]);
    /// ```
    pub fn push_line_into(&mut self, number: usize, line: &str, done: &mut Vec<Record>) {
        // A board left open (a bracket or `};` missing) ends where another begins, so
        // that it is one bad record and the boards after it are read.
        if self.json_depth.is_some() && opens_another_board(line) {
            self.json_depth = None;
            done.extend(self.end_block());
        }
        // `board = [["5","3",...`, as LeetCode writes an example: the board alone,
        // the assignment turned into spaces.
        let unassigned = match self.lines.is_empty() && self.json_depth.is_none() {
            true => grid_core::text::without_assignment(line),
            false => std::borrow::Cow::Borrowed(line),
        };
        let line: &str = &unassigned;
        let unindexed;
        let line = match self.unindexed(line) {
            Some(row) => {
                unindexed = row;
                unindexed.as_str()
            }
            None => line,
        };
        // Box-drawing characters are detected as the ASCII they stand for; a block
        // keeps its lines as written (parsing reads them the same way).
        let ascii = super::drawing::ascii_drawing(line);
        let (raw, line) = (line, ascii.as_ref());
        if self.marks || self.layout == Layout::Candidates {
            self.push_marks_line(number, line, done);
            return;
        }
        if let Some(depth) = self.json_depth {
            self.push_json_line(depth, line, done);
            return;
        }
        // A CSV row whose quoted field goes on over lines: its lines are read as one
        // record, joined by line breaks, once the quote closes.
        if let Some((first, mut lines)) = self.csv_open_row.take() {
            lines.push(raw.to_owned());
            if rated::quote_open(raw) {
                self.push_csv_row(first, lines, done);
            } else if lines.len() < MAX_FIELD_LINES {
                self.csv_open_row = Some((first, lines));
            } else {
                self.flush_open_row(first, lines, done);
            }
            return;
        }
        if !self.flushing && self.lines.is_empty() && self.csv.is_some_and(|c| c.opens_field(line))
        {
            self.csv_open_row = Some((number, vec![raw.to_owned()]));
            return;
        }
        // An XML tag that goes on over lines (attributes one a line, a value holding a
        // line break, a comment): its lines are read as one, joined by a space, from
        // the first one's number.
        // A line that opens a new element ends a tag left open unless that is a
        // comment (which may hold elements): a line cut off is read as it is, and
        // takes no game after it with it.
        if let Some((_, text, _)) = &self.xml_open_tag
            && line.trim_start().starts_with('<')
            && rated::open_markup(text) != Some(Markup::Comment)
        {
            self.flush_open_tag(done);
        }
        if let Some((first, mut text, lines)) = self.xml_open_tag.take() {
            text.push(' ');
            text.push_str(line.trim_start());
            if rated::open_markup(&text).is_some() && lines < MAX_TAG_LINES {
                self.xml_open_tag = Some((first, text, lines + 1));
            } else {
                self.flushing = true;
                self.push_line_into(first, &text, done);
                self.flushing = false;
            }
            return;
        }
        if self.lines.is_empty()
            && !self.flushing
            && line.trim_start().starts_with('<')
            && rated::open_markup(line).is_some()
        {
            self.xml_open_tag = Some((number, line.to_owned(), 1));
            return;
        }
        // Text inside an XML element (a pack's description over several lines): its
        // end tags close what they close.
        if self.xml_tracker.is_open() && !line.trim_start().starts_with('<') {
            self.xml_tracker.read(line, 0, line.len());
        }
        if self.deferred && self.end_deferred(number, line, raw, done) {
            return;
        }
        // Whether blank lines inside the block came just before this line.
        let after_gap = self.gap.is_some();
        // Two labels on their own lines (`PUZZLE 12`, then `HARD`): the first is
        // skipped, and the second read as any first line is.
        if self.rows == 1
            && self.lines.len() == 1
            && is_lone_label(&self.lines[0])
            && is_lone_label(line)
        {
            let _label = self.end_block();
        }
        // A comment line is filler, but for a numbered puzzle (`#4 PUZZLE`: a `#` and
        // a number, then the cells), which is read as `4. PUZZLE` is.
        let filler = is_filler(line)
            && !(line
                .trim_start()
                .strip_prefix('#')
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
                && rated::numbered_line(line).is_some());
        if !self.lines.is_empty() && !self.end_at_gap(line, done) {
            if line.trim().is_empty() {
                if self.may_take_gap() {
                    self.gap.get_or_insert(self.lines.len());
                    self.first_gap.get_or_insert(self.lines.len());
                    self.lines.push(raw.to_owned());
                } else {
                    done.extend(self.end_block());
                    self.blank_at = Some(number);
                }
                return;
            }
            if filler {
                if super::pencil::is_border(line) && self.border() {
                    done.extend(self.end_block());
                    self.border_at = Some(number);
                    return;
                }
                self.lines.push(raw.to_owned());
                return;
            }
            // A band after which no blank line came, where the ones before had one:
            // the block was a short grid, and what followed its blank lines another.
            if !after_gap
                && self.band.is_some_and(|h| self.rows.is_multiple_of(h))
                && block_width(line).is_some()
            {
                self.split_at_first_gap(done);
                self.push_line_into(number, raw, done);
                return;
            }
            // The first line was a label (`HARD`, `Q1`): this row, wider, is the first
            // of the grid (a guess that `end_block` keeps only if the grid is whole).
            // So is a label of capitals as wide as the grid or wider (`DIFFICULT`,
            // `INTERMEDIATE` before a 9 x 9 grid), when this row holds no symbol past
            // the grid's values (the rows of a grid of letters all do).
            if self.rows == 1
                && !self.label
                && self.band.is_none()
                && let Some(width) = block_width(line)
                && width >= MIN_SIZE
                && !is_title(line)
                && (width > self.expected_rows
                    || (is_label_of(&self.lines[0], width) && !has_symbol_past(line, width)))
            {
                self.label = true;
                self.empty_first = false;
                self.expected_rows = width;
                self.lines.push(raw.to_owned());
                return;
            }
            // The last row written as one token, then text (`..5.1.3.. 1.2`, `... hard`):
            // the text is a rating or a comment, which `block_width` would count as
            // cells of a spaced row. A spaced row keeps its tokens as cells.
            if self.rows + 1 == self.expected_rows
                && let Some((end, rating)) = rated::trailing_row(line, self.expected_rows)
                && line[..end].split_whitespace().count() == 1
                && block_width(&line[..end]) == Some(self.expected_rows)
            {
                self.end_block_with(&line[..end], rating, done);
                return;
            }
            if block_width(line).is_some_and(|w| w == self.expected_rows || !is_title(line)) {
                self.lines.push(raw.to_owned());
                self.rows += 1;
                // A framed block whose borders drew its bands ends at its bottom
                // border (see `border`), or one row past its last band's.
                let end = match self.drawn.and_then(|d| d.end_at) {
                    Some(end) if self.framed || self.spaced => end + 1,
                    Some(end) => end,
                    None => self.expected_rows,
                };
                if self.rows == end {
                    if self.empty_first {
                        self.deferred = true;
                    } else {
                        self.completed_at = Some(number);
                        done.extend(self.end_block());
                    }
                }
                return;
            }
            if let Some((end, rating)) = rated::trailing_row(line, self.expected_rows)
                && (self.rows + 1 == self.expected_rows || rating.is_some())
            {
                // The last row, then a rating or a comment: the row ends the block. So
                // does any row before a serate rating, which only follows a block's
                // last row: a block short of rows is then one record that says so (not
                // a short block and a line of a row's cells). Other text after another
                // row is no comment to drop: the block ends there, as below.
                self.end_block_with(&line[..end], rating, done);
                return;
            }
            // Not a row: the block ends unfinished and this line stands alone. A block
            // of one token before a one-line puzzle, which it cannot be a row of, is
            // that puzzle's label (`1.`, `Q1`, `HARD`): skipped, as a title is.
            if self.rows == 1
                && self.lines.len() == 1
                && is_line_puzzle(line, self.shape)
                && is_label_of(&self.lines[0], line_size(line))
            {
                let _label = self.end_block();
            } else {
                done.extend(self.end_block());
            }
        }
        if filler {
            if super::pencil::is_border(line) {
                self.border_at = Some(number);
            } else if line.trim().is_empty() {
                self.blank_at = Some(number);
            }
            return;
        }
        // A first token longer than any row: a line puzzle (or its pencil-mark form),
        // never a row of candidate lists, whose lists are at most nine characters.
        let long = first_token_is_longer_than_a_row(line);
        if self.layout == Layout::Detect && !long && super::pencil::is_list_row(line) {
            self.marks = true;
            self.form = Some(RecordForm::Candidates);
            self.push_marks_line(number, line, done);
            return;
        }
        // Shortcut for one-line files: a first token longer than any block row makes
        // `is_line_puzzle` true (its last line returns `len > MAX_SIZE`, and its earlier
        // returns are all `true`), so the match below would take its `_` arm whatever
        // `block_width` says. Skip `block_width`, the costly part.
        match self.layout {
            Layout::Line if !is_title(line) => {
                return self.emit(number, line, line_form(line), done);
            }
            Layout::Json => return self.start_json(number, line, done),
            _ => {}
        }
        let block = self.layout == Layout::Block;
        if !block && self.push_rated_line(number, line, done) {
            return;
        }
        // A numbered puzzle (`1. PUZZLE`): its first token, the number, is short.
        if !block
            && !long
            && let Some(rated) = rated::numbered_line(line)
        {
            return self.emit_rated(number, line, RecordForm::Line, rated, true, done);
        }
        if !block && long {
            let form = long_line_form(line);
            let token = super::line::line_token(line).1;
            let start = token.as_ptr() as usize - line.as_ptr() as usize;
            let cells = start..start + token.len();
            let rest = &line[cells.end..];
            let rating = if rest.contains("ED=") {
                rated::serate_rating(rest)
            } else {
                None
            };
            // A serate line's puzzle is its cells: answered without the rating, which
            // is its `given_rating`.
            let masked = rating.is_some() && form == RecordForm::Line;
            let rated = Rated {
                cells,
                rating,
                ..Rated::default()
            };
            self.emit_rated(number, line, form, rated, masked, done);
            return;
        }
        if !block && is_json_board(line) {
            return self.start_json(number, line, done);
        }
        // A spreadsheet's header of column names: skipped, its index column noted;
        // names that could be a row (`0,1,...,8`) start the block, which drops them
        // if a whole grid's rows come after them (see `end_deferred`).
        let mut header_row = false;
        if let Some(header) = column_header(line) {
            if header.indexed {
                self.index_column = Some(header.columns);
                return;
            }
            if !header.row_like || block_width(line) != Some(header.columns) {
                return;
            }
            header_row = true;
        }
        // A title, or a table's header in capitals (`PUZZLE,SOLUTION`), which is no
        // title (its words could be letters of a grid) but names the columns.
        let title = as_title(line).or_else(|| CsvColumns::from_header(line).map(|_| Title::Words));
        if let Some(title) = title {
            match title {
                Title::Section(name) => self.skipping = !name.eq_ignore_ascii_case("puzzle"),
                Title::Words => {
                    self.csv = CsvColumns::from_header(line);
                    self.table_header = self.csv.map(|_| Arc::from(line));
                    if self.csv.is_none() {
                        self.title_above = grid_title(line).map(|t| (number, t.to_owned()));
                    }
                }
            }
            return;
        }
        match block_width(line) {
            Some(width) if block || !is_line_puzzle(line, self.shape) => {
                self.first_line = number;
                self.form = Some(RecordForm::Block);
                self.expected_rows = width;
                self.rows = 1;
                self.framed = self.border_at.is_some_and(|at| at + 1 == number);
                self.spaced = self.blank_at.is_some_and(|at| at + 1 == number);
                // A title on the line above the first row, or above its top border.
                let above = number - 1 - usize::from(self.framed);
                self.block_title = self
                    .title_above
                    .take()
                    .filter(|(at, _)| *at == above)
                    .map(|(_, title)| title);
                self.empty_first = header_row
                    || (self.completed_at.is_some_and(|at| at + 1 == number)
                        && super::separated_fields(line)
                            .is_some_and(|fields| fields.iter().all(|f| f.text == "."))
                        && line.contains([',', ';']));
                self.lines.push(raw.to_owned());
            }
            _ => {
                // A line in a CSV table that is no row of it (see `row_fault`); under
                // the block layout, a line that is no block row (a one-line puzzle).
                let row_fault = self
                    .row_fault
                    .take()
                    .filter(|f| f.0 == number)
                    .map(|(_, at, kind)| (at, kind));
                // The row's fault replaces a parse error; the block layout's stands
                // even where the line is a one-line puzzle.
                let (fault, always) = match row_fault {
                    Some(fault) => (Some(fault), false),
                    None => (
                        block.then(|| {
                            let at = line.len() - line.trim_start().len();
                            let found = line.trim().chars().count();
                            (at, ParseErrorKind::NotABlockRow { found })
                        }),
                        true,
                    ),
                };
                let record = Record {
                    fault_always: always,
                    ..Record::rated(number, line, line_form(line), Rated::default(), false)
                };
                self.emit_faulted(record, fault, done);
            }
        }
    }

    /// Adds a line of pencil marks: a one-line record of 729 characters, or a row (or
    /// frame or comment line) of a grid of candidate lists, which ends after nine rows
    /// or at a blank line.
    fn push_marks_line(&mut self, number: usize, line: &str, done: &mut Vec<Record>) {
        if line.trim().is_empty() {
            done.extend(self.end_block());
            return;
        }
        if is_filler(line) {
            // Frames and comments inside a grid are kept so that positions count them.
            if !self.lines.is_empty() {
                self.lines.push(line.to_owned());
            }
            return;
        }
        if self.lines.is_empty() {
            // A row holds at most 81 digits and a few bars: 100 characters or more are
            // the 729-character form on one line.
            if line.chars().filter(|c| !c.is_whitespace()).count() >= 100 {
                self.emit(number, line, RecordForm::Candidates, done);
                return;
            }
            self.first_line = number;
            self.form = Some(RecordForm::Candidates);
            self.rows = 0;
        }
        self.lines.push(line.to_owned());
        self.rows += 1;
        if self.rows == 9 {
            done.extend(self.end_block());
        }
    }

    /// Starts a JSON board at line `number`, `line`.
    fn start_json(&mut self, number: usize, line: &str, done: &mut Vec<Record>) {
        self.first_line = number;
        self.form = Some(RecordForm::Json);
        self.push_json_line(0, line, done);
    }

    /// Adds a line to the JSON board being read (`depth` brackets open before it),
    /// ending the record when its brackets close (braces in the brace form).
    fn push_json_line(&mut self, depth: usize, line: &str, done: &mut Vec<Record>) {
        let opened = line.matches(['[', '{']).count();
        let closed = line.matches([']', '}']).count();
        let depth = (depth + opened).saturating_sub(closed);
        self.lines.push(line.to_owned());
        if depth == 0 || self.lines.len() >= MAX_JSON_LINES {
            self.json_depth = None;
            done.extend(self.end_block());
        } else {
            self.json_depth = Some(depth);
        }
    }

    /// Adds the one-line record `line`, of `form`, to `done`, unless in a skipped
    /// section.
    fn emit(&self, number: usize, line: &str, form: RecordForm, done: &mut Vec<Record>) {
        self.emit_rated(number, line, form, Rated::default(), false, done);
    }

    /// [`RecordSplitter::emit`] with the id and rating the line gives, and its cells'
    /// place when `masked` (parsing then reads them alone).
    fn emit_rated(
        &self,
        number: usize,
        line: &str,
        form: RecordForm,
        rated: Rated,
        masked: bool,
        done: &mut Vec<Record>,
    ) {
        self.emit_faulted(Record::rated(number, line, form, rated, masked), None, done);
    }

    /// Ends the block being read with its last `row`, the text after which gave
    /// `rating` (serate's) or nothing (a comment).
    fn end_block_with(&mut self, row: &str, rating: Option<String>, done: &mut Vec<Record>) {
        self.lines.push(row.to_owned());
        self.rating = rating;
        done.extend(self.end_block());
    }

    /// Adds `record` (unless in a skipped section) with the splitter's `fault` in its
    /// layout (see [`Record::fault`]).
    fn emit_faulted(
        &self,
        record: Record,
        fault: Option<(usize, ParseErrorKind)>,
        done: &mut Vec<Record>,
    ) {
        if !self.skipping {
            done.push(Record {
                fault: fault.map(Box::new),
                ..record
            });
        }
    }

    /// Reads `line` (lines joined by line breaks, for a quoted field over several)
    /// as a row of the CSV table whose header named `columns`.
    fn push_table_row(
        &mut self,
        number: usize,
        line: &str,
        columns: CsvColumns,
        done: &mut Vec<Record>,
    ) {
        match columns.row(line) {
            Ok(rated) => {
                // A field over several lines holds a grid's rows.
                let form = match line.contains('\n') {
                    true => RecordForm::of(&line[rated.cells.clone()]),
                    false => RecordForm::Line,
                };
                let row = Record {
                    table_header: self.table_header.clone(),
                    ..Record::rated(number, line, form, rated, true)
                };
                self.emit_faulted(row, None, done);
            }
            // Read as a line (a puzzle written alone); if it is none, the error
            // says what the row lacks.
            Err(fault) => {
                let (at, kind, given) = *fault;
                let record = Record {
                    // Read as a line, such a row is its solution: never a puzzle.
                    fault_always: columns.solves_first(),
                    ..Record::rated(number, line, RecordForm::Line, given, false)
                };
                self.emit_faulted(record, Some((at, kind)), done);
            }
        }
    }

    /// The rated-list forms whose cells are not the line's first token: a row of a CSV
    /// file whose header named its columns, an XML line, a Sudoku Exchange `hash
    /// puzzle rating` line. Returns whether `line` was one (and is handled).
    fn push_rated_line(&mut self, number: usize, line: &str, done: &mut Vec<Record>) -> bool {
        // A line that is no row of the table (see `CsvColumns::is_row`) is read as any
        // line is (a puzzle line with its rating or comment, a title, which ends the
        // table, a block's row); should it be a lone line that is no puzzle (`8`), the
        // error says what it lacks as a row.
        if let Some(columns) = self.csv.filter(|c| !c.is_row(line)) {
            self.row_fault = columns
                .row(line)
                .err()
                .map(|fault| (number, fault.0, fault.1));
            return false;
        }
        if let Some(columns) = self.csv {
            self.push_table_row(number, line, columns, done);
            return true;
        }
        // A JSON Lines record (`{"puzzle": "...", "id": 7}`): its puzzle's cells; one
        // that is none says why, whatever the line would read as.
        #[cfg(feature = "json")]
        if let Some(object) = rated::json_object_line(line) {
            match object {
                Ok(rated::JsonRecord {
                    rated,
                    decoded: Some(decoded),
                }) => {
                    let form = RecordForm::of(&decoded);
                    let record = Record {
                        decoded: Some(decoded.into()),
                        ..Record::rated(number, line, form, rated, true)
                    };
                    self.emit_faulted(record, None, done);
                }
                Ok(rated::JsonRecord { rated, .. }) => {
                    // A board on one line in the string (`{{5, 3, 0, ...}}`, as a
                    // program's array is answered) is read as such, in place.
                    let form = match is_json_board(&line[rated.cells.clone()]) {
                        true => RecordForm::Json,
                        false => RecordForm::Line,
                    };
                    self.emit_rated(number, line, form, rated, true, done);
                }
                Err(fault) => {
                    let record = Record {
                        fault_always: true,
                        ..Record::rated(number, line, RecordForm::Line, Rated::default(), false)
                    };
                    self.emit_faulted(record, Some(fault), done);
                }
            }
            return true;
        }
        if line.trim_start().starts_with('<') {
            match rated::xml_line(line, self.xml_tracker.is_inside("opensudoku")) {
                Xml::Skip => self.xml_tracker.read(line, 0, line.len()),
                // One game a line, as the app writes them: the record is the line.
                // Several: each record is its own element, the text before it blanked
                // so that columns stay those of the line (its echo, `dedupe`'s output
                // and serate's line then name that game alone).
                Xml::Games(games) => {
                    let alone = games.len() == 1;
                    // Where the document's tags have been read up to: each game's
                    // context is read up to its element, which is then skipped.
                    let mut read_to = 0;
                    for (element, rated) in games {
                        let (text, lead) = if alone {
                            (line.to_owned(), element.start)
                        } else {
                            let lead = line[..element.start].chars().count();
                            let own = line[element.clone()].trim_end();
                            (format!("{}{own}", " ".repeat(lead)), lead)
                        };
                        let shift = |at: usize| at - element.start + lead;
                        let before = done.len();
                        match rated {
                            Some(rated) => {
                                let rated = Rated {
                                    cells: shift(rated.cells.start)..shift(rated.cells.end),
                                    ..rated
                                };
                                self.emit_rated(number, &text, RecordForm::Line, rated, true, done);
                            }
                            // Parsing it says what it is not.
                            None => self.emit(number, &text, RecordForm::Line, done),
                        }
                        if !alone && let Some(record) = done.get_mut(before) {
                            record.lead = lead;
                        }
                        // A game's element (an element after a game that is none, a
                        // bad record, is left out of the document's tags).
                        let Some(game) = line[element.clone()].find("<game") else {
                            read_to = element.end;
                            continue;
                        };
                        let game = element.start + game;
                        // (A game whose `</game>` is on a later line: its start tag.)
                        let own = line[game..element.end].trim_end();
                        let end = game + rated::game_end(own).unwrap_or(own.len());
                        let context = self.xml_tracker.context_at(line, read_to, game);
                        read_to = end;
                        if let Some(record) = done.get_mut(before) {
                            record.xml = Some(Box::new((context, shift(game)..shift(end))));
                        }
                    }
                    self.xml_tracker.read(line, read_to, line.len());
                }
                Xml::Other => self.emit(number, line, RecordForm::Line, done),
            }
            return true;
        }
        if let Some(rated) = rated::hash_line(line) {
            self.emit_rated(number, line, RecordForm::Line, rated, true, done);
            return true;
        }
        // A CSV row without a header, its puzzle in quotes (RFC 4180, as spreadsheets
        // and pandas write it): the cells inside them.
        if line.trim_start().starts_with('"')
            && let Some(rated) = rated::quoted_line(line)
        {
            self.emit_rated(number, line, RecordForm::Line, rated, true, done);
            return true;
        }
        false
    }

    /// Ends the input: returns the unfinished block, if any (parsing it reports what
    /// is missing), unless it lies in a skipped section, or the records of an XML tag
    /// the input left open (an OpenSudoku line cut off: the games before it on its line,
    /// then the cut one, whose parsing says what it lacks).
    pub fn finish(&mut self) -> Vec<Record> {
        let mut done = Vec::new();
        // A CSV field whose quote the input left open: its lines read one by one.
        if let Some((first, lines)) = self.csv_open_row.take() {
            self.flush_open_row(first, lines, &mut done);
        }
        // An XML tag the input left open: its lines read as they are.
        self.flush_open_tag(&mut done);
        done.extend(self.end_block());
        done
    }

    /// Reads the lines of a CSV row whose quoted field closed on its last line as one
    /// record (its cells the field's lines, read as the rows they are).
    fn push_csv_row(&mut self, first: usize, lines: Vec<String>, done: &mut Vec<Record>) {
        match self.csv {
            Some(columns) => self.push_table_row(first, &lines.join("\n"), columns, done),
            None => self.flush_open_row(first, lines, done),
        }
    }

    /// Reads the lines of a CSV row whose quote did not close (within
    /// [`MAX_FIELD_LINES`], or by the input's end) one by one, as any lines are.
    fn flush_open_row(&mut self, first: usize, lines: Vec<String>, done: &mut Vec<Record>) {
        self.flushing = true;
        for (i, line) in lines.iter().enumerate() {
            self.push_line_into(first + i, line, done);
        }
        self.flushing = false;
    }

    /// Reads the lines of an XML tag left open (see [`RecordSplitter::xml_open_tag`])
    /// as they are, joined: parsing says what its last element lacks, and the elements
    /// before it on its line are read.
    fn flush_open_tag(&mut self, done: &mut Vec<Record>) {
        if let Some((first, text, _)) = self.xml_open_tag.take() {
            self.flushing = true;
            self.push_line_into(first, &text, done);
            self.flushing = false;
        }
    }

    /// `line` with its index field blanked, where a header with an index column came
    /// before it (see [`RecordSplitter::index_column`]) and the line has one field more
    /// than the header names columns, an integer first (`0,5,3,...`, `"1",5,3,...`):
    /// the field and its separator become spaces, so that every column stays where it
    /// is. Any other line that is not blank ends the index column.
    fn unindexed(&mut self, line: &str) -> Option<String> {
        let columns = self.index_column?;
        let separator = [',', ';', '\t'].into_iter().find(|&c| line.contains(c));
        let integer = |name: &str| {
            let name = name.trim();
            let name = name
                .strip_prefix('"')
                .and_then(|n| n.strip_suffix('"'))
                .unwrap_or(name);
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit())
        };
        let index = match separator {
            Some(separator) => line.split_once(separator).and_then(|(first, _)| {
                (integer(first) && line.split(separator).count() == columns + 1)
                    .then(|| first.len() + separator.len_utf8())
            }),
            // Printed by pandas: the index, then the cells between spaces.
            None => {
                let first = line.split_whitespace().next().unwrap_or("");
                (integer(first) && line.split_whitespace().count() == columns + 1)
                    .then(|| line.find(first).map_or(0, |at| at + first.len()))
            }
        };
        match index {
            Some(end) => Some(grid_core::text::blank_prefix(line, end)),
            None => {
                if !line.trim().is_empty() {
                    self.index_column = None;
                }
                None
            }
        }
    }

    /// A border line read inside a block, after some of its rows: the first sets the
    /// height of the block's bands (the side over the cells between a row's bars, else
    /// 1 after the first row, else its rows so far if they divide the side, else the
    /// last block's); once the borders before the last band are in, the block
    /// ends after that band's rows, however many rows the bands before it held. So a
    /// grid missing a row (or with one too many) in a file of grids drawn with
    /// borders is one record that says so, and the grids after it are read whole,
    /// not each with a row of the next. A framed block (see
    /// [`RecordSplitter::framed`]) ends at its bottom line instead, so that a row too
    /// many in its last band stays in it too. Returns whether the block ends here: at
    /// a border after its last band began (a frame's bottom line).
    fn border(&mut self) -> bool {
        let (rows, width) = (self.rows, self.expected_rows);
        if self.marks || self.form != Some(RecordForm::Block) || rows == 0 || self.gap.is_some() {
            return false;
        }
        let drawn = match self.drawn {
            Some(drawn) => drawn,
            None => {
                // Boxes as wide as the groups between the last row's bars are as tall
                // as the side over that. Without such bars, a border after the first
                // row borders every row; else the bands are the rows so far, if they
                // divide the side, else the last block's.
                let bars = match super::block::bar_groups(
                    self.lines.last().map_or("", String::as_str),
                )[..]
                {
                    [g, ref rest @ ..]
                        if !rest.is_empty()
                            && g > 1
                            && rest.iter().all(|&h| h == g)
                            && width.is_multiple_of(g) =>
                    {
                        Some(width / g)
                    }
                    _ => None,
                };
                let own = (rows < width && width.is_multiple_of(rows)).then_some(rows);
                let last = self.last_band.filter(|&(w, _)| w == width);
                let height = bars
                    .or((rows == 1).then_some(1))
                    .or(own)
                    .or(last.map(|(_, h)| h));
                let Some(height) = height else {
                    return false;
                };
                if bars.is_some() || own.is_some() {
                    self.last_band = Some((width, height));
                }
                DrawnBands {
                    height,
                    ..DrawnBands::default()
                }
            }
        };
        // A border after the last band began, or after a whole grid's rows however
        // its borders fell, is the frame's bottom line.
        if drawn.end_at.is_some() || rows >= width {
            return true;
        }
        let borders = drawn.borders + 1;
        let end_at = (borders + 1 == width / drawn.height).then_some(rows + drawn.height);
        self.drawn = Some(DrawnBands {
            borders,
            end_at,
            ..drawn
        });
        false
    }

    /// Whether a blank line read now, inside a block, may stand between two of its
    /// bands: a block short of rows, with as many rows as its width divides (the first
    /// blank line) or a whole number of its bands (a band of one row: text copied with a
    /// blank line after every row).
    fn may_take_gap(&self) -> bool {
        let (rows, width) = (self.rows, self.expected_rows);
        !self.marks
            && self.form == Some(RecordForm::Block)
            && (1..width).contains(&rows)
            && match self.band {
                None => width.is_multiple_of(rows),
                Some(h) => rows.is_multiple_of(h),
            }
    }

    /// At the first line after blank lines inside a block: a row of the block's width
    /// goes on with it (the blank lines set its bands apart); any other line ends it
    /// before the blank lines. Returns whether the block ended.
    fn end_at_gap(&mut self, line: &str, done: &mut Vec<Record>) -> bool {
        let Some(at) = self.gap else {
            return false;
        };
        if line.trim().is_empty() {
            return false;
        }
        self.gap = None;
        if block_width(line) == Some(self.expected_rows) && !is_title(line) {
            self.band.get_or_insert(self.rows);
            return false;
        }
        self.lines.truncate(at);
        done.extend(self.end_block());
        true
    }

    /// The line after the last row of a block that opened with a row of empty fields
    /// right after another block: another row of the block's width makes that first
    /// row the empty row a spreadsheet writes between two grids (left out, the grid
    /// taking this row as its last); any other line ends the block with the empty row
    /// as its first row of blanks, and is read as it would be. Returns whether the line
    /// was taken.
    fn end_deferred(
        &mut self,
        number: usize,
        line: &str,
        raw: &str,
        done: &mut Vec<Record>,
    ) -> bool {
        self.deferred = false;
        self.empty_first = false;
        let taken = block_width(line) == Some(self.expected_rows) && !is_title(line);
        if taken {
            self.lines.remove(0);
            self.first_line += 1;
            self.lines.push(raw.to_owned());
            self.completed_at = Some(number);
        } else {
            self.completed_at = number.checked_sub(1);
        }
        done.extend(self.end_block());
        taken
    }

    /// Cuts the block at its first blank lines: the lines before them are a record (a
    /// short grid, whose parsing says so), and the lines after them are read again.
    fn split_at_first_gap(&mut self, done: &mut Vec<Record>) {
        let at = self.first_gap.unwrap_or(self.lines.len());
        let rest = self.lines.split_off(at);
        self.rows = self.lines.iter().filter(|line| !is_filler(line)).count();
        let first = self.first_line + at;
        done.extend(self.end_block());
        for (i, line) in rest.iter().enumerate() {
            self.push_line_into(first + i, line, done);
        }
    }

    /// Ends the block being read: returns it, if any (parsing it reports what is
    /// missing), unless it lies in a skipped section. A label before the block's rows
    /// (see [`RecordSplitter::label`]) is left out when the rows make a whole grid;
    /// otherwise it stays, and parsing says the rows do not match it.
    fn end_block(&mut self) -> Vec<Record> {
        if let Some(at) = self.gap.take() {
            self.lines.truncate(at);
        }
        self.band = None;
        self.drawn = None;
        self.framed = false;
        self.spaced = false;
        self.first_gap = None;
        self.empty_first = false;
        self.deferred = false;
        let mut out = Vec::new();
        if std::mem::take(&mut self.label) && self.rows == self.expected_rows {
            let line = self.lines.remove(0);
            // A line that could be no row of the grid is its label; any other (`123`)
            // is a record of its own, whose parsing says what it is not.
            if !is_label_of(&line, self.expected_rows) && !self.skipping {
                out.push(Record::new(self.first_line, line));
            } else if self.block_title.is_none() {
                self.block_title = grid_title(&line).map(str::to_owned);
            }
            self.first_line += 1;
        }
        // A lone line of capitals (`HARD` after a grid, or before a blank line and a
        // grid) is no puzzle of one row but a label: skipped, as a title is.
        let lone_label = self.rows == 1 && self.lines.len() == 1 && is_lone_label(&self.lines[0]);
        let rows = self.end_rows();
        if !lone_label {
            out.extend(rows);
        }
        out
    }

    /// [`RecordSplitter::end_block`] once the label is settled.
    fn end_rows(&mut self) -> Option<Record> {
        if self.lines.is_empty() {
            return None;
        }
        let text = self.lines.join("\n");
        self.lines.clear();
        // Under the block layout, a lone row (`1...2...3...4...`, which the block
        // parser would read as a one-line puzzle) is a block of one row.
        let lone_row = self.layout == Layout::Block && self.rows == 1 && !text.contains('\n');
        let fault = lone_row.then(|| {
            let at = text.len() - text.trim_start().len();
            let kind = ParseErrorKind::RowCount {
                found: 1,
                expected: self.expected_rows,
            };
            (at, kind)
        });
        self.rows = 0;
        self.json_depth = None;
        self.marks = false;
        let form = self.form.take().unwrap_or(RecordForm::Block);
        let given_rating = self.rating.take();
        if self.skipping {
            return None;
        }
        let id = self.block_title.take();
        Some(Record {
            first_line: self.first_line,
            text,
            form,
            id,
            given_rating,
            cells: None,
            solution: None,
            fault: fault.map(Box::new),
            table_header: None,
            fault_always: lone_row,
            lead: 0,
            xml: None,
            variant: None,
            decoded: None,
        })
    }
}

/// A title that names the grid below it: a short line (at most 40 characters) with a
/// digit in it, as collections number their grids (`Grid 01`, `Puzzle 3:`, `Sudoku
/// #12`), without its closing `:` or `.`; `None` for any other title (a program's
/// name, a heading without a number).
fn grid_title(line: &str) -> Option<&str> {
    let title = line.trim().trim_end_matches([':', '.']).trim_end();
    (title.chars().count() <= 40 && title.bytes().any(|b| b.is_ascii_digit())).then_some(title)
}

/// The side of the one-line puzzle `line` holds (0 when its first token is no square).
fn line_size(line: &str) -> usize {
    square_root(super::line::line_token(line).1.chars().count()).unwrap_or(0)
}

/// The form of a one-line record cut under a forced line or block [`Layout`] (or a
/// short line): a JSON board written on one line is still one, else a line.
fn line_form(line: &str) -> RecordForm {
    if is_json_board(line) {
        RecordForm::Json
    } else {
        RecordForm::Line
    }
}

/// The form of a one-line record whose first token is longer than a row (the case of
/// every line puzzle): pencil marks when that token (up to whitespace) is the 729
/// characters of the pencil-mark form, else a line.
fn long_line_form(line: &str) -> RecordForm {
    // Bytes first: fewer than 729 bytes cannot hold 729 characters (a 9 x 9 line costs
    // one length test).
    if line.len() < 729 {
        return RecordForm::Line;
    }
    let token = line.split_whitespace().next().unwrap_or("");
    if token.len() >= 729 && token.chars().count() == 729 {
        RecordForm::Candidates
    } else {
        RecordForm::Line
    }
}

/// The splitter as a [`LineReader`]: it hands out each record as soon as a line
/// completes it ([`RecordSplitter::push_line_into`]), and the unfinished one at the end
/// ([`RecordSplitter::finish`]). It refuses nothing: a malformed record is found when
/// it is parsed.
///
/// ```
/// use grid_core::text::read_str;
/// use sudoku::RecordSplitter;
///
/// let records = read_str("# two\n12\n21\n\n1.34....", &mut RecordSplitter::new(None))?;
/// assert_eq!(records.iter().map(|r| r.first_line).collect::<Vec<_>>(), [2, 5]);
/// # Ok::<(), std::convert::Infallible>(())
/// ```
impl LineReader for RecordSplitter {
    type Item = Record;
    type Error = Infallible;

    fn push_line(&mut self, line: TextLine<'_>, done: &mut Vec<Record>) -> Result<(), Infallible> {
        self.push_line_into(line.number, line.text, done);
        Ok(())
    }

    fn finish(&mut self, done: &mut Vec<Record>) -> Result<(), Infallible> {
        done.extend(RecordSplitter::finish(self));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[test]
    fn an_xml_tag_over_lines_is_one_and_a_line_cut_off_takes_nothing_after_it() {
        let grid = "0".repeat(81);
        let lines = [
            "<opensudoku>".to_owned(),
            format!(r#"<game id="a" data="{grid}"/><game id="b" data="2000"#),
            format!(r#"<game id="c" data="{grid}"/>"#),
            r#"<game id="d""#.to_owned(),
            format!(r#"   data="{grid}"/>"#),
            "<!-- old:".to_owned(),
            format!(r#"<game id="e" data="{grid}"/> -->"#),
            format!(r#"<game id="f" data="{grid}"/><game id="g" data="1"#),
        ];
        let mut splitter = RecordSplitter::new(None);
        let mut records = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            records.extend(splitter.push_line(i + 1, line));
        }
        records.extend(splitter.finish());
        let read: Vec<(usize, Option<&str>, bool)> = records
            .iter()
            .map(|r| (r.first_line, r.id.as_deref(), r.parse(None).is_ok()))
            .collect();
        assert_eq!(
            read,
            [
                (2, Some("a"), true),
                // (Cut off, its id is not read: parsing says what it lacks.)
                (2, None, false),
                (3, Some("c"), true),
                (4, Some("d"), true),
                (8, Some("f"), true),
                (8, None, false),
            ]
        );
    }
    use grid_core::{Coord, Positioned, TextPosition};

    fn records(text: &str) -> Vec<Record> {
        let mut splitter = RecordSplitter::new(None);
        let mut done = Vec::new();
        for line in grid_core::text::lines(text) {
            splitter.push_line_into(line.number, line.text, &mut done);
        }
        done.extend(splitter.finish());
        done
    }

    #[test]
    fn record_errors_are_placed_in_the_whole_input() {
        let text = "# two blocks\n1 . | . .\n. . | 2 .\n. x | . .\n. . | . 4\n\n1 1 | . .\n. . | . .\n. . | . .\n. . | . .\n";
        let found = records(text);
        assert_eq!(found.len(), 2);
        let bad = found[0].parse(None).unwrap_err();
        assert_eq!(bad.text_position(), Some(TextPosition::at(4, 3)));
        assert_eq!(bad.cell(), None);
        let clash = found[1].parse(None).unwrap_err();
        assert_eq!(clash.text_position(), Some(TextPosition::line(7)));
        assert_eq!(clash.cell(), Some(Coord::new(0, 1)));
        assert_eq!(
            clash.to_string(),
            "invalid givens: r1c1 and r1c2 are both 1 in row 1"
        );
    }

    #[test]
    fn records_carry_the_form_their_splitter_found() {
        let marks = "1........".repeat(81);
        let text = format!(
            "{}\n12\n21\n\n[[\"1\",\".\"],\n[\".\",\".\"]]\n  {marks}  # marks\n| 12 3 4 | 5 6 7 | 8 9 1 |\n",
            ".".repeat(81)
        );
        let found = records(&text);
        let forms: Vec<RecordForm> = found.iter().map(|r| r.form).collect();
        use RecordForm::{Block, Candidates, Json, Line};
        assert_eq!(forms, [Line, Block, Json, Candidates, Candidates]);
        // A layout forced on a JSON board written on one line does not make it a line.
        for layout in [Layout::Line, Layout::Block] {
            let mut splitter = RecordSplitter::with_layout(None, layout);
            let board = r#"[["1","."],[".","."]]"#;
            assert_eq!(splitter.push_line(1, board)[0].form, Json, "{layout:?}");
        }
        // Forced JSON: a record that does not open with `[` says so, at its first character.
        let mut splitter = RecordSplitter::with_layout(None, Layout::Json);
        let record = splitter.push_line(3, "  hello").remove(0);
        assert_eq!(record.form, Json);
        let err = record.parse(None).unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(3, 3)));
        assert!(
            err.to_string()
                .starts_with("unexpected 'h', expected a JSON board")
        );
    }

    #[test]
    fn the_block_layout_reads_no_one_line_puzzle() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let mut splitter = RecordSplitter::with_layout(None, Layout::Block);
        let records = splitter.push_line(4, &format!("  {line}"));
        assert_eq!(records.len(), 1);
        let err = records[0].parse(None).unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(4, 3)));
        assert!(matches!(
            err.error,
            Error::Parse(ParseError {
                kind: ParseErrorKind::NotABlockRow { found: 81 },
                ..
            })
        ));
        // Detected, the same line is a puzzle.
        let mut splitter = RecordSplitter::new(None);
        assert!(splitter.push_line(4, line)[0].parse(None).is_ok());
        // A 4 x 4 one-line puzzle reads as a block row of 16 cells: a block of one row.
        let mut splitter = RecordSplitter::with_layout(None, Layout::Block);
        assert!(splitter.push_line(1, "1...2...3...4...").is_empty());
        let [record] = <[Record; 1]>::try_from(splitter.finish()).expect("a record");
        let err = record.parse(None).unwrap_err();
        assert!(matches!(
            err.error,
            Error::Parse(ParseError {
                kind: ParseErrorKind::RowCount {
                    found: 1,
                    expected: 16
                },
                ..
            })
        ));
        // The block layout still reads a block.
        let mut splitter = RecordSplitter::with_layout(None, Layout::Block);
        let mut found = Vec::new();
        for (i, row) in ["1...", "....", "....", "...4"].iter().enumerate() {
            found.extend(splitter.push_line(i + 1, row));
        }
        found.extend(splitter.finish());
        assert_eq!(found.len(), 1);
        assert!(found[0].parse(None).is_ok());
    }

    #[test]
    fn a_quoted_csv_field_over_several_lines_is_one_grid() {
        let mut splitter = RecordSplitter::new(None);
        let mut found = Vec::new();
        let lines = [
            "line,puzzle,status",
            "3,\"1...",
            "....",
            "",
            "....",
            "...4\",multiple",
            "7,\"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            "8,..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        ];
        for (i, line) in lines.iter().enumerate() {
            found.extend(splitter.push_line(i + 1, line));
        }
        found.extend(splitter.finish());
        // The grid of line 2, one record (its blank line between bands kept); then,
        // a quote left open to the input's end, its lines read one by one.
        assert_eq!(
            found.iter().map(|r| r.first_line).collect::<Vec<_>>(),
            [2, 7, 8]
        );
        assert_eq!(found[0].form, RecordForm::Block);
        let grid = found[0].parse(None).expect("a 4 x 4 grid");
        assert_eq!(grid.cells()[0], 1);
        assert_eq!(grid.cells()[15], 4);
        assert!(
            found[1].parse(None).is_err(),
            "a field with a quote left open"
        );
        assert!(found[2].parse(None).is_ok());
    }

    #[test]
    fn rated_lists_keep_their_ids_and_ratings() {
        let grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let sixteen: String = (0..16)
            .map(|r| {
                let row: String = (0..16)
                    .map(|c| if r + c == 0 { 'A' } else { '.' })
                    .collect();
                if r == 15 {
                    format!("{row} ED=2.3/1.2/1.2\n")
                } else {
                    format!("{row}\n")
                }
            })
            .collect();
        let text = format!(
            "0000183b305c  {grid}  1.2\n{grid} ED=7.1/1.2/1.2\n{sixteen}\n\
             <?xml version=\"1.0\"?>\n<opensudoku>\n<name>x</name>\n<game id=\"g\" data=\"{grid}\"/>\n</opensudoku>\n\
             id,puzzle,difficulty\n7,{grid},3.4\n"
        );
        let found = records(&text);
        let given: Vec<(usize, Option<&str>, Option<&str>)> = found
            .iter()
            .map(|r| (r.first_line, r.id.as_deref(), r.given_rating.as_deref()))
            .collect();
        assert_eq!(
            given,
            [
                (1, Some("0000183b305c"), Some("1.2")),
                (2, None, Some("7.1/1.2/1.2")),
                (3, None, Some("2.3/1.2/1.2")),
                (23, Some("g"), None),
                (26, Some("7"), Some("3.4")),
            ]
        );
        let expected: crate::Sudoku = grid.parse().unwrap();
        for record in [&found[0], &found[1], &found[3], &found[4]] {
            assert_eq!(record.parse(None).unwrap(), expected, "{}", record.text);
        }
        assert_eq!(found[2].parse(None).unwrap().size(), 16);
    }

    #[test]
    fn text_after_a_blocks_last_row_written_as_one_token() {
        let rows = "..3.2.6..\n9..3.5..1\n..18.64..\n..81.29..\n7.......8\n..67.82..\n\
                    ..26.95..\n8..2.3..9\n";
        let expected: crate::Sudoku = format!("{}..5.1.3..", rows.replace('\n', ""))
            .parse()
            .unwrap();
        // A bare rating, a word, serate's rating: the row ends at its token.
        for last in [
            "..5.1.3.. 1.2",
            "..5.1.3..   hard",
            "..5.1.3.. ED=2.3/1.2/1.2",
        ] {
            let found = records(&format!("{rows}{last}\n"));
            assert_eq!(found.len(), 1, "{last}");
            assert_eq!(found[0].parse(None).unwrap(), expected, "{last}");
        }
        // Ten cells in one token are still a row of ten, said as such.
        let found = records(&format!("{rows}..5.1.3..1\n"));
        let err = found[0].parse(None).unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(9, 1)));
        assert!(err.to_string().contains("10 cells"), "{err}");
    }

    #[test]
    fn given_solutions_in_csv() {
        let grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let solution =
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
        let expected: crate::Sudoku = grid.parse().unwrap();
        let given = |text: &str| -> Vec<(bool, Option<String>)> {
            let found = records(text);
            for record in &found {
                assert_eq!(record.parse(None).unwrap(), expected, "{}", record.text);
            }
            found
                .iter()
                .map(|r| {
                    (
                        r.has_solution_column(),
                        r.given_solution().map(str::to_owned),
                    )
                })
                .collect()
        };
        let named = |s: &str| (true, Some(s.to_owned()));
        // RFC 4180 quotes, with a header or without.
        for text in [
            format!("puzzle,solution\n\"{grid}\",\"{solution}\"\n"),
            format!("\"{grid}\",\"{solution}\"\n"),
            format!("{grid},\"{solution}\"\n"),
        ] {
            let solution = Some(solution.to_owned());
            let column = text.starts_with("puzzle");
            assert_eq!(given(&text), [(column, solution)], "{text}");
        }
        // A named solution column anywhere, its field as written, whatever it holds.
        let short = &solution[..80];
        assert_eq!(
            given(&format!(
                "difficulty,solution,puzzle\n1.2,{solution},{grid}\n1.2,{short},{grid}\n\
                 1.2,abc,\"{grid}\"\n1.2,,{grid}\n"
            )),
            [named(solution), named(short), named("abc"), (true, None)]
        );
        // Without a header: only a field of the puzzle's length is a solution.
        assert_eq!(
            given(&format!("{grid},{short}\n{grid},{solution}1\n")),
            [(false, None), (false, None)]
        );
        // The solution first: a row whose puzzle field is empty is that fault, though
        // its first field, read as a line, is a puzzle (the solution, 81 givens).
        let found = records(&format!(
            "solution;puzzle;difficulty\n{solution};;1.2\n{solution};{grid};1.2\n"
        ));
        assert_eq!(found.len(), 2);
        let fault = found[0].parse(None).unwrap_err();
        assert_eq!(fault.text_position(), Some(TextPosition::at(2, 83)));
        assert!(
            matches!(
                fault.error,
                Error::Parse(ParseError {
                    kind: ParseErrorKind::CsvEmptyField { .. },
                    ..
                })
            ),
            "{fault:?}"
        );
        assert_eq!(found[1].parse(None).unwrap(), expected);
        assert_eq!(found[1].given_solution(), Some(solution));
    }

    #[test]
    fn grids_of_candidate_lists_are_records_detected_or_forced() {
        let row = "| 12 3 4 | 5 6 7 | 8 9 1 |";
        let mut grid = vec![".-----------."];
        for r in 0..9 {
            grid.push(row);
            if r % 3 == 2 {
                grid.push(":-----+-----:");
            }
        }
        let text = format!(
            "# marks\n{}\n{}\n\n{}\n",
            grid.join("\n"),
            grid.join("\n"),
            "1........".repeat(81)
        );
        let mut found = records(&text);
        assert_eq!(
            found.iter().map(|r| r.first_line).collect::<Vec<_>>(),
            [3, 16, 29]
        );
        assert!(found.iter().all(|r| r.form == RecordForm::Candidates));
        // The middle frames are kept, so positions count them; the closing one is not.
        assert_eq!(found.remove(0).text.lines().count(), 11);

        let mut splitter = RecordSplitter::with_layout(None, Layout::Candidates);
        let mut done = Vec::new();
        for line in grid_core::text::lines("1 2 3 4 5 6 7 8 9\n1 2\n\n1 2 3") {
            splitter.push_line_into(line.number, line.text, &mut done);
        }
        done.extend(splitter.finish());
        assert_eq!(
            done.iter().map(|r| r.first_line).collect::<Vec<_>>(),
            [1, 4]
        );
    }

    /// A 9 x 9 puzzle as one line, its nine rows, and the puzzle itself (parsed from
    /// the line: the reference the other forms are checked against).
    fn puzzle_rows() -> ([String; 9], crate::Sudoku) {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let rows = std::array::from_fn(|r| line[9 * r..9 * r + 9].to_owned());
        (rows, line.parse().unwrap())
    }

    #[test]
    fn a_numbered_title_just_above_a_grid_is_its_id() {
        let (rows, expected) = puzzle_rows();
        let grid = rows.join("\n");
        let framed = format!(
            "+---------+\n{}\n+---------+",
            rows.iter()
                .map(|r| format!("|{r}|"))
                .collect::<Vec<_>>()
                .join("\n")
        );
        for (text, id) in [
            // Project Euler 96's titles, a book's, above a frame's top border.
            (format!("Grid 01\n{grid}"), Some("Grid 01")),
            (format!("Puzzle 3:\n{grid}"), Some("Puzzle 3")),
            (
                format!("Sudoku #12 (hard)\n{framed}"),
                Some("Sudoku #12 (hard)"),
            ),
            // No number, or not just above the grid: no id.
            (format!("HARD\n{grid}"), None),
            (format!("Easy puzzles\n{grid}"), None),
            (format!("Grid 01\n\n{grid}"), None),
            (format!("Collection 2024\n{}\n{grid}", rows.concat()), None),
        ] {
            let found = records(&text);
            let last = found.last().unwrap();
            assert_eq!(last.parse(None).unwrap(), expected, "{text}");
            assert_eq!(last.id.as_deref(), id, "{text}");
        }
    }

    #[test]
    fn a_label_before_a_grid_is_skipped_and_a_line_that_may_be_a_row_is_kept() {
        let (rows, expected) = puzzle_rows();
        let grid = rows.join("\n");
        let line = rows.concat();
        // Labels: words of capitals (then digits) that hold a letter past 9.
        for label in [
            "HARD",
            "Q1",
            "EXPERT",
            "DIFFICULT",
            "INTERMEDIATE",
            "SUPER HARD",
            "PUZZLE 12",
        ] {
            for text in [format!("{label}\n{grid}\n"), format!("{label}\n{line}\n")] {
                let found = records(&text);
                assert_eq!(found.len(), 1, "{text}");
                assert_eq!(found[0].first_line, 2, "{text}");
                assert_eq!(found[0].parse(None).unwrap(), expected, "{text}");
            }
        }
        // Lines that may be a row or a puzzle cut short stay records of their own,
        // which parsing refuses; the grid after them is read whole.
        for stray in ["123", "1.", "1x3", "5.3"] {
            for text in [format!("{stray}\n{grid}\n"), format!("{stray}\n{line}\n")] {
                let found = records(&text);
                assert_eq!(found.len(), 2, "{text}");
                assert_eq!(found[0].text, stray);
                assert!(found[0].parse(None).is_err(), "{text}");
                assert_eq!(found[1].first_line, 2, "{text}");
                assert_eq!(found[1].parse(None).unwrap(), expected, "{text}");
            }
        }
        // A grid of letters (a wordoku, read with its alphabet) keeps its first row:
        // the rows after it hold letters too.
        let letters: Vec<String> = rows
            .iter()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c == '.' {
                            '.'
                        } else {
                            (b'A' + c as u8 - b'1') as char
                        }
                    })
                    .collect()
            })
            .collect();
        let found = records(&letters.join("\n"));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].first_line, 1);
        assert_eq!(found[0].text.lines().count(), 9);
        // Labels on their own (after a grid, before a blank line, two in a row, with
        // punctuation) and Markdown fences around a grid are skipped.
        for text in [
            format!("{grid}\nHARD\n"),
            format!("HARD\n\n{grid}\n"),
            format!("PUZZLE 12\nHARD\n{grid}\n"),
            format!("LEVEL: 3\n{grid}\nEXPERT!\n"),
            format!("Q1:\n```\n{grid}\n```\n"),
            format!("1)\n~~~text\n{line}\n~~~\n"),
        ] {
            let found = records(&text);
            assert_eq!(found.len(), 1, "{text}");
            assert_eq!(found[0].parse(None).unwrap(), expected, "{text}");
        }
        // Rows of a 12 x 12 grid written with 0 for a blank, a letter first: rows.
        let twelve = format!(
            "C{}\nB{}\n{}",
            "0".repeat(11),
            "0".repeat(11),
            vec!["0".repeat(12); 10].join("\n")
        );
        let found = records(&twelve);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].text.lines().count(), 12);
        // A label of a grid's width after a grid, then a blank line and a grid.
        let found = records(&format!("{grid}\nDIFFICULT\n\n{grid}\n"));
        assert_eq!(found.len(), 2);
        for record in &found {
            assert_eq!(record.parse(None).unwrap(), expected);
        }
        // A label before a grid short of a row is kept with it: one record, refused.
        let short = format!("HARD\n{}\n\n{line}\n", rows[..8].join("\n"));
        let found = records(&short);
        assert_eq!(found.len(), 2);
        assert!(found[0].text.starts_with("HARD\n"));
        assert!(found[0].parse(None).is_err());
        assert_eq!(found[1].parse(None).unwrap(), expected);
    }

    #[test]
    fn blank_lines_between_bands_keep_a_grid_whole() {
        let (rows, expected) = puzzle_rows();
        let bands = rows.chunks(3).map(|b| b.join("\n")).collect::<Vec<_>>();
        for gap in ["\n\n", "\n\n\n", "\n \n"] {
            let text = format!("{}\n{}\n", bands.join(gap), rows.concat());
            let found = records(&text);
            assert_eq!(found.len(), 2, "{text:?}");
            assert_eq!(found[0].first_line, 1);
            assert_eq!(found[0].parse(None).unwrap(), expected, "{text:?}");
            assert_eq!(found[1].parse(None).unwrap(), expected);
        }
        // A blank line after every row (double-spaced text), and a row without one
        // after such rows: the rows before it are a short grid.
        let text = format!("{}\n", rows.join("\n\n"));
        let found = records(&text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].parse(None).unwrap(), expected);
        let text = format!("{}\n\n{}\n", rows[0], rows.join("\n"));
        let found = records(&text);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].text, rows[0]);
        assert_eq!(found[1].parse(None).unwrap(), expected);
        // 6 x 6, bands of two rows.
        let six = "1.....\n..2...\n\n....3.\n.4....\n\n...5..\n.....6";
        let found = records(six);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].parse(None).unwrap(),
            "1.......2.......3..4.......5.......6".parse().unwrap()
        );
        // A short grid, blank lines, then a whole one: the short one stays a record
        // (refused), and the whole one is read from its first row.
        let text = format!("{}\n\n{}\n", bands[0], rows.join("\n"));
        let found = records(&text);
        assert_eq!(found.len(), 2);
        assert!(found[0].parse(None).is_err());
        assert_eq!(found[0].text, bands[0]);
        assert_eq!(found[1].first_line, 5);
        assert_eq!(found[1].parse(None).unwrap(), expected);
        // Blank lines after rows that make no band, or before a line that is no row,
        // end the block there.
        for text in [
            format!("{}\n\n{}\n", rows[..4].join("\n"), rows[4..].join("\n")),
            format!("{}\n\n# next\n{line}\n", bands[0], line = rows.concat()),
        ] {
            let found = records(&text);
            assert!(found[0].parse(None).is_err(), "{text}");
            assert!(!found[0].text.ends_with('\n'), "{text}");
        }
    }

    #[test]
    fn a_grid_short_of_a_row_among_grids_drawn_with_borders_leaves_the_next_ones_whole() {
        let (rows, expected) = puzzle_rows();
        let spaced = |row: &str| {
            let c: Vec<String> = row.chars().map(String::from).collect();
            format!(
                "{} | {} | {}",
                c[..3].join(" "),
                c[3..6].join(" "),
                c[6..].join(" ")
            )
        };
        // Border lines between the bands, or a whole frame around them too; grids one
        // after the other, or set apart by blank lines.
        for (framed, gap) in [(false, "\n"), (true, "\n"), (false, "\n\n")] {
            let grid = |skip: Option<usize>, twice: Option<usize>| {
                let mut lines = Vec::new();
                if framed {
                    lines.push("+-------+-------+-------+".to_owned());
                }
                for (r, row) in rows.iter().enumerate() {
                    let row = if framed {
                        format!("| {} |", spaced(row))
                    } else {
                        spaced(row)
                    };
                    if skip != Some(r) {
                        lines.push(row.clone());
                    }
                    if twice == Some(r) {
                        lines.push(row);
                    }
                    if r == 2 || r == 5 {
                        lines.push("------+-------+------".to_owned());
                    }
                }
                if framed {
                    lines.push("+-------+-------+-------+".to_owned());
                }
                lines.join("\n")
            };
            let whole = grid(None, None);
            let faulty = (0..9)
                .map(|r| (grid(Some(r), None), 8, r))
                .chain((0..9).map(|r| (grid(None, Some(r)), 10, r)));
            for (bad, found, r) in faulty {
                let text = [whole.as_str(), &bad, &whole, &whole].join(gap);
                let records = records(&text);
                let said = format!("found {found} rows");
                let parsed: Vec<_> = records.iter().map(|r| r.parse(None)).collect();
                assert_eq!(parsed.len(), 4, "{text}");
                assert_eq!(parsed[0].as_ref().ok(), Some(&expected), "{text}");
                assert_eq!(parsed[3].as_ref().ok(), Some(&expected), "{text}");
                // Unframed and with no blank lines between grids, a grid with a row
                // missing from its last band, or one too many, ends where that band
                // would (no line says otherwise): its last
                // row is the next grid's first, or its own last row begins the next
                // grid. The next grid is then the one found short or long, and the
                // one after it is whole again.
                let (bad, next) = if !framed && gap == "\n" && r >= 6 {
                    (2, &parsed[1])
                } else {
                    (1, &parsed[2])
                };
                let error = parsed[bad].as_ref().err().map(ToString::to_string);
                assert!(error.is_some_and(|e| e.contains(&said)), "{text}");
                if bad == 1 {
                    assert_eq!(next.as_ref().ok(), Some(&expected), "{text}");
                }
            }
        }
    }

    #[test]
    fn spreadsheet_headers_are_skipped_and_index_columns_left_out() {
        let (rows, expected) = puzzle_rows();
        let fields = |row: &str| {
            row.replace('.', "0")
                .chars()
                .map(String::from)
                .collect::<Vec<_>>()
                .join(",")
        };
        let body = |indexed: bool| {
            rows.iter()
                .enumerate()
                .map(|(r, row)| {
                    if indexed {
                        format!("{r},{}", fields(row))
                    } else {
                        fields(row)
                    }
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        for (header, indexed) in [
            (",0,1,2,3,4,5,6,7,8", true),
            (
                "\"\",\"V1\",\"V2\",\"V3\",\"V4\",\"V5\",\"V6\",\"V7\",\"V8\",\"V9\"",
                true,
            ),
            ("0,1,2,3,4,5,6,7,8", false),
            ("A,B,C,D,E,F,G,H,I", false),
            ("c1,c2,c3,c4,c5,c6,c7,c8,c9", false),
        ] {
            // Twice over, as two tables one after the other.
            let table = format!("{header}\n{}", body(indexed));
            let found = records(&format!("{table}\n{table}\n"));
            assert_eq!(found.len(), 2, "{table}");
            for record in &found {
                assert_eq!(record.parse(None).ok(), Some(expected.clone()), "{table}");
            }
            assert_eq!(found[0].first_line, 2, "{table}");
        }
        // The names from 0 stay the grid's first row when no whole grid follows them
        // (a blank, then 1-8), and so do names from 1 always (a solved row).
        let first = "0,1,2,3,4,5,6,7,8";
        let text = format!(
            "{first}\n{}\n",
            body(false).lines().skip(1).collect::<Vec<_>>().join("\n")
        );
        let found = records(&text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].first_line, 1);
        assert!(found[0].text.starts_with(first));
        // A stray symbol in a row after its index is named at its own column.
        let table = format!(
            ",0,1,2,3,4,5,6,7,8\n{}",
            body(true).replacen("0,0,0,0,0,8", "0,0,0,0,0,x", 1)
        );
        let found = records(&table);
        let error = found[0].parse(None).unwrap_err();
        let line = table.lines().position(|l| l.contains('x')).unwrap();
        let column = table.lines().nth(line).unwrap().find('x').unwrap() + 1;
        assert_eq!(
            error.text_position(),
            Some(TextPosition::at(line + 1, column)),
            "{error}"
        );
    }

    #[test]
    fn a_board_written_as_an_assignment_reads_as_its_value() {
        let (rows, expected) = puzzle_rows();
        let json: Vec<String> = rows
            .iter()
            .map(|row| {
                let cells: Vec<String> = row.chars().map(|c| format!("\"{c}\"")).collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        let one_line = format!("board = [{}]", json.join(","));
        let by_rows = format!("Input: board = [\n{}\n]", json.join(",\n"));
        for text in [one_line, by_rows] {
            let found = records(&text);
            assert_eq!(found.len(), 1, "{text}");
            assert_eq!(found[0].parse(None).ok(), Some(expected.clone()), "{text}");
        }
    }

    #[test]
    fn a_header_in_capitals_names_the_columns() {
        let (rows, expected) = puzzle_rows();
        let (puzzle, solution) = (rows.concat(), expected.solution().unwrap().to_string());
        for (header, row) in [
            ("PUZZLE,SOLUTION", format!("{puzzle},{solution}")),
            ("SOLUTION,PUZZLE", format!("{solution},{puzzle}")),
            ("solution,board", format!("{solution},{puzzle}")),
        ] {
            let found = records(&format!("{header}\n{row}\n"));
            assert_eq!(found.len(), 1, "{header}");
            assert_eq!(
                found[0].parse(None).ok(),
                Some(expected.clone()),
                "{header}"
            );
            assert_eq!(
                found[0].given_solution(),
                Some(solution.as_str()),
                "{header}"
            );
        }
    }

    #[test]
    fn grids_drawn_with_box_drawing_characters() {
        let (rows, expected) = puzzle_rows();
        let bar = |row: &str| {
            let c: Vec<String> = row.chars().map(String::from).collect();
            format!(
                "│ {} │ {} │ {} │",
                c[..3].join(" "),
                c[3..6].join(" "),
                c[6..].join(" ")
            )
        };
        let mut lines = vec!["┌───────┬───────┬───────┐".to_owned()];
        for (r, row) in rows.iter().enumerate() {
            if r == 3 || r == 6 {
                lines.push("├───────┼───────┼───────┤".to_owned());
            }
            lines.push(bar(row));
        }
        lines.push("└───────┴───────┴───────┘".to_owned());
        let text = lines.join("\n");
        let found = records(&text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].parse(None).unwrap(), expected);
        // The record keeps the drawing as written.
        assert!(found[0].text.contains('│'));
        assert_eq!(crate::Sudoku::parse(&text, None).unwrap(), expected);
    }

    #[test]
    fn spreadsheet_rows_with_empty_fields_for_blanks() {
        let (rows, expected) = puzzle_rows();
        // The rows as a spreadsheet writes them: `separator` between fields, each cell
        // `quote`d, a blank an empty field.
        let spreadsheet = |separator: &str, quote: &str| -> Vec<String> {
            rows.iter()
                .map(|row| {
                    row.chars()
                        .map(|c| match c {
                            '.' => format!("{quote}{quote}"),
                            c => format!("{quote}{c}{quote}"),
                        })
                        .collect::<Vec<_>>()
                        .join(separator)
                })
                .collect()
        };
        for separator in [",", ";", "\t"] {
            let grid = spreadsheet(separator, "");
            let found = records(&grid.join("\n"));
            assert_eq!(found.len(), 1, "{separator:?}");
            assert_eq!(found[0].parse(None).unwrap(), expected, "{separator:?}");
        }
        // Every field in quotes, as some spreadsheets write them (`"","","3",...`).
        let found = records(&spreadsheet(",", "\"").join("\n"));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].parse(None).unwrap(), expected);
        // A row of blanks alone (`,,,,,,,,`) is a row, not a border.
        let mut grid = spreadsheet(",", "");
        grid[5] = ",".repeat(8);
        let mut blanked = rows.concat().into_bytes();
        blanked[45..54].fill(b'.');
        let blanked: crate::Sudoku = String::from_utf8(blanked).unwrap().parse().unwrap();
        let found = records(&grid.join("\n"));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].parse(None).unwrap(), blanked);
        // The empty row a spreadsheet writes between two grids is no row of the
        // second; a grid whose first row is blank, after another grid, ending the
        // input or before a blank line, keeps it.
        let fields = |grid: &[String]| grid.join("\n");
        let text = format!("{}\n{}\n{}\n", fields(&grid), ",".repeat(8), fields(&grid));
        let found = records(&text);
        assert_eq!(found.len(), 2);
        assert_eq!(found[1].first_line, 11);
        for record in &found {
            assert_eq!(record.parse(None).unwrap(), blanked);
        }
        let mut first_blank = grid.clone();
        first_blank[0] = ",".repeat(8);
        let mut top_blanked = rows.concat().into_bytes();
        top_blanked[..9].fill(b'.');
        top_blanked[45..54].fill(b'.');
        let top_blanked: crate::Sudoku = String::from_utf8(top_blanked).unwrap().parse().unwrap();
        // First in the input, a grid whose first row is blank keeps it, and the grid
        // after it is read whole.
        let text = format!("{}\n{}\n", fields(&first_blank), fields(&grid));
        let found = records(&text);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].parse(None).unwrap(), top_blanked);
        assert_eq!(found[1].parse(None).unwrap(), blanked);
        for end in ["", "\n\n# next"] {
            let text = format!("{}\n{}{end}\n", fields(&grid), fields(&first_blank));
            let found = records(&text);
            assert_eq!(found.len(), 2, "{end:?}");
            assert_eq!(found[0].parse(None).unwrap(), blanked);
            assert_eq!(found[1].parse(None).unwrap(), top_blanked, "{end:?}");
        }
        // Blanks written as `.`, a separator ending each row: read as before.
        let dots = "1,.,3,4,\n3,4,.,2,\n2,1,4,.,\n.,3,2,1,";
        assert_eq!(
            records(dots)[0].parse(None).unwrap(),
            "1.3434.2214..321".parse().unwrap()
        );
        // An empty last field where blanks are empty fields: the row's last cell.
        let last = "4,2,1,\n,,,\n,4,2,\n,,,";
        let found = records(last);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].parse(None).unwrap(),
            "421......42.....".parse().unwrap()
        );
    }

    #[test]
    fn a_bar_around_every_cell_of_a_sixteen_wide_row_is_a_row() {
        // 16 x 16 and 25 x 25 rows of `|x|` cells are 33 and 51 characters in one
        // token, longer than any row written without bars: still rows.
        for n in [16usize, 25] {
            // The shifted-rows full grid, every third cell blank.
            let b = if n == 16 { 4 } else { 5 };
            let line: String = (0..n * n)
                .map(|i| match i % 3 {
                    0 => '.',
                    _ => {
                        let (r, c) = (i / n, i % n);
                        let v = (r * b + r / b + c) % n + 1;
                        char::from_digit(v as u32, 36).unwrap().to_ascii_uppercase()
                    }
                })
                .collect();
            let grid: crate::Sudoku = line.parse().unwrap();
            let rows: Vec<String> = (0..n)
                .map(|r| {
                    let cells: Vec<&str> =
                        (0..n).map(|c| &line[r * n + c..r * n + c + 1]).collect();
                    format!("|{}|", cells.join("|"))
                })
                .collect();
            let found = records(&rows.join("\n"));
            assert_eq!(found.len(), 1, "{n}");
            assert_eq!(found[0].form, RecordForm::Block);
            assert_eq!(found[0].parse(None).unwrap(), grid, "{n}");
        }
    }
}
