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
    let words: Vec<&str> = bare.split_whitespace().collect();
    let capitals_then_digits = |word: &&str| {
        let digits = word.trim_start_matches(|c: char| c.is_ascii_uppercase());
        digits.bytes().all(|b| b.is_ascii_digit())
    };
    !words.is_empty()
        && words.iter().all(capitals_then_digits)
        && (words
            .iter()
            .any(|w| w.starts_with(|c: char| c.is_ascii_uppercase()))
            || (words.len() == 1 && text.ends_with(')')))
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
