//! Symbol alphabets: which character stands for which value.
//!
//! The standard alphabet, the one [`crate::Sudoku::parse`] reads, is `1`-`9` then
//! `A`-`Z` (values 1, 2, ...), with `.`, `0` and `_` for a blank. Others are common:
//! hexadoku `0`-`F` (where `0` is a value, so only `.` and `_` are blanks), `A`-`P` for
//! 16 x 16 (POJ 3076, SPOJ), `A`-`Y` for 25 x 25. An [`Alphabet`] translates a record
//! written in it to the standard alphabet, character for character (so every line and
//! column of an error stays where it was), and renders grids back in it.

use std::fmt::{self, Write};

use super::value_symbol;
use crate::error::{Error, ParseErrorKind};
use crate::{Record, Sudoku};

/// A symbol alphabet: the character of each value 1..=n (see the module docs).
///
/// ```
/// use sudoku::Alphabet;
/// let hex: Alphabet = "0-F".parse()?;
/// assert_eq!((hex.len(), hex.symbol(1), hex.symbol(16)), (16, '0', 'F'));
/// assert!(!hex.is_standard() && "1-9A-G".parse::<Alphabet>()?.is_standard());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alphabet {
    symbols: Vec<char>,
    name: String,
}

/// An alphabet specification that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AlphabetError {
    /// A range such as `F-0` that runs backwards, or from a letter to a digit.
    #[error("`{range}` is not a range in order (such as 1-9, A-P, or 0-F: digits then letters)")]
    BadRange {
        /// The range as written.
        range: String,
    },
    /// A symbol given twice, a blank (`.`, `_`) or whitespace used as a symbol.
    #[error("{symbol:?} cannot be a symbol (it repeats, or is a blank or a separator)")]
    BadSymbol {
        /// The symbol.
        symbol: char,
    },
    /// Fewer than 4 or more than 32 symbols.
    #[error("{count} symbols: an alphabet has 4 to {max} (one per value)", max = crate::MAX_SIZE)]
    Count {
        /// Symbols given.
        count: usize,
    },
}

/// An alphabet comes from `--symbols`, not from the puzzle text: it has no place.
impl grid_core::Positioned for AlphabetError {}

impl std::str::FromStr for Alphabet {
    type Err = AlphabetError;

    /// Reads `1-9`, `1-9A-G`, `0-F`, `A-P`, `A-Y` (ranges, joined), or an explicit list
    /// of symbols such as `123456789ABCDEFG`.
    fn from_str(spec: &str) -> Result<Alphabet, AlphabetError> {
        let chars: Vec<char> = spec.trim().chars().collect();
        let mut symbols = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            if chars.get(i + 1) == Some(&'-') && i + 2 < chars.len() {
                let (a, b) = (chars[i], chars[i + 2]);
                let same_kind = (a.is_ascii_digit() && b.is_ascii_digit())
                    || (a.is_ascii_uppercase() && b.is_ascii_uppercase())
                    || (a.is_ascii_lowercase() && b.is_ascii_lowercase());
                // `0-F`: the digits from `a`, then the letters to `b` (hexadecimal).
                let hex = a.is_ascii_digit() && b.is_ascii_uppercase();
                if !(same_kind || hex) || (same_kind && a > b) {
                    return Err(AlphabetError::BadRange {
                        range: format!("{a}-{b}"),
                    });
                }
                if hex {
                    symbols.extend((a..='9').chain('A'..=b));
                } else {
                    symbols.extend(a..=b);
                }
                i += 3;
            } else {
                symbols.push(chars[i]);
                i += 1;
            }
        }
        Alphabet::from_symbols(symbols, spec.trim())
    }
}

impl Alphabet {
    fn from_symbols(symbols: Vec<char>, name: &str) -> Result<Alphabet, AlphabetError> {
        if !(4..=crate::MAX_SIZE).contains(&symbols.len()) {
            return Err(AlphabetError::Count {
                count: symbols.len(),
            });
        }
        for (i, &c) in symbols.iter().enumerate() {
            let repeats = symbols[..i].iter().any(|p| p.eq_ignore_ascii_case(&c));
            if repeats
                || matches!(c, '.' | '_' | '|' | ',' | ';' | '[' | ']' | '"')
                || c.is_whitespace()
            {
                return Err(AlphabetError::BadSymbol { symbol: c });
            }
        }
        Ok(Alphabet {
            symbols,
            name: name.to_owned(),
        })
    }

