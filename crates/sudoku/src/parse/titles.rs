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
}
