//! Title and header lines: the words around the grids of a file.
//!
//! A **title** is a line that cannot be a grid row nor a puzzle and holds words: a
//! `[Section]` line (SadMan `.sdk`), or a line with a word of two or more letters of
//! which one is lowercase (`Grid 01` in Project Euler 96, a CSV header such as
//! `quizzes,solutions`, a program's name and version after a grid), with fewer cell
//! characters (digits, `.`, `_`) than twice its letters. Grid rows and
//! puzzles never hold lowercase words: their letters are symbols, written in capitals
//! by every program and data set we know.

/// A line's part in the record structure, when it is a title.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Title<'a> {
    /// A `[Name]` section header, with the name trimmed.
    Section(&'a str),
    /// Any other title or header: skipped.
    Words,
}

/// `line` as a title, or `None` when it may be a grid row or a puzzle.
pub(crate) fn title(line: &str) -> Option<Title<'_>> {
    let trimmed = line.trim();
    if let Some(inner) = trimmed.strip_prefix('[').and_then(|t| t.strip_suffix(']'))
        && !inner.contains(['[', ']', '"', ','])
        && inner.chars().any(|c| c.is_alphabetic())
    {
        return Some(Title::Section(inner.trim()));
    }
    ((has_lowercase_word(trimmed) && mostly_words(trimmed)) || is_punctuated_label(trimmed))
        .then_some(Title::Words)
}

/// Whether `text` is a label of capitals or numbers with punctuation no grid row holds
/// (`LEVEL: 3`, `Q1:`, `EXPERT!`, `(HARD)`, `1)`): with `:`, `!`, `?`, `(` or `)` (and
/// `#`, or a `.` at the end) aside, words of capitals then digits, one of them with a
/// letter, or a number closed by `)`.
fn is_punctuated_label(text: &str) -> bool {
    // A blank symbol among the letters (`ABC.DEF:`) is a row of letters and a comment.
    if !text.contains([':', '!', '?', '(', ')']) || text.trim_end_matches('.').contains(['.', '_'])
    {
        return false;
    }
    let bare: String = text
        .chars()
        .map(|c| if ":!?().#".contains(c) { ' ' } else { c })
        .collect();
    let words: Vec<Option<(usize, usize)>> = bare.split_whitespace().map(label_word).collect();
    !words.is_empty()
        && words.iter().all(Option::is_some)
        && (words.iter().flatten().any(|&(capitals, _)| capitals > 0)
            || (words.len() == 1 && text.ends_with(')')))
}

/// A word of capitals then digits (`HARD`, `Q1`, `12`), as the count of each; `None`
/// for any other word.
fn label_word(word: &str) -> Option<(usize, usize)> {
    let digits = word.trim_start_matches(|c: char| c.is_ascii_uppercase());
    digits
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then_some((word.len() - digits.len(), digits.len()))
}

/// Whether `text` holds a symbol past the values of a `size` x `size` grid (`H` past 9).
pub(crate) fn has_symbol_past(text: &str, size: usize) -> bool {
    text.chars()
        .any(|c| super::symbol_value(c).is_some_and(|v| v as usize > size))
}

/// Whether `label`, a line read as a block row just before a puzzle of `size` x
/// `size` cells, is that puzzle's label rather than a row or a puzzle cut short: words
/// of capital letters, then digits if any, or of digits (`HARD`, `Q1`, `SUPER HARD`,
/// `PUZZLE 12`), with a letter past the puzzle's values (`HARD` before a 9 x 9 puzzle,
/// not before a 36 x 36 one).
/// A line that could be a row (`123`, `1.`) or holds a stray symbol (`1x3`) is not:
/// it stays a record, whose parsing says what it is not.
pub(crate) fn is_label_of(label: &str, size: usize) -> bool {
    label.split_whitespace().next().is_some()
        && label
            .split_whitespace()
            .all(|word| label_word(word).is_some())
        && has_symbol_past(label, size)
}