    /// The standard alphabet for n values: `1`-`9`, then `A`-`Z` (n ≤ 35).
    pub fn standard(n: usize) -> Alphabet {
        let symbols: Vec<char> = (1..=n.min(35)).map(|v| value_symbol(v as u8)).collect();
        let name = match n {
            0..=9 => format!("1-{n}"),
            _ => format!("1-9A-{}", value_symbol(n.min(35) as u8)),
        };
        Alphabet { symbols, name }
    }

    /// The number of values (n).
    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    /// Always false: an alphabet has at least 4 symbols.
    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }

    /// Whether this is the standard alphabet (`1`-`9` then `A`-`Z`) for its size.
    pub fn is_standard(&self) -> bool {
        self.symbols
            .iter()
            .enumerate()
            .all(|(i, &c)| c.to_ascii_uppercase() == value_symbol(i as u8 + 1))
    }

    /// The symbol of `value` (1..=n); `.` for 0 (a blank).
    ///
    /// # Panics
    ///
    /// When `value` exceeds n.
    pub fn symbol(&self, value: u8) -> char {
        match value {
            0 => '.',
            v => self.symbols[usize::from(v) - 1],
        }
    }

    /// The value (1..=n) of `symbol`, letters in either case.
    pub fn value(&self, symbol: char) -> Option<u8> {
        self.symbols
            .iter()
            .position(|c| c.eq_ignore_ascii_case(&symbol))
            .map(|i| i as u8 + 1)
    }

    /// Parses a record written in this alphabet: its symbols become the standard ones,
    /// `.`, `_` (and `0` when it is not a symbol) stay blanks, and any other letter or
    /// digit is an error at its own line and column.
    ///
    /// # Errors
    ///
    /// As [`Record::parse`]; an unknown symbol is a [`ParseErrorKind::UnexpectedChar`]
    /// that names this alphabet, a value beyond the grid's size a
    /// [`ParseErrorKind::ValueOutOfRange`] with the symbol as written.
    pub fn parse_record(
        &self,
        record: &Record,
        shape: Option<crate::BoxShape>,
    ) -> Result<Sudoku, crate::RecordError> {
        self.parse_record_variant(record, shape, &crate::Variant::Classic)
    }

    /// [`Alphabet::parse_record`] with the givens checked against a variant's units, as
    /// [`Record::parse_variant`] checks them.
    ///
    /// # Errors
    ///
    /// As [`Alphabet::parse_record`] and [`Record::parse_variant`]; a grid whose size
    /// is not this alphabet's number of symbols (`1-7` read a 9 x 9 grid, whose 8s and
    /// 9s it does not name) is an [`Error::AlphabetSize`].
    pub fn parse_record_variant(
        &self,
        record: &Record,
        shape: Option<crate::BoxShape>,
        variant: &crate::Variant,
    ) -> Result<Sudoku, crate::RecordError> {
        let sudoku = self.parse_record_any_size(record, shape, variant)?;
        if sudoku.size() != self.len() {
            return Err(crate::RecordError {
                first_line: record.first_line,
                error: Error::AlphabetSize {
                    alphabet: self.to_string(),
                    symbols: self.len(),
                    size: sudoku.size(),
                },
            });
        }
        Ok(sudoku)
    }

    /// [`Alphabet::parse_record_variant`] whatever the grid's size.
    fn parse_record_any_size(
        &self,
        record: &Record,
        shape: Option<crate::BoxShape>,
        variant: &crate::Variant,
    ) -> Result<Sudoku, crate::RecordError> {
        if self.is_standard() {
            return record.parse_variant(shape, variant);
        }
        let standard = record.with_mapped_text(|text| self.to_standard(text));
        // The errors of the standard symbols, said in this alphabet's.
        let blanks = if self.value('0').is_some() {
            "`.` or `_`"
        } else {
            "`.`, `0` or `_`"
        };
        let line_length = |found| ParseErrorKind::AlphabetLineLength {
            found,
            cell: format!("a symbol of {self}, or {blanks} for a blank"),
        };
        // A symbol past a grid's size: the grid's own symbols named.
        let past_values = |c: char, size: usize| {
            let symbols: String = (1..=size)
                .filter_map(|v| u8::try_from(v).ok())
                .map(|v| self.symbol(v))
                .collect();
            ParseErrorKind::UnexpectedChar {
                found: c,
                expected: format!(
                    "one of {symbols} (a {size} x {size} grid's symbols of {self}), or {blanks} \
                     for a blank"
                ),
            }
        };
        // The cells of a one-line record: its first token's characters.
        let one_line = !record.text.contains('\n');
        let token_cells = record
            .text
            .split_whitespace()
            .next()
            .map_or(0, |t| t.chars().count());
        standard.parse_variant(shape, variant).map_err(|mut e| {
            if let Error::Parse(p) = &mut e.error {
                let original = char_at(&record.text, p.line, p.column);
                // The side of a one-line grid of this many cells, if any.
                let side = (2..=256).find(|n| n * n == token_cells);
                let kind = match (&p.kind, original) {
                    // A symbol of this alphabet past the size the line was read as: the
                    // line's length is what is wrong, unless it is n² cells (then the
                    // symbol is past that grid's values, below).
                    (ParseErrorKind::UnexpectedChar { .. }, Some(c))
                        if one_line && self.value(c).is_some() && side.is_none() =>
                    {
                        // At the line's cells, as a length error is.
                        p.column = record
                            .text
                            .chars()
                            .take_while(|c| c.is_whitespace())
                            .count()
                            + 1;
                        Some(line_length(token_cells))
                    }
                    (ParseErrorKind::UnexpectedChar { .. }, Some(c))
                        if one_line && self.value(c).is_some() =>
                    {
                        let size = side.unwrap_or(9);
                        Some(past_values(c, size))
                    }
                    (ParseErrorKind::UnexpectedChar { .. }, Some(c)) => {
                        Some(ParseErrorKind::UnexpectedChar {
                            found: c,
                            expected: format!("a symbol of {self}, or {blanks} for a blank"),
                        })
                    }
                    (ParseErrorKind::ValueOutOfRange { size, .. }, Some(c)) => {
                        Some(past_values(c, *size))
                    }
                    (ParseErrorKind::LineLength { found }, _) => Some(line_length(*found)),
                    // An XML element named as written, not as translated (its letters
                    // would be this alphabet's values, or `?`).
                    (ParseErrorKind::NotOpenSudoku { .. }, _) => {
                        text_from(&record.text, p.line, p.column).map(|element| {
                            ParseErrorKind::NotOpenSudoku {
                                element: super::rated::element_name(element).to_owned(),
                            }
                        })
                    }
                    _ => None,
                };
                if let Some(kind) = kind {
                    p.kind = kind;
                }
            }
            e
        })
    }

    /// `text` with this alphabet's symbols replaced by the standard ones, character for
    /// character; letters and digits that are not symbols become `?` (an error).
    fn to_standard(&self, text: &str) -> String {
        let zero_is_symbol = self.value('0').is_some();
        let mut out = String::with_capacity(text.len());
        for line in text.split('\n') {
            if !out.is_empty() || text.starts_with('\n') {
                out.push('\n');
            }
            if line.trim_start().starts_with('#') {
                out.push_str(line);
                continue;
            }
            for c in line.chars() {
                out.push(match self.value(c) {
                    Some(v) => value_symbol(v),
                    None if c == '0' && !zero_is_symbol => '0',
                    None if c.is_alphanumeric() => '?',
                    None => c,
                });
            }
        }
        out
    }

    /// The grid's line form in this alphabet.
    pub fn line(&self, grid: &Sudoku) -> String {
        grid.cells().iter().map(|&v| self.symbol(v)).collect()
    }

    /// The grid's block form in this alphabet (one symbol per cell, box separators).
    pub fn block(&self, grid: &Sudoku) -> String {
        let n = grid.size();
        let (br, bc) = (grid.shape().rows(), grid.shape().cols());
        let mut out = String::new();
        for r in 0..n {
            if r > 0 && r % br == 0 {
                let segment = "-".repeat(2 * bc + 1);
                let rule = vec![segment.as_str(); n / bc].join("+");
                let _ = writeln!(out, "{}", &rule[1..rule.len() - 1]);
            }
            for c in 0..n {
                if c > 0 {
                    out.push_str(if c % bc == 0 { " | " } else { " " });
                }
                out.push(self.symbol(grid.cells()[r * n + c]));
            }
            out.push('\n');
        }
        out
    }

    /// The alphabet a record is written in, when it is not the standard one and the
    /// record says so (see [`Detected`]); `None` for the standard alphabet.
    ///
    /// Only large grids are looked at (144 cell characters or more: 12 x 12 and up,
    /// the cells of a one-line puzzle being its first token), so a 9 x 9 line costs
    /// one length test; a grid written in numbers (`16 . 10 5`) is
    /// standard. A grid of 16 x 16 or more with `0` among its symbols, `.` or `_`
    /// for its blanks, and no letter past `F` is `0-F`; a grid with no digit at all is
    /// written in as many letters from `A` as its side (`A-L` for 12 x 12, `A-P`, `A-Y`;
    /// `A-P` under 500 cells and `A-Y` above when its cells are no square).
    pub fn detect(text: &str) -> Option<Detected> {
        if text.len() < MIN_DETECTED {
            return None;
        }
        // A grid drawn with box-drawing characters is read as the ASCII they stand
        // for (its frames then tell a space for a blank, as `|` frames do).
        let ascii = super::drawing::ascii_drawing(text);
        let text = ascii.as_ref();
        // A one-line puzzle's cells are its first token: what follows is a comment.
        let text = if text.contains('\n') || super::is_json_board(text) {
            text
        } else {
            super::line::line_token(text).1
        };
        if text.len() < MIN_DETECTED {
            return None;
        }
        let mut seen = [false; 128];
        let mut cells = 0;
        // Letters written in lower case only: the alphabet is named (and the solution
        // written) in lower case too.
        let (mut lower, mut upper) = (false, false);
        let content = || text.lines().filter(|l| !l.trim_start().starts_with('#'));
        // Numbers (`16 . 10 5`, or floats as numpy writes them, `3.0`) are the
        // standard alphabet's other form.
        let numbers = content().any(|l| {
            l.split(|c: char| c.is_whitespace() || matches!(c, '|' | ',' | ';' | '"'))
                .any(|t| {
                    (t.len() == 2 && t.bytes().all(|b| b.is_ascii_digit()))
                        || super::integral_prefix(t).is_some()
                })
        });
        if numbers {
            return None;
        }
        // Framed rows may write a blank as a space (`| E   2   |`), and a spreadsheet's
        // rows as an empty field: such a blank is a cell, and a blank other than `0`.
        let mut space_blanks = false;
        for line in content() {
            if let Some(framed) = super::framed::framed_cells(line) {
                let spaces = framed.iter().filter(|&&(_, c)| c == ' ').count();
                space_blanks |= spaces > 0;
                cells += spaces;
            }
            // So may a spreadsheet's row, as an empty field (`8,F,,0,...`).
            if let Some(fields) = super::separated_fields(line)
                && !line.contains('.')
            {
                let empty = fields.iter().filter(|f| f.text == ".").count();
                space_blanks |= empty > 0;
                cells += empty;
            }
            for c in line
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_'))
            {
                seen[usize::from(c.to_ascii_uppercase() as u8)] = true;
                lower |= c.is_ascii_lowercase();
                upper |= c.is_ascii_uppercase();
                cells += 1;
            }
        }
        let any = |r: std::ops::RangeInclusive<u8>| r.into_iter().any(|b| seen[usize::from(b)]);
        let blanks = seen[usize::from(b'.')] || seen[usize::from(b'_')] || space_blanks;
        let digits = any(b'0'..=b'9');
        let case = |spec: &str| {
            if lower && !upper {
                spec.to_ascii_lowercase()
            } else {
                spec.to_owned()
            }
        };
        if (200..500).contains(&cells) && seen[usize::from(b'0')] && blanks && !any(b'G'..=b'Z') {
            // invariant: a constant spec of the standard list, in either case (parsed
            // in this module's tests).
            let spec = if lower && !upper { "0-9a-f" } else { "0-F" };
            let hex: Alphabet = spec.parse().expect("a valid alphabet");
            return Some(Detected {
                alphabet: hex,
                had_choice: false,
            });
        }
        if !digits && any(b'A'..=b'Z') {
            // As many letters as the grid's side when its cells are a square of 12 to
            // 26 (the standard alphabet then has side - 9 letters after 1-9).
            let side = (12..=26)
                .find(|n| n * n == cells)
                .unwrap_or(if cells < 500 { 16 } else { 25 });
            // invariant: side is 12 to 26, so both letters are in A-Z.
            let last = char::from(b'A' + side as u8 - 1);
            let standard_last = b'A' + side as u8 - 10;
            let had_choice = !any(standard_last + 1..=b'Z');
            // invariant: `A-<last>` is a range of 12 to 26 letters in order, a valid
            // spec in either case.
            let alphabet: Alphabet = case(&format!("A-{last}"))
                .parse()
                .expect("a valid alphabet");
            return Some(Detected {
                alphabet,
                had_choice,
            });
        }
        None
    }
}