/// Whether `line`, a block's only line, is a label: words of capitals then digits, or
/// of digits, one with two capitals or more or a capital and up to three digits (`HARD`,
/// `Q1`, `SUPER HARD`, `EASY 12`; not `C00000000000`, a row of a 12 x 12 grid).
pub(crate) fn is_lone_label(line: &str) -> bool {
    let words: Vec<Option<(usize, usize)>> = line.split_whitespace().map(label_word).collect();
    words.iter().all(Option::is_some)
        && words.iter().flatten().any(|&(capitals, digits)| {
            capitals >= 2 || (capitals == 1 && (1..=3).contains(&digits))
        })
}

/// Whether `text` has fewer digits, `.` and `_` (the characters of cells) than twice
/// its letters: `Grid 01`, not a malformed puzzle line with a stray `ab`.
fn mostly_words(text: &str) -> bool {
    let letters = text.chars().filter(|c| c.is_alphabetic()).count();
    let cells = text
        .chars()
        .filter(|c| c.is_ascii_digit() || matches!(c, '.' | '_'))
        .count();
    cells < 2 * letters
}

/// Whether `text` holds two letters in a row, one of them lowercase.
fn has_lowercase_word(text: &str) -> bool {
    let mut run = 0;
    let mut lower = false;
    for c in text.chars() {
        if c.is_alphabetic() {
            run += 1;
            lower |= c.is_lowercase();
            if run >= 2 && lower {
                return true;
            }
        } else {
            run = 0;
            lower = false;
        }
    }
    false
}

/// A spreadsheet's header row of column names over a grid's rows, as data tools write
/// it: `0,1,...,8` (pandas `to_csv(index=False)`), `A,B,...,I`, `c1,...,c9`, `V1,...,V9`;
/// with an empty first field (`,0,1,...,8`: pandas' `to_csv()`; `"","V1",...`: R's
/// `write.csv`) each row after it starts with its row's name, an index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ColumnHeader {
    /// How many columns it names (the grid's side).
    pub(crate) columns: usize,
    /// Whether an index column comes first (the header's first field is empty).
    pub(crate) indexed: bool,
    /// Whether the names could be a grid row as well (`0,1,...,8`: a blank, then 1-8;
    /// `A,B,...,I` in a grid of letters): only the rows after it tell.
    pub(crate) row_like: bool,
}