/// The fewest cell characters [`Alphabet::detect`] looks at: a 12 x 12 grid's.
const MIN_DETECTED: usize = 144;

/// An alphabet found by [`Alphabet::detect`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detected {
    /// The alphabet read.
    pub alphabet: Alphabet,
    /// Whether the standard alphabet would also have read the record (then the caller
    /// should say which it chose).
    pub had_choice: bool,
}

impl fmt::Display for Alphabet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// The character at 1-based `line` and `column` of `text`.
fn char_at(text: &str, line: usize, column: usize) -> Option<char> {
    text_from(text, line, column)?.chars().next()
}

/// The rest of line `line` of `text` from its character `column` (both 1-based).
fn text_from(text: &str, line: usize, column: usize) -> Option<&str> {
    let line = text.split('\n').nth(line.checked_sub(1)?)?;
    let (at, _) = line.char_indices().nth(column.checked_sub(1)?)?;
    Some(&line[at..])
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[test]
    fn specifications() {
        let names = [
            "1-9",
            "1-9A-G",
            "0-F",
            "A-P",
            "A-Y",
            "123456789",
            "0-9a-f",
            "a-p",
            "a-y",
        ];
        let lens: Vec<usize> = names
            .iter()
            .map(|s| s.parse::<Alphabet>().expect("valid").len())
            .collect();
        assert_eq!(lens, [9, 16, 16, 16, 25, 9, 16, 16, 25]);
        assert!("F-0".parse::<Alphabet>().is_err());
        assert!("1123".parse::<Alphabet>().is_err());
        assert!("1.34".parse::<Alphabet>().is_err());
    }

    #[test]
    fn an_alphabet_detected_in_lower_case_writes_in_lower_case() {
        let upper = format!("ABCDEFGHIJKLMNOP{}", ".".repeat(240));
        let lower = upper.to_ascii_lowercase();
        let mixed = format!("aBCDEFGHIJKLMNOP{}", ".".repeat(240));
        let name = |text: &str| {
            Alphabet::detect(text)
                .expect("detected")
                .alphabet
                .to_string()
        };
        assert_eq!(name(&upper), "A-P");
        // A 12 x 12 grid of letters: A-L; with none past C it could be standard.
        let twelve = format!("ABCDEFGHIJKL{}", ".".repeat(132));
        assert_eq!(name(&twelve), "A-L");
        assert!(!Alphabet::detect(&twelve).expect("detected").had_choice);
        assert!(
            Alphabet::detect(&format!("ABC{}", ".".repeat(141)))
                .expect("detected")
                .had_choice
        );
        assert_eq!(name(&lower), "a-p");
        assert_eq!(name(&mixed), "A-P");
        let detected = Alphabet::detect(&lower).expect("detected").alphabet;
        assert_eq!(detected.symbol(16), 'p');
        assert_eq!(detected.value('P'), Some(16));
        let hex = format!("0123456789abcdef{}", ".".repeat(240));
        assert_eq!(name(&hex), "0-9a-f");
        // Framed rows with spaces for blanks: `0` is then a value.
        let row = |first: &str| format!("| {first}       |         |         |         |\n");
        let framed: String = [
            "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F",
        ]
        .iter()
        .map(|first| row(first))
        .collect();
        assert_eq!(name(&framed), "0-F");
        // The same rows drawn with box-drawing bars.
        assert_eq!(name(&framed.replace('|', "│")), "0-F");
        // A spreadsheet's rows, an empty field for a blank.
        let fields: String = [
            "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F",
        ]
        .iter()
        .map(|first| format!("{first}{}\n", ",".repeat(15)))
        .collect();
        assert_eq!(name(&fields), "0-F");
    }

    #[test]
    fn an_alphabet_reads_only_grids_of_its_size() {
        let puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let record = Record::new(3, puzzle);
        // A prefix of the standard symbols read the 9 x 9 grid whole, 8s and 9s too.
        let seven: Alphabet = "1-7".parse().expect("valid");
        let err = seven.parse_record(&record, None).unwrap_err();
        assert_eq!(err.first_line, 3);
        assert_eq!(
            err.error,
            Error::AlphabetSize {
                alphabet: "1-7".to_owned(),
                symbols: 7,
                size: 9
            }
        );
        let nine: Alphabet = "1-9".parse().expect("valid");
        assert_eq!(
            nine.parse_record(&record, None).expect("a 9 x 9 grid"),
            puzzle.parse().expect("parses")
        );
    }

    #[test]
    fn a_zero_symbol_is_never_a_blank() {
        let hex: Alphabet = "0-F".parse().expect("valid");
        assert_eq!(hex.to_standard("0F.G_1"), "1G.?_2");
        let line = format!("0{}", ".".repeat(255));
        let detected = Alphabet::detect(&line).expect("0-F");
        assert_eq!(detected.alphabet.to_string(), "0-F");
        let record = Record::new(1, line);
        let grid = detected
            .alphabet
            .parse_record(&record, None)
            .expect("reads");
        assert_eq!(grid.cells()[0], 1);
        assert_eq!(detected.alphabet.line(&grid).chars().next(), Some('0'));
        // A 9 x 9 line with a long comment is standard, whatever the comment holds.
        let commented = format!(
            "0.3{} {}",
            ".".repeat(78),
            "0.1.2.3.4.5.6.7.8.9.A.B.".repeat(10)
        );
        assert_eq!(Alphabet::detect(&commented), None);
    }

    #[test]
    fn an_xml_element_is_named_as_written() {
        // Its letters are symbols of A-P, or `?` in the standard text: the error names
        // the element as the input has it, quoted and cut to 40 characters.
        let alphabet: Alphabet = "A-P".parse().expect("valid");
        for (name, quoted) in [
            (
                "ab".repeat(200),
                format!("`<{}…` (402 bytes)", "ab".repeat(19) + "a"),
            ),
            (
                "x".repeat(5000),
                format!("`<{}…` (5002 bytes)", "x".repeat(39)),
            ),
            ("hello".to_owned(), "`<hello>`".to_owned()),
        ] {
            let record = Record::new(1, format!("<{name}>"));
            let err = alphabet
                .parse_record(&record, None)
                .expect_err("not a puzzle");
            assert_eq!(
                err.to_string(),
                format!(
                    "XML element {quoted} is not an OpenSudoku puzzle: expected \
                     `<game data=\"...\"/>` (81 digits, 0 for a blank) inside `<opensudoku>`"
                )
            );
        }
    }
}