/// `line` as a [`ColumnHeader`]: fields between `,`, `;` or tabs (in quotes or not),
/// or between spaces (after two spaces or more, as pandas prints a frame, the rows
/// begin with an index), four or more names after an optional empty first field, each a name of the same
/// letters (none, `c`, `col`, `V`, ...) then the numbers from 0 or 1 on in order, or
/// the letters from `A` (or `a`) on in order. `None` for any other line.
pub(crate) fn column_header(line: &str) -> Option<ColumnHeader> {
    let fields: Vec<&str> = match [',', ';', '\t'].into_iter().find(|&c| line.contains(c)) {
        Some(separator) => line
            .split(separator)
            .map(|f| {
                let f = f.trim();
                f.strip_prefix('"')
                    .and_then(|f| f.strip_suffix('"'))
                    .unwrap_or(f)
                    .trim()
            })
            .collect(),
        // Names between spaces; indented past an index column (`   0  1  2 ...`) as
        // pandas prints a data frame.
        None => {
            let indent = line.starts_with("  ").then_some("");
            indent.into_iter().chain(line.split_whitespace()).collect()
        }
    };
    let indexed = fields.first().is_some_and(|f| f.is_empty());
    let names = &fields[usize::from(indexed)..];
    if names.len() < 4 {
        return None;
    }
    let letters = |f: &str| f.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let prefix = &names[0][..letters(names[0])];
    let numbered = |first: usize| {
        names.iter().enumerate().all(|(i, f)| {
            f.len() > prefix.len()
                && f.starts_with(prefix)
                && f[prefix.len()..].parse::<usize>().ok() == Some(first + i)
        })
    };
    let lettered = |from: u8| {
        names
            .iter()
            .enumerate()
            .all(|(i, f)| f.len() == 1 && usize::from(f.as_bytes()[0]) == usize::from(from) + i)
    };
    let from_zero = prefix.chars().all(|c| c.is_ascii_alphabetic()) && numbered(0);
    let from_one = prefix.chars().all(|c| c.is_ascii_alphabetic()) && numbered(1);
    let capitals = lettered(b'A');
    if !(from_zero || from_one || capitals || lettered(b'a')) {
        return None;
    }
    // Bare numbers from 1 (`1,2,...,9`) are a whole row of a grid too often (every
    // canonical solution grid starts so) to be taken for names.
    if prefix.is_empty() && from_one && !indexed {
        return None;
    }
    Some(ColumnHeader {
        columns: names.len(),
        indexed,
        row_like: !indexed && ((prefix.is_empty() && from_zero) || capitals),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kinds_of_titles() {
        assert_eq!(title("Grid 01"), Some(Title::Words));
        assert_eq!(title("[Puzzle]"), Some(Title::Section("Puzzle")));
        assert_eq!(title(" [ Solution ] "), Some(Title::Section("Solution")));
        assert_eq!(title("quizzes,solutions"), Some(Title::Words));
        assert_eq!(title("puzzle;solution;difficulty"), Some(Title::Words));
        assert_eq!(title("Simple Sudoku version 4.2.1"), Some(Title::Words));
        assert_eq!(title("Hexadoku 3"), Some(Title::Words));
        for label in ["LEVEL: 3", "Q1:", "EXPERT!", "(HARD)", "1)", "#12 EXPERT:"] {
            assert_eq!(title(label), Some(Title::Words), "{label}");
        }
    }

    #[test]
    fn rows_and_puzzles_are_not_titles() {
        for line in [
            "003020600",
            "ABCDEFGHIJKLMNOP",
            "A . B | C . D",
            "..3.2.6..",
            ".,2,3,4,.,.,8,.,.",
            "|     3 |   2   | 6     |",
            r#"[["5","3",".",".","7",".",".",".","."],"#,
            "[",
            "1 2 | 3 4",
            "x.3.2.6..",
            ".Aa.................... ........",
            "1:2",
            "..3.2.6..:1",
            "ABC.DEF:",
        ] {
            assert_eq!(title(line), None, "{line}");
        }
    }

    #[test]
    fn column_headers_of_data_tools() {
        let header = |line: &str| column_header(line).map(|h| (h.columns, h.indexed, h.row_like));
        assert_eq!(header(",0,1,2,3,4,5,6,7,8"), Some((9, true, false)));
        assert_eq!(header("0,1,2,3,4,5,6,7,8"), Some((9, false, true)));
        assert_eq!(header("A;B;C;D;E;F;G;H;I"), Some((9, false, true)));
        assert_eq!(
            header("c1,c2,c3,c4,c5,c6,c7,c8,c9"),
            Some((9, false, false))
        );
        assert_eq!(
            header("\"\",\"V1\",\"V2\",\"V3\",\"V4\""),
            Some((4, true, false))
        );
        assert_eq!(
            header("col0\tcol1\tcol2\tcol3\tcol4\tcol5"),
            Some((6, false, false))
        );
        assert_eq!(header(",1,2,3,4,5,6,7,8,9"), Some((9, true, false)));
        assert_eq!(
            header("   0  1  2  3  4  5  6  7  8"),
            Some((9, true, false))
        );
        // Rows, not names.
        for row in [
            "1,2,3,4,5,6,7,8,9",
            "5,3,0,0,7,0,0,0,0",
            "0,1,2,4,3,5,6,7,8",
            "A,B,C",
            ",,3,,2,,6,,",
        ] {
            assert_eq!(header(row), None, "{row}");
        }
    }
}
